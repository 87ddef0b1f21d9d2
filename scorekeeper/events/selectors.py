"""Reads for events: chip accounts across tables and tours, standings per round, overall and per season.

Every figure comes from the tables' snapshots (tables.snapshot) through the engine's standings
(engine.standings); nothing here folds a deal."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Max, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.collation import name_key
from scorekeeper.engine.standings import TableResult, evening_standings
from scorekeeper.events.models import CheckIn, Event, PlayerMerge, SitOut
from scorekeeper.tables.models import Signature, Table
from scorekeeper.tables.snapshot import Snapshot, event_snapshots, snapshots_read

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


@dataclass(frozen=True)
class PlayerName:
    """A player as the standings pages show him (a poll reads 240 names: a model instance each was a tenth of it)."""

    pk: int
    name: str


@dataclass
class Account:
    player: Player | PlayerName
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


@dataclass(frozen=True)
class Screen:
    """One screenful of a live page: the players on it, which screen it is, and which comes next."""

    accounts: list[Account]
    number: int
    count: int
    rows: int

    @property
    def following(self) -> int:
        return self.number % self.count + 1


def live_screen(accounts: list[Account], *, number: int, rows: int) -> Screen:
    """Screen `number` (from 1, wrapping round) of `rows` players each, so a projector shows every player in turn."""
    count = max(1, math.ceil(len(accounts) / rows))
    number = (number - 1) % count + 1
    return Screen(accounts[(number - 1) * rows : number * rows], number, count, rows)


def event_tables(*, event: Event, signed: bool = False, rows: bool = False, round: int | None = None) -> list[Table]:
    """The event's tables in round and number order (of one `round`), with their players; with `signed`, the
    signatures standing (`table.signed`); with `rows`, their snapshots' rows (each deal's line), which the
    standings do without."""
    seats = ("seat_0", "seat_1", "seat_2", "seat_3")
    # No page shows when a table or a player was made: not reading it spares a date parsed a row (300 at 60 tables).
    tables = (
        Table.objects.filter(event=event)
        .select_related(*seats)
        .defer("created_at", *(f"{seat}__created_at" for seat in seats), *(() if rows else ("snapshot_rows",)))
    )
    if round is not None:
        tables = tables.filter(round=round)
    if signed:
        standing = Signature.objects.filter(cleared_at=None).only("table_id", "seat")  # the pages count them
        tables = tables.prefetch_related(Prefetch("signatures", standing, "signed"))
    tables = list(tables.order_by("round", "number"))
    for table in tables:
        table.event = event  # one instance for every table, not one a row
    return tables


def event_standings(*, event: Event, round: int | None = None) -> EventSummary:
    """event_summary's accounts and standings alone (its `tables` empty, each player his id and name), from one
    row a table: what the standings, live and public pages read, and poll."""
    seated = event_snapshots(event=event)
    checked = list(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))
    ids = set(checked).union(*(s.players for s in seated))
    players = {pk: PlayerName(pk, name) for pk, name in Player.objects.filter(pk__in=ids).values_list("pk", "name")}
    sitouts: dict[int, int] = defaultdict(int)
    for player_id in SitOut.objects.filter(event=event).values_list("player_id", flat=True):
        sitouts[player_id] += 1
    results = [TableResult(s.round, s.players, s.result, s.deals) for s in seated]
    accounts = _accounts(event, results, checked, sitouts, players, round)
    on_tables = sum(s.left for s in seated)
    current = max((s.round for s in seated), default=0)
    return EventSummary(event, accounts, [], event.start * len(accounts), on_tables, current)


def _accounts(event, results, checked, sitouts, players, round) -> list[Account]:
    """The standings over the tables' `results`, as accounts of the `players` (by id); players still level in the
    order of their names in the club's language."""
    language = event.club.language
    standings = evening_standings(
        start=event.start,
        results=results,
        players=checked,
        sitouts={pk: count for pk, count in sitouts.items() if pk in players},
        round=round,
        order=lambda pk: name_key(players[pk].name, language),
    )
    return [
        Account(players[s.player], s.account, s.change, dict(s.by_round), s.deals, s.sitouts, s.rank) for s in standings
    ]


