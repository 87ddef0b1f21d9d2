"""A table's snapshot: everything the pages read from a table's fold, made by the engine from its deals.

One snapshot a table, kept in the table's own row (`Table.snapshot_*`, written in the transaction of the change that
made it, a save's with the new revision in one statement) and keyed by the table's revision and a fingerprint of
what the fold depends on besides the deals (rule set, options, first dealer, round length, whether the round
ended). A restore brings it back with the deals it was made from;
a snapshot whose key does not match its table is made again before anything reads it (`snapshot_read`). This is
the one module that makes snapshots: the services store the one a change leaves, the selectors read.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from django.db import transaction
from django.db.models import Count, Q

from scorekeeper.engine import EngineError, Ledger, LedgerEntry, Session, TableState, close_session, fold
from scorekeeper.engine.model import Contract, Line
from scorekeeper.engine.tournament.scores import ContractTally
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Deal, DealChange, Table, planned_deals, playing_boards

# Raised when what a snapshot holds changes shape: every stored snapshot is then made again on its first read.
# 3: the contract tally (a tournament under `contracts` reads its points from the snapshot, T-39), and the boards
# passed with no result at a duplicate table (T-63).
FORMAT = 4


@dataclass(frozen=True)
class TourTotal:
    tour: int
    deltas: tuple[int, ...]
    played: int  # the tour's valid deals recorded so far

    @property
    def complete(self) -> bool:
        return self.played == 4


class SnapshotRow(NamedTuple):
    """One deal of the ledger: what was played (seats, not names: names are worded when shown) and what it did.

    A named tuple, immutable like the frozen dataclasses around it, because a page decodes every row of its table
    (200 at a long table): a tuple is built in a fifth of the time a frozen dataclass of fifteen fields takes."""

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
    penalties: int = 0  # penalties settled with the deal (the ledger line says so; the deal's page says which)

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
    records: int  # deals recorded, misdeals included
    tours: tuple[TourTotal, ...]
    struck: int  # deals struck out of the sequence (the page reads them only when there are some)
    complete: bool  # the round has reached its planned length and may stop there
    result: tuple[int, ...]
    left: int
    final: tuple[int, ...]
    # Every deal's row as Table.snapshot_rows keeps it (rows_text); None when read without them (the standings
    # read only the rest: snapshots_read). A save appends its row to this text without decoding the others.
    rows_json: str | None = None
    # What a tournament's contract points are made of (T-37, T-38), whatever its point values.
    contracts: ContractTally = ContractTally()

    @functools.cached_property
    def rows(self) -> tuple[SnapshotRow, ...] | None:
        """Every deal's row, decoded when first read (a page reads them, a save does not)."""
        return None if self.rows_json is None else tuple(_row(values) for values in json.loads(self.rows_json))

    @property
    def deals(self) -> int:
        """Valid deals played (misdeals left out)."""
        return self.state.number


def snapshot_key(session: Session, *, first_dealer: int, planned_deals: int, ended: bool) -> str:
    """The fingerprint of what a fold and its result depend on besides the deals (names are not among them). A
    duplicate tournament's table (`Table.plays_boards`) is made again when its round links it, before any deal."""
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
        penalties=len(deal.penalties),
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
    complete = state.number + state.passed >= planned_deals  # boards with no result count (T-63)
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
    return Snapshot(
        revision=revision,
        key=key,
        state=ledger.state,
        records=len(rows),
        tours=tour_totals(rows),
        struck=struck,
        complete=complete,
        result=result,
        left=left,
        final=final,
        rows_json=rows_text(rows),
        contracts=ContractTally().added(ledger.entries, ledger.session.options),
    )


def snapshot_appended(
    before: Snapshot, entry: LedgerEntry, *, session: Session, revision: int, planned_deals: int
) -> Snapshot:
    """The snapshot after one deal (`entry`, settled after `before`'s state) was appended to the table."""
    if before.rows_json is None:
        raise ValueError("a deal is appended to a snapshot read with its rows")
    row = row_of(entry)
    complete, result, left, final = _after(session, entry.state, planned_deals=planned_deals, ended=False)
    return Snapshot(
        revision=revision,
        key=before.key,
        state=entry.state,
        records=before.records + 1,
        tours=tour_totals([row], before.tours),
        struck=before.struck,
        complete=complete,
        result=result,
        left=left,
        final=final,
        rows_json=rows_appended(before.rows_json, row),
        contracts=before.contracts.added((entry,), session.options),
    )


