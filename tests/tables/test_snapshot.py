"""A table's snapshot: what every page reads of a table, made from its deals and never read for another revision."""

from __future__ import annotations

import dataclasses

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.selectors import event_standings, event_summary
from scorekeeper.reports.gather import event_report_for
from scorekeeper.tables import snapshot
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tables.selectors import table_by_token, table_screen
from scorekeeper.tables.services import deal_correct, deal_record, deal_strike, table_end_round
from scorekeeper.tables.snapshot import snapshots_read
from tests.factories import forget_snapshots, make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def _pc6_table():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return Table.objects.get(pk=table.pk)


def test_a_snapshot_kept_for_another_revision_is_never_read(client):
    table = _pc6_table()
    # As after a restore of older deals: the row holds figures of a revision the table is not at.
    Table.objects.filter(pk=table.pk).update(snapshot_revision=table.revision + 7, snapshot_data={"state": "not this"})
    page = client.get(reverse("table", args=[table.token])).content.decode()
    assert "deal 5" in page and ">100<" in page  # PC-6 by hand: Dan ends on 100, deal 5 is next
    kept = Table.objects.get(pk=table.pk)
    assert kept.snapshot_revision == table.revision and kept.snapshot_data["result"] == [36, 12, 12, 100]


def test_the_standings_a_room_polls_fold_again_a_table_whose_snapshot_is_stale_or_missing():
    table = _pc6_table()
    wrong = {"state": [0] * 30, "result": [1, 2, 3, 4], "left": 5}  # figures the standings must never show
    for stale in ({"snapshot_revision": table.revision + 7}, {"snapshot_key": "another session"}):
        Table.objects.filter(pk=table.pk).update(snapshot_data=wrong, **stale)
        summary = event_standings(event=table.event)
        # PC-6 by hand: Ann 36, Ben 12, Cat 12, Dan 100 after four deals, nothing left on the table.
        assert [(a.player.name, a.account, a.deals) for a in summary.accounts] == [
            ("Dan", 100, 4),
            ("Ann", 36, 4),
            ("Ben", 12, 4),
            ("Cat", 12, 4),
        ]
        assert summary.on_tables == 0
        assert Table.objects.get(pk=table.pk).snapshot_data["result"] == [36, 12, 12, 100]
    forget_snapshots(Table.objects.all())
    assert [a.account for a in event_standings(event=table.event).accounts] == [100, 36, 12, 12]


def test_deleting_every_snapshot_loses_nothing():
    table = _pc6_table()
    before = table_screen(table=table_by_token(token=table.token)).snapshot
    forget_snapshots(Table.objects.all())
    after = table_screen(table=table_by_token(token=table.token)).snapshot
    assert after == before and after.state.balances == (36, 12, 12, 100) and after.records == 4


def test_a_save_appends_to_the_snapshot_what_a_fold_gives():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
        kept = table_screen(table=table_by_token(token=table.token)).snapshot
        forget_snapshots(Table.objects.all())
        assert table_screen(table=table_by_token(token=table.token)).snapshot == kept
    # PC-6's tour by hand: -4 -28 -28 +60, the tour complete.
    assert [(t.tour, t.deltas, t.complete) for t in kept.tours] == [(1, (-4, -28, -28, 60), True)]


def test_the_event_report_gives_one_number_per_table_the_standings_give_too():
    """Four codilles leave 480 in the pot (hand-checked); ending the round shares it out, 120 each."""
    table = make_table(options={"session.tours": 1})
    for position in range(1, 5):
        dealer = (table.first_dealer + position - 1) % 4
        record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=4)
        deal_record(table=table, position=position, record=record)
    running = table_screen(table=table_by_token(token=table.token)).state.balances
    assert event_summary(event=table.event).on_tables == 480
    table_end_round(table=table)
    report = event_report_for(table.event)
    (summary,) = report.tables
    shared = tuple(b + 120 for b in running)
    assert summary.balances == shared
    (round_one,) = report.rounds
    start = table.event.start
    by_name = dict(round_one.lines)
    assert [by_name[p.name] for p in table.players] == [b - start for b in shared]
    assert sorted(s.account for s in report.standings) == sorted(shared)


def test_a_change_through_an_instance_read_before_another_change_counts_from_the_stored_revision():
    table = make_table()
    before = Table.objects.get(pk=table.pk)
    deal_record(table=table, position=1, record=PC6[0])  # revision 1
    assert before.revision == 0
    assert before.changed() == 2  # not 1: the stored revision moved since this instance was read
    assert Table.objects.get(pk=table.pk).revision == 2
    assert table_screen(table=table_by_token(token=table.token)).snapshot.revision == 2  # made again for it


@pytest.mark.parametrize("at_once", [1, 50])
def test_snapshots_made_again_all_at_once_are_the_ones_each_change_left(at_once, monkeypatch):
    """A correction and a strike are read for many tables at once when their snapshots are made again together
    (after a club's import, every table of a season), one batch or several: what they give is what the changes
    themselves kept, each table under its own event's session."""
    monkeypatch.setattr(snapshot, "_REMADE_AT_ONCE", at_once)
    corrected = make_table()
    struck = make_table(number=2, start=100)  # another event, another starting balance
    for table in (corrected, struck):
        for position, record in enumerate(PC6, start=1):
            deal_record(table=table, position=position, record=record)
    first = Deal.objects.get(table=corrected, position=1)
    deal_correct(deal=first, record=dataclasses.replace(PC6[0], tricks=6), reason="Ann had six")
    deal_strike(deal=Deal.objects.get(table=struck, position=4), reason="wrong table")

    def read():
        return snapshots_read(
            tables=list(Table.objects.filter(pk__in=[corrected.pk, struck.pk]).select_related("event"))
        )

    kept = read()
    forget_snapshots(Table.objects.all())
    made = read()
    assert made == kept
    assert [row.corrected for row in made[corrected.pk].rows] == [True, False, False, False]
    # PC-6's first three deals by hand from 100 each: -5 -1 -1 -1, +3 -25 +3 +3, -1 -1 -29 -1; the fourth struck.
    assert made[struck.pk].struck == 1 and made[struck.pk].state.balances == (97, 73, 73, 101)


def test_a_snapshot_another_request_made_meanwhile_is_read_not_made_again():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    seen_stale = Table.objects.select_related("event").get(pk=table.pk)
    seen_stale.snapshot_revision = None  # as read before another request made it again
    with CaptureQueriesContext(connection) as queries:
        made = snapshot.snapshots_remade(tables=[seen_stale])[table.pk]
    assert not [q for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    # PC-6 by hand: Ann 36, Ben 12, Cat 12, Dan 100 after four deals.
    assert made.state.balances == (36, 12, 12, 100) and seen_stale.snapshot_revision == 4
