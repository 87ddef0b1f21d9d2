"""The table digests, a cache that writes: made from the engine's fold of a table, stamped with its revision, and
made again for the tables whose revision has moved on (see analysis.models).

The pages' readers (analysis.selectors) take their tables from `club_tables`, which makes any stale digest
first: a digest is made when a page reads it, never on a phone's save.
"""

from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.utils import timezone

from scorekeeper.analysis.figures import bucket_sums, bucket_totals, digest_rows
from scorekeeper.analysis.models import TableDigest
from scorekeeper.clubs.models import Club
from scorekeeper.engine.tournament.scores import Substitution, TournamentOptions, holders
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tables.snapshot import snapshots_read

TABLE_FIELDS = (
    "id",
    "event_id",
    "event__date",
    "event__ruleset",
    "round",
    "number",
    "seat_0_id",
    "seat_1_id",
    "seat_2_id",
    "seat_3_id",
    "revision",
    "digest__revision",
    "digest__deals",
    "digest__changes",
    "digest__stamp",
    "ended_at",
    "planned__seats",  # a tournament's table: its entrant numbers in seat order (None at an evening)
    "event__tournament__options",
)


@dataclass
class TableLine:
    """One table of the club's history: where and when, who sat where, and its digest's totals."""

    id: int
    event_id: int
    date: datetime.date
    ruleset: str
    round: int
    number: int
    seats: tuple[int, int, int, int]
    revision: int
    deals: int = 0
    changes: tuple[int, ...] = (0, 0, 0, 0)
    digest: str = ""  # its digest's stamp (TableDigest.stamp)
    tournament: bool = False  # a table-round of a tournament: rated once finished, with a whole tour (T-77, T-78)
    ended: bool = False
    rated: tuple | None = None  # who the rating counts in each seat, where a substitute held it longest (T-78)
    order: tuple[int, ...] | None = None  # what ranks the seats when not the changes: contract points (T-40, T-77)


def club_tables(*, club: Club, event: Event | None = None) -> list[TableLine]:
    """Every table of the club (or of one of its events) in the order play happened (date, event, round,
    table; a tournament on the day its last round ended, T-77), with fresh digests.

    One query when every digest is fresh; four more to remake the stale ones, however many there are."""
    lines = []
    stale = []
    planned: dict[int, tuple[int, ...]] = {}
    contracts: dict[int, TournamentOptions] = {}
    tables = Table.objects.filter(event__club=club)
    if event is not None:
        tables = tables.filter(event=event)
    ends: dict[int, datetime.datetime] = {}  # a tournament's last round's end: its latest ended table's
    for row in tables.order_by("event__date", "event_id", "round", "number").values_list(*TABLE_FIELDS):
        (pk, event_id, date, ruleset, round_, number, s0, s1, s2, s3, revision, d_rev, d_deals, d_changes) = row[:14]
        stamp, ended_at, planned_seats, tournament_options = row[14:]
        line = TableLine(pk, event_id, date, ruleset, round_, number, (s0, s1, s2, s3), revision)
        line.tournament, line.ended = planned_seats is not None, ended_at is not None
        if planned_seats is not None:
            planned[pk] = tuple(planned_seats)
            if ended_at is not None and (event_id not in ends or ended_at > ends[event_id]):
                ends[event_id] = ended_at
            chosen = TournamentOptions.from_mapping(tournament_options)
            if chosen.method == "contracts":
                contracts[pk] = chosen
        if d_rev == revision:
            line.deals, line.changes, line.digest = d_deals, tuple(d_changes), stamp
        else:
            stale.append(line)
        lines.append(line)
    if stale:
        made = digests_refresh(table_ids=[line.id for line in stale], parts=False)
        for line in stale:
            digest = made[line.id]
            line.deals, line.changes, line.digest = digest.deals, tuple(digest.changes), digest.stamp
    if ends:
        # T-77: a tournament's games come in time order by the end of its last round, not by the day it began
        # (a tournament over several weeks is rated after the evenings played meanwhile); the sort is stable.
        played_on = {event_id: timezone.localdate(end) for event_id, end in ends.items()}
        lines.sort(key=lambda t: (played_on.get(t.event_id, t.date), t.event_id))
    if planned:
        _rated_holders([line for line in lines if line.tournament], planned)
    if contracts:
        _contract_order([line for line in lines if line.id in contracts], contracts)
    return lines


def _contract_order(lines: list[TableLine], options: dict[int, TournamentOptions]) -> None:
    """T-40, T-77: under the `contracts` method a tournament's table ranks its seats by contract points: the
    contract tally its snapshot keeps, priced at the tournament's point values (nothing is folded)."""
    tables = list(Table.objects.filter(id__in=[line.id for line in lines]).select_related("event"))
    snapshots = snapshots_read(tables=tables)
    for line in lines:
        line.order = snapshots[line.id].contracts.points(options[line.id])