# JSON: the state as a list in field order, a row as a list, so that a 200-deal table is a few kilobytes.

_STATE_FIELDS = tuple(TableState.__dataclass_fields__)


def encode(snapshot: Snapshot) -> dict:
    """What a snapshot holds but its rows (Table.snapshot_data)."""
    return {
        "state": [getattr(snapshot.state, name) for name in _STATE_FIELDS],
        "records": snapshot.records,
        "tours": [[t.tour, t.deltas, t.played] for t in snapshot.tours],
        "struck": snapshot.struck,
        "complete": snapshot.complete,
        "result": snapshot.result,
        "left": snapshot.left,
        "final": snapshot.final,
        # Its six tuples of seats as they are: astuple() would copy each, number by number, on every save.
        "contracts": [getattr(snapshot.contracts, field.name) for field in dataclasses.fields(ContractTally)],
    }


def encode_row(r: SnapshotRow) -> list:
    """A snapshot's row as JSON keeps it: a list (as JSON gives it back, so that a row stored and one just made
    compare equal)."""
    return [
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
        list(r.deltas),
        list(r.balances),
        r.corrected,
        r.penalties,
    ]


def rows_text(rows: Iterable[SnapshotRow]) -> str:
    """The rows as Table.snapshot_rows keeps them: a JSON list of encoded rows, each written by _row_text."""
    return "[" + ",".join(_row_text(row) for row in rows) + "]"


def rows_appended(text: str, row: SnapshotRow) -> str:
    """rows_text of the rows in `text` and `row` after them, written without reading the others (a save at a
    200-deal table would decode and encode 20 kB)."""
    return f"{text[:-1]}{',' if text != '[]' else ''}{_row_text(row)}]"


def _row_text(row: SnapshotRow) -> str:
    return json.dumps(encode_row(row), separators=(",", ":"))


# A stored row's contract and line by their value ("" for none): a dictionary lookup, where calling the enum looks
# the value up through its metaclass, twice a row.
_CONTRACTS = {"": None, None: None, **{contract.value: contract for contract in Contract}}
_LINES = {"": None, None: None, **{line.value: line for line in Line}}


def _row(values: list) -> SnapshotRow:
    position, number, dealer, contract, hombre, ally, trump, tricks, vole, line, stake, deltas, balances, *ends = values
    fixed, fines = ends
    return SnapshotRow(
        position,
        number,
        dealer,
        _CONTRACTS[contract],
        hombre,
        ally,
        trump,
        tricks,
        vole,
        _LINES[line],
        stake,
        tuple(deltas),
        tuple(balances),
        fixed,
        fines,
    )


def decode(data: dict, rows: str | None, *, revision: int, key: str) -> Snapshot:
    values = dict(zip(_STATE_FIELDS, data["state"], strict=True))
    for name in ("balances", "k_seats", "beasts", "eligible"):
        values[name] = tuple(values[name])
    return Snapshot(
        revision=revision,
        key=key,
        state=TableState(**values),
        records=data["records"],
        tours=tuple(TourTotal(tour, tuple(deltas), played) for tour, deltas, played in data["tours"]),
        struck=data["struck"],
        complete=data["complete"],
        result=tuple(data["result"]),
        left=data["left"],
        final=tuple(data["final"]),
        rows_json=rows,
        contracts=tally_of(data["contracts"]),
    )


def tally_of(values: list) -> ContractTally:
    """A contract tally from its JSON (Table.snapshot_data["contracts"])."""
    return ContractTally(*(tuple(seats) for seats in values))


def event_session(event) -> Session:
    """The session of the event's tables but their players' names (which no snapshot depends on)."""
    return Session(
        ruleset=event.engine_ruleset,
        options=event.engine_options,
        start=event.start,
        favourite_suit=event.favourite_suit or None,
    )


