"""Cards, trump orders, matador runs and what may be called (§1.2, §1.3, §2.4)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import callable_cards, matador_run, parse_card, trump_order


def test_trump_orders():
    assert trump_order("S") == ("AS", "2S", "AC", "KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S")
    assert trump_order("H") == ("AS", "7H", "AC", "AH", "KH", "QH", "JH", "2H", "3H", "4H", "5H", "6H")
    assert trump_order("C")[:3] == ("AS", "2C", "AC")
    assert len(trump_order("D")) == 12


@pytest.mark.parametrize(
    ("cards", "trump", "run"),
    [
        (["AS", "2S", "AC"], "S", 3),  # PC-1: the side's three matadors
        (["AS", "7H", "AC", "AH"], "H", 4),  # PC-2: with Punto
        (["AS", "2C", "AC", "KC"], "C", 4),  # MC-2: the fourth trump in black is the king
        (["AS", "2S", "KS", "QS"], "S", 0),  # no Basto: the run stops at two, reported as 0
        (["2S", "AC", "KS"], "S", 0),  # no Spadille, no run
        (["AS", "2S", "AC", "QS"], "S", 3),  # the king missing stops the run at three
    ],
)
def test_matador_run(cards, trump, run):
    assert matador_run(cards, trump) == run


def test_callable_cards_follow_parlett_by_default():
    hand = ["KH", "KD", "KC", "AS", "2S"]
    # Hearts trumps: never the king or queen of trumps.
    assert callable_cards(hand, "H") == {"KS"}
    # Holding the three non-trump kings, H calls a queen he lacks (Parlett); under four_kings he may not.
    assert callable_cards(["KS", "KC", "KD", "QD"], "H") == {"QS", "QC"}
    assert callable_cards(["KS", "KC", "KD"], "H", "four_kings") == set()
    assert callable_cards(["KS", "KC", "KD", "KH"], "H", "four_kings") == {"QS", "QC", "QD"}


def test_parse_card():
    assert str(parse_card("KH")) == "KH"
    for bad in ("10H", "KX", "9S", "", None):
        with pytest.raises(ValueError):
            parse_card(bad)
