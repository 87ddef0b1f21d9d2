"""What a save stores, what it leaves and what it refuses, and the unique constraint that backs its refusal."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.db.models import F
from django.urls import reverse

from scorekeeper.events.models import Event
from scorekeeper.tables import services
from scorekeeper.tables.models import Deal, DealChange, Table
from scorekeeper.tables.selectors import deal_saved_with_key, table_by_token, table_ledger, table_lock, table_screen
from scorekeeper.tables.services import AlreadySaved, EventClosed, RoundEnded, StaleDeal, deal_record
from tests.factories import forget_snapshots, make_table
from tests.tables.pc6 import BASE, PC6

pytestmark = pytest.mark.django_db


def test_a_save_after_the_page_was_read_stores_the_deal_and_its_audit_and_raises_the_revision_once():
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0], idempotency_key="first")
    table = table_by_token(token=table.token)  # as the page loads it: with its event and players
    saved = deal_record(table=table, position=2, record=PC6[1], idempotency_key="second")
    stored = Deal.objects.get(pk=saved.pk)
    assert (stored.position, stored.dealer, stored.contract, stored.hombre, stored.tricks) == (2, 0, "solo", 1, 3)
    assert list(DealChange.objects.filter(deal=saved).values_list("action", "who")) == [
        ("recorded", f"link:{table.token[:6]}")
    ]
    assert deal_saved_with_key(table=table, key="second") == saved
    table.refresh_from_db()
    # PC-6 by hand from 40 each: -5 -1 -1 -1, then +3 -25 +3 +3.
    assert table.revision == 2 and table_ledger(table=table).state.balances == (38, 14, 42, 42)


def test_a_save_leaves_the_snapshot_a_fresh_fold_gives():
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0], idempotency_key="first")
    table = table_by_token(token=table.token)  # as the page loads it: with its event and players
    view = table_screen(table=table)
    deal_record(table=table, position=2, record=PC6[1], idempotency_key="second", snapshot=view.snapshot)
    table.refresh_from_db()
    kept = table_screen(table=table).snapshot
    forget_snapshots(Table.objects.all())
    fresh = table_screen(table=table).snapshot
    # PC-6 by hand from 40 each: -5 -1 -1 -1, then +3 -25 +3 +3.
    assert table.revision == 2 and kept.state.balances == (38, 14, 42, 42)
    assert kept == fresh and [row.deltas for row in kept.rows] == [(-5, -1, -1, -1), (3, -25, 3, 3)]


def test_a_deal_stored_behind_the_snapshots_back_is_refused_by_the_constraint_and_nothing_is_kept():
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0])
    # A row the revision does not know of (as if written by hand): the screen still offers deal 2.
    sneaked = Deal(table=table, position=2)
    sneaked.set_record(PC6[1])
    sneaked.save()
    table.refresh_from_db()
    with pytest.raises(StaleDeal):
        deal_record(table=table, position=2, record=PC6[1], idempotency_key="late")
    # The refused save left nothing, and the connection goes on (the refusal rolled its transaction back).
    assert Table.objects.get(pk=table.pk).revision == 1
    assert list(Deal.objects.filter(table=table).values_list("position", "idempotency_key")) == [(1, ""), (2, "")]
    assert DealChange.objects.filter(deal__table=table).count() == 1


def test_the_key_lookup_finds_the_deal_of_its_table_only():
    table = make_table()
    other = make_table(names=("Eve", "Fay", "Gil", "Hal"), number=2, event=table.event)
    deal = deal_record(table=table, position=1, record=PC6[0], idempotency_key="tap")
    assert deal_saved_with_key(table=table, key="tap") == deal
    assert deal_saved_with_key(table=other, key="tap") is None
    assert deal_saved_with_key(table=table, key="") is None
    assert deal_saved_with_key(table=table, key="other") is None
    with pytest.raises(AlreadySaved) as already:
        deal_record(table=table, position=2, record=PC6[1], idempotency_key="tap")
    assert already.value.deal == deal


def test_a_change_raises_the_stored_revision_by_one_whatever_revision_the_instance_read():
    table = make_table()
    other = make_table(names=("Eve", "Fay", "Gil", "Hal"), number=2, event=table.event)
    read_before = Table.objects.get(pk=table.pk)
    table.changed()
    read_before.changed()  # read at revision 0, stored at 1: the statement adds to what is stored
    assert Table.objects.get(pk=table.pk).revision == 2
    assert Table.objects.get(pk=other.pk).revision == 0


@pytest.mark.parametrize("closing", ["event closed", "round ended"])
def test_a_close_after_the_screen_was_read_refuses_the_save_under_the_lock(closing):
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0])
    table = table_by_token(token=table.token)
    view = table_screen(table=table)  # the phone's screen, read while the table took deals
    if closing == "event closed":
        Event.objects.filter(pk=table.event_id).update(status=Event.Status.CLOSED)  # the revision does not move
    else:
        Table.objects.filter(pk=table.pk).update(ended_at="2026-11-21T22:00:00Z")
    with pytest.raises(RoundEnded if closing == "round ended" else EventClosed):
        deal_record(table=table, position=2, record=PC6[1], idempotency_key="late", snapshot=view.snapshot)
    assert list(Deal.objects.filter(table=table).values_list("position", flat=True)) == [1]


def test_the_lock_reads_the_revision_round_end_and_event_status_as_stored():
    table = make_table()
    Table.objects.filter(pk=table.pk).update(revision=7, ended_at="2026-11-21T22:00:00Z")
    with transaction.atomic():
        locked = table_lock(pk=table.pk)
        assert (locked.revision, str(locked.ended_at), locked.event.status) == (7, "2026-11-21 22:00:00+00:00", "open")


def _hombre_pills(html: str) -> list[str]:
    """The names on the deal form's hombre buttons, in seat order."""
    return re.findall(r'<input type="radio" name="hombre" value="\d"[^>]*><span>([^<]*)</span>', html)


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"run_hombre": "banana"}, "Select a valid choice. banana is not one of the available choices."),
        ({"tricks": "7", "premiers": "on"}, "With premiers and no vole, play stopped at six tricks."),
    ],
    ids=["a field", "the rules"],
)
def test_a_save_refused_shows_the_entries_again_with_the_players_names(client, fields, error):
    # A save reads its table without the players; the form shown again with the error names them.
    table = make_table()
    post = {**BASE, "position": "1", "hombre": "1", "contract": "solo", "trump": "S", "tricks": "6", **fields}
    response = client.post(reverse("table", kwargs={"token": table.token}), post)
    html = response.content.decode()
    assert response.status_code == 200 and error in html
    assert _hombre_pills(html) == ["Ann", "Ben", "Cat", "Dan"] and "Seat 1" not in html
    assert re.search(r'name="hombre" value="1"[^>]*\bchecked\b', html)  # the entries are kept
    assert not Deal.objects.filter(table=table).exists()


