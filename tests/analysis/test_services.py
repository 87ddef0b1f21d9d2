"""The digest cache: made when a page reads a table whose revision moved on, never on a phone's save."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from scorekeeper.analysis.models import TableDigest
from scorekeeper.analysis.services import club_tables, digests_refresh, reference_part_key
from scorekeeper.tables.services import deal_correct, deal_record
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def test_the_first_page_after_the_saves_makes_the_digest_of_the_table():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    assert not TableDigest.objects.filter(table=table).exists()  # a phone's save never waits for a digest
    (line,) = club_tables(club=table.event.club)
    assert (line.deals, line.changes) == (4, (-4, -28, -28, 60))  # PC-6's four deals, checked by hand in the spec
    table.refresh_from_db()
    assert TableDigest.objects.get(table=table).revision == table.revision


def test_a_correction_makes_the_next_page_remake_the_digest():
    table = make_table()
    deals = [deal_record(table=table, position=p, record=r) for p, r in enumerate(PC6, start=1)]
    club_tables(club=table.event.club)
    deal_correct(deal=deals[0], record=PC6[0], reason="checked")  # the revision moves, the figures do not
    stale = TableDigest.objects.get(table=table).revision
    (line,) = club_tables(club=table.event.club)
    table.refresh_from_db()
    assert stale == table.revision - 1 and TableDigest.objects.get(table=table).revision == table.revision
    assert line.changes == (-4, -28, -28, 60)


def test_a_page_makes_its_events_part_of_the_club_averages():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    club_tables(club=table.event.club)
    digests_refresh(table_ids=[table.pk])
    table.refresh_from_db()
    part = cache.get(reference_part_key(table.event_id, [(table.pk, TableDigest.objects.get(table=table).stamp)]))
    # PC-6 on a fresh table (worked in test_figures): Ann's solo remise -5, the three solo opponents' antes.
    assert part["hombre|solo|5"] == [1, -5] and part["opponent|solo|3"] == [3, -3]
