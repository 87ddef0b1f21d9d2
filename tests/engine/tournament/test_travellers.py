"""Travellers and score cards of §9.6's round: every table's contract, result and score, and contract frequencies."""

from __future__ import annotations

from scorekeeper.engine import Contract
from scorekeeper.engine.model import Line
from scorekeeper.engine.tournament.travellers import (
    Frequency,
    TravellerLine,
    frequencies,
    score_cards,
    traveller_json,
    travellers,
)
from tests.engine.tournament.test_duplicate import example_round

SEATS = {1: (1, 2, 3, 4), 2: (5, 6, 7, 8), 3: (9, 10, 11, 12)}


def test_the_traveller_of_board_1():
    board_1, _ = travellers(example_round(), "matchpoints", SEATS)
    assert (board_1.board, board_1.dealer) == (1, 0)
    assert [(t.table, t.entrants, t.contract, t.hombre, t.ally, t.trump, t.tricks, t.line) for t in board_1.lines] == [
        (1, (1, 2, 3, 4), Contract.ALLIANCE, 1, 3, "S", 7, Line.WON),
        (2, (5, 6, 7, 8), Contract.SOLO, 1, None, "H", 5, Line.REMISE),
        (3, (9, 10, 11, 12), Contract.ALLIANCE, 1, 3, "C", 6, Line.PREMIERS),
    ]
    assert [t.scores for t in board_1.lines] == [(200, 200, 200, 100), (400, 0, 400, 100), (0, 400, 0, 400)]
    assert board_1.frequencies == (
        Frequency(Contract.ALLIANCE, 1, "S", played=1, won=1),
        Frequency(Contract.ALLIANCE, 1, "C", played=1, won=1),
        Frequency(Contract.SOLO, 1, "H", played=1, won=0),
    )


def test_the_traveller_of_the_fouled_board_in_imps_as_json():
    _, board_2 = travellers(example_round(), "imps")
    assert traveller_json(board_2) == {
        "board": 2,
        "dealer": 1,
        "tables": [
            {
                "table": 1,
                "entrants": None,
                "fouled": False,
                "contract": "solo",
                "hombre": 2,
                "ally": None,
                "trump": "H",
                "tricks": 6,
                "line": "won",
                "values": [-1, -1, 3, -1],
                "scores": ["-3.00", "-3.00", "6.00", "-3.00"],
                "percents": None,
            },
            {
                "table": 2,
                "entrants": None,
                "fouled": False,
                "contract": "solo",
                "hombre": 2,
                "ally": None,
                "trump": "H",
                "tricks": 4,
                "line": "codille",
                "values": [2, 2, -6, 2],
                "scores": ["3.00", "3.00", "-6.00", "3.00"],
                "percents": None,
            },
            {
                "table": 3,
                "entrants": None,
                "fouled": True,
                "contract": None,
                "hombre": None,
                "ally": None,
                "trump": None,
                "tricks": None,
                "line": None,
                "values": None,
                "scores": ["0.00", "0.00", "0.00", "0.00"],
                "percents": None,
            },
        ],
        "frequencies": [{"contract": "solo", "hombre": 2, "trump": "H", "played": 2, "won": 1}],
    }


def line(table, contract, hombre, trump, won, fouled=False) -> TravellerLine:
    return TravellerLine(
        table,
        None,
        fouled,
        contract,
        hombre,
        None,
        trump,
        6,
        Line.WON if won else Line.REMISE,
        (0,) * 4,
        (0,) * 4,
        None,
        (False,) * 4,
    )


def test_frequencies_count_plays_and_wins_most_played_first_leaving_fouled_tables_out():
    lines = [
        line(1, Contract.SOLO, 2, "D", won=True),
        line(2, Contract.ALLIANCE, 0, "H", won=True),
        line(3, Contract.ALLIANCE, 0, "H", won=False),
        line(4, Contract.SOLO, 2, "D", won=False),
        line(5, Contract.ALLIANCE, 0, "H", won=True),
        line(6, Contract.ALLIANCE, 0, "H", won=True, fouled=True),
        line(7, Contract.SOLO, 1, "S", won=True),
    ]
    assert frequencies(lines) == (
        Frequency(Contract.ALLIANCE, 0, "H", 3, 2),
        Frequency(Contract.SOLO, 2, "D", 2, 1),
        Frequency(Contract.SOLO, 1, "S", 1, 1),
    )


def test_score_cards_list_each_entrants_boards_with_his_seats_scores():
    cards = score_cards(example_round(), "matchpoints", SEATS)
    assert sorted(cards) == list(range(1, 13))
    ann = cards[4]  # table 1, seat 3
    assert [(c.board, c.table, c.seat, c.value, c.score, c.percent, c.top) for c in ann] == [
        (1, 1, 3, 1, 100, 2500, False),
        (2, 1, 3, -1, 50, 1250, False),
    ]
    fouled = cards[11]  # table 3, seat 2: board 2 fouled there
    assert [(c.board, c.value, c.score, c.percent) for c in fouled] == [(1, -5, 0, 0), (2, None, 200, 5000)]
