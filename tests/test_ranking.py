from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.ranking import rank_with_ties


@dataclass
class Line:
    name: str
    chips: int
    rank: int = 0


def test_equal_keys_share_the_better_place_and_the_next_place_skips():
    lines = [Line("Dan", 12), Line("Eve", -4), Line("Ann", -4), Line("Ben", 30), Line("Cat", -9)]
    ordered = rank_with_ties(lines, key=lambda line: -line.chips, then=lambda line: line.name)
    assert [(line.rank, line.name) for line in ordered] == [(1, "Ben"), (2, "Dan"), (3, "Ann"), (3, "Eve"), (5, "Cat")]


def test_nothing_to_rank():
    assert rank_with_ties([], key=lambda line: line.chips) == []
