"""`manage.py import_club FILE`: read a club exported by export_club into this database."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.operations.club_export import ImportRefused, club_import
from scorekeeper.progress import tty_progress


class Command(BaseCommand):
    help = "Import a club document (docs/club-export.md) into this database, which must not have that club."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the document; - for standard input")

    def handle(self, *args, file: str, **options) -> None:
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
            document = json.loads(text)
            club = club_import(document=document, progress=tty_progress(self.stdout, "Importing rows"))
        except (OSError, ValueError, KeyError, ImportRefused) as error:
            raise CommandError(f"Nothing imported: {error}") from error
        self.stdout.write(self.style.SUCCESS(f"Imported {club.name}: {club.events.count()} events."))
        self.stdout.write("Run `manage.py refresh_digests` to prepare its analysis pages.")