@dataclass(frozen=True)
class _Rows:
    """A snapshot's rows where the engine's `holders` reads a ledger's entries (`void`, `position`)."""

    entries: tuple


def _rated_holders(lines: list[TableLine], planned: dict[int, tuple[int, ...]]) -> None:
    """T-78: at a tournament's table with a substitute, each seat is rated for who held it for the most valid
    deals, by the engine's `holders`: a substitute under his own player record (or his name, when he has none),
    and the entrant he replaced not at all for that round. Only those tables' snapshot rows are read."""
    fields = ("id", "planned__substitutes__seat", "planned__substitutes__name", "planned__substitutes__from_deal")
    found: dict[int, list] = defaultdict(list)
    rows = Table.objects.filter(id__in=[line.id for line in lines], planned__substitutes__isnull=False).values_list(
        *fields, "planned__substitutes__player_id", "planned__substitutes__player__name"
    )
    for table_id, seat, name, from_deal, player_id, player_name in rows:
        found[table_id].append((seat, player_name or name, from_deal, player_id))
    if not found:
        return
    snapshots = snapshots_read(tables=list(Table.objects.filter(id__in=found).select_related("event")))
    for line in lines:
        if line.id not in found:
            continue
        substitutes = tuple(Substitution(seat, name, from_deal) for seat, name, from_deal, _ in found[line.id])
        person = {name: player_id or f"substitute:{name}" for _, name, _, player_id in found[line.id]}
        held = holders(_Rows(snapshots[line.id].rows), planned[line.id], substitutes)
        line.rated = tuple(
            seat if isinstance(who, int) else person[who] for seat, who in zip(line.seats, held, strict=True)
        )


def digests_refresh(*, table_ids: list[int], parts: bool = True) -> dict[int, TableDigest]:
    """Fold the given tables and store their digests, stamped with the revision read before their deals; with
    `parts`, remake their events' parts of the club's averages too (two queries more)."""
    tables = list(
        Table.objects.filter(pk__in=table_ids).select_related("event", "seat_0", "seat_1", "seat_2", "seat_3")
    )
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in Deal.objects.filter(table_id__in=table_ids).order_by("table_id", "position"):
        deals[deal.table_id].append(deal)
    snapshots = snapshots_read(tables=tables)
    digests = {}
    for table in tables:
        ledger = table.fold([d.to_record() for d in deals[table.pk]])
        rows = digest_rows(ledger, table.opening(ledger.session))
        digests[table.pk] = TableDigest(
            table_id=table.pk,
            revision=table.revision,
            deals=len(rows),
            changes=[b - ledger.session.start for b in snapshots[table.pk].result],
            rows=rows,
            buckets=bucket_sums(rows),
        )
    TableDigest.objects.bulk_create(
        digests.values(),
        update_conflicts=True,
        unique_fields=["table"],
        update_fields=["revision", "deals", "changes", "rows", "buckets", "stamp"],
        batch_size=500,
    )
    if parts:
        reference_parts_refresh(tables=_event_tables({table.event_id for table in tables}))
    return digests


# The club's averages (analysis.figures.Reference) are summed from one part an event, kept in the cache under the
# stamps of the event's tables' digests: a table's save remakes its event's part, so the first page after a
# season's import adds up 200 parts instead of decoding 2,000 digests. A stamp, not a revision: after a restore a
# table reaches its old revisions again with other deals, and the cache outlives pg_restore.


def reference_part_key(event_id: int, tables: list[tuple[int, str]]) -> str:
    """The cache key of an event's part: its tables and their digests' stamps, (id, stamp) in id order."""
    text = ";".join(f"{pk}.{stamp}" for pk, stamp in sorted(tables))
    return f"reference-part:{event_id}:{hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()}"


def reference_parts_refresh(*, tables: dict[int, list[tuple[int, str]]]) -> dict[str, dict[str, list[int]]]:
    """Remake the reference parts of the given events, `tables` being each event's (table id, digest stamp): those
    whose every table has that digest still (one query)."""
    ids = [pk for pairs in tables.values() for pk, _stamp in pairs]
    digests = {
        pk: (stamp, buckets)
        for pk, stamp, buckets in TableDigest.objects.filter(table_id__in=ids).values_list(
            "table_id", "stamp", "buckets"
        )
    }
    parts = {}
    for event_id, pairs in tables.items():
        if all(pk in digests and digests[pk][0] == stamp for pk, stamp in pairs):
            parts[reference_part_key(event_id, pairs)] = bucket_totals(digests[pk][1] for pk, _stamp in pairs)
    cache.set_many(parts, 3600 * 24)
    return parts


def _event_tables(event_ids: set[int]) -> dict[int, list[tuple[int, str]]]:
    """Each event's tables as (id, digest stamp); a table without a digest has None, which no digest matches."""
    tables: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for pk, event_id, stamp in Table.objects.filter(event_id__in=event_ids).values_list(
        "id", "event_id", "digest__stamp"
    ):
        tables[event_id].append((pk, stamp))
    return tables
