"""A table's snapshot: everything the pages read from a table's fold, made by the engine from its deals.

One snapshot a table, stored beside it (`TableSnapshot`, written in the transaction of the change that made it) and
keyed by the table's revision and a fingerprint of what the fold depends on besides the deals (rule set, options,
first dealer, round length, whether the round ended). A restore brings it back with the deals it was made from;
a snapshot whose key does not match its table is made again before anything reads it (`snapshot_read`). This is
the one module that makes snapshots: the services store the one a change leaves, the selectors read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q

from scorekeeper.engine import EngineError, Ledger, LedgerEntry, Session, TableState, close_session
from scorekeeper.engine.model import Contract, Line
from scorekeeper.tables.models import Deal, DealChange, Table, TableSnapshot

# Raised when what a snapshot holds changes shape: every stored snapshot is then made again on its first read.
FORMAT = 1


@dataclass(frozen=True)
class TourTotal:
    tour: int
    deltas: tuple[int, ...]
    played: int  # the tour's valid deals recorded so far

    @property
    def complete(self) -> bool:
        return self.played == 4


@dataclass(frozen=True)
class SnapshotRow:
    """One deal of the ledger: what was played (seats, not names: names are worded when shown) and what it did."""

    position: int
    number: int | None  # None for a misdeal
    dealer: int
    contract: Contract | None
    hombre: int | None
    ally: int | None
    trump: str
    tricks: int | None
    vole_attempted: bool
    line: Line | None
    stake: int
    deltas: tuple[int, ...]
    balances: tuple[int, ...]
    corrected: bool

    @property
    def void(self) -> bool:
        return self.number is None


@dataclass(frozen=True)
class Snapshot:
    """A table after its last deal. `result` and `left` are the table's result as every page and document gives
    it: once the table has ended its round, after the end-of-round rule for what is left (A-40); before, the
    running balances with what is still on the table. `final` is what the end-of-round rule would give now (the
    balances the players sign once the round is complete)."""

    revision: int
    key: str
    state: TableState
    rows: tuple[SnapshotRow, ...]
    tours: tuple[TourTotal, ...]
    struck: int  # deals struck out of the sequence (the page reads them only when there are some)
    complete: bool  # the round has reached its planned length and may stop there
    result: tuple[int, ...]
    left: int
    final: tuple[int, ...]

    @property
    def records(self) -> int:
        return len(self.rows)

    @property
    def deals(self) -> int:
        """Valid deals played (misdeals left out)."""
        return self.state.number


def snapshot_key(session: Session, *, first_dealer: int, planned_deals: int, ended: bool) -> str:
    """The fingerprint of what a fold and its result depend on besides the deals (names are not among them)."""
    shape = (FORMAT, session.ruleset, session.options, session.start, session.favourite_suit, session.opening)
    text = repr((shape, first_dealer, planned_deals, ended))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def row_of(entry: LedgerEntry, *, corrected: bool = False) -> SnapshotRow:
    deal = entry.deal
    return SnapshotRow(
        position=entry.position,
        number=entry.number,
        dealer=deal.dealer,
        contract=deal.contract,
        hombre=deal.hombre,
        ally=deal.ally,
        trump=deal.trump or "",
        tricks=deal.tricks,
        vole_attempted=deal.vole_attempted,
        line=entry.line,
        stake=entry.stake or 0,
        deltas=entry.deltas,
        balances=entry.balances,
        corrected=corrected,
    )


def tour_totals(rows: Iterable[SnapshotRow], tours: Sequence[TourTotal] = ()) -> tuple[TourTotal, ...]:
    """Each tour's changes and how many of its deals are played: `tours` extended by `rows`."""
    totals = {t.tour: (list(t.deltas), t.played) for t in tours}
    for row in rows:
        if row.number is None:
            continue
        tour = (row.number - 1) // 4 + 1
        deltas, played = totals.get(tour, ([0, 0, 0, 0], 0))
        totals[tour] = ([d + e for d, e in zip(deltas, row.deltas, strict=True)], played + 1)
    return tuple(TourTotal(tour, tuple(deltas), played) for tour, (deltas, played) in sorted(totals.items()))


