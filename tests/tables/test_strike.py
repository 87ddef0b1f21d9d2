"""Undo: a deal struck out leaves the sequence, stays in the audit and on the ledger crossed out, and later
deals are replayed; the scorer strikes the last deal, the director any deal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import (
    CorrectionRefused,
    StrikeRefused,
    deal_record,
    deal_strike,
    table_end_round,
)
from tests.factories import make_table, make_user
from tests.reports.test_documents import text_of
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def pc6_table(**kwargs):
    table = make_table(**kwargs)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def strike_url(table, position):
    return reverse("deal-strike", kwargs={"token": table.token, "position": position})


def test_the_scorer_strikes_a_misdeal_tapped_by_mistake(client):
    table = pc6_table()
    deal_record(table=table, position=5, record=DealRecord(dealer=3, void=True))
    assert table_ledger(table=table).next_dealer == 3  # the misdeal: Dan deals again
    response = client.post(strike_url(table, 5), {"reason": "tapped by mistake"}, follow=True)
    assert "The misdeal was struck out." in response.content.decode()
    view = table_ledger(table=table)
    assert len(view.rows) == 4 and view.state.balances == (36, 12, 12, 100)  # PC-6 as the spec gives it
    assert [s.reason for s in view.struck] == ["tapped by mistake"]
    change = DealChange.objects.get(action=DealChange.Action.STRUCK)
    assert change.who == "link:" and change.deal.struck_at is not None
    html = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert "<del>misdeal (Dan deals again)</del>" in html and "tapped by mistake" in html


def test_the_scorer_may_strike_only_the_last_deal(client):
    table = pc6_table()
    response = client.post(strike_url(table, 2), {"reason": "wrong table"}, follow=True)
    assert "Only the last deal can be struck out" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 4
    with pytest.raises(StrikeRefused):
        deal_strike(deal=table_ledger(table=table).rows[1].deal, reason="wrong table")
    deal_page = client.get(reverse("deal", kwargs={"token": table.token, "position": 4})).content.decode()
    assert "Strike out this deal" in deal_page
    assert (
        "Strike out this deal"
        not in client.get(reverse("deal", kwargs={"token": table.token, "position": 2})).content.decode()
    )


def test_the_director_strikes_a_deal_of_another_table_and_later_deals_are_replayed(client):
    # PC-6 with a stray deal 2 (Cat's solo, from another table) in the middle: after it, the rotation had moved on.
    table = make_table()
    stray = DealRecord(dealer=0, contract=Contract.SOLO, hombre=2, trump="H", tricks=7)
    records = [PC6[0], stray] + [
        DealRecord(**{**{f: getattr(r, f) for f in r.__slots__}, "dealer": (r.dealer + 1) % 4}) for r in PC6[1:]
    ]
    for position, record in enumerate(records, start=1):
        deal_record(table=table, position=position, record=record)
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    response = client.post(strike_url(table, 2), {"reason": "Cat's solo was table 2's"})
    assert response.status_code == 302
    view = table_ledger(table=table)
    assert [row.deal.to_record().dealer for row in view.rows] == [3, 0, 1, 2]  # the rotation dealt again
    assert view.state.balances == (36, 12, 12, 100)  # PC-6's final balances
    assert [d.position for d in Deal.objects.filter(table=table)] == [1, 2, 3, 4]
    assert DealChange.objects.filter(action=DealChange.Action.CORRECTED).count() == 3  # each new dealer audited


def test_a_strike_that_makes_a_later_deal_impossible_is_refused():
    # BC: a codille holds a remainder that the next deal pays; without the codille, that deal names a winner
    # of a remainder nobody holds.
    table = make_table(ruleset="britannica-counters", start=0)
    deal_record(
        table=table, position=1, record=DealRecord(dealer=3, contract=Contract.SOLO, hombre=1, trump="S", tricks=4)
    )
    assert table_ledger(table=table).state.held == 1
    paid = DealRecord(dealer=0, contract=Contract.SOLO, hombre=2, trump="S", tricks=6, remainder_winner=3)
    deal_record(table=table, position=2, record=paid)
    with pytest.raises(CorrectionRefused) as refused:
        deal_strike(deal=table_ledger(table=table).rows[0].deal, reason="test", any_deal=True)
    assert refused.value.error.code == "remainder_winner_unexpected"
    assert Deal.objects.filter(table=table).count() == 2 and not DealChange.objects.filter(action="struck").exists()


def test_an_ended_round_refuses_a_strike(client):
    table = pc6_table()
    table_end_round(table=table)
    response = client.post(strike_url(table, 4), {"reason": "late"})
    assert response.status_code == 403
    assert Deal.objects.filter(table=table).count() == 4


def test_a_struck_deal_keeps_its_key_a_retry_is_already_saved(client):
    table = pc6_table()
    record = DealRecord(dealer=3, void=True)
    deal_record(table=table, position=5, record=record, idempotency_key="misdeal-5")
    deal_strike(deal=table_ledger(table=table).rows[4].deal, reason="mistake")
    response = client.post(
        reverse("table-misdeal", kwargs={"token": table.token}),
        {"position": "5", "idempotency_key": "misdeal-5"},
        follow=True,
    )
    assert "already recorded" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 4


def test_a_struck_deal_stays_on_the_score_sheet_crossed_out_with_its_reason(client):
    table = pc6_table()
    deal_record(table=table, position=5, record=DealRecord(dealer=3, void=True))
    client.post(strike_url(table, 5), {"reason": "R&D <b>tapped by mistake"})
    sheet = text_of(client.get(reverse("table-sheet", kwargs={"token": table.token})).content)
    assert "Struck out misdeal (Dan deals again) · table link · “R&D <b>tapped by mistake”" in sheet
