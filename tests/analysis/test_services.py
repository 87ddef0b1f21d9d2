"""The digest cache: made again right after the commit of a change, so the next page folds nothing."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from scorekeeper.analysis.models import TableDigest
from scorekeeper.analysis.services import club_tables, digests_refresh, reference_part_key
from scorekeeper.engine import DealRecord
from scorekeeper.tables.services import deal_correct, deal_record
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def test_a_saved_deal_makes_its_tables_digest_after_the_commit(django_capture_on_commit_callbacks):
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        for position, record in enumerate(PC6, start=1):
            deal_record(table=table, position=position, record=record)
    table.refresh_from_db()
    digest = TableDigest.objects.get(table=table)
    assert (digest.revision, digest.deals) == (table.revision, 4)
    assert digest.changes == [-4, -28, -28, 60]  # PC-6's four deals, checked by hand in the spec


def test_a_correction_remakes_the_digest_and_the_page_then_folds_nothing(django_capture_on_commit_callbacks):
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        deals = [deal_record(table=table, position=p, record=r) for p, r in enumerate(PC6, start=1)]
        deal_correct(deal=deals[0], record=PC6[0], reason="checked")
    table.refresh_from_db()
    assert TableDigest.objects.get(table=table).revision == table.revision
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        lines = club_tables(club=table.event.club)
    assert callbacks == [] and lines[0].changes == (-4, -28, -28, 60)


def test_without_the_commit_hook_the_page_makes_the_stale_digest():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)  # on_commit never runs in this test
    assert not TableDigest.objects.filter(table=table).exists()
    (line,) = club_tables(club=table.event.club)
    assert (line.deals, line.changes) == (4, (-4, -28, -28, 60))
    assert TableDigest.objects.get(table=table).deals == 4


def test_a_save_also_remakes_its_events_part_of_the_club_averages(django_capture_on_commit_callbacks):
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        for position, record in enumerate(PC6, start=1):
            deal_record(table=table, position=position, record=record)
    table.refresh_from_db()
    part = cache.get(reference_part_key(table.event_id, [(table.pk, table.revision)]))
    # PC-6 on a fresh table (worked in test_figures): Ann's solo remise -5, the three solo opponents' antes.
    assert part["hombre|solo|5"] == [1, -5] and part["opponent|solo|3"] == [3, -3]


def test_a_digest_kept_save_by_save_is_the_digest_of_the_fold(django_capture_on_commit_callbacks):
    table = make_table()
    records = [PC6[0], DealRecord(dealer=0, void=True), *PC6[1:]]  # a misdeal: Ann deals again
    with django_capture_on_commit_callbacks(execute=True):
        for position, record in enumerate(records, start=1):
            deal_record(table=table, position=position, record=record)
    kept = TableDigest.objects.get(table=table)
    table.refresh_from_db()
    made = digests_refresh(table_ids=[table.pk])[table.pk]
    assert kept.revision == made.revision == table.revision == 5
    assert (kept.deals, kept.changes, kept.rows, kept.buckets) == (made.deals, made.changes, made.rows, made.buckets)
    assert kept.changes == [-4, -28, -28, 60]
    # The event's part of the club's averages, carried save by save, is the digest's buckets too.
    assert cache.get(reference_part_key(table.event_id, [(table.pk, table.revision)])) == made.buckets
