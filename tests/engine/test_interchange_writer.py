"""The interchange writer beside its parser: what `document_json` writes, `parse_document` reads back."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.engine import (
    DealRecord,
    Opening,
    RuleSet,
    Session,
    document_json,
    fold,
    ledger_json,
    parse_document,
)
from scorekeeper.engine.simulate import random_session, random_table
from tests.engine.conftest import load_vectors

VECTORS = load_vectors()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_every_worked_example_survives_write_then_read(vector):
    session, deals, close = parse_document(vector["input"])
    written = document_json(session, deals, close=close)
    again_session, again_deals, again_close = parse_document(json.loads(json.dumps(written)))
    assert again_session == session and again_close == close
    assert ledger_json(fold(session, again_deals, close=close)) == ledger_json(fold(session, deals, close=close))
    assert document_json(again_session, again_deals, close=again_close) == written


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_random_tables_survive_write_then_read_record_for_record(ruleset):
    rng = random.Random(f"writer-{ruleset.value}")
    for _ in range(20):
        session = random_session(rng, ruleset)
        ledger = fold(session, [deal for deal, _state in random_table(rng, session, 24)])
        completed = [entry.deal for entry in ledger.entries]  # the records as the app stores them
        again_session, again_deals, _close = parse_document(json.loads(json.dumps(document_json(session, completed))))
        assert again_session == session
        assert list(fold(session, again_deals).entries) == list(ledger.entries)


def test_the_opening_stores_and_close_are_written():
    session = Session(
        ruleset=RuleSet.BRITANNICA_COUNTERS,
        players=("Ann", "Ben", "Cat", "Dan"),
        start=40,
        opening=Opening(board=6, beasts=(4,), held=1, eligible=(1, 2)),
    )
    written = document_json(session, [DealRecord(dealer=3, void=True)], close=True)
    assert written == {
        "format": "quadrille-deals/1",
        "ruleset": "britannica-counters",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "start": 40,
        "board": 6,
        "beasts": [4],
        "held": 1,
        "eligible": [1, 2],
        "close": True,
        "deals": [{"dealer": 3, "void": True}],
    }
    assert parse_document(written) == (session, [DealRecord(dealer=3, void=True)], True)
