"""Every save is idempotent: the form's key finds the deal it saved, whatever the table's state now."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse

from scorekeeper.engine import parse_document
from scorekeeper.events.services import event_close
from scorekeeper.tables.models import Deal
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import AlreadySaved, deal_record, deal_strike, table_end_round
from tests.engine.conftest import load_vectors
from tests.factories import make_table
from tests.tables.pc6 import PC6
from tests.tables.posts import post_for

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
# The first worked example of each rule set that opens with empty stores (a table the app can seat).
FIRST = {}
for _vector in load_vectors():
    _ruleset = _vector["input"]["ruleset"]
    if _ruleset not in FIRST and not {"pot", "k", "board", "beasts", "held"} & set(_vector["input"]):
        FIRST[_ruleset] = _vector


def seated(vector):
    """A table of the vector's rule set and options, its first dealer the vector's, and the vector's records."""
    session, records, _close = parse_document(vector["input"])
    table = make_table(
        ruleset=session.ruleset.value,
        options=session.options.as_mapping(changed_only=True),
        start=session.start,
        first_dealer=records[0].dealer,
    )
    return table, records


def post(client, table, record, position, key="", **headers):
    view = table_ledger(table=table)
    data = post_for(record, session=view.session, state=view.state_before(position), position=position, key=key)
    return client.post(reverse("table", kwargs={"token": table.token}), data, **headers)


@pytest.mark.parametrize("ruleset", sorted(FIRST))
def test_the_same_form_saved_twice_is_one_deal(client, ruleset):
    table, records = seated(FIRST[ruleset])
    first = post(client, table, records[0], 1, key="a" * 32, **JSON)
    assert first.status_code == 201
    assert first.json() == {"result": "saved", "deal": 1, "position": 1}
    again = post(client, table, records[0], 1, key="a" * 32, **JSON)
    assert again.status_code == 200
    assert again.json() == {"result": "already_saved", "deal": 1, "position": 1}
    page = post(client, table, records[0], 1, key="a" * 32, follow=True)
    assert "Deal 1 already saved." in page.content.decode()
    assert list(Deal.objects.filter(table=table).values_list("position", "idempotency_key")) == [(1, "a" * 32)]


def test_a_britannica_double_tap_after_the_remainder_is_paid_finds_the_stored_deal(client):
    # BC-1..BC-3: Ben's solo codille (deal 2) holds 1 counter for Ann, Cat or Dan; deal 3 pays it to Dan.
    table, records = seated(FIRST["britannica-counters"])
    assert post(client, table, records[0], 1, key="k1").status_code == 302
    assert post(client, table, records[1], 2, key="k2").status_code == 302
    assert table_ledger(table=table).state.held == 1
    assert post(client, table, records[2], 3, key="k3", **JSON).json()["result"] == "saved"
    assert table_ledger(table=table).state.held == 0
    again = post(client, table, records[2], 3, key="k3", **JSON)
    assert (again.status_code, again.json()) == (200, {"result": "already_saved", "deal": 3, "position": 3})
    page = post(client, table, records[2], 3, key="k3", follow=True)
    html = page.content.decode()
    assert "Deal 3 already saved." in html and "is not one of the available choices" not in html
    # A form from before the keys (no key): the deal is read against the table as it was before it.
    assert post(client, table, records[2], 3).status_code == 302
    assert Deal.objects.filter(table=table).count() == 3


def pc6_table():
    return make_table(), PC6  # Dan deals first, as in the spec


def test_another_deal_for_a_taken_number_is_a_conflict(client):
    table, records = pc6_table()
    assert post(client, table, records[0], 1, key="first", **JSON).status_code == 201
    other = post(client, table, dataclasses.replace(records[0], tricks=2), 1, key="second", **JSON)
    assert other.status_code == 409
    body = other.json()
    assert body["result"] == "conflict" and body["deal"] == 1 and body["position"] == 1
    assert "Deal 1 was already recorded from another phone" in body["message"]
    assert Deal.objects.filter(table=table).count() == 1


