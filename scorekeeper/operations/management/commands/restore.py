"""`manage.py restore FILE`: put a backup back as the club's database."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.operations.backup import BackupError, migrations_behind, restore, server_pid
from scorekeeper.progress import tty_progress


class Command(BaseCommand):
    help = "Check a backup (PRAGMA integrity_check) and put it back as the database. Stop the server first."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--force", action="store_true", help="restore even while the server runs")

    def handle(self, *args, file: Path, force: bool = False, **options) -> None:
        pid = server_pid()
        if pid is not None and not force:
            question = f"The server is running (pid {pid}); restoring under it loses what phones save meanwhile."
            if not sys.stdin.isatty():
                raise CommandError(f"{question} Stop it first, or pass --force.", returncode=2)
            if input(f"{question} Restore anyway? [y/N] ").strip().lower() not in ("y", "yes"):
                raise CommandError("Nothing restored.", returncode=2)
        try:
            safety = restore(source=file, progress=tty_progress(self.stdout, "Restoring pages"))
        except BackupError as error:
            raise CommandError(str(error), returncode=2) from error
        if safety is not None:
            self.stdout.write(f"The database it replaced is kept as {safety}")
        self.stdout.write(self.style.SUCCESS(f"Restored {file}"))
        if migrations_behind(file):
            self.stdout.write(
                "It comes from an older version of the app: `manage.py migrate` (or `make run`) updates it."
            )