def table_key(table: Table, session: Session | None = None) -> str:
    """The key `table`'s snapshot must carry (`session`: its session, if made; names play no part)."""
    if session is None:
        session = event_session(table.event)
    return snapshot_key(
        session,
        first_dealer=table.first_dealer,
        planned_deals=table.planned_deals(session),
        ended=table.ended_at is not None,
    )


def shape_keys(session: Session) -> Callable[[int, int, bool], str]:
    """The key of a table's snapshot from its columns (first dealer, extra tours, round ended), for the tables of
    one event: they share a handful of shapes, so a read of many works out each key once."""

    @functools.cache
    def key(first_dealer: int, extra_tours: int, ended: bool) -> str:
        return snapshot_key(
            session, first_dealer=first_dealer, planned_deals=planned_deals(session, extra_tours), ended=ended
        )

    return key


def snapshot_store(*, table: Table, snapshot: Snapshot, changed: bool = False) -> bool:
    """Keep `snapshot` as `table`'s, in its row and in the instance (inside the transaction of the change it
    follows, the table's row locked). `changed`: the snapshot is of the change that raises the table's revision to
    `snapshot.revision` (a save, which checked under the lock that the stored revision is the one below), and the
    revision is written with it, in one statement, on that condition: False, and nothing written, if the stored
    revision is another (moved by a writer that took no lock)."""
    columns = {
        "snapshot_revision": snapshot.revision,
        "snapshot_key": snapshot.key,
        "snapshot_data": encode(snapshot),
        "snapshot_rows": snapshot.rows_json,
    }
    rows = Table.objects.filter(pk=table.pk)
    if changed:
        columns["revision"] = snapshot.revision
        rows = rows.filter(revision=snapshot.revision - 1)
    if not rows.update(**columns):
        return False
    for name, value in columns.items():
        setattr(table, name, value)
    return True


def snapshot_fold(
    *,
    table: Table,
    session: Session,
    deals: list[Deal] | None = None,
    corrected: frozenset[int] | None = None,
    struck: int | None = None,
    boards: bool | None = None,
) -> Snapshot:
    """`table`'s snapshot folded from its deals, for the revision the table instance holds: call with the table's
    row locked, or inside the change's transaction. What the caller read of the table is not read again: `deals`
    (its live deals in order), `corrected` (the positions of those corrected since recorded), `struck` (how many
    deals were struck out), `boards` (whether it plays boards: Table.plays_boards)."""
    if deals is None:
        deals = list(table.deals.order_by("position"))
    if corrected is None:
        corrected = frozenset(position for _, position in _corrected(Deal.objects.filter(table=table)))
    if struck is None:
        struck = Deal.every.filter(table=table, struck_at__isnull=False).count()
    return snapshot_of(
        fold(session, [d.to_record() for d in deals], state=table.opening(session, boards=boards)),
        revision=table.revision,
        key=table_key(table, session),
        planned_deals=table.planned_deals(session),
        ended=table.ended_at is not None,
        struck=struck,
        corrected=corrected,
    )


def _corrected(deals) -> Iterable[tuple[int, int]]:
    """(table id, position) of each of `deals` (a queryset) corrected since it was recorded."""
    return (
        deals.annotate(corrections=Count("changes", filter=Q(changes__action=DealChange.Action.CORRECTED)))
        .filter(corrections__gt=0)
        .values_list("table_id", "position")
    )


def snapshot_refresh(*, table: Table, session: Session | None = None) -> Snapshot:
    """Fold `table` afresh and keep its snapshot (inside the transaction of a change, the table's row locked)."""
    snapshot = snapshot_fold(table=table, session=session or table.session())
    snapshot_store(table=table, snapshot=snapshot)
    return snapshot


def snapshot_read(*, table: Table, session: Session | None = None, loaded: bool = False) -> Snapshot:
    """`table`'s snapshot at the revision the instance holds. Made again, under the table's write lock, when it is
    missing or was made for another revision or session (a restore, a changed option, a first read). `loaded`:
    the table was just read with its snapshot's columns, which are then not read again; read without its rows
    (`defer("snapshot_rows")`), the snapshot has none."""
    key = table_key(table, session)
    kept = _columns(table) if loaded else Table.objects.values_list(*SNAPSHOT_FIELDS).get(pk=table.pk)
    return _current(table, key, kept) or _remade(table, session)