def event_summary(*, event: Event, round: int | None = None, rows: bool = False) -> EventSummary:
    """Accounts and standings (overall, or for one round), and every table's progress, from the tables'
    snapshots: nothing is folded when every snapshot is current. With `rows`, the snapshots hold every deal's
    row (a report's figures); the standings do without."""
    tables = event_tables(event=event, rows=rows)
    snapshots = snapshots_read(tables=tables)
    checked = list(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))
    players = {p.pk: p for table in tables for p in table.players}
    unseated = [pk for pk in checked if pk not in players]
    if unseated:  # checked in and not seated (sitting out, or before the draw)
        players.update((p.pk, p) for p in Player.objects.filter(pk__in=unseated))
    sitouts: dict[int, int] = defaultdict(int)
    for player_id in SitOut.objects.filter(event=event).values_list("player_id", flat=True):
        sitouts[player_id] += 1
    results = [TableResult(t.round, table_seat_ids(t), snapshots[t.pk].result, snapshots[t.pk].deals) for t in tables]
    tours = event.tours_per_round
    progress = [_progress(table, snapshots[table.pk], tours) for table in tables]
    accounts = _accounts(event, results, checked, sitouts, players, round)
    on_tables = sum(p.store for p in progress)
    current = max((t.round for t in tables), default=0)
    return EventSummary(event, accounts, progress, event.start * len(accounts), on_tables, current)


def current_round_progress(*, event: Event) -> tuple[int, list[TableProgress]]:
    """The event's current round and the progress of its tables (with their signatures), from their snapshots:
    what the director's event page shows, without the standings nor the earlier rounds' tables."""
    current = Table.objects.filter(event=event).aggregate(current=Max("round"))["current"] or 0
    tables = event_tables(event=event, signed=True, round=current)
    snapshots = snapshots_read(tables=tables)
    tours = event.tours_per_round
    return current, [_progress(table, snapshots[table.pk], tours) for table in tables]


def _progress(table: Table, snapshot: Snapshot, tours: int) -> TableProgress:
    number = snapshot.deals
    return TableProgress(
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


def table_seat_ids(table: Table) -> tuple[int, int, int, int]:
    return (table.seat_0_id, table.seat_1_id, table.seat_2_id, table.seat_3_id)


def seated_in_round(*, event: Event, round: int) -> set[int]:
    """The ids of the players seated at a table of the event's round."""
    seats = Table.objects.filter(event=event, round=round).values_list("seat_0", "seat_1", "seat_2", "seat_3")
    return {pk for row in seats for pk in row}


def seats_history(*, event: Event) -> dict[int, list[frozenset[int]]]:
    """Foursomes already seated together, by round."""
    history: dict[int, list[frozenset[int]]] = defaultdict(list)
    seated = Table.objects.filter(event=event).values_list("round", "seat_0", "seat_1", "seat_2", "seat_3")
    for round_, *seats in seated:
        history[round_].append(frozenset(seats))
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


def _running_elsewhere(event: Event):
    """The tables of the other open events whose round is still running (not ended by the director), in the order
    their events came: where a player is seated now, if not here."""
    return (
        Table.objects.filter(event__status=Event.Status.OPEN, ended_at=None)
        .exclude(event=event)
        .order_by("event__date", "event__pk", "round", "number")
    )


def seated_elsewhere(*, event: Event, players) -> dict[Player, Table]:
    """The players among `players` who sit at a table of another open event whose round is still running (not
    ended by the director): one person cannot play two tables at once."""
    ids = {player.pk for player in players}
    if not ids:
        return {}
    seats = Q(seat_0__in=ids) | Q(seat_1__in=ids) | Q(seat_2__in=ids) | Q(seat_3__in=ids)
    running = _running_elsewhere(event).filter(seats).select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")
    return {player: table for table in running for player in table.players if player.pk in ids}


def playing_elsewhere(*, event: Event) -> dict[int, tuple[int, str]]:
    """Each player id seated at a running table of another open event, with that table's number and its event's
    name: the check-in roll marks them, since the draw cannot seat them here."""
    running = _running_elsewhere(event).values_list(
        "seat_0_id", "seat_1_id", "seat_2_id", "seat_3_id", "number", "event__name"
    )
    return {seat: (number, name) for *seats, number, name in running for seat in seats if seat is not None}


def checked_in_elsewhere(*, event: Event, players) -> dict[Player, Event]:
    """The players among `players` who are also checked in to another open event (one each, the earliest)."""
    ids = {player.pk for player in players}
    checkins = (
        CheckIn.objects.filter(player__in=ids, event__status=Event.Status.OPEN)
        .exclude(event=event)
        .select_related("player", "event")
        .order_by("-event__date", "-event__pk")
    )
    return {checkin.player: checkin.event for checkin in checkins}
