from __future__ import annotations

import pytest

from scorekeeper.engine import Contract, DealRecord, EngineError
from scorekeeper.events.services import event_close
from scorekeeper.tables.models import DealChange
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import (
    CorrectionRefused,
    EventClosed,
    StaleDeal,
    deal_correct,
    deal_record,
    table_import,
)
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def record_all(table, records):
    for position, record in enumerate(records, start=1):
        deal_record(table=table, position=position, record=record)


def test_recording_pc6_gives_the_spec_balances_and_an_empty_pot():
    table = make_table()
    record_all(table, PC6)
    view = table_ledger(table=table)
    assert view.state.balances == (36, 12, 12, 100)
    assert view.state.pot == 0
    assert [r.entry.stake for r in view.rows] == [4, 12, 28, 60]
    assert [c.action for c in DealChange.objects.order_by("id")] == ["recorded"] * 4


def test_the_dealer_follows_the_rotation():
    table = make_table(first_dealer=3)
    with pytest.raises(EngineError) as caught:
        deal_record(table=table, position=1, record=PC6[1])  # seat 0 cannot deal first here
    assert caught.value.code == "dealer_out_of_turn"


def test_a_second_save_of_the_same_deal_is_refused_and_nothing_is_duplicated():
    table = make_table()
    deal_record(table=table, position=1, record=PC6[0])
    other = DealRecord(dealer=3, contract=Contract.SOLO, hombre=2, trump="H", tricks=7)
    with pytest.raises(StaleDeal):
        deal_record(table=table, position=1, record=other)
    assert table.deals.count() == 1


def test_a_double_tap_returns_the_deal_already_saved():
    table = make_table()
    first = deal_record(table=table, position=1, record=PC6[0])
    again = deal_record(table=table, position=1, record=PC6[0])
    assert again.pk == first.pk and table.deals.count() == 1
    assert DealChange.objects.count() == 1


def test_a_correction_replays_later_deals_and_is_audited():
    table = make_table()
    record_all(table, PC6)
    deal = table.deals.get(position=2)
    five = DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=5)
    deal_correct(deal=deal, record=five, reason="Ben had five")
    view = table_ledger(table=table)
    assert view.state.balances == (32, 24, 8, 96)
    change = DealChange.objects.get(action="corrected")
    assert change.reason == "Ben had five"
    assert change.before["tricks"] == 3 and change.after["tricks"] == 5
    assert view.rows[1].corrected and not view.rows[0].corrected


def test_a_correction_needs_a_reason():
    table = make_table()
    record_all(table, PC6[:1])
    with pytest.raises(ValueError):
        deal_correct(deal=table.deals.get(), record=PC6[0], reason="  ")


def test_a_correction_that_breaks_a_later_deal_is_refused_whole():
    table = make_table()
    record_all(table, PC6)
    misdeal = DealRecord(dealer=3, void=True)  # the next dealer would then be Dan again, not Ann
    with pytest.raises(CorrectionRefused) as caught:
        deal_correct(deal=table.deals.get(position=1), record=misdeal, reason="it was a misdeal")
    assert caught.value.error.position == 2
    assert table_ledger(table=table).state.balances == (36, 12, 12, 100)


def test_a_closed_event_takes_no_writes():
    table = make_table()
    event_close(event=table.event)
    with pytest.raises(EventClosed):
        deal_record(table=table, position=1, record=PC6[0])
    assert table.deals.count() == 0


def test_import_appends_a_paper_evening_or_refuses_it_whole():
    table = make_table()
    doc = {
        "format": "quadrille-deals/1",
        "ruleset": "parlett-chips",
        "players": ["A", "B", "C", "D"],
        "start": 40,
        "deals": [
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5},
            {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 3},
        ],
    }
    bad = {**doc, "deals": [*doc["deals"], {"dealer": 1, "contract": "solo", "hombre": 2, "trump": "S", "tricks": 11}]}
    with pytest.raises(EngineError) as caught:
        table_import(table=table, document=bad)
    assert caught.value.position == 3 and table.deals.count() == 0
    with pytest.raises(EngineError):
        table_import(table=table, document={**doc, "ruleset": "modern-chips"})
    created = table_import(table=table, document=doc)
    assert [d.position for d in created] == [1, 2]
    assert table_ledger(table=table).state.pot == 24
