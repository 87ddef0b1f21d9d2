"""The snapshot moved from a row of its own into its table's row: a database migrated with its snapshots keeps them,
and its pages read them without folding a table again."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

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
    try:
        old = _migrate(BEFORE)
        # As the older version kept it: its own row, the rows as a JSON list.
        old.get_model("tables", "TableSnapshot").objects.create(
            table_id=table.pk,
            revision=made["snapshot_revision"],
            key=made["snapshot_key"],
            data=made["snapshot_data"],
            rows=json.loads(made["snapshot_rows"]),
        )
    finally:
        _migrate(AFTER)
    assert Table.objects.values(*SNAPSHOT_FIELDS).get(pk=table.pk) == made
    snapshot = table_screen(table=table_by_token(token=table.token)).snapshot
    # PC-6 by hand: Ann 36, Ben 12, Cat 12, Dan 100 after four deals.
    assert snapshot.revision == 4 and snapshot.state.balances == (36, 12, 12, 100)
    assert [row.position for row in snapshot.rows] == [1, 2, 3, 4]
    assert Table.objects.values(*SNAPSHOT_FIELDS).get(pk=table.pk) == made  # read as it was, not made again