def test_a_save_read_under_the_lock_stores_the_deal_its_audit_and_the_snapshot_after_it():
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0], idempotency_key="first")
    with transaction.atomic():
        table = table_by_token(token=table.token, seats=False, locked=True)
        view = table_screen(table=table, names=False)
        saved = deal_record(table=table, position=2, record=PC6[1], snapshot=view.snapshot, locked=True)
    assert saved.position == 2 and DealChange.objects.filter(deal=saved).count() == 1
    table.refresh_from_db()
    # PC-6 by hand from 40 each: -5 -1 -1 -1, then +3 -25 +3 +3.
    assert table.revision == 2 and table_screen(table=table).snapshot.state.balances == (38, 14, 42, 42)


def test_a_save_that_finds_the_revision_moved_under_its_lock_never_takes_it_back(monkeypatch):
    """A writer that takes no lock (none should: the admin cannot change a table) moves the revision between a
    save's check and its write: the save does not write its revision over it, and folds the table again."""
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0])
    inserted = services._deal_insert

    def insert_then_moved(*args, **kwargs):
        deal = inserted(*args, **kwargs)
        Table.objects.filter(pk=table.pk).update(revision=F("revision") + 5)
        return deal

    monkeypatch.setattr(services, "_deal_insert", insert_then_moved)
    deal_record(table=Table.objects.get(pk=table.pk), position=2, record=PC6[1])
    stored = Table.objects.get(pk=table.pk)
    assert stored.revision == 7 and stored.snapshot_revision == 7  # 1, moved to 6, then this save's 7
    # PC-6 by hand from 40 each: -5 -1 -1 -1, then +3 -25 +3 +3.
    assert table_screen(table=table_by_token(token=table.token)).state.balances == (38, 14, 42, 42)
