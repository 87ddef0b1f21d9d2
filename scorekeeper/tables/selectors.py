"""Reads for a table: its snapshot (tables.snapshot), and its deals folded by the engine for the pages that show
every deal's settlement. A settlement is never stored as the truth: the snapshot is made from the deals."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from scorekeeper.clubs.models import Player
from scorekeeper.engine import (
    DealRecord,
    Ledger,
    LedgerEntry,
    RuleSet,
    Session,
    TableState,
    fold,
    settle_deal,
)
from scorekeeper.links import token_paths
from scorekeeper.tables.models import Deal, DealChange, Signature, Table
from scorekeeper.tables.presenters import describe, describe_record
from scorekeeper.tables.signals import seat_notes
from scorekeeper.tables.snapshot import Snapshot, TourTotal, event_session, snapshot_read

__all__ = [
    "CorrectionPreview",
    "NoTableLink",
    "LedgerRow",
    "StruckRow",
    "Snapshot",
    "TableView",
    "TourTotal",
    "correction_preview",
    "deal_at_table",
    "deal_position",
    "deal_saved_with_key",
    "deal_settlement",
    "table_by_token",
    "table_locked",
    "table_ledger",
    "table_screen",
]


@dataclass(frozen=True)
class LedgerRow:
    deal: Deal
    entry: LedgerEntry

    summary: str

    @property
    def corrected(self) -> bool:
        return getattr(self.deal, "corrections", 0) > 0


@dataclass(frozen=True)
class StruckRow:
    """A deal struck out of the sequence: shown crossed out, with who struck it and why."""

    deal: Deal
    summary: str
    reason: str
    who: str


# The addresses of its own that a table's page links to, by the short names the template uses.
TABLE_PATHS = {
    "page": "table",
    "preview": "table-preview",
    "misdeal": "table-misdeal",
    "sign": "table-sign",
    "manifest": "table-manifest",
    "import": "table-import",
    "json": "table-export-json",
    "csv": "table-export-csv",
    "sheet": "table-sheet",
    "blank": "table-blank",
}


class TableView:
    """A table as its pages read it: the snapshot (tables.snapshot) for everything after the last deal; the
    deals themselves, folded, only for what shows every deal's settlement (a deal's page, exports, sheets)."""

    def __init__(
        self, table: Table, session: Session, snapshot: Snapshot, explain: bool = False, named: bool = True
    ) -> None:
        self.table = table
        self.session = session
        self.snapshot = snapshot
        self.explain = explain
        self.named = named  # False: the session names no player (table_screen's `names`)

    def with_names(self) -> TableView:
        """This view with the players' names in its session, for one made without them (table_screen's `names`):
        the four players read in one query, onto the same table and snapshot."""
        if self.named:
            return self
        seats = (self.table.seat_0_id, self.table.seat_1_id, self.table.seat_2_id, self.table.seat_3_id)
        players = Player.objects.in_bulk(seats)
        self.table.seat_0, self.table.seat_1, self.table.seat_2, self.table.seat_3 = (players[pk] for pk in seats)
        return TableView(self.table, self.table.session(), self.snapshot, explain=self.explain)

    @cached_property
    def paths(self) -> dict[str, str]:
        """The table's own addresses, by short name (TABLE_PATHS)."""
        return token_paths(self.table.token, TABLE_PATHS)

    @cached_property
    def _deals(self) -> list[Deal]:
        corrections = Count("changes", filter=Q(changes__action=DealChange.Action.CORRECTED))
        return list(self.table.deals.annotate(corrections=corrections).order_by("position"))

    @cached_property
    def ledger(self) -> Ledger:
        records = [d.to_record() for d in self._deals]
        return fold(self.session, records, state=self.table.opening(self.session), explain=self.explain)

    @cached_property
    def rows(self) -> tuple[LedgerRow, ...]:
        """Every deal in play order, with its settlement and its line in the ledger."""
        players = self.session.players
        return tuple(
            LedgerRow(d, e, describe(e, players)) for d, e in zip(self._deals, self.ledger.entries, strict=True)
        )

    @cached_property
    def struck(self) -> tuple[StruckRow, ...]:
        """The deals struck out of this table's sequence, oldest first."""
        if not self.snapshot.struck:
            return ()
        struck = list(Deal.every.filter(table=self.table, struck_at__isnull=False).order_by("struck_at", "pk"))
        if not struck:
            return ()
        strikes = {
            c.deal_id: c
            for c in DealChange.objects.filter(deal__in=struck, action=DealChange.Action.STRUCK).order_by("at", "id")
        }
        players = self.session.players
        return tuple(
            StruckRow(
                deal,
                describe_record(deal.to_record(), players),
                strikes[deal.pk].reason if deal.pk in strikes else "",
                strikes[deal.pk].who if deal.pk in strikes else "",
            )
            for deal in struck
        )

    @cached_property
    def signatures(self) -> tuple[Signature, ...]:
        """The players' agreement with the final balances (cleared ones left out)."""
        return tuple(Signature.objects.filter(table=self.table, cleared_at__isnull=True))

    @property
    def state(self) -> TableState:
        return self.snapshot.state

    @property
    def records(self) -> int:
        return self.snapshot.records

    @property
    def tours(self) -> tuple[TourTotal, ...]:
        return self.snapshot.tours

    def explained(self, position: int) -> LedgerEntry:
        """Deal `position` settled again with its explanation (a page shows one deal's, never every deal's)."""
        entries = self.ledger.entries
        before = entries[position - 2].state if position > 1 else self.table.opening(self.session)
        return settle_deal(self.session, before, entries[position - 1].deal, position, explain=True)

    @property
    def ruleset(self) -> RuleSet:
        return self.session.ruleset

    @property
    def next_position(self) -> int:
        return self.snapshot.records + 1

    @property
    def next_dealer(self) -> int:
        nxt = self.state.next_dealer
        return self.table.first_dealer if nxt is None else nxt

    @property
    def eldest(self) -> int:
        return (self.next_dealer + 1) % 4

    @property
    def next_number(self) -> int:
        return self.state.number + 1

    @property
    def tour(self) -> int:
        return self.state.number // 4 + 1

    @property
    def tours_planned(self) -> int:
        return self.session.options.session_tours + self.table.extra_tours

    @property
    def deals_planned(self) -> int:
        """Valid deals in the table's round as planned (the event's tours and any the director added)."""
        return self.table.planned_deals(self.session)

    @property
    def deals_to_play(self) -> int:
        """Valid deals still to play in the round as planned, the next one included (0 once they are played)."""
        return max(self.deals_planned - self.state.number, 0)

    @property
    def tours_played(self) -> int:
        """Tours played at the table, the last one counted even if unfinished (a round ended early ends after
        whole tours; one played on until the pot is won may end inside a tour)."""
        return -(-self.state.number // 4)

    @property
    def round_complete(self) -> bool:
        """The round has reached its planned length (or the director ended it): the phone takes no new deal."""
        return self.round_ended or self.snapshot.complete

    @property
    def final_balances(self) -> tuple[int, ...]:
        """Each seat's balance once the round is over, after the end-of-round rule for what is left (A-40)."""
        return self.snapshot.final

    @property
    def end_of_round_shares(self) -> tuple[int, ...]:
        """What the end-of-round rule (A-40) gives each seat of what is left on the table: the final balances less
        the running ones (all 0 when nothing is left, or when the rule carries it over)."""
        return tuple(f - b for f, b in zip(self.final_balances, self.state.balances, strict=True))

    @property
    def final_seats(self) -> list[dict]:
        """Each seat's final balance and, once the player signed, the signature."""
        signed = {sig.seat: sig for sig in self.signatures}
        return [
            {"seat": s, "player": self.table.players[s], "balance": b, "signature": signed.get(s)}
            for s, b in enumerate(self.final_balances)
        ]

    @property
    def signed_by_all(self) -> bool:
        return len(self.signatures) == 4

    @property
    def short_names(self) -> list[str]:
        """First names where they tell the players apart (ledger columns on a phone), else full names."""
        firsts = [name.split()[0] if name.split() else name for name in self.session.players]
        return firsts if len(set(firsts)) == 4 else list(self.session.players)

    @property
    def event_closed(self) -> bool:
        return not self.table.event.is_open

    @property
    def round_ended(self) -> bool:
        """The table has ended its round: it takes no more writes."""
        return self.table.ended_at is not None

    def next_number_of(self, deal: Deal) -> int | None:
        """The ledger's number of `deal`, just appended after the deals of this view (None for a misdeal)."""
        return None if deal.void else self.next_number

    def state_before(self, position: int) -> TableState:
        """The table as it was before the deal at `position` (1-based)."""
        return self.ledger.entries[position - 2].state if position > 1 else self.table.opening(self.session)

    def number_at(self, position: int) -> int | None:
        """The ledger's number of the deal at `position` (None for a misdeal), as every page and file shows it."""
        rows = self.snapshot.rows
        return rows[position - 1].number if 1 <= position <= len(rows) else None

    def number_from(self, position: int) -> int:
        """The ledger's number of the deal at `position`, or of the first deal after it when that is a misdeal; a
        position not recorded yet counts on from the last deal (the inverse of deal_position)."""
        numbers = [row.number for row in self.snapshot.rows[position - 1 :] if row.number]
        if numbers:
            return numbers[0]
        return self.state.number + 1 + max(position - self.next_position, 0)

    @cached_property
    def seat_notes(self) -> dict[int, str]:
        """Words under a seat's player from the rooms above (signals.seat_notes: a tournament's substitute)."""
        notes: dict[int, str] = {}
        for _receiver, answer in seat_notes.send(sender=Table, table=self.table, next_position=self.next_position):
            notes.update(answer or {})
        return notes

    @property
    def seats(self) -> list[dict]:
        """The four players in seat order, with their balances and, while the round goes on, the next dealer and
        eldest marked (a complete round has no next deal)."""
        playing = not self.round_complete
        start = self.session.start
        notes = self.seat_notes
        return [
            {
                "seat": s,
                "player": self.table.players[s],
                "note": notes.get(s, ""),
                "balance": balance,
                "tone": "gain" if balance > start else "loss" if balance < start else "",
                "dealer": playing and s == self.next_dealer,
                "eldest": playing and s == self.eldest,
            }
            for s, balance in enumerate(self.state.balances)
        ]


def _table_with_seats() -> QuerySet[Table]:
    """A table with what every page of it reads: its event and the four players (its snapshot is in its row)."""
    return Table.objects.select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")


class NoTableLink(Http404):
    """A table's address whose link no table has: mistyped, or replaced by the director (the not-found page says
    so; a deal or a position out of range at a live link is a plain Http404)."""


def table_by_token(*, token: str, seats: bool = True, locked: bool = False) -> Table:
    """The table an entry link reaches (404 for any other string) with its snapshot, whose rows are decoded only
    when read (the live preview reads the table after its last deal alone); without `seats`, its players are left
    unread (a save needs none of their names: four joins are a third of this read's work). With `locked`, its
    row is locked for the transaction the caller is in (PostgreSQL's row lock; SQLite's IMMEDIATE transaction
    already holds the write lock)."""
    tables = _table_with_seats() if seats else Table.objects.select_related("event")
    if locked:
        tables = tables.select_for_update(of=("self",))
    try:
        return tables.get(token=token)
    except Table.DoesNotExist:
        raise NoTableLink("No table has this link.") from None


def deal_position(*, table: Table, number: int) -> int:
    """The record position (misdeals counted) of the deal the ledger numbers `number` (misdeals have none); for a
    deal not played yet, the position it takes if no misdeal comes before it (the inverse of
    TableView.number_from)."""
    snapshot = snapshot_read(table=table)
    for row in snapshot.rows:
        if row.number == number:
            return row.position
    return snapshot.records + 1 + max(number - snapshot.state.number - 1, 0)


def deal_at_table(*, table: Table, pk: int) -> Deal | None:
    """The deal `pk` if it is `table`'s (struck out since, perhaps)."""
    return Deal.every.filter(table=table, pk=pk).first()


def deal_saved_with_key(*, table: Table, key: str) -> Deal | None:
    """The deal a form with this idempotency key saved at `table`, if any (struck out since, perhaps)."""
    if not key:
        return None
    # get(), not first(): first() orders by a deal's default ordering, which runs through its table's and its
    # event's (two joins and a sort: about 0.3 ms of a save's CPU); the key is unique at its table.
    try:
        return Deal.every.get(table=table, idempotency_key=key)
    except Deal.DoesNotExist:
        return None


def table_locked(*, pk: int) -> Table:
    """The table `pk` with its event, club and players, its row locked for the transaction (PostgreSQL's row
    lock; SQLite's IMMEDIATE transactions already serialise writers). Call inside a transaction."""
    return _table_with_seats().select_for_update(of=("self",)).get(pk=pk)


def table_lock(*, pk: int) -> Table:
    """Lock the row of table `pk` as table_locked does, reading only its revision, when its round ended and its
    event's status (any other field read from it costs a query). Call inside a transaction."""
    return (
        Table.objects.select_related("event")
        .only("revision", "ended_at", "event__status")
        .select_for_update(of=("self",))
        .get(pk=pk)
    )


def table_ledger(*, table: Table, explain: bool = False) -> TableView:
    """The table's snapshot and its deals in order, folded by the engine (one query for the deals); with
    `explain`, every deal's explanation too (a page shows one: TableView.explained)."""
    session = table.session()
    view = TableView(table, session, snapshot_read(table=table, session=session), explain=explain)
    view.rows  # noqa: B018  (folded now: the callers read every row)
    return view


def table_screen(*, table: Table, names: bool = True) -> TableView:
    """The table just read by its link (table_by_token) as its entry screen reads it: the snapshot read with it;
    the deals are read only if a page asks for them. Without `names` (a table read without its `seats`), the
    session names no player (event_session): what a save validates and settles needs no name, and a page shown
    with the view reads them first (TableView.with_names)."""
    session = table.session() if names else event_session(table.event)
    return TableView(table, session, snapshot_read(table=table, session=session, loaded=True), named=names)


def deal_settlement(
    *, session: Session, state: TableState, record: DealRecord, position: int, explain: bool = True
) -> LedgerEntry:
    """What a record would give as the deal at `position` after `state`, explained unless told not to, without
    saving anything (EngineError when the rules refuse it)."""
    return settle_deal(session, state, record, position, explain=explain)


@dataclass(frozen=True)
class CorrectionPreview:
    """What a correction would do, before it is saved: the corrected deal's settlement and, for each seat, the
    balance after the table's last deal now and after the correction (every later deal replayed)."""

    entry: LedgerEntry
    rows: tuple[dict, ...]


def correction_preview(*, view: TableView, position: int, record: DealRecord) -> CorrectionPreview:
    """The table folded again with `record` at `position` (EngineError, at its deal, when a deal becomes
    impossible)."""
    records = [row.deal.to_record() for row in view.rows]
    records[position - 1] = record
    session = view.session
    ledger = fold(session, records, state=view.table.opening(session), explain=True)
    entry = ledger.entries[position - 1]
    now, then = view.state.balances, ledger.state.balances
    rows = tuple(
        {"name": session.players[s], "delta": entry.deltas[s], "before": now[s], "after": then[s]} for s in range(4)
    )
    return CorrectionPreview(entry, rows)
