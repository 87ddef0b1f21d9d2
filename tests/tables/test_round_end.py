"""Rounds end when planned: the phone stops at the round's last deal, the director can add a tour, and an
ended round refuses every write with its own message."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.models import EventLog
from scorekeeper.events.services import round_extend
from scorekeeper.tables.models import Deal
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import RoundComplete, deal_record, table_end_round
from tests.factories import make_table, make_user
from tests.tables.pc6 import BASE, PC6, PC6_POSTS

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


def one_tour_table():
    table = make_table(options={"session.tours": 1})
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def test_the_phone_shows_round_complete_with_the_final_balances_instead_of_the_form(client):
    table = one_tour_table()
    html = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert "Round complete" in html
    assert 'id="deal-form"' not in html and "Misdeal" not in html
    # PC-6's final balances (36 / 12 / 12 / 100), the pot empty: nothing to share out.
    for balance in ("36", "12", "100"):
        assert f'<span class="balance">{balance}</span>' in html
    assert "Tour 2 of 1" not in html
    # No next deal: nobody is marked as dealing or eldest.
    assert "is-dealer" not in html and "is-eldest" not in html and '<span class="tag">deals</span>' not in html


def test_a_fifth_deal_of_a_one_tour_round_is_refused(client):
    table = one_tour_table()
    response = client.post(
        reverse("table", kwargs={"token": table.token}), {**BASE, **PC6_POSTS[0], "position": "5"}, **JSON
    )
    assert response.status_code == 403
    assert response.json()["result"] == "refused"
    assert response.json()["message"].startswith("Round complete")
    with pytest.raises(RoundComplete):
        deal_record(table=table, position=5, record=DealRecord(dealer=3, void=True))
    misdeal = client.post(reverse("table-misdeal", kwargs={"token": table.token}), {"position": "5"})
    assert misdeal.status_code == 403
    assert Deal.objects.filter(table=table).count() == 4


def test_the_director_extends_a_round_by_a_tour_and_the_log_says_so(client):
    table = one_tour_table()
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    event_page = client.get(reverse("event", kwargs={"event_id": table.event.pk})).content.decode()
    assert "Play one more tour" in event_page
    response = client.post(reverse("event-table-extend", kwargs={"event_id": table.event.pk, "table_id": table.pk}))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.extra_tours == 1
    log = EventLog.objects.get(event=table.event, action="extended")
    assert log.who == director.username and log.note == "table 1, round 1: 2 tours"
    view = table_ledger(table=table)
    assert not view.round_complete and view.tours_planned == 2
    html = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert "Tour 2 of 2 · deal 5" in html
    fifth = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6)
    assert deal_record(table=table, position=5, record=fifth).position == 5


def test_an_ended_round_refuses_saves_misdeals_and_corrections_with_its_message(client):
    table = one_tour_table()
    table_end_round(table=table)
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert "This table's round has ended" in page and 'id="deal-form"' not in page
    save = client.post(reverse("table", kwargs={"token": table.token}), {**BASE, **PC6_POSTS[0], "position": "5"})
    message = "This table&#x27;s round has ended"  # the flash message, escaped
    assert save.status_code == 403 and message in save.content.decode()
    correction = client.post(
        reverse("deal", kwargs={"token": table.token, "position": 2}),
        {**BASE, **PC6_POSTS[1], "position": "2", "reason": "typo"},
    )
    assert correction.status_code == 403 and message in correction.content.decode()
    assert "This event is closed" not in correction.content.decode()
    table_end_round(table=table)  # ending it again changes nothing
    round_extend(table=table)
    table.refresh_from_db()
    assert table.ended_at is None and table.extra_tours == 1
