"""`manage.py import_tournament FILE [--club NAME_OR_ID]`: a tournament document (T-82) as a new event."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.engine import EngineError
from scorekeeper.engine.interchange import load_json
from scorekeeper.tournaments.imports import club_for, tournament_import


def fault(error: EngineError) -> str:
    """One line naming where the document is at fault, the rule broken and the engine's code."""
    where = f"{error.field}: " if error.field else ""
    return one_line(f"Nothing imported: {where}{error.message} [{error.code}]")


def one_line(text: str) -> str:
    """The text with its line breaks and other control characters escaped (a document's own keys are echoed)."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


class Command(BaseCommand):
    help = (
        "Import a tournament document (docs/TOURNAMENTS.md T-82) as a new tournament of the club; "
        "prints the new event's id on its last line. A document at fault is refused whole."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the document; - for standard input")
        parser.add_argument("--club", help="the club's name or id (needed when the database has several)")

    def handle(self, *args, file: str, club: str | None = None, **options) -> None:
        try:
            raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Nothing imported: cannot read {file}: {error.strerror}", returncode=2) from None
        try:
            event = tournament_import(raw=load_json(raw), club=club_for(club))
        except EngineError as error:
            raise CommandError(fault(error), returncode=2) from None
        except RecursionError:
            raise CommandError("Nothing imported: the document is nested too deeply", returncode=2) from None
        self.stdout.write(f"Imported {event.name} ({event.date}) into {event.club.name}.")
        self.stdout.write(str(event.pk))
