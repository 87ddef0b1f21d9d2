"""Fold every table whose digest is missing or stale, so that the first analysis page after an upgrade or an
import of old evenings does not do it while a director waits."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from scorekeeper.analysis.services import club_tables
from scorekeeper.clubs.models import Club
from scorekeeper.progress import tty_progress


class Command(BaseCommand):
    help = "Make the analysis digests of every club's tables that lack a fresh one."

    def handle(self, *args, **options) -> None:
        clubs = list(Club.objects.order_by("pk"))
        progress = tty_progress(self.stderr, "Clubs")  # on a terminal only; the result lines go to stdout
        for number, club in enumerate(clubs, start=1):
            start = time.perf_counter()
            tables = club_tables(club=club)
            elapsed = time.perf_counter() - start
            if progress is not None:
                progress(number, len(clubs))
            self.stdout.write(f"{club.name}: {len(tables)} tables up to date ({elapsed:.1f} s)")
