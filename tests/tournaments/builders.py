"""A tournament built through the services, for the tests of this folder."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from scorekeeper.clubs.services import player_create
from scorekeeper.tables.models import Table
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import PlannedTable
from scorekeeper.tournaments.services import tournament_create
from tests.factories import make_club

NAMES = [
    "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal",
    "Ida", "Jo", "Kit", "Lou", "Max", "Ned", "Oda", "Pia",
    "Quin", "Rob", "Sue", "Tom",
]  # fmt: skip
SEED = "9f86d081884c7d659a2feaa0c55ad015"


def make_tournament(*, entrants: int = 16, sessions=(3, 2), club=None, options=None, seed=SEED, **kwargs):
    club = club or make_club()
    players = [player_create(club=club, name=name) for name in NAMES[:entrants]]
    tournament, schedule = tournament_create(
        club=club,
        name="Spring open",
        date=dt.date(2026, 4, 18),
        ruleset="parlett-chips",
        options=options or {"session.tours": 1},
        sessions=sessions,
        players=players,
        seed=seed,
        **kwargs,
    )
    return tournament, schedule, players


def round_one_table(club=None) -> PlannedTable:
    """Table 1 of a 16-entrant tournament's round 1, the round open, nothing played."""
    tournament, _, _ = make_tournament(club=club)
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    return PlannedTable.objects.select_related("table").get(round__tournament=tournament, round__number=1, number=1)


def end_round_tables(tournament, number: int) -> None:
    """Stand-in for a round played to its end: every table of the round marked ended (no deals needed here)."""
    Table.objects.filter(event=tournament.event, round=number).update(ended_at=timezone.now())


def meetings(tournament) -> dict[frozenset, int]:
    """How often each pair of entrant numbers sat at one table, from the planned tables."""
    met: dict[frozenset, int] = {}
    for rnd in tournament.planned_rounds.prefetch_related("tables"):
        for table in rnd.tables.all():
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


def new_tournament_post(**changes) -> dict:
    """What the new-tournament form posts for sixteen entrants over sessions of 3 and 2 rounds, with `changes`."""
    data = {
        "name": "Spring open",
        "date": "2026-04-18",
        "ruleset": "parlett-chips",
        "start": "40",
        "tours": "1",
        "sessions": "3, 2",
        "entrants": "\n".join(NAMES[:16]),
        "teams": "",
        "keep_apart": "",
        "seed": SEED,
    }
    data.update(changes)
    return data
