"""The ledger fold: tours, void deals, replay after a correction, and the explanation of each deal."""

from __future__ import annotations

import dataclasses

from scorekeeper.engine import DealRecord, RuleSet, Session, fold, parse_document
from scorekeeper.engine.explain import render
from tests.engine.conftest import load_vectors
from tests.engine.helpers import document

PC6 = next(v for v in load_vectors() if v["name"].startswith("PC-6"))["input"]


def pc6() -> tuple[Session, list[DealRecord]]:
    session, deals, _ = parse_document(PC6)
    return session, deals


def test_explanations_of_pc6_read_as_a_scorer_would_check_them():
    session, deals = pc6()
    texts = [render(e.notes, session.players) for e in fold(session, deals, explain=True).entries]
    ante = "Each player puts 1 into the pot."
    assert texts[0] == f"Ann plays solo, 5 tricks: remise. {ante} Ann puts up 4 for the next deal."
    assert texts[1] == (
        f"Ben plays solo, 3 tricks: codille. {ante} Stake 12 divided among Ann, Cat and Dan (4 each). "
        "Ben puts up 24 for the next deal."
    )
    assert texts[2] == f"Cat calls Dan, 5 tricks: remise. {ante} Cat puts up 28 for the next deal."
    assert texts[3] == f"Dan plays solo, 6 tricks: won. {ante} Stake 60: Dan takes 60."


def test_a_correction_replays_every_later_deal():
    session, deals = pc6()
    ledger = fold(session, deals)
    assert ledger.balances == (36, 12, 12, 100)
    # Deal 2 was really a remise (5 tricks): Ben puts up 12 instead of 24 and the opponents take nothing;
    # the pot after it is 24 either way, so the later stakes stay 28 and 60.
    corrected = [deals[0], dataclasses.replace(deals[1], tricks=5), *deals[2:]]
    replay = fold(session, corrected[1:], state=ledger.entries[0].state, first_position=2)
    fresh = fold(session, corrected)
    assert replay.entries == fresh.entries[1:]
    assert [e.stake for e in fresh.entries] == [4, 12, 28, 60]
    assert fresh.entries[1].deltas == (-1, -13, -1, -1)
    # By hand: Ann -5-1-1-1, Ben -1-13-1-1, Cat -1-1-29-1, Dan -1-1-1+59.
    assert fresh.balances == (32, 24, 8, 96)


def test_void_deals_keep_their_place_but_not_a_number():
    doc = document(
        "parlett-chips",
        [
            {"dealer": 3, "void": True},
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6},
            {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6},
            {"dealer": 1, "contract": "solo", "hombre": 2, "trump": "S", "tricks": 6},
            {"dealer": 2, "void": True},
            {"dealer": 2, "contract": "solo", "hombre": 3, "trump": "S", "tricks": 6},
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6},
        ],
        start=40,
    )
    session, deals, _ = parse_document(doc)
    entries = fold(session, deals).entries
    assert [e.position for e in entries] == [1, 2, 3, 4, 5, 6, 7]
    assert [e.number for e in entries] == [None, 1, 2, 3, None, 4, 5]
    assert [e.tour for e in entries] == [None, 1, 1, 1, None, 1, 2]
    assert entries[0].deltas == (0, 0, 0, 0) and entries[0].stake is None


def test_fold_of_no_deals_is_the_opening_state():
    ledger = fold(Session(RuleSet.MODERN_CHIPS, start=40), [])
    assert ledger.entries == () and ledger.balances == (40, 40, 40, 40) and ledger.state.pot == 0
