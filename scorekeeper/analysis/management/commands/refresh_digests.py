"""Fold every table whose digest is missing or stale, so that the first analysis page after an upgrade or an
import of old evenings does not do it while a director waits."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from scorekeeper.analysis.services import club_tables
from scorekeeper.clubs.models import Club


class Command(BaseCommand):
    help = "Make the analysis digests of every club's tables that lack a fresh one."

    def handle(self, *args, **options) -> None:
        for club in Club.objects.order_by("pk"):
            start = time.perf_counter()
            tables = club_tables(club=club)
            elapsed = time.perf_counter() - start
            self.stdout.write(f"{club.name}: {len(tables)} tables up to date ({elapsed:.1f} s)")
