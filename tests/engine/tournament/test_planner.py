"""The seating planner (docs/TOURNAMENTS.md §3): §9.8's worked examples, the hard constraints and T-20's targets."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.tournament.planner import (
    Entrant,
    Request,
    Round,
    check_schedule,
    counting_bound,
    load_designs,
    measure,
    plan,
)

SEED = "9f86d081884c7d659a2feaa0c55ad015"


def request(entrants: int | list[Entrant], rounds: int, **fields) -> Request:
    if isinstance(entrants, int):
        entrants = [Entrant(n) for n in range(1, entrants + 1)]
    return Request(
        seed=fields.pop("seed", SEED), sessions=fields.pop("sessions", (rounds,)), entrants=tuple(entrants), **fields
    )


def rounds_of(rows: list[list[list[int]]], byes: list[list[int]] | None = None) -> list[Round]:
    byes = byes or [[] for _ in rows]
    return [Round(tuple(tuple(t) for t in tables), tuple(b)) for tables, b in zip(rows, byes, strict=True)]


def played_counts(rounds: list[Round]) -> dict[int, int]:
    played: dict[int, int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for n in table:
                played[n] = played.get(n, 0) + 1
    return played


# §9.8, first example: the first five rounds of the 16-entrant design, seat 0 first.
SIXTEEN_BY_FIVE = [
    [[2, 1, 3, 4], [6, 5, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
    [[1, 5, 9, 13], [10, 2, 6, 14], [3, 7, 11, 15], [8, 4, 12, 16]],
    [[16, 1, 6, 11], [15, 2, 5, 12], [14, 3, 8, 9], [7, 4, 10, 13]],
    [[12, 1, 7, 14], [11, 2, 8, 13], [5, 3, 10, 16], [4, 6, 9, 15]],
    [[10, 1, 8, 15], [16, 2, 7, 9], [3, 6, 12, 13], [5, 4, 11, 14]],
]

# §9.8, second example: 13 entrants × 3 rounds, one bye a round.
THIRTEEN = [
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
    [[3, 1, 5, 11], [2, 8, 9, 13], [4, 6, 12, 7]],
    [[7, 2, 12, 5], [6, 3, 10, 9], [8, 4, 11, 13]],
]
THIRTEEN_BYES = [[13], [10], [1]]

# §9.8, third example: Jo (14) arrives after round 1 has started.
LATE = [
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
    [[6, 1, 10, 13], [3, 7, 11, 14], [4, 8, 9, 12]],
    [[11, 1, 4, 5], [2, 7, 9, 13], [8, 3, 10, 14]],
]
LATE_BYES = [[13], [2, 5], [6, 12]]
LATE_ENTRANTS = [Entrant(n) for n in range(1, 14)] + [Entrant(14, "Jo", from_round=2)]


def test_sixteen_by_five_example_has_no_repeat_and_dealer_spread_one():
    rounds = rounds_of(SIXTEEN_BY_FIVE)
    m = measure(request(16, 5), rounds)
    assert (m.repeats, m.triples, m.back_to_back, m.neighbour_repeats, m.dealer_spread) == (0, 0, 0, 0, 1)
    dealers = [table[0] for rnd in rounds for table in rnd.tables]
    assert sorted(n for n in range(1, 17) if dealers.count(n) == 2) == [3, 5, 10, 16]
    assert all(dealers.count(n) == 1 for n in range(1, 17) if n not in (3, 5, 10, 16))


def test_the_shipped_design_is_the_example_and_rounds_six_to_eight_reach_the_bound():
    design = load_designs()[16]
    assert [[list(t) for t in rnd] for rnd in design[:5]] == SIXTEEN_BY_FIVE
    for r, repeats in ((6, 24), (7, 48), (8, 72)):
        m = measure(request(16, r), rounds_of([[list(t) for t in rnd] for rnd in design[:r]]))
        assert m.repeats == repeats == m.lower_bound == 16 * (3 * r - 15) // 2


def test_every_shipped_design_has_the_repeats_it_lists():
    expected = {16: [0, 0, 0, 0, 0, 24, 48, 72], 20: [0, 0, 0, 0, 0, 6, 20, 50], 24: [0] * 7 + [18]}
    for n, design in load_designs().items():
        for r in range(1, len(design) + 1):
            m = measure(request(n, r), rounds_of([[list(t) for t in rnd] for rnd in design[:r]]))
            assert m.repeats == expected.get(n, [0] * 10)[r - 1], (n, r)


def test_thirteen_by_three_example_measures_and_bye_rule():
    rounds = rounds_of(THIRTEEN, THIRTEEN_BYES)
    req = request(13, 3)
    check_schedule(req, rounds)  # T-13 with the bye rule: raises if broken
    m = measure(req, rounds)
    assert (m.triples, m.repeats, m.back_to_back, m.dealer_spread, m.neighbour_repeats, m.bye_spread) == (
        0,
        6,
        4,
        1,
        0,
        1,
    )
    assert m.lower_bound == 0


def test_late_arrival_example_measures():
    rounds = rounds_of(LATE, LATE_BYES)
    req = request(LATE_ENTRANTS, 3)
    check_schedule(req, rounds)
    m = measure(req, rounds)
    assert (m.repeats, m.triples, m.back_to_back, m.dealer_spread) == (3, 0, 2, 1)
    played = played_counts(rounds)
    assert sorted(n for n in range(1, 15) if played[n] == 2) == [2, 5, 6, 12, 13, 14]
    assert all(played[n] == 3 for n in range(1, 15) if n not in (2, 5, 6, 12, 13, 14))


def test_a_bye_to_someone_who_played_less_than_a_seated_entrant_is_refused():
    wrong = rounds_of(THIRTEEN[:2], [[13], [13]])  # 13 sat out round 1 and is given round 2's bye again
    wrong[1] = Round(((3, 1, 5, 11), (2, 8, 9, 10), (4, 6, 12, 7)), (13,))
    with pytest.raises(EngineError) as error:
        check_schedule(request(13, 3), wrong)
    assert error.value.code == "request_invalid"
    assert error.value.field == "started[1].byes"


def test_planner_reaches_zero_repeats_for_sixteen_by_five():
    schedule = plan(request(16, 5))
    m = schedule.measures
    assert (m.repeats, m.triples, m.back_to_back, m.neighbour_repeats) == (0, 0, 0, 0)
    assert m.dealer_spread == 1  # 20 tables for 16 entrants: four deal twice
    assert schedule.target == 0 and schedule.shortfall == {}


def test_planner_thirteen_by_three_is_as_good_as_the_example():
    schedule = plan(request(13, 3))
    check_schedule(request(13, 3), schedule.rounds)
    m = schedule.measures
    assert m.triples == 0 and m.repeats <= 6
    assert m.bye_spread == 1 and sorted(b for rnd in schedule.rounds for b in rnd.byes) == sorted(
        {b for rnd in schedule.rounds for b in rnd.byes}
    )
    assert schedule.target is None  # byes: outside T-20's table


def test_late_arrival_keeps_round_one_and_gives_byes_to_those_who_played_most():
    started = tuple(rounds_of(LATE[:1], LATE_BYES[:1]))
    req = request(LATE_ENTRANTS, 3, started=started)
    schedule = plan(req)
    assert schedule.rounds[0] == started[0]
    check_schedule(req, schedule.rounds)
    assert set(schedule.rounds[1].byes) <= set(range(1, 13))  # 13 (bye) and 14 (absent) have played 0
    played = played_counts(list(schedule.rounds[:2]))
    assert all(played.get(b, 0) == 2 for b in schedule.rounds[2].byes)
    m = schedule.measures
    assert m.triples == 0 and m.repeats <= 3 and m.dealer_spread <= 1


def test_team_of_three_among_eight_is_refused_naming_the_team():
    with pytest.raises(EngineError) as error:
        plan(request(8, 3, teams=(("Aces", (1, 2, 3)),)))
    assert error.value.code == "keep_apart_infeasible"
    assert error.value.field == "teams.Aces"


def test_keep_apart_that_the_bye_rule_forces_together_is_refused():
    # Five entrants, one table: in round 3 the bye must go to one of 3, 4, 5 (1 and 2 have each sat out once).
    with pytest.raises(EngineError) as error:
        plan(request(5, 3, keep_apart=((1, 2),)))
    assert error.value.code == "keep_apart_infeasible"
    assert error.value.field == "keep_apart[0]"


def test_pairs_are_kept_apart_on_the_design_without_repeats():
    teams = tuple((f"T{i}", (2 * i - 1, 2 * i)) for i in range(1, 9))
    schedule = plan(request(16, 4, teams=teams))
    m = schedule.measures
    assert m.keep_apart_violations == 0 and m.repeats == 0
    assert schedule.target is None  # teams: the preview shows the counting bound instead


def test_started_rounds_are_never_changed_and_presence_is_respected():
    first = plan(request(20, 4))
    entrants = [Entrant(n, until_round=2 if n == 7 else None) for n in range(1, 21)] + [Entrant(21, from_round=3)]
    req = request(entrants, 4, started=first.rounds[:2])
    again = plan(req)
    assert again.rounds[:2] == first.rounds[:2]
    check_schedule(req, again.rounds)
    later = {n for rnd in again.rounds[2:] for t in rnd.tables for n in t} | {
        b for rnd in again.rounds[2:] for b in rnd.byes
    }
    assert 7 not in later and 21 in later


def test_the_schedule_is_a_pure_function_of_the_request():
    assert plan(request(13, 4)) == plan(request(13, 4))
    assert plan(request(13, 4)).rounds != plan(request(13, 4, seed="0" * 31 + "1")).rounds


def test_too_few_entrants_for_a_table_is_refused():
    with pytest.raises(EngineError) as error:
        plan(request(3, 2))
    assert error.value.code == "request_invalid"


def test_counting_bound_formula():
    # T-19: N entrants all playing R rounds: N · max(0, 3R − N + 1) / 2.
    assert counting_bound(16, [8] * 16) == 72
    assert counting_bound(12, [8] * 12) == 78
    assert counting_bound(13, [3] * 13) == 0
    assert counting_bound(5, [3, 3, 2, 2, 2]) == 8  # 3·3 − 4 = 5 twice, 3·2 − 4 = 2 three times: 16 / 2
    assert counting_bound(5, [3, 2, 2, 2, 2]) == 7  # (5 + 8) / 2 rounded up


def test_last_round_seated_by_the_standings_with_the_bye_to_the_lowest_eligible():
    # Nine entrants, round 3 by the standings (T-29). Before it 9 and 4 have played once (byes), the rest twice: the
    # bye goes to the lowest-placed of those on two, 8; the others fill the tables in standing order.
    started = tuple(
        rounds_of(
            [[[6, 5, 1, 4], [2, 7, 8, 3]], [[3, 9, 5, 7], [8, 2, 6, 1]]],
            [[9], [4]],
        )
    )
    schedule = plan(request(9, 3, started=started, by_standings=1, standings=(5, 3, 9, 1, 2, 4, 6, 7, 8)))
    last = schedule.rounds[2]
    assert last.byes == (8,)
    assert [sorted(t) for t in last.tables] == [[1, 3, 5, 9], [2, 4, 6, 7]]
    assert schedule.by_standings_from == 3


def test_standings_round_moves_the_lower_placed_of_a_keep_apart_pair_to_the_next_table():
    # Places 1–4 would sit together, but 3 and 4 are kept apart: 4 moves to table 2, swapping with its highest-placed
    # entrant who creates no conflict, 5.
    schedule = plan(request(8, 1, by_standings=1, standings=tuple(range(1, 9)), keep_apart=((3, 4),)))
    assert [sorted(t) for t in schedule.rounds[0].tables] == [[1, 2, 3, 5], [4, 6, 7, 8]]


def test_lowest_standing_bye_choice_decides_the_next_rounds_bye():
    started = tuple(rounds_of([[[1, 2, 3, 4], [5, 6, 7, 8]]], [[9]]))
    standings = (9, 8, 7, 6, 5, 4, 3, 2, 1)  # 9 must play (played 0); of the rest, 1 stands lowest
    schedule = plan(request(9, 3, started=started, bye_choice="lowest_standing", standings=standings))
    assert schedule.rounds[1].byes == (1,)
    check_schedule(request(9, 3), schedule.rounds)