def test_a_second_phone_saving_the_same_deal_with_its_own_key_is_told_it_did_not_record_it(client):
    table, records = pc6_table()
    assert post(client, table, records[0], 1, key="phone-one", **JSON).status_code == 201
    second = post(client, table, records[0], 1, key="phone-two", **JSON)
    assert second.status_code == 409
    assert second.json()["result"] == "conflict" and second.json()["deal"] == 1
    page = post(client, table, records[0], 1, key="phone-two")
    assert page.status_code == 409 and "Deal 1 was already recorded from another phone" in page.content.decode()
    assert list(Deal.objects.filter(table=table).values_list("idempotency_key", flat=True)) == ["phone-one"]


def test_an_incomplete_form_is_invalid_with_its_fields(client):
    table = make_table()
    response = client.post(
        reverse("table", kwargs={"token": table.token}),
        {"position": "1", "contract": "solo", "trump": "S", "idempotency_key": "x"},
        **JSON,
    )
    assert response.status_code == 400
    body = response.json()
    assert body["result"] == "invalid" and set(body["errors"]) == {"hombre", "tricks"}
    assert body["errors"]["hombre"] == ["This field is required."]


def test_a_closed_event_refuses_a_new_save_but_answers_a_stored_key(client):
    table, records = pc6_table()
    assert post(client, table, records[0], 1, key="saved-before", **JSON).status_code == 201
    event_close(event=table.event)
    refused = post(client, table, records[1], 2, key="new", **JSON)
    assert refused.status_code == 403
    assert refused.json() == {"result": "refused", "message": "This event is closed: nothing can be changed."}
    stored = post(client, table, records[0], 1, key="saved-before", **JSON)
    assert stored.json() == {"result": "already_saved", "deal": 1, "position": 1}


def test_an_ended_round_refuses_with_its_own_message(client):
    table, records = pc6_table()
    for position, record in enumerate(records, start=1):
        assert post(client, table, record, position).status_code == 302
    table_end_round(table=table)
    fifth = dataclasses.replace(records[0], dealer=3)
    refused = post(client, table, fifth, 5, key="late", **JSON)
    assert refused.status_code == 403
    assert refused.json()["message"] == "This table's round has ended: nothing more can be recorded or changed here."
    page = post(client, table, fifth, 5, key="late")
    assert page.status_code == 403 and "This event is closed" not in page.content.decode()


def test_the_service_finds_a_stored_key_before_it_validates(client):
    table, records = seated(FIRST["britannica-counters"])
    deal_record(table=table, position=1, record=records[0], idempotency_key="one")
    with pytest.raises(AlreadySaved) as already:
        # Wrong dealer and a taken position: nothing about it is checked, the key is found first.
        deal_record(table=table, position=1, record=records[1], idempotency_key="one")
    assert already.value.deal.position == 1


@pytest.mark.parametrize("ruleset", sorted(FIRST))
def test_a_form_saved_then_struck_and_sent_again_is_already_saved_not_recorded_twice(client, ruleset):
    # The deal's position is free again once it is struck, so the form's key is what finds it: the insert meets
    # the key's unique constraint, and the save answers with the struck deal.
    table, records = seated(FIRST[ruleset])
    assert post(client, table, records[0], 1, key="b" * 32, **JSON).status_code == 201
    deal_strike(deal=table_ledger(table=table).rows[0].deal, reason="wrong table")
    again = post(client, table, records[0], 1, key="b" * 32, **JSON)
    assert again.status_code == 200
    assert again.json() == {"result": "already_saved", "deal": 1, "position": 1}
    assert Deal.objects.filter(table=table).count() == 0  # the struck deal only, not counted among the live
    assert Deal.every.filter(table=table).count() == 1
    assert post(client, table, records[0], 1, key="c" * 32, **JSON).status_code == 201  # a new form records it
