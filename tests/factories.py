"""Small hand-written factories with sensible defaults, built through the services."""

from __future__ import annotations

import datetime as dt
import itertools

from django.contrib.auth import get_user_model

from scorekeeper.clubs.services import club_create, player_create
from scorekeeper.events.services import event_create
from scorekeeper.tables.services import table_create

_counter = itertools.count(1)


def make_user(username: str | None = None, password: str = "a-long-test-password"):
    return get_user_model().objects.create_user(username=username or f"user{next(_counter)}", password=password)


def make_club(name: str | None = None, directors=()):
    return club_create(name=name or f"Club {next(_counter)}", directors=directors)


def make_table(
    *,
    names=("Ann", "Ben", "Cat", "Dan"),
    ruleset: str = "parlett-chips",
    options: dict | None = None,
    start: int = 40,
    first_dealer: int = 3,
    club=None,
    event=None,
    number: int = 1,
    favourite_suit: str = "",
):
    club = club or (event.club if event else make_club())
    event = event or event_create(
        club=club,
        name="Evening",
        date=dt.date(2026, 11, 19),
        ruleset=ruleset,
        options=options,
        start=start,
        favourite_suit=favourite_suit,
    )
    players = [player_create(club=club, name=f"{n}") for n in names]
    return table_create(event=event, number=number, players=players, first_dealer=first_dealer)


def forget_snapshots(tables) -> int:
    """Empty the snapshot columns of `tables` (a queryset), as a database restored from before they existed holds
    them: the next read makes each again."""
    return tables.update(snapshot_revision=None, snapshot_key="", snapshot_data=None, snapshot_rows="")
