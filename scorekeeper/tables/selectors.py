"""Reads for a table: its ledger is the engine's fold over the stored deals, never a stored settlement."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404

from scorekeeper.engine import DealRecord, Ledger, LedgerEntry, RuleSet, Session, TableState, fold, settle_deal
from scorekeeper.tables.models import Deal, DealChange, Table
from scorekeeper.tables.presenters import describe


@dataclass(frozen=True)
class LedgerRow:
    deal: Deal
    entry: LedgerEntry

    summary: str

    @property
    def corrected(self) -> bool:
        return getattr(self.deal, "corrections", 0) > 0


@dataclass(frozen=True)
class TourTotal:
    tour: int
    deltas: tuple[int, ...]
    complete: bool


@dataclass(frozen=True)
class TableView:
    table: Table
    session: Session
    ledger: Ledger
    rows: tuple[LedgerRow, ...]  # in play order
    tours: tuple[TourTotal, ...]

    @property
    def state(self) -> TableState:
        return self.ledger.state

    @property
    def ruleset(self) -> RuleSet:
        return self.session.ruleset

    @property
    def next_position(self) -> int:
        return len(self.rows) + 1

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
        return self.session.options.session_tours

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

    def deal_saved_with(self, key: str) -> Deal | None:
        """The deal a form with this idempotency key saved, if any."""
        if not key:
            return None
        return next((row.deal for row in self.rows if row.deal.idempotency_key == key), None)

    def state_before(self, position: int) -> TableState:
        """The table as it was before the deal at `position` (1-based)."""
        return self.ledger.entries[position - 2].state if position > 1 else self.table.opening(self.session)

    def number_at(self, position: int) -> int | None:
        """The ledger's number of the deal at `position` (None for a misdeal), as every page and file shows it."""
        return self.rows[position - 1].entry.number if 1 <= position <= len(self.rows) else None

    @property
    def rows_newest_first(self) -> tuple[LedgerRow, ...]:
        return tuple(reversed(self.rows))

    @property
    def seats(self) -> list[dict]:
        """The four players in seat order, with the next dealer and eldest marked, and their balances."""
        return [
            {
                "seat": s,
                "player": self.table.players[s],
                "balance": self.state.balances[s],
                "dealer": s == self.next_dealer,
                "eldest": s == self.eldest,
            }
            for s in range(4)
        ]


def table_by_token(*, token: str) -> Table:
    """The table an entry link reaches (404 for any other string)."""
    return get_object_or_404(
        Table.objects.select_related("event__club", "seat_0", "seat_1", "seat_2", "seat_3"), token=token
    )


def table_ledger(*, table: Table, explain: bool = True) -> TableView:
    """The table's deals in order, folded by the engine: one query for the deals."""
    corrections = Count("changes", filter=Q(changes__action=DealChange.Action.CORRECTED))
    deals = list(table.deals.annotate(corrections=corrections).order_by("position"))
    session = table.session()
    ledger = fold(session, [d.to_record() for d in deals], state=table.opening(session), explain=explain)
    rows = tuple(LedgerRow(d, e, describe(e, session.players)) for d, e in zip(deals, ledger.entries, strict=True))
    totals: dict[int, list[int]] = {}
    counts: dict[int, int] = {}
    for entry in ledger.entries:
        if entry.void:
            continue
        total = totals.setdefault(entry.tour, [0, 0, 0, 0])
        for s in range(4):
            total[s] += entry.deltas[s]
        counts[entry.tour] = counts.get(entry.tour, 0) + 1
    tours = tuple(TourTotal(t, tuple(v), counts[t] == 4) for t, v in sorted(totals.items()))
    return TableView(table, session, ledger, rows, tours)


def deal_settlement(*, session: Session, state: TableState, record: DealRecord, position: int) -> LedgerEntry:
    """What a record would give as the deal at `position` after `state`, explained, without saving anything
    (EngineError when the rules refuse it)."""
    return settle_deal(session, state, record, position, explain=True)
