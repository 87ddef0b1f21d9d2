"""Standings and teams (TOURNAMENTS.md §5, §6): the worked examples of §9.3, §9.4 and §9.5, and invariants."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.scores import RoundResult, Substitution, TableResult, TournamentOptions
from scorekeeper.engine.tournament.standings import (
    Entrant,
    head_to_head,
    lot_digest,
    order_blocks,
    session_end,
    table_standings,
)
from scorekeeper.engine.tournament.teams import rank_teams
from tests.engine.tournament.examples import (
    ANN,
    BEN,
    CAT,
    DAN,
    EIGHT,
    EVE,
    FAY,
    FIVE,
    GUS,
    HAL,
    IVY,
    PAIRS,
    PC,
    ROUNDS,
    SEED,
    ivy_rounds,
    played,
    random_tournament,
)


def table(standings) -> list[tuple]:
    return [
        (
            row.place_label,
            row.entrant.name,
            [e.score // 12 for e in row.entries],
            row.total // 12,
            row.firsts,
            row.chips,
        )
        for row in standings.rows
    ]


# --- §9.4 -------------------------------------------------------------------------------------------------------


def test_standings_after_three_rounds():
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(), PC)
    assert table(standings) == [
        ("1", "Fay", [48, 40, -36], 52, 2, 36),
        ("2", "Gus", [56, 12, -16], 52, 1, 28),
        ("3", "Ann", [16, 40, -36], 20, 1, 20),
        ("4", "Dan", [-12, 44, -12], 20, 1, 12),
        ("5", "Eve", [-24, -8, 8], -24, 0, -16),
        ("6", "Ben", [12, -48, 12], -24, 0, -16),
        ("=7", "Cat", [-48, -40, 40], -48, 1, -32),
        ("=7", "Hal", [-48, -40, 40], -48, 1, -32),
    ]
    assert [row.decided_by for row in standings.rows] == [
        "firsts",
        None,
        "chips",
        None,
        "head_to_head",
        None,
        "share",
        "share",
    ]
    assert not standings.provisional


def test_shared_firsts_count_and_the_round_of_each_first():
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(), PC)
    firsts = {row.entrant.name: [e.round for e in row.entries if e.place == 1] for row in standings.rows}
    assert firsts["Ann"] == [2]  # shared with Fay
    assert firsts["Fay"] == [1, 2]
    assert firsts["Cat"] == firsts["Hal"] == [3]
    ann_round_2 = standings.row(ANN).entries[1]
    assert (ann_round_2.place, ann_round_2.tied, ann_round_2.opponents) == (1, True, (CAT, FAY, HAL))


def test_head_to_head_separates_eve_and_ben_by_round_2():
    options = TournamentOptions(tiebreak_chain=("head_to_head",))
    standings = table_standings(EIGHT, ROUNDS, options, PC)
    eve, ben = standings.row(EVE), standings.row(BEN)
    assert (eve.place, ben.place) == (5, 6)
    # Cat and Hal met in round 2 and both lost 24: head-to-head 0 each, and they share.
    assert standings.row(CAT).place_label == standings.row(HAL).place_label == "=7"


def test_the_head_to_head_scores_of_section_9_4():
    cards = {row.number: row.entries for row in table_standings(EIGHT, ROUNDS, TournamentOptions(), PC).rows}

    def meetings(*numbers):
        return {n: [(e.round, e.table, e.score) for e in cards[n]] for n in numbers}

    # Round 2: Eve 0 > Ben -24 at table 2; Cat and Hal met in round 2 and both lost 24.
    assert head_to_head(meetings(EVE, BEN)) == {EVE: 1, BEN: -1}
    assert head_to_head(meetings(CAT, HAL)) == {CAT: 0, HAL: 0}


def test_the_lot_from_the_revealed_seed():
    assert hashlib.sha256(SEED.encode()).hexdigest() == (
        "35e833142565037c457d42ffc9ce51d095641cb6d1d7a27e496981eb88e618d7"
    )
    assert lot_digest(SEED, HAL).startswith("514ffbe4")
    assert lot_digest(SEED, CAT).startswith("efa1e5c2")
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(tiebreak_last="lot"), PC, seed=SEED)
    assert [(row.place_label, row.entrant.name) for row in standings.rows[-2:]] == [("7", "Hal"), ("8", "Cat")]
    assert standings.row(HAL).decided_by == "lot"
    assert not standings.lot_pending


def test_the_lot_waits_for_the_seed():
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(tiebreak_last="lot"), PC)
    assert standings.row(CAT).place_label == standings.row(HAL).place_label == "=7"
    assert standings.lot_pending


def test_the_same_results_under_chips():
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(method="chips"), PC)
    assert [(row.place_label, row.entrant.name, row.total // 12) for row in standings.rows] == [
        ("1", "Fay", 36),
        ("2", "Gus", 28),
        ("3", "Ann", 20),
        ("4", "Dan", 12),
        ("5", "Eve", -16),
        ("6", "Ben", -16),
        ("=7", "Cat", -32),
        ("=7", "Hal", -32),
    ]
    assert standings.row(EVE).decided_by == "head_to_head"


def test_the_same_results_under_placement():
    standings = table_standings(EIGHT, ROUNDS, TournamentOptions(method="placement"), PC)
    assert [(row.place_label, row.entrant.name, row.total // 12) for row in standings.rows] == [
        ("1", "Gus", 3),
        ("2", "Fay", 2),
        ("3", "Dan", 1),
        ("4", "Ann", 0),
        ("5", "Eve", -1),
        ("6", "Ben", -1),
        ("=7", "Cat", -2),
        ("=7", "Hal", -2),
    ]
    assert standings.row(EVE).decided_by == "head_to_head"


def test_placement_and_fewer_byes_as_tie_breaks():
    options = TournamentOptions(tiebreak_chain=("placement", "fewer_byes"))
    standings = table_standings(EIGHT, ROUNDS, options, PC)
    # Fay and Gus: linear place points 2 and 3 (§9.4 under placement), so Gus goes first.
    assert [standings.row(GUS).place, standings.row(FAY).place] == [1, 2]
    assert standings.row(GUS).placement == 3
    # Nobody had a bye: Cat and Hal stay level.
    assert standings.row(CAT).shared and standings.row(HAL).shared


def test_standings_after_any_round_and_session():
    rounds = [
        played(1, ((ANN, CAT, EVE, GUS), (8, -24, -16, 32)), ((BEN, DAN, FAY, HAL), (4, -4, 24, -24))),
        played(2, ((CAT, FAY, HAL, ANN), (-24, 24, -24, 24)), ((DAN, EVE, GUS, BEN), (20, 0, 4, -24)), session=2),
        played(3, ((EVE, HAL, ANN, DAN), (0, 16, -12, -4)), ((FAY, GUS, BEN, CAT), (-12, -8, 4, 16)), session=2),
    ]
    assert (session_end(rounds, 1), session_end(rounds, 2)) == (1, 3)
    after_1 = table_standings(EIGHT, rounds, TournamentOptions(), PC, through_round=session_end(rounds, 1))
    assert [(row.entrant.name, row.total // 12) for row in after_1.rows[:2]] == [("Gus", 56), ("Fay", 48)]
    assert all(len(row.entries) == 1 for row in after_1.rows)
    assert after_1.through_round == 1
    whole = table_standings(EIGHT, rounds, TournamentOptions(), PC)
    assert table(whole) == table(table_standings(EIGHT, ROUNDS, TournamentOptions(), PC))
    with pytest.raises(EngineError) as refused:
        table_standings(EIGHT, rounds, TournamentOptions(), PC, through_round=4)
    assert refused.value.code == "round_invalid"


def test_decided_by_names_what_separates_each_row_from_the_next():
    rows = [
        {"number": 1, "total": 0, "firsts": 1, "chips": 0},
        {"number": 2, "total": 0, "firsts": 1, "chips": 5},
        {"number": 3, "total": 0, "firsts": 0, "chips": 9},
        {"number": 4, "total": -1, "firsts": 0, "chips": 0},
    ]
    criteria = [(name, lambda block, name=name: {r["number"]: r[name] for r in block}) for name in ("firsts", "chips")]
    blocks, decided = order_blocks(
        rows, total=lambda r: r["total"], criteria=criteria, number=lambda r: r["number"], lot=None
    )
    # Firsts put 1 and 2 ahead of 3; chips then put 2 ahead of 1, so 1 is the row just above 3.
    assert [[r["number"] for r in block] for block in blocks] == [[2], [1], [3], [4]]
    assert decided == {2: "chips", 1: "firsts"}


# --- §9.5 -------------------------------------------------------------------------------------------------------


def test_team_standings():
    options = TournamentOptions()
    teams = rank_teams(PAIRS, table_standings(EIGHT, ROUNDS, options, PC), options)
    assert [(t.place_label, t.name, t.members, t.total // 12, t.firsts, t.chips) for t in teams] == [
        ("1", "Queens", (EVE, FAY), 28, 2, 20),
        ("2", "Knaves", (GUS, HAL), 4, 2, -4),
        ("3", "Aces", (ANN, BEN), -4, 1, 4),
        ("4", "Kings", (CAT, DAN), -28, 2, -20),
    ]


def test_team_ties_go_to_firsts_then_chips_then_share_or_lot():
    options = TournamentOptions(method="chips")
    standings = table_standings(EIGHT, ROUNDS, options, PC)
    # Under chips: Aces 20 - 16 = 4, Knaves 28 - 32 = -4, Kings -32 + 12 = -20, Queens -16 + 36 = 20.
    level = {"Aces": [ANN, BEN], "Ivy league": [CAT, FAY]}  # 4 and 4: firsts 1 + 0 = 1 against 1 + 2 = 3
    teams = rank_teams(level, standings, options)
    assert [(t.place_label, t.name, t.decided_by) for t in teams] == [
        ("1", "Ivy league", "firsts"),
        ("2", "Aces", None),
    ]
    teams = rank_teams({"Odd": [CAT], "Even": [HAL]}, standings, options)
    assert [t.place_label for t in teams] == ["=1", "=1"]
    assert [t.name for t in teams] == ["Even", "Odd"]
    drawn = rank_teams({"Odd": [CAT], "Even": [HAL]}, standings, TournamentOptions(tiebreak_last="lot"), seed=SEED)
    expected = sorted(["Odd", "Even"], key=lambda name: lot_digest(SEED, name))
    assert [t.name for t in drawn] == expected
    assert [t.place_label for t in drawn] == ["1", "2"]
    # The individual standings are read, never changed (T-56).
    assert table(standings) == table(table_standings(EIGHT, ROUNDS, options, PC))


# --- §9.3 A bye under each method (T-41) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "scores", "bye"),
    [
        ("chips", [17, -9, 30, -5], 8),
        ("placement", [3, -1, 2, -2], 1),
        ("placement+chips", [41, -17, 46, -21], 12),
        ("contracts", [60, -150, 30, 50], -3),
    ],
)
def test_a_bye_scores_the_rounded_average(method, scores, bye):
    standings = table_standings(FIVE, ivy_rounds(), TournamentOptions(method=method), PC)
    ivy = standings.row(IVY)
    assert [e.score for e in ivy.entries] == [12 * s for s in scores[:2]] + [12 * bye] + [12 * s for s in scores[2:]]
    assert (ivy.played, ivy.byes, ivy.absences) == (4, 1, 0)
    fixed = table_standings(FIVE, ivy_rounds(), TournamentOptions(method=method, bye_score="fixed"), PC)
    assert fixed.row(IVY).entries[2].score == 0


def test_ivy_total_with_a_bye_and_with_an_absence():
    standings = table_standings(FIVE, ivy_rounds(), TournamentOptions(), PC)
    assert standings.row(IVY).total == 12 * 61
    absent = table_standings(FIVE, ivy_rounds(bye=False), TournamentOptions(), PC)
    ivy = absent.row(IVY)
    assert (ivy.total, ivy.entries[2].kind, ivy.entries[2].score, ivy.absences) == (12 * 49, "absence", 0, 1)
    # absence.score = average scores an absence as a bye, whatever bye.score says.
    options = TournamentOptions(absence_score="average", bye_score="fixed", bye_fixed_value=5)
    assert table_standings(FIVE, ivy_rounds(bye=False), options, PC).row(IVY).total == 12 * 61


def test_a_fixed_bye_value():
    options = TournamentOptions(bye_score="fixed", bye_fixed_value=-2)
    assert table_standings(FIVE, ivy_rounds(), options, PC).row(IVY).total == 12 * (49 - 2)


def test_a_bye_before_any_round_played_scores_zero_until_he_plays():
    rounds = ivy_rounds()[2:3]
    assert table_standings(FIVE, rounds, TournamentOptions(), PC).row(IVY).total == 0


# --- Substitutes, withdrawals, provisional standings ------------------------------------------------------------


def with_substitute(mode: str):
    rounds = list(ROUNDS)
    first = rounds[0].tables[0]
    rounds[0] = RoundResult(
        1,
        (TableResult(1, first.seats, first.changes, substitutes=(Substitution(2, "Zoe", 12),)), rounds[0].tables[1]),
    )
    return table_standings(EIGHT, rounds, TournamentOptions(substitute_score=mode), PC)


def test_a_substituted_round_counts_for_the_entrant():
    standings = with_substitute("entrant")
    eve = standings.row(EVE)
    assert (eve.total // 12, eve.played, eve.entries[0].substituted) == (-24, 3, True)


def test_a_substituted_round_can_count_as_an_absence():
    standings = with_substitute("absent")
    eve = standings.row(EVE)
    # Round 1 scores 0 (absence.score = zero): -8 + 8 = 0; the other three seats keep their scores.
    assert (eve.total, eve.played, eve.absences, eve.chips) == (0, 2, 1, 0)
    assert standings.row(GUS).entries[0].score == 12 * 56


def test_withdrawn_entrants_ranked_or_unranked():
    entrants = [*EIGHT[:7], Entrant(HAL, "Hal", withdrawn_after=2)]
    rounds = [*ROUNDS[:2], played(3, ((EVE, GUS, ANN, DAN), (0, 16, -12, -4)), ((FAY, BEN, CAT, 9), (0, 0, 0, 0)))]
    entrants.append(Entrant(9, "Ivy"))
    ranked = table_standings(entrants, rounds, TournamentOptions(), PC)
    hal = ranked.row(HAL)
    assert (hal.withdrawn, hal.place, hal.entries[2].kind, hal.total // 12) == (True, 9, "absence", -88)
    unranked = table_standings(entrants, rounds, TournamentOptions(withdrawn="unranked"), PC)
    assert unranked.rows[-1].entrant.name == "Hal"
    assert unranked.rows[-1].place_label == ""
    # Standings as they stood after round 2: he had not withdrawn yet.
    assert not table_standings(entrants, rounds, TournamentOptions(), PC, through_round=2).row(HAL).withdrawn


def test_unfinished_and_unstarted_rounds_make_the_standings_provisional():
    unfinished = [
        *ROUNDS[:2],
        RoundResult(3, tuple(TableResult(t.table, t.seats, t.changes, complete=False) for t in ROUNDS[2].tables)),
    ]
    assert table_standings(EIGHT, unfinished, TournamentOptions(), PC).provisional
    planned = RoundResult(4, tuple(TableResult(t.table, t.seats, None) for t in ROUNDS[0].tables), started=False)
    standings = table_standings(EIGHT, [*ROUNDS, planned], TournamentOptions(), PC)
    assert standings.provisional
    assert table(standings) == table(table_standings(EIGHT, ROUNDS, TournamentOptions(), PC))


def test_a_table_without_a_valid_deal_scores_nothing_yet():
    empty = RoundResult(3, (TableResult(1, ROUNDS[2].tables[0].seats, None, complete=False), ROUNDS[2].tables[1]))
    standings = table_standings(EIGHT, [*ROUNDS[:2], empty], TournamentOptions(), PC)
    eve = standings.row(EVE)
    assert [e.kind for e in eve.entries] == ["played", "played", "pending"]
    assert (eve.total // 12, eve.played) == (-32, 2)
    assert standings.provisional


# --- Invariants -------------------------------------------------------------------------------------------------

SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)
PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(SEEDED, st.sampled_from(["chips", "placement", "placement+chips"]))
def test_renumbering_the_entrants_changes_no_place(rng, method):
    entrants, rounds = random_tournament(rng)
    numbers = [e.number for e in entrants]
    shuffled = numbers[:]
    rng.shuffle(shuffled)
    new = dict(zip(numbers, (n * 7 for n in shuffled), strict=True))
    renamed = [Entrant(new[e.number], e.name) for e in entrants]
    renumbered = [
        RoundResult(
            r.round,
            tuple(TableResult(t.table, tuple(new[s] for s in t.seats), t.changes) for t in r.tables),
            tuple(new[b] for b in r.byes),
        )
        for r in rounds
    ]
    options = TournamentOptions(method=method)
    before = table_standings(entrants, rounds, options, PC)
    after = table_standings(renamed, renumbered, options, PC)
    by_name = {row.entrant.name: (row.place_label, row.total, row.firsts, row.chips) for row in after.rows}
    assert {row.entrant.name: (row.place_label, row.total, row.firsts, row.chips) for row in before.rows} == by_name


@PROPERTY
@given(SEEDED)
def test_places_count_those_strictly_ahead(rng):
    entrants, rounds = random_tournament(rng)
    standings = table_standings(entrants, rounds, TournamentOptions(), PC)
    rows = standings.rows
    for i, row in enumerate(rows):
        assert row.place == 1 + sum(1 for other in rows if other.place < row.place)
        assert row.place == i + 1 or row.shared
        if i:
            assert (rows[i - 1].total, rows[i - 1].place) >= (row.total, 0)
        assert row.total == sum(e.score for e in row.entries)
    # Under a zero-sum method with no byes the totals sum to zero.
    if not any(r.byes for r in rounds):
        assert sum(row.total for row in rows) == 0


@PROPERTY
@given(SEEDED)
def test_a_lot_separates_every_tie(rng):
    entrants, rounds = random_tournament(rng)
    standings = table_standings(entrants, rounds, TournamentOptions(tiebreak_last="lot"), PC, seed=SEED)
    assert [row.place for row in standings.rows] == list(range(1, len(entrants) + 1))
