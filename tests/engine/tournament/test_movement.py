"""The movement of sets (TOURNAMENTS.md T-64 … T-66), checked against the spec's prose rule run as a simulation."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.movement import (
    Move,
    Movement,
    board_here,
    boards_of_set,
    round_movements,
    set_of_board,
)


def test_the_worked_example_three_tables_three_stages():
    # §9.6: sets played by tables 1, 2, 3 at stages 1, 2, 3.
    movement = Movement(tables=3, stages=3)
    assert movement.sets == 3 and movement.plays == 3
    assert [[movement.set_at(t, j) for t in (1, 2, 3)] for j in (1, 2, 3)] == [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    # Board 1 (set 1) is played at table 1 in stage 1, table 3 in stage 2 and table 2 in stage 3.
    assert movement.plays_of_board(1) == ((1, 1), (2, 3), (3, 2))
    assert movement.relay(2) == ()


def test_more_sets_than_tables_wait_on_the_relay_stand():
    # Two tables of three tours: three sets, each board played twice.
    movement = Movement(tables=2, stages=3)
    assert (movement.sets, movement.plays) == (3, 2)
    assert [movement.sets_of_table(t) for t in (1, 2)] == [(1, 2, 3), (2, 3, 1)]
    assert [movement.relay(j) for j in (1, 2, 3)] == [(3,), (1,), (2,)]
    assert movement.plays_of_set(3) == ((2, 2), (3, 1))
    # After stage 1 the set at table 1 joins the queue, table 2 takes the front of the queue, set 2 moves down.
    assert movement.moves(1) == (Move(1, 1, None), Move(2, 2, 1), Move(3, None, 2))
    assert movement.moves(3) == ()


def test_with_as_many_sets_as_tables_the_set_at_table_one_goes_to_the_last_table():
    movement = Movement(tables=4, stages=2)
    assert movement.moves(1) == (Move(1, 1, 4), Move(2, 2, 1), Move(3, 3, 2), Move(4, 4, 3))
    # Four sets, each played at two stages only: a board is played twice.
    assert movement.plays == 2 and movement.plays_of_set(4) == ((1, 4), (2, 3))


def test_each_rounds_sets_follow_the_last_set_of_the_round_before():
    first, second = round_movements([3, 2], stages=4)
    assert (first.first_set, first.sets, second.first_set, second.sets) == (1, 4, 5, 4)
    assert first.boards == range(1, 17) and second.boards == range(17, 33)
    assert second.sets_of_table(1) == (5, 6, 7, 8)
    assert second.relay(1) == (7, 8)


def test_sets_and_boards():
    assert list(boards_of_set(3)) == [9, 10, 11, 12]
    assert [set_of_board(b) for b in (1, 4, 5, 12, 13)] == [1, 1, 2, 3, 4]


def test_a_board_at_a_table_the_movement_did_not_send_it_to_is_refused_with_where_it_goes():
    movement = Movement(tables=4, stages=2)
    assert board_here(movement, 5, 1) == 2
    with pytest.raises(EngineError) as caught:
        board_here(movement, 5, 3)
    assert caught.value.code == "board_wrong_table"
    assert caught.value.message == "board 5 is not played at table 3: it goes to table 2 at stage 1, table 1 at stage 2"


def test_a_board_of_another_round_is_refused():
    movement = Movement(tables=2, stages=2, first_set=3)
    with pytest.raises(EngineError) as caught:
        board_here(movement, 1, 1)
    assert caught.value.code == "board_not_in_round"
    assert caught.value.message == "board 1 is not played in this round (boards 9 to 16)"


@pytest.mark.parametrize(("tables", "stages", "first"), [(0, 3, 1), (3, 0, 1), (2, 2, 0), (True, 2, 1)])
def test_an_impossible_movement_is_refused(tables, stages, first):
    with pytest.raises(EngineError) as caught:
        Movement(tables, stages, first)
    assert caught.value.code == "movement_invalid"


def test_a_table_or_stage_outside_the_round_is_refused():
    movement = Movement(tables=3, stages=2)
    for table, stage in ((4, 1), (1, 3), (0, 1)):
        with pytest.raises(EngineError):
            movement.set_at(table, stage)


def simulate(tables: int, stages: int) -> list[dict[int, int]]:
    """T-65's prose: sets 1 … K at the tables, K+1 … M queued; between stages every set moves down one table, the
    set at table 1 goes to table K when there is no queue, else to the back of the queue, and table K takes the
    set at its front."""
    sets = max(tables, stages)
    at = {t: t for t in range(1, tables + 1)}
    queue = deque(range(tables + 1, sets + 1))
    stages_seen = [dict(at)]
    for _ in range(stages - 1):
        leaving = at[1]
        moved = {t: at[t + 1] for t in range(1, tables)}
        if queue:
            queue.append(leaving)
            moved[tables] = queue.popleft()
        else:
            moved[tables] = leaving
        at = moved
        stages_seen.append(dict(at))
    return stages_seen


@settings(max_examples=200, deadline=None)
@given(tables=st.integers(1, 14), stages=st.integers(1, 14), first=st.integers(1, 500))
def test_the_formula_is_the_moving_sets_and_the_relay_queue(tables, stages, first):
    movement = Movement(tables, stages, first)
    simulated = simulate(tables, stages)
    for stage, at in enumerate(simulated, start=1):
        assert {t: movement.set_at(t, stage) for t in at} == {t: s + first - 1 for t, s in at.items()}
        # Every set of the round is at one table or on the relay stand, never both.
        placed = [movement.set_at(t, stage) for t in range(1, tables + 1)] + list(movement.relay(stage))
        assert sorted(placed) == list(movement.set_numbers)
    for table in range(1, tables + 1):
        played = movement.sets_of_table(table)
        assert len(set(played)) == len(played) == stages  # no table plays a set twice
    for number in movement.set_numbers:
        assert len(movement.plays_of_set(number)) == min(tables, stages)  # n = min(K, τ)
        for stage, table in movement.plays_of_set(number):
            assert movement.set_at(table, stage) == number
        stages_at = {table: movement.stage_at(number, table) for table in range(1, tables + 1)}
        assert {t: j for t, j in stages_at.items() if j is not None} == {t: j for j, t in movement.plays_of_set(number)}
    assert movement.stage_at(first - 1, 1) is None and movement.stage_at(first + movement.sets, 1) is None
    for stage in range(1, stages):
        for move in movement.moves(stage):
            assert move.source == movement.table_of(move.set, stage)
            assert move.target == movement.table_of(move.set, stage + 1)
            if move.source is not None and move.source > 1 and move.target is not None:
                assert move.target == move.source - 1  # down one table