def _after(session: Session, state: TableState, *, planned_deals: int, ended: bool) -> tuple:
    """Whether the round is complete, the table's result, what is left on it, and the final balances."""
    try:
        closing = close_session(session, state)
    except EngineError:  # play_on_until_won with the pot not won: the round goes on, nothing is shared out yet
        return False, state.balances, state.store_total(), state.balances
    complete = state.number >= planned_deals
    if ended:
        return complete, closing.balances, closing.state.store_total(), closing.balances
    return complete, state.balances, state.store_total(), closing.balances


def snapshot_of(
    ledger: Ledger,
    *,
    revision: int,
    key: str,
    planned_deals: int,
    ended: bool,
    struck: int,
    corrected: frozenset[int] = frozenset(),
) -> Snapshot:
    """The snapshot of a table folded whole (`corrected`: the positions of deals corrected since recorded)."""
    rows = tuple(row_of(e, corrected=e.position in corrected) for e in ledger.entries)
    complete, result, left, final = _after(ledger.session, ledger.state, planned_deals=planned_deals, ended=ended)
    return Snapshot(revision, key, ledger.state, rows, tour_totals(rows), struck, complete, result, left, final)


def snapshot_appended(
    before: Snapshot, entry: LedgerEntry, *, session: Session, revision: int, planned_deals: int
) -> Snapshot:
    """The snapshot after one deal (`entry`, settled after `before`'s state) was appended to the table."""
    row = row_of(entry)
    complete, result, left, final = _after(session, entry.state, planned_deals=planned_deals, ended=False)
    return Snapshot(
        revision,
        before.key,
        entry.state,
        (*before.rows, row),
        tour_totals([row], before.tours),
        before.struck,
        complete,
        result,
        left,
        final,
    )


# JSON: the state as a list in field order, a row as a list, so that a 200-deal table is a few kilobytes.

_STATE_FIELDS = tuple(TableState.__dataclass_fields__)


def encode(snapshot: Snapshot) -> dict:
    state = snapshot.state
    return {
        "state": [getattr(state, name) for name in _STATE_FIELDS],
        "rows": [
            [
                r.position,
                r.number,
                r.dealer,
                r.contract.value if r.contract else "",
                r.hombre,
                r.ally,
                r.trump,
                r.tricks,
                r.vole_attempted,
                r.line.value if r.line else "",
                r.stake,
                r.deltas,
                r.balances,
                r.corrected,
            ]
            for r in snapshot.rows
        ],
        "tours": [[t.tour, t.deltas, t.played] for t in snapshot.tours],
        "struck": snapshot.struck,
        "complete": snapshot.complete,
        "result": snapshot.result,
        "left": snapshot.left,
        "final": snapshot.final,
    }


def _row(values: list) -> SnapshotRow:
    position, number, dealer, contract, hombre, ally, trump, tricks, vole, line, stake, deltas, balances, fixed = values
    return SnapshotRow(
        position,
        number,
        dealer,
        Contract(contract) if contract else None,
        hombre,
        ally,
        trump,
        tricks,
        vole,
        Line(line) if line else None,
        stake,
        tuple(deltas),
        tuple(balances),
        fixed,
    )


def decode(data: dict, *, revision: int, key: str) -> Snapshot:
    values = dict(zip(_STATE_FIELDS, data["state"], strict=True))
    for name in ("balances", "k_seats", "beasts", "eligible"):
        values[name] = tuple(values[name])
    rows = tuple(_row(values) for values in data["rows"])
    tours = tuple(TourTotal(tour, tuple(deltas), played) for tour, deltas, played in data["tours"])
    return Snapshot(
        revision,
        key,
        TableState(**values),
        rows,
        tours,
        data["struck"],
        data["complete"],
        tuple(data["result"]),
        data["left"],
        tuple(data["final"]),
    )


