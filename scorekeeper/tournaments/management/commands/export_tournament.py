"""`manage.py export_tournament EVENT_ID [-o FILE]`: the tournament document (T-82), every planned round in it."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.events.models import Event
from scorekeeper.tournaments.exports import tournament_document


class Command(BaseCommand):
    help = (
        "Write a tournament as the document of docs/TOURNAMENTS.md T-82, which "
        "`python -m scorekeeper.engine standings` scores and import_tournament reads back."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("event_id", type=int, help="the tournament's event id")
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")

    def handle(self, *args, event_id: int, output: str | None = None, **options) -> None:
        event = Event.objects.filter(pk=event_id, kind=Event.Kind.TOURNAMENT, tournament__isnull=False).first()
        if event is None:
            raise CommandError(f"Nothing exported: event {event_id} is not a tournament", returncode=2)
        text = json.dumps(tournament_document(event=event), ensure_ascii=False, indent=1) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Nothing exported: cannot write {output}: {error.strerror}", returncode=2) from None
