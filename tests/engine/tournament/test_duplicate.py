"""Duplicate scores (TOURNAMENTS.md T-61, T-63, T-67 … T-76): §9.6 as written, and the invariants it implies."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Contract, DealRecord, EngineError, Options, RuleSet, Session
from scorekeeper.engine.interchange import deal_json
from scorekeeper.engine.ledger import opening_state
from scorekeeper.engine.simulate import random_deal
from scorekeeper.engine.tournament.boards import deal_boards, hand_record_json
from scorekeeper.engine.tournament.document import standings_document
from scorekeeper.engine.tournament.duplicate import (
    Play,
    TableBoards,
    board_values,
    check_duplicate_options,
    hundredths,
    hundredths_text,
    imps,
    score_board,
    score_round,
)
from scorekeeper.engine.tournament.movement import Movement
from tests.engine.tournament.duplicate_hands import EXAMPLE, record

PC = Session(RuleSet.PARLETT_CHIPS)
SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)

# §9.6, board 1 (dealer seat 0).
TABLE_1 = DealRecord(dealer=0, contract=Contract.ALLIANCE, hombre=1, ally=3, trump="S", tricks=7)
TABLE_2 = DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="H", tricks=5)
TABLE_3 = DealRecord(
    dealer=0, contract=Contract.ALLIANCE, hombre=1, ally=3, trump="C", tricks=6, premiers=True, run_side=3
)
# §9.6, board 2 (dealer seat 1): played at tables 1 and 2, fouled at table 3.
BOARD_2_TABLE_1 = DealRecord(dealer=1, contract=Contract.SOLO, hombre=2, trump="H", tricks=6)
BOARD_2_TABLE_2 = DealRecord(dealer=1, contract=Contract.SOLO, hombre=2, trump="H", tricks=4)


def example_round():
    return score_round(
        PC,
        Movement(tables=3, stages=3),
        [
            TableBoards(1, ((1, TABLE_1), (2, BOARD_2_TABLE_1))),
            TableBoards(2, ((1, TABLE_2), (2, BOARD_2_TABLE_2))),
            TableBoards(3, ((1, TABLE_3),), fouled=frozenset({2})),
        ],
        {1: record(1, EXAMPLE), 2: record(2, EXAMPLE)},
        imp_step=1,
    )


def test_board_values_on_a_fresh_table_closed_by_split_equally():
    assert board_values(PC, TABLE_1) == (-1, 1, -1, 1)
    assert board_values(PC, TABLE_2) == (1, -3, 1, 1)  # remise: pot 8, 2 each
    assert board_values(PC, TABLE_3) == (-5, 5, -5, 5)
    assert board_values(PC, BOARD_2_TABLE_1) == (-1, -1, 3, -1)
    assert board_values(PC, BOARD_2_TABLE_2) == (2, 2, -6, 2)  # codille: pot 12, 3 each


def test_the_worked_example_board_1_at_three_tables():
    board_1 = example_round().boards[0]
    assert board_1.board == 1
    assert [s.values for s in board_1.scores] == [(-1, 1, -1, 1), (1, -3, 1, 1), (-5, 5, -5, 5)]
    # Matchpoints, top 4, in hundredths.
    assert [s.matchpoints for s in board_1.scores] == [(200, 200, 200, 100), (400, 0, 400, 100), (0, 400, 0, 400)]
    assert [s.percents for s in board_1.scores] == [
        (5000, 5000, 5000, 2500),
        (10000, 0, 10000, 2500),
        (0, 10000, 0, 10000),
    ]
    # Cross-IMPs, PC step 1: 1 / 0 / 1 / -2, 7/2 / -5 / 7/2 / -2, -9/2 / 5 / -9/2 / 4.
    assert [s.imps for s in board_1.scores] == [(100, 0, 100, -200), (350, -500, 350, -200), (-450, 500, -450, 400)]
    assert [s.tops for s in board_1.scores] == [
        (False, False, False, False),
        (True, False, True, False),
        (False, True, False, True),
    ]


def test_the_worked_example_board_2_fouled_at_one_table_neuberg():
    board_2 = example_round().boards[1]
    assert [(s.table, s.fouled, s.values) for s in board_2.scores] == [
        (1, False, (-1, -1, 3, -1)),
        (2, False, (2, 2, -6, 2)),
        (3, True, None),
    ]
    # MP' = (MP + 1) · 3/2 − 1 between tables 1 and 2; the fouled table scores the average, 2.
    assert [s.matchpoints for s in board_2.scores] == [(50, 50, 350, 50), (350, 350, 50, 350), (200, 200, 200, 200)]
    assert [s.percents for s in board_2.scores] == [
        (1250, 1250, 8750, 1250),
        (8750, 8750, 1250, 8750),
        (5000, 5000, 5000, 5000),
    ]
    assert [hundredths_text(mp) for mp in board_2.scores[0].matchpoints] == ["0.50", "0.50", "3.50", "0.50"]
    # One other table: seat 0 at table 1 lost 3 (3 IMPs), seat 2 gained 9 (6 IMPs); the fouled table scores 0.
    assert [s.imps for s in board_2.scores] == [(-300, -300, 600, -300), (300, 300, -600, 300), (0, 0, 0, 0)]


def test_the_worked_example_round_totals():
    round_ = example_round()
    one, two, three = round_.tables
    assert one.matchpoints == (250, 250, 550, 150)
    assert two.matchpoints == (750, 350, 450, 450)
    assert three.matchpoints == (200, 600, 200, 600)
    assert one.imps == (-200, -300, 700, -500)
    assert (one.boards, one.top_total, three.boards, three.top_total) == (2, 8, 2, 8)
    assert two.tops == (2, 1, 1, 1) and one.tops == (0, 0, 1, 0)
    assert one.chips == (-2, 0, 2, 0) and three.chips == (-5, 5, -5, 5)


def test_the_runs_are_read_from_the_board():
    scores = example_round().boards[0].scores
    assert [(s.deal.run_side, s.deal.run_hombre) for s in scores] == [(0, 0), (0, 0), (3, 0)]
    assert [s.line.value for s in scores] == ["won", "remise", "premiers"]


# T-63: fouled boards.


def test_tables_that_played_the_fouled_cards_are_scored_among_themselves():
    plays = [
        Play(1, (-1, -1, 3, -1), fouled=True),
        Play(2, (2, 2, -6, 2), fouled=True),
        Play(3, (-5, 5, -5, 5)),
    ]
    by_table = {s.table: s for s in score_board(plays, normal=3, imp_step=1)}
    assert by_table[1].matchpoints == (50, 50, 350, 50)  # as board 2 of §9.6
    assert by_table[1].group == 2
    assert by_table[3].matchpoints == (200, 200, 200, 200)  # alone with the right cards: the average
    assert by_table[3].imps == (0, 0, 0, 0) and by_table[3].tops == (False,) * 4


def test_a_board_played_once_scores_the_average():
    (only,) = score_board([Play(2, (3, -1, -1, -1))], normal=4, imp_step=1)
    assert only.matchpoints == (300, 300, 300, 300)
    assert only.percents == (5000,) * 4
    assert only.imps == (0,) * 4
    assert only.tops == (False,) * 4


def test_neuberg_with_four_normal_plays_rounds_to_hundredths():
    # N = 4, n = 3: MP' = (MP + 1) · 4/3 − 1; MP 0 -> 1/3, 2 -> 3, 4 -> 17/3.
    plays = [Play(1, (1, 0, 0, -1)), Play(2, (0, 0, 0, 0)), Play(3, (-1, 0, 0, 1))]
    first, second, third = score_board(plays, normal=4, imp_step=1)
    assert first.matchpoints == (567, 300, 300, 33)
    assert second.matchpoints == (300, 300, 300, 300)
    # Percent of a top of 6 from the exact value: 17/3 / 6 = 94.444…%, 1/3 / 6 = 5.555…%.
    assert first.percents == (9444, 5000, 5000, 556)


# T-73, T-74, T-75.


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (6, 5), (7, 5), (8, 6), (9, 6), (10, 7), (12, 7), (13, 8)],
)
def test_imps_in_parlett_chips(difference, expected):
    assert imps(difference, 1) == expected
    assert imps(-difference, 1) == -expected


def test_the_imp_step_scales_the_table():
    assert [imps(d, 4) for d in (3, 4, 8, 16, 120, 1000)] == [0, 1, 2, 4, 12, 12]
    assert [imps(d, 2) for d in (1, 2, 5, 6, 59, 60)] == [0, 1, 2, 3, 11, 12]


def test_rounding_to_hundredths_halves_away_from_zero():
    assert hundredths(Fraction(1, 200)) == 1
    assert hundredths(Fraction(-1, 200)) == -1
    assert hundredths(Fraction(7, 2)) == 350
    assert hundredths(Fraction(1, 3)) == 33 and hundredths(Fraction(-2, 3)) == -67
    assert [hundredths_text(v) for v in (350, -450, 0, 5, -25)] == ["3.50", "-4.50", "0.00", "0.05", "-0.25"]


# T-61.


def test_options_that_settle_a_board_differently_at_each_table_are_refused():
    check_duplicate_options(Options())
    check_duplicate_options(Options(favourite_mode="drawn_card"))
    for options, field in (
        (Options(favourite_mode="first_deal_trump"), "options.favourite.mode"),
        (Options(paulans="last_deal"), "options.paulans"),
        (Options(paulans="last_tour"), "options.paulans"),
    ):
        with pytest.raises(EngineError) as caught:
            check_duplicate_options(options)
        assert (caught.value.code, caught.value.field) == ("duplicate_option", field)


# A round: what the movement and the boards refuse.


def refused_round(tables):
    with pytest.raises(EngineError) as caught:
        score_round(
            PC,
            Movement(tables=3, stages=3),
            tables,
            {b: record(b, EXAMPLE) for b in range(1, 13)},
            imp_step=1,
        )
    return caught.value


def test_a_board_at_a_table_it_was_not_sent_to_is_refused_with_its_place():
    movement = Movement(tables=4, stages=2)
    with pytest.raises(EngineError) as caught:
        score_round(PC, movement, [TableBoards(3, ((5, TABLE_1),))], {5: record(5)}, imp_step=1)
    assert (caught.value.code, caught.value.field) == ("board_wrong_table", "tables[0].deals[0].board")
    assert "table 2 at stage 1, table 1 at stage 2" in caught.value.message


def test_a_deal_that_disagrees_with_its_board_is_refused_where_it_stands():
    error = refused_round([TableBoards(1, ((1, TABLE_1), (2, dataclasses.replace(BOARD_2_TABLE_1, run_side=3))))])
    assert (error.code, error.field) == ("run_not_on_board", "tables[0].deals[1].run_side")


def test_the_engines_deal_errors_are_placed_in_the_round():
    error = refused_round([TableBoards(2, ((1, dataclasses.replace(TABLE_2, tricks=11)),))])
    assert (error.code, error.field) == ("tricks_invalid", "tables[0].deals[0].tricks")


def test_a_board_twice_at_a_table_an_unknown_board_and_a_table_outside_the_round_are_refused():
    assert refused_round([TableBoards(1, ((1, TABLE_1), (1, TABLE_1)))]).code == "board_repeated"
    assert refused_round([TableBoards(1, ((99, TABLE_1),))]).code == "board_unknown"
    assert refused_round([TableBoards(4, ())]).code == "table_invalid"
    error = refused_round([TableBoards(1, (), fouled=frozenset({13}))])
    assert (error.code, error.field) == ("board_unknown", "tables[0].fouled[0]")


def test_a_void_record_on_a_fouled_board_is_no_result():
    round_ = score_round(
        PC,
        Movement(tables=3, stages=3),
        [
            TableBoards(1, ((1, TABLE_1),)),
            TableBoards(3, ((1, DealRecord(dealer=0, void=True)),), fouled=frozenset({1})),
        ],
        {1: record(1, EXAMPLE)},
        imp_step=1,
    )
    assert [(s.table, s.values, s.matchpoints) for s in round_.boards[0].scores] == [
        (1, (-1, 1, -1, 1), (200, 200, 200, 200)),
        (3, None, (200, 200, 200, 200)),
    ]


# Invariants.

VALUES = st.tuples(*[st.integers(-30, 30)] * 4)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(VALUES, min_size=1, max_size=9), extra=st.integers(0, 4), step=st.integers(1, 4))
def test_matchpoints_sum_to_the_constant_and_imps_cancel(values, extra, step):
    n = len(values)
    normal = n + extra  # played n times out of N
    scores = score_board([Play(t, v) for t, v in enumerate(values, start=1)], normal=normal, imp_step=step)
    for seat in range(4):
        total = sum(s.matchpoints[seat] for s in scores)
        if n == normal:
            assert total == 100 * n * (n - 1)  # every pair of tables shares 2 matchpoints
        else:
            # Neuberg: the n plays average N − 1 (50 %), up to half a hundredth each for the rounding.
            assert 2 * abs(total - 100 * n * (normal - 1)) <= n
        # Cross-IMPs are antisymmetric: they cancel over the tables, up to the rounding.
        assert 2 * abs(sum(s.imps[seat] for s in scores)) <= n
        for s in scores:
            assert 0 <= s.matchpoints[seat] <= 100 * 2 * (normal - 1) or normal == 1
            assert 0 <= s.percents[seat] <= 10000
            assert abs(s.imps[seat]) <= 1200
            if s.tops[seat]:
                assert s.values[seat] > max(o.values[seat] for o in scores if o is not s)


@settings(max_examples=300, deadline=None)
@given(first=VALUES, second=VALUES, step=st.integers(1, 5))
def test_two_tables_score_opposite_imps(first, second, step):
    one, two = score_board([Play(1, first), Play(2, second)], normal=2, imp_step=step)
    assert one.imps == tuple(-value for value in two.imps)
    assert all(abs(value) % 100 == 0 for value in one.imps)


@settings(max_examples=300, deadline=None)
@given(difference=st.integers(-10_000, 10_000), step=st.integers(1, 6))
def test_imps_are_odd_monotone_and_bounded(difference, step):
    assert imps(-difference, step) == -imps(difference, step)
    assert 0 <= imps(abs(difference), step) <= imps(abs(difference) + 1, step) <= 12


@settings(max_examples=200, deadline=None)
@given(rng=SEEDED, ruleset=st.sampled_from([RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS, RuleSet.BRITANNICA_COUNTERS]))
def test_the_four_board_values_sum_to_zero_in_the_chip_and_counter_rule_sets(rng, ruleset):
    session = Session(ruleset)
    for _ in range(20):
        deal = random_deal(rng, session, opening_state(session))
        if deal.void:
            continue
        assert sum(board_values(session, deal)) == 0


def deal_on(rng: random.Random, session: Session, record) -> DealRecord:
    """A random record the rules allow at the board: its dealer, no misdeal, runs and called card left for the
    pockets to decide (forced spadille, whose hombre the pockets decide, is drawn again)."""
    state = dataclasses.replace(opening_state(session), next_dealer=record.dealer)
    while True:
        deal = random_deal(rng, session, state)
        if not deal.void and deal.contract is not Contract.FORCED:
            return dataclasses.replace(deal, run_side=None, run_hombre=None, called=None)


@settings(max_examples=40, deadline=None)
@given(
    rng=SEEDED,
    tables=st.integers(2, 5),
    tours=st.integers(1, 4),
    ruleset=st.sampled_from(list(RuleSet)),
    method=st.sampled_from(["matchpoints", "imps"]),
)
def test_a_whole_round_played_through_the_document(rng, tables, tours, ruleset, method):
    session = Session(ruleset, Options(session_tours=tours))
    movement = Movement(tables, tours)
    records = {r.board: r for r in deal_boards(1, 4 * movement.sets, rng)}
    doc_tables = []
    for table in range(1, tables + 1):
        deals = []
        for number in movement.sets_of_table(table):
            for board in range(4 * number - 3, 4 * number + 1):
                deals.append({"board": board, **deal_json(deal_on(rng, session, records[board]))})
        doc_tables.append({"table": table, "seats": [4 * table - 3 + s for s in range(4)], "deals": deals})
    document = {
        "format": "quadrille-tournament/1",
        "ruleset": ruleset.value,
        "options": {"session.tours": tours},
        "tournament": {"tournament.format": "duplicate", "tournament.method": method},
        "entrants": [{"number": n, "name": f"E{n}"} for n in range(1, 4 * tables + 1)],
        "rounds": [{"round": 1, "tables": doc_tables}],
        "boards": [hand_record_json(r) for r in records.values()],
    }
    out = standings_document(document)
    assert out["provisional"] is False
    n = movement.plays
    boards = out["rounds"][0]["boards"]
    assert len(boards) == 4 * movement.sets and all(len(b["tables"]) == n for b in boards)
    total = sum(round(100 * float(row["total"])) for row in out["standings"])
    if method == "matchpoints":
        # Every board played N times: each seat's matchpoints on it add up to N (N − 1); every pair shares 2.
        assert total == len(boards) * 4 * n * (n - 1) * 100
        assert all(0 <= float(row["percent"]) <= 100 for row in out["standings"])
    else:
        # Cross-IMPs cancel between the tables, up to half a hundredth a play for the rounding.
        assert 2 * abs(total) <= len(boards) * 4 * n
    if ruleset is not RuleSet.PARLETT_POINTS:
        assert sum(row["chips"] for row in out["standings"]) == 0  # T-67: the four values of a board sum to 0