def table_key(table: Table, session: Session | None = None) -> str:
    """The key `table`'s snapshot must carry (`session`: its session, if made; names play no part)."""
    if session is None:
        event = table.event
        session = Session(
            ruleset=event.engine_ruleset,
            options=event.engine_options,
            start=event.start,
            favourite_suit=event.favourite_suit or None,
        )
    return snapshot_key(
        session,
        first_dealer=table.first_dealer,
        planned_deals=table.planned_deals(session),
        ended=table.ended_at is not None,
    )


def snapshot_store(*, table: Table, snapshot: Snapshot) -> None:
    """Keep `snapshot` as `table`'s (inside the transaction of the change it follows)."""
    TableSnapshot.objects.update_or_create(
        table_id=table.pk, defaults={"revision": snapshot.revision, "key": snapshot.key, "data": encode(snapshot)}
    )


def snapshot_fold(*, table: Table, session: Session, deals: list[Deal] | None = None) -> Snapshot:
    """`table`'s snapshot folded from its deals (`deals`: its live deals in order, when the caller has them), for
    the revision the table instance holds: call with the table's row locked, or inside the change's transaction."""
    if deals is None:
        deals = list(table.deals.order_by("position"))
    corrected = frozenset(
        Deal.objects.filter(table=table)
        .annotate(corrections=Count("changes", filter=Q(changes__action=DealChange.Action.CORRECTED)))
        .filter(corrections__gt=0)
        .values_list("position", flat=True)
    )
    struck = Deal.every.filter(table=table, struck_at__isnull=False).count()
    return snapshot_of(
        table.fold([d.to_record() for d in deals]),
        revision=table.revision,
        key=table_key(table, session),
        planned_deals=table.planned_deals(session),
        ended=table.ended_at is not None,
        struck=struck,
        corrected=corrected,
    )


def snapshot_refresh(*, table: Table, session: Session | None = None) -> Snapshot:
    """Fold `table` afresh and keep its snapshot (inside the transaction of a change, the table's row locked)."""
    snapshot = snapshot_fold(table=table, session=session or table.session())
    snapshot_store(table=table, snapshot=snapshot)
    return snapshot


def snapshot_read(*, table: Table, session: Session | None = None) -> Snapshot:
    """`table`'s snapshot at the revision the instance holds. Made again, under the table's write lock, when it is
    missing or was made for another revision or session (a restore, a changed option, a first read)."""
    key = table_key(table, session)
    stored = TableSnapshot.objects.filter(table_id=table.pk).values_list("revision", "key", "data").first()
    if stored is not None and stored[0] == table.revision and stored[1] == key:
        return decode(stored[2], revision=stored[0], key=key)
    return _remade(table, session)


def _remade(table: Table, session: Session | None) -> Snapshot:
    with transaction.atomic():
        locked = Table.objects.select_for_update().only("revision", "ended_at").get(pk=table.pk)
        table.revision, table.ended_at = locked.revision, locked.ended_at
        return snapshot_refresh(table=table, session=session)


def snapshots_read(*, tables: list[Table]) -> dict[int, Snapshot]:
    """The snapshots of `tables` (with their events), by table id: one query when every one is current."""
    stored = {
        pk: (revision, key, data)
        for pk, revision, key, data in TableSnapshot.objects.filter(table__in=tables).values_list(
            "table_id", "revision", "key", "data"
        )
    }
    snapshots = {}
    for table in tables:
        key = table_key(table)
        found = stored.get(table.pk)
        if found is not None and found[0] == table.revision and found[1] == key:
            snapshots[table.pk] = decode(found[2], revision=found[0], key=key)
        else:
            snapshots[table.pk] = _remade(table, None)
    return snapshots