def _columns(table: Table) -> tuple:
    """A table instance's snapshot columns (SNAPSHOT_FIELDS) as it was read with them; its rows None if deferred."""
    rows = None if "snapshot_rows" in table.get_deferred_fields() else table.snapshot_rows
    return table.snapshot_revision, table.snapshot_key, table.snapshot_data, rows


def _current(table: Table, key: str, kept: tuple) -> Snapshot | None:
    """The snapshot in `kept` (SNAPSHOT_FIELDS' values), if it was made for the revision the instance holds and for
    `key`; else None (it is to be made again)."""
    revision, kept_key, data, rows = kept
    return decode(data, rows, revision=revision, key=key) if revision == table.revision and kept_key == key else None


def _remade(table: Table, session: Session | None) -> Snapshot:
    return snapshots_remade(tables=[table], session=session)[table.pk]


# Tables made again in one transaction, under their write lock (SQLite's: the whole database's): each costs a fold
# and an UPDATE, about 2 ms at 40 deals and 8 ms at 200, so a phone's save never waits behind more than a fraction
# of a second; the commit is shared.
_REMADE_AT_ONCE = 50


def snapshots_remade(*, tables: list[Table], session: Session | None = None) -> dict[int, Snapshot]:
    """Make the snapshots of `tables` (with their events) again and keep them, by table id, each for the revision
    stored now (read under the tables' write lock, as the instances are brought up to it). Their deals, corrections
    and strikes are read for many tables at once, and 50 are written a transaction: the first page after a
    club's import or a restore from before the snapshots can find hundreds to make; a snapshot another request made
    meanwhile is read as it is. `session`: the tables' own, when they are of one event and the caller has it."""
    made: dict[int, Snapshot] = {}
    sessions: dict[int, Session] = {}
    for start in range(0, len(tables), _REMADE_AT_ONCE):
        batch = tables[start : start + _REMADE_AT_ONCE]
        ids = [table.pk for table in batch]
        boards = playing_boards(batch)
        with transaction.atomic():
            # Locked in the order every writer of many tables locks them (an event's close: round, number).
            locked = {
                row[0]: row[1:]
                for row in Table.objects.select_for_update()
                .filter(pk__in=ids)
                .order_by("event_id", "round", "number")
                .values_list("pk", "revision", "ended_at", *SNAPSHOT_FIELDS)
            }
            deals: dict[int, list[Deal]] = defaultdict(list)
            for deal in Deal.objects.filter(table_id__in=ids).order_by("table_id", "position"):
                deals[deal.table_id].append(deal)
            corrected: dict[int, set[int]] = defaultdict(set)
            for table_id, position in _corrected(Deal.objects.filter(table_id__in=ids)):
                corrected[table_id].add(position)
            struck = dict(
                Deal.every.filter(table_id__in=ids, struck_at__isnull=False)
                .values("table_id")
                .annotate(count=Count("pk"))
                .values_list("table_id", "count")
            )
            for table in batch:
                if table.pk not in locked:
                    raise Table.DoesNotExist(f"table {table.pk} is gone")
                table.revision, table.ended_at, *kept = locked[table.pk]
                if session is not None:
                    its = session
                elif table.event_id in sessions:
                    its = sessions[table.event_id]
                else:
                    its = sessions[table.event_id] = event_session(table.event)
                current = _current(table, table_key(table, its), kept)
                if current is not None:  # made meanwhile by another request
                    table.snapshot_revision, table.snapshot_key, table.snapshot_data, table.snapshot_rows = kept
                    made[table.pk] = current
                    continue
                snapshot = snapshot_fold(
                    table=table,
                    session=its,
                    deals=deals[table.pk],
                    corrected=frozenset(corrected[table.pk]),
                    struck=struck.get(table.pk, 0),
                    boards=table.pk in boards,
                )
                snapshot_store(table=table, snapshot=snapshot)
                made[table.pk] = snapshot
    return made


