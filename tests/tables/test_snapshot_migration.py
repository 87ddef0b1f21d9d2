"""The snapshot moved from a row of its own into its table's row: a database migrated with its snapshots keeps them,
and its pages read them without folding a table again."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.events.selectors import event_standings
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Table
from scorekeeper.tables.selectors import table_by_token, table_screen
from scorekeeper.tables.services import deal_record
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db(transaction=True)  # migrations run outside a test's transaction

BEFORE = [("tables", "0011_authors_as_marks")]
AFTER = [("tables", "0012_snapshot_in_table_row")]


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def test_a_snapshot_kept_beside_its_table_moves_into_the_table_s_row():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    made = Table.objects.values(*SNAPSHOT_FIELDS).get(pk=table.pk)
    # A mark no fold gives: read as the table's result, it shows the copy was read, not made again.
    marked = {**made, "snapshot_data": {**made["snapshot_data"], "result": [1, 2, 3, 4]}}
    try:
        old = _migrate(BEFORE)
        # As the older version kept it: its own row, the rows as a JSON list.
        old.get_model("tables", "TableSnapshot").objects.create(
            table_id=table.pk,
            revision=marked["snapshot_revision"],
            key=marked["snapshot_key"],
            data=marked["snapshot_data"],
            rows=json.loads(marked["snapshot_rows"]),
        )
    finally:
        _migrate(AFTER)
    assert Table.objects.values(*SNAPSHOT_FIELDS).get(pk=table.pk) == marked
    assert [(a.player.name, a.account) for a in event_standings(event=table.event).accounts] == [
        ("Dan", 4),
        ("Cat", 3),
        ("Ben", 2),
        ("Ann", 1),
    ]
    snapshot = table_screen(table=table_by_token(token=table.token)).snapshot
    # PC-6 by hand: Ann 36, Ben 12, Cat 12, Dan 100 after four deals (the state, which the mark left alone).
    assert snapshot.revision == 4 and snapshot.state.balances == (36, 12, 12, 100)
    assert [row.position for row in snapshot.rows] == [1, 2, 3, 4]


def test_a_table_without_a_snapshot_before_the_move_has_one_made_on_its_first_read():
    table = make_table()
    for position, record in enumerate(PC6[:2], start=1):
        deal_record(table=table, position=position, record=record)
    try:
        _migrate(BEFORE)  # its snapshot row is not kept: the older version would make it on the next read
    finally:
        _migrate(AFTER)
    assert Table.objects.values_list("snapshot_revision", flat=True).get(pk=table.pk) is None
    # PC-6's first two deals by hand from 40 each: -5 -1 -1 -1, then +3 -25 +3 +3.
    assert table_screen(table=table_by_token(token=table.token)).state.balances == (38, 14, 42, 42)
    assert Table.objects.values_list("snapshot_revision", flat=True).get(pk=table.pk) == 2
