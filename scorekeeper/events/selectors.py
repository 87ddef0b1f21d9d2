"""Reads for events: chip accounts across tables and tours, standings per round, overall and per season.

Every figure is the engine's fold over the tables' deals; nothing here is stored."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.collation import name_key
from scorekeeper.engine import EngineError, Ledger, close_session
from scorekeeper.events.models import CheckIn, Event, PlayerMerge, SitOut
from scorekeeper.ranking import rank_with_ties
from scorekeeper.tables.models import Signature, Table

TIE_BREAK = _(
    "Ties are broken by the result of the latest round played, then by fewer sit-outs; "
    "players still level share the place."
)


@dataclass
class TableProgress:
    table: Table
    ledger: Ledger  # the engine's fold of the table's deals, for whoever reads further (reports)
    deals: int  # valid deals played
    tours_done: int
    tours_planned: int
    unfinished_tour: bool
    store: int  # chips (or counters) still on the table
    ended: bool
    can_end: bool


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


def event_summary(*, event: Event, round: int | None = None) -> EventSummary:
    """Accounts and standings (overall, or for one round), and every table's progress. Four queries."""
    tables = list(
        Table.objects.filter(event=event)
        .select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")
        .prefetch_related("deals", Prefetch("signatures", Signature.objects.filter(cleared_at=None), "signed"))
        .order_by("round", "number")
    )
    checkins = list(CheckIn.objects.filter(event=event).select_related("player"))
    sitouts = list(SitOut.objects.filter(event=event).values_list("player_id", "round"))
    start = event.start
    accounts: dict[int, Account] = {c.player_id: Account(c.player, start) for c in checkins}
    progress = []
    on_tables = 0
    for table in tables:
        deals = sorted(table.deals.all(), key=lambda d: d.position)
        session = table.session()
        ledger = table.fold([d.to_record() for d in deals])
        state = ledger.state
        balances, store = table_result(table, ledger)
        on_tables += store
        for seat, player in enumerate(table.players):
            account = accounts.setdefault(player.pk, Account(player, start))
            delta = balances[seat] - start
            account.account += delta
            account.by_round[table.round] = account.by_round.get(table.round, 0) + delta
            account.deals += state.number
        tours_planned = session.options.session_tours + table.extra_tours
        progress.append(
            TableProgress(
                table=table,
                ledger=ledger,
                deals=state.number,
                tours_done=state.number // 4,
                tours_planned=tours_planned,
                unfinished_tour=state.number % 4 != 0,
                store=store,
                ended=table.ended_at is not None,
                can_end=table.ended_at is None and state.number > 0 and state.number % 4 == 0,
            )
        )
    for player_id, _round in sitouts:
        if player_id in accounts:
            accounts[player_id].sitouts += 1
    for account in accounts.values():
        account.change = account.account - start
    current = max((t.round for t in tables), default=0)
    ranked = rank(list(accounts.values()), round, language=event.club.language)
    return EventSummary(event, ranked, progress, start * len(accounts), on_tables, current)


def table_result(table: Table, ledger: Ledger) -> tuple[tuple[int, ...], int]:
    """Each seat's balance and what is still on the table; once the table has ended its round, after the
    end-of-session rule (A-40)."""
    state = ledger.state
    if table.ended_at is not None:
        try:
            closing = close_session(ledger.session, state)
            return closing.balances, closing.state.store_total()
        except EngineError:
            pass  # play_on_until_won with a pot: the table could not have ended; keep what is on it
    return state.balances, state.store_total()


def rank(accounts: list[Account], round: int | None = None, *, language: str = "en") -> list[Account]:
    """Order by the account (or one round's result); ties by the latest round, then fewer sit-outs; players still
    level in the order of their names in `language`."""

    def score(a: Account) -> int:
        return a.by_round.get(round, 0) if round else a.account

    def latest(a: Account) -> int:
        return a.by_round[max(a.by_round)] if a.by_round else 0

    return rank_with_ties(
        accounts, key=lambda a: (-score(a), -latest(a), a.sitouts), then=lambda a: name_key(a.player.name, language)
    )


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


def seated_elsewhere(*, event: Event, players) -> dict[Player, Table]:
    """The players among `players` who sit at a table of another open event whose round is still running (not
    ended by the director): one person cannot play two tables at once."""
    ids = {player.pk for player in players}
    if not ids:
        return {}
    seats = Q(seat_0__in=ids) | Q(seat_1__in=ids) | Q(seat_2__in=ids) | Q(seat_3__in=ids)
    running = (
        Table.objects.filter(seats, event__status=Event.Status.OPEN, ended_at=None)
        .exclude(event=event)
        .select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")
        .order_by("event__date", "event__pk", "round", "number")
    )
    return {player: table for table in running for player in table.players if player.pk in ids}


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
