"""A player's figures on a hand-worked history: the four deals of the spec's PC-6 example (Ann, Ben, Cat, Dan;
start 40; Dan deals first), whose changes the spec works out by hand:

    1 Ann solo, 5 tricks, remise              -5  -1  -1  -1
    2 Ben solo, 3 tricks, codille             +3 -25  +3  +3
    3 Cat calls Dan, 5 tricks, remise         -1  -1 -29  -1
    4 Dan solo, 6 tricks, won                 -1  -1  -1 +59

On a fresh table (pot 0 before the ante, stake 4: what the luck/skill split compares with), worked from §4.1.4:

    1 Ann's remise                            -5  -1  -1  -1
    2 Ben's codille, 4 not divisible by 3     -1  -9  -1  -1   (Ben puts up 8, the stake stays)
    3 Cat's remise                            -1  -1  -5  -1
    4 Dan's solo won                          -1  -1  -1  +3
"""

from __future__ import annotations

import pytest

from scorekeeper.analysis.figures import PlayerFigures, Reference, Split, bucket_sums, digest_rows
from scorekeeper.engine import Contract, DealRecord, RuleSet, Session, fold
from scorekeeper.engine.ledger import opening_state
from tests.tables.pc6 import PC6

SEATS = ("ann", "ben", "cat", "dan")


def pc6_rows():
    session = Session(RuleSet.PARLETT_CHIPS, start=40)
    ledger = fold(session, [DealRecord(dealer=3, void=True), *PC6])
    return digest_rows(ledger, opening_state(session))


def test_digest_rows_leave_misdeals_out_and_keep_the_changes():
    rows = pc6_rows()
    assert [row[10:14] for row in rows] == [[-5, -1, -1, -1], [3, -25, 3, 3], [-1, -1, -29, -1], [-1, -1, -1, 59]]
    assert [row[14:] for row in rows] == [[-5, -1, -1, -1], [-1, -9, -1, -1], [-1, -1, -5, -1], [-1, -1, -1, 3]]
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
    assert sums["opponent|solo|3"] == [3, -3]  # on a fresh table the stake stays: the opponents only ante
    assert sums["ally|alliance|5"] == [1, -1]
    reference = Reference.of([sums])
    assert reference.by_contract["hombre", "solo"] == pytest.approx(-11 / 3)  # (-5 - 9 + 3) / 3
    assert reference.by_contract["opponent", "solo"] == pytest.approx(-1)  # nine antes
    assert reference.deals == 16


def test_luck_and_skill_split_adds_up_to_the_change():
    reference = Reference.of([bucket_sums(pc6_rows())])
    ann = figures_for(0, reference).split
    # Worked by hand, deal by deal (hands; play = fresh - hands; stakes = change - fresh):
    # 1 hombre solo -11/3; -5 + 11/3 = -4/3; 0.   2 opponent solo -1; 0; +3 - (-1) = 4 (Ben's 12 shared out).
    # 3 opponent alliance -1; 0; 0.                4 opponent solo -1; 0; 0.
    assert ann.hands == pytest.approx(-20 / 3)
    assert ann.play == pytest.approx(-4 / 3)
    assert ann.stakes == pytest.approx(4)
    assert ann.total == pytest.approx(-4)


def test_stakes_part_is_what_the_pot_added():
    # Two tables of the same solo won with 6 tricks, one on a fresh pot (stake 4), one on a pot of 60: on a
    # fresh table both would have given the hombre -1 + 4 = +3.
    fresh = ["solo", 0, -1, 6, "won", 0, 0, 0, 0, 4, 3, -1, -1, -1, 3, -1, -1, -1]
    rich = ["solo", 0, -1, 6, "won", 0, 0, 0, 0, 60, 59, -1, -1, -1, 3, -1, -1, -1]
    reference = Reference.of([bucket_sums([fresh]), bucket_sums([rich])])
    split = Split()
    split.add(rich, 0, reference)
    assert (split.hands, split.play, split.stakes) == (3.0, 0.0, 56.0)


def test_a_vole_on_a_carried_pot_of_60_is_stakes_not_play():
    # PC-6's three losses carry the pot to 56; Dan then declares nothing, takes all ten tricks alone: S = 60,
    # u = 15, b = 1 (premiers), v = +2: Dan -1 + 60 + 3 * 3 * 15 = +194, each opponent -1 - 3 * 15 = -46.
    # On a fresh table (S = 4, u = 1): Dan -1 + 4 + 9 = +12, each opponent -1 - 3 = -4.
    vole = DealRecord(
        dealer=2, contract=Contract.SOLO, hombre=3, trump="S", tricks=10, vole_attempted=True, premiers=True
    )
    session = Session(RuleSet.PARLETT_CHIPS, start=40)
    rows = digest_rows(fold(session, [*PC6[:3], vole]), opening_state(session))
    assert rows[3][10:] == [-46, -46, -46, 194, -4, -4, -4, 12]
    reference = Reference.of([bucket_sums(rows)])
    split = Split()
    split.add(rows[3], 3, reference)
    # Hands: the fresh-table average of a solo hombre here, (-5 - 9 + 12) / 3 = -2/3.
    assert split.hands == pytest.approx(-2 / 3)
    assert split.play == pytest.approx(12 + 2 / 3)
    assert split.stakes == pytest.approx(182)  # 194 - 12: the carried pot, not play
    assert split.total == pytest.approx(194)


def test_a_declared_vole_that_fails_is_played_not_made():
    # PC-9's contract, but nine tricks: the game is won, the declared vole is not.
    rows = [["vole_bid", 0, -1, 9, "vole_lost", 0, 0, 1, 1, 4, -3, 1, 1, 1, -3, 1, 1, 1]]
    ann = PlayerFigures()
    ann.add_table(rows, 0, SEATS, -3, "evening")
    vole = ann.contracts["vole_bid"]
    assert (vole.played, vole.made, vole.rate) == (1, 0, 0)


def test_premiers_voles_and_matador_runs_count_for_the_side_only():
    rows = [
        # Ann declares the vole and takes all ten tricks, holding four matadors herself.
        ["vole_bid", 0, -1, 10, "vole_won", 4, 4, 1, 1, 4, 30, -10, -10, -10, 30, -10, -10, -10],
        # Ben calls Ann; the side holds three matadors between them (Ben alone none), premiers, no vole.
        ["alliance", 1, 0, 6, "premiers", 3, 0, 1, 0, 4, 5, 5, -5, -5, 5, 5, -5, -5],
        # Cat calls Ann, tries the vole after premiers and loses it: Ann is ally again.
        ["alliance", 2, 0, 8, "vole_lost", 0, 0, 1, 1, 4, 2, -2, 2, -2, 2, -2, 2, -2],
        # Dan's solo with five matadors: Ann is an opponent, nothing of it is hers.
        ["solo", 3, -1, 7, "won", 5, 5, 0, 0, 4, -3, -3, -3, 9, -3, -3, -3, 9],
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
