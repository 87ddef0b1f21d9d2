"""A round's score in words (tournaments.wording): one place point, one round, in the singular."""

from __future__ import annotations

from scorekeeper.engine.tournament.scorecard import Part
from scorekeeper.engine.tournament.scores import TWELFTHS
from scorekeeper.tournaments.wording import part_words


def test_one_place_point_and_one_round_are_said_in_the_singular():
    assert part_words(Part("place_points", 12 * 8, points=12, unit=8), TWELFTHS) == "1 place point × 8"
    assert part_words(Part("place_points", -12, points=-12, unit=1), TWELFTHS) == "-1 place point"
    assert part_words(Part("place_points", 12 * 24, points=12 * 3, unit=8), TWELFTHS) == "3 place points × 8"
    # A bye after one round scores that round: its average is its score, said over 1 round.
    assert part_words(Part("average", 12 * 40, total=12 * 40, rounds=1), TWELFTHS) == (
        "the average: 40 over 1 round, rounded"
    )
    assert part_words(Part("average", 12 * 12, total=12 * 49, rounds=4), TWELFTHS) == (
        "the average: 49 over 4 rounds, rounded"
    )
