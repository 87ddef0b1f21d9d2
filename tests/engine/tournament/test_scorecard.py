"""Score cards: each round of an entrant and how its score, so the total, was made (§9.3, §9.4)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import RuleSet
from scorekeeper.engine.tournament.scorecard import Part, score_card
from scorekeeper.engine.tournament.scores import TournamentOptions
from scorekeeper.engine.tournament.standings import table_standings
from tests.engine.tournament.examples import (
    ANN,
    CAT,
    EIGHT,
    FAY,
    FIVE,
    HAL,
    IVY,
    ROUNDS,
    ivy_rounds,
    random_tournament,
)

PC = RuleSet.PARLETT_CHIPS


def test_ann_s_card_after_three_rounds():
    options = TournamentOptions()
    card = score_card(table_standings(EIGHT, ROUNDS, options, PC).row(ANN), options, PC)
    assert [
        (line.entry.round, line.entry.table, line.entry.opponents, line.entry.change, line.score // 12)
        for line in card.lines
    ] == [(1, 1, (3, 5, 7), 8, 16), (2, 1, (CAT, FAY, HAL), 24, 40), (3, 1, (5, 8, 4), -12, -36)]
    # Round 2: +24 and a first place shared with Fay, 2 place points at 8 chips each.
    second = card.lines[1]
    assert (second.entry.place, second.entry.tied) == (1, True)
    assert second.parts == (Part("change", 12 * 24), Part("place_points", 12 * 16, points=12 * 2, unit=8))
    assert card.total == 12 * 20


def test_ivy_s_card_shows_her_bye_as_her_average():
    options = TournamentOptions()
    card = score_card(table_standings(FIVE, ivy_rounds(), options, PC).row(IVY), options, PC)
    assert [line.score // 12 for line in card.lines] == [41, -17, 12, 46, -21]
    assert card.lines[0].parts == (Part("change", 12 * 17), Part("place_points", 12 * 24, points=12 * 3, unit=8))
    assert card.lines[2].entry.kind == "bye"
    # 49 from four rounds played: 12 1/4, rounded to 12.
    assert card.lines[2].parts == (Part("average", 12 * 12, total=12 * 49, rounds=4),)
    assert card.total == 12 * 61


def test_cards_under_the_other_methods():
    for method, code in (("chips", "change"), ("contracts", "contract_points")):
        options = TournamentOptions(method=method)
        card = score_card(table_standings(FIVE, ivy_rounds(), options, PC).row(IVY), options, PC)
        assert card.lines[0].parts[0].code == code
    options = TournamentOptions(method="placement", bye_score="fixed")
    card = score_card(table_standings(FIVE, ivy_rounds(bye=False), options, PC).row(IVY), options, PC)
    assert card.lines[0].parts == (Part("place_points", 12 * 3, points=12 * 3, unit=1),)
    assert card.lines[2].parts == (Part("zero", 0),)


SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDED, st.sampled_from(["chips", "placement", "placement+chips"]), st.sampled_from(["average", "fixed"]))
def test_the_parts_make_each_score_and_the_scores_make_the_total(rng, method, bye):
    entrants, rounds = random_tournament(rng)
    options = TournamentOptions(method=method, bye_score=bye, bye_fixed_value=3)
    for row in table_standings(entrants, rounds, options, PC).rows:
        card = score_card(row, options, PC)
        for line in card.lines:
            assert sum(part.value for part in line.parts) == line.score
        assert sum(line.score for line in card.lines) == card.total
