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
            document = _read(file)
            club, warnings = club_import(document=document, progress=tty_progress(self.stdout, "Importing rows"))
        except ImportRefused as error:
            raise CommandError(f"Nothing imported: {error}", returncode=2) from error
        for warning in warnings:
            self.stderr.write(self.style.WARNING(f"Warning: {warning}"))
        self.stdout.write(self.style.SUCCESS(f"Imported {club.name}: {club.events.count()} events."))
        self.stdout.write("Run `manage.py refresh_digests` to prepare its analysis pages.")


def _read(file: str) -> object:
    """The JSON document in `file` (- for standard input); ImportRefused says why it cannot be read."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        raise ImportRefused(f"cannot read {file}: {error.strerror or error}.") from error
    except UnicodeDecodeError as error:
        raise ImportRefused(f"{file} is not UTF-8 text (byte {error.start}).") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"{file} is not whole JSON ({error.msg} at line {error.lineno}, column {error.colno}): cut short or "
            "damaged? Export the club again."
        ) from error
    except RecursionError as error:
        raise ImportRefused(f"{file} is nested too deeply to be a club export.") from error
