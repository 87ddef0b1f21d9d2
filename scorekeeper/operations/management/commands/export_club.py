"""`manage.py export_club CLUB FILE`: a whole club as one JSON document (docs/club-export.md)."""

from __future__ import annotations

import contextlib
import json
import os
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
            raise CommandError(f"No club {club!r}. Clubs here: {names}.", returncode=2)
        text = json.dumps(club_export(club=found), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
        if file == "-":
            self.stdout.write(text)
            return
        target = Path(file)
        partial = target.with_name(target.name + ".part")
        try:
            partial.write_text(text + "\n", encoding="utf-8")
            # Renamed only when whole: a file that stopped half way never takes the name of an export.
            os.replace(partial, target)
        except OSError as error:
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            reason = error.strerror or str(error)
            raise CommandError(f"Nothing written: cannot write {file}: {reason}.", returncode=2) from error
        self.stderr.write(f"{found.name} written to {file}")
