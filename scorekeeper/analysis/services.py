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

from scorekeeper.analysis.figures import bucket_sums, bucket_totals, digest_rows
from scorekeeper.analysis.models import TableDigest
from scorekeeper.clubs.models import Club
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


def club_tables(*, club: Club, event: Event | None = None) -> list[TableLine]:
    """Every table of the club (or of one of its events) in the order play happened (date, event, round,
    table), with fresh digests.

    One query when every digest is fresh; four more to remake the stale ones, however many there are."""
    lines = []
    stale = []
    tables = Table.objects.filter(event__club=club)
    if event is not None:
        tables = tables.filter(event=event)
    for row in tables.order_by("event__date", "event_id", "round", "number").values_list(*TABLE_FIELDS):
        (pk, event_id, date, ruleset, round_, number, s0, s1, s2, s3, revision, d_rev, d_deals, d_changes) = row
        line = TableLine(pk, event_id, date, ruleset, round_, number, (s0, s1, s2, s3), revision)
        if d_rev == revision:
            line.deals, line.changes = d_deals, tuple(d_changes)
        else:
            stale.append(line)
        lines.append(line)
    if stale:
        made = digests_refresh(table_ids=[line.id for line in stale], parts=False)
        for line in stale:
            digest = made[line.id]
            line.deals, line.changes = digest.deals, tuple(digest.changes)
    return lines


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
        update_fields=["revision", "deals", "changes", "rows", "buckets"],
        batch_size=500,
    )
    if parts:
        reference_parts_refresh(tables=_event_tables({table.event_id for table in tables}))
    return digests


# The club's averages (analysis.figures.Reference) are summed from one part an event, kept in the cache under the
# event's tables and revisions: a table's save remakes its event's part, so the first page after a season's
# import adds up 200 parts instead of decoding 2,000 digests.


def reference_part_key(event_id: int, tables: list[tuple[int, int]]) -> str:
    """The cache key of an event's part: its tables and their revisions, (id, revision) in id order."""
    text = ";".join(f"{pk}.{revision}" for pk, revision in sorted(tables))
    return f"reference-part:{event_id}:{hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()}"


def reference_parts_refresh(*, tables: dict[int, list[tuple[int, int]]]) -> dict[str, dict[str, list[int]]]:
    """Remake the reference parts of the given events, `tables` being each event's (table id, revision): those
    whose every table has a digest of that revision (one query)."""
    ids = [pk for pairs in tables.values() for pk, _revision in pairs]
    digests = {
        pk: (revision, buckets)
        for pk, revision, buckets in TableDigest.objects.filter(table_id__in=ids).values_list(
            "table_id", "revision", "buckets"
        )
    }
    parts = {}
    for event_id, pairs in tables.items():
        if all(pk in digests and digests[pk][0] == revision for pk, revision in pairs):
            parts[reference_part_key(event_id, pairs)] = bucket_totals(digests[pk][1] for pk, _revision in pairs)
    cache.set_many(parts, 3600 * 24)
    return parts


def _event_tables(event_ids: set[int]) -> dict[int, list[tuple[int, int]]]:
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for pk, event_id, revision in Table.objects.filter(event_id__in=event_ids).values_list(
        "id", "event_id", "revision"
    ):
        tables[event_id].append((pk, revision))
    return tables
