"""`manage.py export_club CLUB FILE`: a whole club as one JSON document (docs/club-export.md)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from scorekeeper.clubs.models import Club
from scorekeeper.operations.club_export import club_export


class Command(BaseCommand):
    help = "Write a club (players, events, tables, deals, corrections, audit) to FILE as JSON (- for stdout)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("club", help="the club's name, or its id")
        parser.add_argument("file", help="where to write the document; - for standard output")

    def handle(self, *args, club: str, file: str, **options) -> None:
        found = Club.objects.filter(name=club).first() or (
            Club.objects.filter(pk=club).first() if club.isdigit() else None
        )
        if found is None:
            names = ", ".join(Club.objects.order_by("name").values_list("name", flat=True)) or "none"
            raise CommandError(f"No club {club!r}. Clubs here: {names}.")
        text = json.dumps(club_export(club=found), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
        if file == "-":
            self.stdout.write(text)
            return
        Path(file).write_text(text + "\n", encoding="utf-8")
        self.stderr.write(f"{found.name} written to {file}")