def snapshots_read(*, tables: list[Table]) -> dict[int, Snapshot]:
    """The snapshots of `tables` (with their events), by table id, from the columns each was read with: no query
    when every one is current. A table read without its rows (`defer("snapshot_rows")`: the standings need only
    the rest) gives a snapshot without them (None)."""
    sessions: dict[int, Session] = {}  # an event's tables share their session but for the names
    snapshots = {}
    stale = []
    for table in tables:
        session = sessions.get(table.event_id)
        if session is None:
            session = sessions[table.event_id] = event_session(table.event)
        current = _current(table, table_key(table, session), _columns(table))
        if current is None:
            stale.append(table)
        else:
            snapshots[table.pk] = current
    snapshots.update(snapshots_remade(tables=stale))
    return snapshots


@dataclass(frozen=True)
class SnapshotResult:
    """What standings read of a table's snapshot: its valid deals and results, without its rows."""

    deals: int
    complete: bool
    result: tuple[int, ...]
    left: int
    final: tuple[int, ...]
    contracts: ContractTally = ContractTally()


_NUMBER = _STATE_FIELDS.index("number")


def result_of(data: dict) -> SnapshotResult:
    """What the standings read of a snapshot's JSON (Table.snapshot_data), without making the rest of it: a
    tournament's poll reads every played table's, and its tour totals were most of the time."""
    return SnapshotResult(
        data["state"][_NUMBER],
        data["complete"],
        tuple(data["result"]),
        data["left"],
        tuple(data["final"]),
        tally_of(data["contracts"]),
    )


@dataclass(frozen=True)
class SeatedSnapshot:
    """A table of an event as its standings read it: its round, its players' ids by seat, and from its snapshot
    its valid deals, its result and what is left on it."""

    round: int
    players: tuple[int, int, int, int]
    deals: int
    result: tuple[int, ...]
    left: int


def event_snapshots(*, event) -> list[SeatedSnapshot]:
    """Every table of `event` with what its standings read of its snapshot, without a model instance a table:
    one query when every snapshot is current (a poll of the standings at 60 tables reads 60 rows, and of each
    only those three figures, not the whole snapshot). Stale ones are made again, all at once (snapshots_remade)."""
    session = event_session(event)
    found = (
        Table.objects.filter(event=event)
        .order_by("round", "number")
        .values_list(
            "pk",
            "round",
            "revision",
            "first_dealer",
            "extra_tours",
            "ended_at",
            "seat_0",
            "seat_1",
            "seat_2",
            "seat_3",
            "snapshot_revision",
            "snapshot_key",
            f"snapshot_data__state__{_NUMBER}",
            "snapshot_data__result",
            "snapshot_data__left",
        )
    )
    key_of = shape_keys(session)
    seated = []
    stale = {}
    for pk, round_, revision, first, extra, ended, s0, s1, s2, s3, kept, kept_key, deals, result, left in found:
        if kept != revision or kept_key != key_of(first, extra, ended is not None):
            stale[pk] = len(seated)
        seated.append(SeatedSnapshot(round_, (s0, s1, s2, s3), deals, tuple(result or ()), left))
    if stale:
        tables = list(Table.objects.filter(pk__in=stale).select_related("event"))
        for pk, made in snapshots_remade(tables=tables, session=session).items():
            place = stale[pk]
            seated[place] = dataclasses.replace(seated[place], deals=made.deals, result=made.result, left=made.left)
    return seated


def snapshot_results(*, tables: list[Table]) -> dict[int, SnapshotResult]:
    """The results of `tables`' snapshots (with their events), by table id, from the columns each was read with
    (its rows need not be: `defer("snapshot_rows")`), without making the rest of each snapshot: no query when every
    one is current (a tournament's standings read 60 tables on every poll)."""
    sessions: dict[int, Session] = {}
    results = {}
    stale = []
    for table in tables:
        event = table.event
        if event.pk not in sessions:
            sessions[event.pk] = event_session(event)
        if table.snapshot_revision == table.revision and table.snapshot_key == table_key(table, sessions[event.pk]):
            results[table.pk] = result_of(table.snapshot_data)
        else:
            stale.append(table)
    for pk, made in snapshots_remade(tables=stale).items():
        results[pk] = SnapshotResult(made.deals, made.complete, made.result, made.left, made.final, made.contracts)
    return results
