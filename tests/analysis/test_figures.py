"""A player's figures on a hand-worked history: the four deals of the spec's PC-6 example (Ann, Ben, Cat, Dan;
start 40; Dan deals first), whose changes the spec works out by hand:

    1 Ann solo, 5 tricks, remise              -5  -1  -1  -1
    2 Ben solo, 3 tricks, codille             +3 -25  +3  +3
    3 Cat calls Dan, 5 tricks, remise         -1  -1 -29  -1
    4 Dan solo, 6 tricks, won                 -1  -1  -1 +59
"""

from __future__ import annotations

import pytest

from scorekeeper.analysis.figures import PlayerFigures, Reference, Split, bucket_sums, digest_rows
from scorekeeper.engine import DealRecord, RuleSet, Session, fold
from tests.tables.pc6 import PC6

SEATS = ("ann", "ben", "cat", "dan")


def pc6_rows():
    ledger = fold(Session(RuleSet.PARLETT_CHIPS, start=40), [DealRecord(dealer=3, void=True), *PC6])
    return digest_rows(ledger)


def test_digest_rows_leave_misdeals_out_and_keep_the_changes():
    rows = pc6_rows()
    assert [row[-4:] for row in rows] == [[-5, -1, -1, -1], [3, -25, 3, 3], [-1, -1, -29, -1], [-1, -1, -1, 59]]
    assert [row[4] for row in rows] == ["remise", "codille", "remise", "won"]
    assert [row[9] for row in rows] == [4, 12, 28, 60]  # the stakes of PC-6


def figures_for(seat: int, reference=None) -> PlayerFigures:
    figures = PlayerFigures()
    rows = pc6_rows()
    change = sum(row[10 + seat] for row in rows)
    figures.add_table(rows, seat, SEATS, change, "evening", reference)
    return figures


def test_hombre_and_opponent_figures():
    ann = figures_for(0)
    assert (ann.deals, ann.hombre, ann.chips, ann.tables, len(ann.events)) == (4, 1, -4, 1, 1)
    assert ann.hombre_rate == 25
    solo = ann.contracts["solo"]
    assert (solo.played, solo.made, solo.remise, solo.codille, solo.chips, solo.rate) == (1, 0, 1, 0, -5, 0)
    assert (ann.roles["hombre"].deals, ann.roles["hombre"].chips) == (1, -5)
    assert (ann.roles["opponent"].deals, ann.roles["opponent"].chips) == (3, 1)  # +3 -1 -1
    assert ann.roles["opponent"].average == pytest.approx(1 / 3)
    assert ann.roles["ally"].average is None
    assert ann.series == [("evening", -4)]
    assert ann.by_deal == [-5, -2, -3, -4]
    assert (ann.won, ann.lost) == (3, 7)


def test_alliances_from_both_sides():
    cat, dan = figures_for(2), figures_for(3)
    assert cat.contracts["alliance"].played == 1 and cat.contracts["alliance"].remise == 1
    called = cat.called["dan"]
    assert (called.played, called.made, called.remise, called.codille, called.chips) == (1, 0, 1, 0, -29)
    by = dan.called_by["cat"]
    assert (by.played, by.remise, by.chips) == (1, 1, -1)  # the ally bears nothing but his ante
    assert (dan.roles["ally"].deals, dan.roles["ally"].chips) == (1, -1)
    assert (dan.roles["hombre"].chips, dan.roles["opponent"].chips, dan.chips) == (59, 2, 60)
    assert dan.contracts["solo"].made == 1 and dan.contracts["solo"].rate == 100


def test_bucket_sums_and_reference_averages():
    sums = bucket_sums(pc6_rows())
    assert sums["hombre|solo|5"] == [1, -5]
    assert sums["opponent|solo|3"] == [3, 9]
    assert sums["ally|alliance|5"] == [1, -1]
    reference = Reference.of([sums])
    assert reference.by_contract["hombre", "solo"] == pytest.approx(29 / 3)  # (-5 - 25 + 59) / 3
    assert reference.by_contract["opponent", "solo"] == pytest.approx(1 / 3)  # (-3 + 9 - 3) / 9
    assert reference.deals == 16


def test_luck_and_skill_split_adds_up_to_the_change():
    reference = Reference.of([bucket_sums(pc6_rows())])
    ann = figures_for(0, reference).split
    # Worked by hand: hands 29/3 + 1/3 - 1 + 1/3; play -44/3 + 8/3 + 0 - 4/3; stakes 0 (one table: every
    # role, contract and tricks has a single value).
    assert ann.hands == pytest.approx(28 / 3)
    assert ann.play == pytest.approx(-40 / 3)
    assert ann.stakes == pytest.approx(0)
    assert ann.total == pytest.approx(-4)


def test_stakes_part_is_what_the_pot_added():
    # Two tables of the same solo won with 6 tricks, one on a fresh pot (stake 4), one on a pot of 60.
    fresh = ["solo", 0, -1, 6, "won", 0, 0, 0, 0, 4, 3, -1, -1, -1]
    rich = ["solo", 0, -1, 6, "won", 0, 0, 0, 0, 60, 59, -1, -1, -1]
    reference = Reference.of([bucket_sums([fresh]), bucket_sums([rich])])
    split = Split()
    split.add(rich, 0, reference)
    assert (split.hands, split.play, split.stakes) == (31.0, 0.0, 28.0)


def test_premiers_voles_and_matador_runs_count_for_the_side_only():
    rows = [
        # Ann declares the vole and takes all ten tricks, holding four matadors herself.
        ["vole_bid", 0, -1, 10, "vole_won", 4, 4, 1, 1, 4, 30, -10, -10, -10],
        # Ben calls Ann; the side holds three matadors between them (Ben alone none), premiers, no vole.
        ["alliance", 1, 0, 6, "premiers", 3, 0, 1, 0, 4, 5, 5, -5, -5],
        # Cat calls Ann, tries the vole after premiers and loses it: Ann is ally again.
        ["alliance", 2, 0, 8, "vole_lost", 0, 0, 1, 1, 4, 2, -2, 2, -2],
        # Dan's solo with five matadors: Ann is an opponent, nothing of it is hers.
        ["solo", 3, -1, 7, "won", 5, 5, 0, 0, 4, -3, -3, -3, 9],
    ]
    ann = PlayerFigures()
    ann.add_table(rows, 0, SEATS, 34, "evening")
    assert (ann.premiers, ann.voles_tried, ann.voles_won) == (3, 2, 1)
    assert (ann.runs, ann.own_runs, ann.longest_run) == (2, 1, 4)
    assert (ann.roles["ally"].deals, ann.roles["ally"].chips) == (2, 7)
    assert ann.called_by["ben"].made == 1 and ann.called_by["cat"].made == 1  # a lost vole still wins the game
    assert ann.contracts["vole_bid"].rate == 100
    ben = PlayerFigures()
    ben.add_table(rows, 1, SEATS, -10, "evening")
    assert (ben.runs, ben.own_runs, ben.premiers) == (1, 0, 1)  # the side's run counts; it was not in his hand
