"""Reads for events: chip accounts across tables and tours, standings per round, overall and per season.

Every figure comes from the tables' snapshots (tables.snapshot) through the engine's standings
(engine.standings); nothing here folds a deal."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.engine.standings import TableResult, evening_standings
from scorekeeper.events.models import CheckIn, Event, PlayerMerge, SitOut
from scorekeeper.tables.models import Signature, Table
from scorekeeper.tables.snapshot import Snapshot, snapshots_read

TIE_BREAK = _(
    "Ties are broken by the result of the latest round played, then by fewer sit-outs; "
    "players still level share the place."
)


@dataclass
class TableProgress:
    table: Table
    snapshot: Snapshot  # the table's fold as every page reads it
    deals: int  # valid deals played
    tours_done: int
    tours_planned: int
    unfinished_tour: bool
    store: int  # chips (or counters) still on the table
    ended: bool
    can_end: bool

    @property
    def records(self) -> int:
        """Deals recorded, misdeals included."""
        return self.snapshot.records


@dataclass
class Account:
    player: Player
    account: int
    change: int = 0
    by_round: dict[int, int] = field(default_factory=dict)
    deals: int = 0
    sitouts: int = 0
    rank: int = 0


@dataclass
class EventSummary:
    event: Event
    accounts: list[Account]  # ranked
    tables: list[TableProgress]
    chips_brought: int
    on_tables: int
    current_round: int

    @property
    def balanced(self) -> bool:
        return sum(a.account for a in self.accounts) + self.on_tables == self.chips_brought


def event_tables(*, event: Event) -> list[Table]:
    """The event's tables in round and number order, with their players and the signatures standing (`signed`)."""
    return list(
        Table.objects.filter(event=event)
        .select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")
        .prefetch_related(Prefetch("signatures", Signature.objects.filter(cleared_at=None), "signed"))
        .order_by("round", "number")
    )


def event_summary(*, event: Event, round: int | None = None) -> EventSummary:
    """Accounts and standings (overall, or for one round), and every table's progress, from the tables'
    snapshots: nothing is folded when every snapshot is current."""
    tables = event_tables(event=event)
    snapshots = snapshots_read(tables=tables)
    checkins = list(CheckIn.objects.filter(event=event).select_related("player"))
    players = {c.player_id: c.player for c in checkins}
    sitouts: dict[int, int] = defaultdict(int)
    for player_id in SitOut.objects.filter(event=event).values_list("player_id", flat=True):
        sitouts[player_id] += 1
    tours = event.tours_per_round
    results = []
    progress = []
    for table in tables:
        snapshot = snapshots[table.pk]
        players.update((p.pk, p) for p in table.players)
        number = snapshot.deals
        results.append(TableResult(table.round, table_seat_ids(table), snapshot.result, number))
        progress.append(
            TableProgress(
                table=table,
                snapshot=snapshot,
                deals=number,
                tours_done=number // 4,
                tours_planned=tours + table.extra_tours,
                unfinished_tour=number % 4 != 0,
                store=snapshot.left,
                ended=table.ended_at is not None,
                can_end=table.ended_at is None and number > 0 and number % 4 == 0,
            )
        )
    standings = evening_standings(
        start=event.start,
        results=results,
        players=[c.player_id for c in checkins],
        sitouts={pk: count for pk, count in sitouts.items() if pk in players},
        round=round,
        order=lambda pk: players[pk].name,
    )
    accounts = [
        Account(players[s.player], s.account, s.change, dict(s.by_round), s.deals, s.sitouts, s.rank) for s in standings
    ]
    on_tables = sum(p.store for p in progress)
    current = max((t.round for t in tables), default=0)
    return EventSummary(event, accounts, progress, event.start * len(accounts), on_tables, current)


def table_seat_ids(table: Table) -> tuple[int, int, int, int]:
    return (table.seat_0_id, table.seat_1_id, table.seat_2_id, table.seat_3_id)


def seated_in_round(*, event: Event, round: int) -> set[int]:
    """The ids of the players seated at a table of the event's round."""
    seats = Table.objects.filter(event=event, round=round).values_list("seat_0", "seat_1", "seat_2", "seat_3")
    return {pk for row in seats for pk in row}


def seats_history(*, event: Event) -> dict[int, list[frozenset[int]]]:
    """Foursomes already seated together, by round."""
    history: dict[int, list[frozenset[int]]] = defaultdict(list)
    for table in Table.objects.filter(event=event):
        history[table.round].append(frozenset((table.seat_0_id, table.seat_1_id, table.seat_2_id, table.seat_3_id)))
    return history


def directed_event(*, user: AbstractBaseUser | AnonymousUser, event_id: int) -> Event:
    """The event, if the user directs its club (404 otherwise: another club's events are not acknowledged)."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not clubs_directed_by(user=user).filter(pk=event.club_id).exists():
        raise Http404
    return event


def season_year(value: str | None) -> int:
    """The year a season page asks for (`?year=`), or this year for anything else typed there."""
    text = (value or "").strip()
    # isdigit() accepts "²" and other digits int() refuses: only ASCII digits are a year.
    if text.isascii() and text.isdigit() and len(text) == 4 and 1900 < int(text) < 3000:
        return int(text)
    return timezone.localdate().year


def checked_in(*, event: Event) -> set[int]:
    """The ids of the players checked in at an event."""
    return set(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))


def merges_to_undo(*, club, limit: int = 10):
    """The club's latest merges that have not been undone, newest first."""
    return PlayerMerge.objects.filter(club=club, undone_at=None).select_related("player", "into")[:limit]
