"""`manage.py backup`: a consistent copy of the club's database, taken while the app runs."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.operations.backup import BackupError, backup_create


class Command(BaseCommand):
    help = "Write a backup of the database into BACKUP_DIR (backups/), keep the newest 20, print its path."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dir", type=Path, default=None, help="another folder than BACKUP_DIR")

    def handle(self, *args, dir: Path | None = None, **options) -> None:
        try:
            path = backup_create(directory=dir)
        except BackupError as error:
            raise CommandError(str(error), returncode=2) from error
        self.stdout.write(str(path))
