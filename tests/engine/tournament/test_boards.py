"""Hand records (TOURNAMENTS.md T-58 … T-62): dealing, validation by name, and deals checked against their board."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Contract, DealRecord, EngineError, Options
from scorekeeper.engine.tournament.boards import (
    PACK,
    HandRecord,
    board_dealer,
    check_deal_on_board,
    deal_board,
    deal_boards,
    hand_record_json,
    parse_hand_record,
)
from tests.engine.tournament.duplicate_hands import STUDY, record, swapped

SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)


def raw(hands=STUDY, board=1, dealer=None) -> dict:
    dealer = board_dealer(board) if dealer is None else dealer
    return {"board": board, "dealer": dealer, "hands": [list(hand) for hand in hands]}


def refused(document: dict) -> EngineError:
    with pytest.raises(EngineError) as caught:
        parse_hand_record(document)
    return caught.value


# T-58, T-60: the pack and the dealer.


def test_the_pack_is_forty_cards_without_tens_nines_or_eights():
    assert len(PACK) == len(set(PACK)) == 40
    assert {card[0] for card in PACK} == set("AKQJ765432")
    assert PACK[:10] == ("AS", "KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S", "2S")


def test_board_b_is_dealt_by_seat_b_minus_one_mod_four():
    assert [board_dealer(b) for b in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]


# T-59: dealing.


@settings(max_examples=300, deadline=None)
@given(rng=SEEDED, board=st.integers(min_value=1, max_value=10**9))
def test_every_board_dealt_is_a_valid_hand_record_using_each_card_once(rng, board):
    dealt = deal_board(board, rng)
    assert dealt.board == board and dealt.dealer == (board - 1) % 4
    assert [len(hand) for hand in dealt.hands] == [10, 10, 10, 10]
    assert sorted(card for hand in dealt.hands for card in hand) == sorted(PACK)
    assert parse_hand_record(hand_record_json(dealt)) == dealt


def test_the_secure_generator_deals_valid_boards_numbered_from_the_first():
    boards = deal_boards(17, 5)
    assert [b.board for b in boards] == [17, 18, 19, 20, 21]
    assert [b.dealer for b in boards] == [0, 1, 2, 3, 0]
    for board in boards:
        assert parse_hand_record(hand_record_json(board)) == board


class Reverse(random.Random):
    """A source whose shuffle is one fixed permutation: the pack backwards."""

    def shuffle(self, x):  # type: ignore[override]
        x.reverse()


def test_a_deal_is_the_shuffled_pack_cut_into_four_pockets_of_ten():
    # Every order of the pack is one deal and every deal comes from (10!)^4 orders, so a shuffle that makes every
    # order equally likely makes every deal equally likely. Here the order is the pack backwards.
    dealt = deal_board(1, Reverse())
    assert dealt.hands == (PACK[30:], PACK[20:30], PACK[10:20], PACK[:10])


def test_a_seeded_source_spreads_every_card_evenly_over_the_pockets():
    # Deterministic (a fixed seed), so it cannot flake; a dealing that favoured a pocket would fail it. With 4,000
    # boards each card's pocket counts are 1,000 expected, standard deviation 27; the bound is 6 deviations.
    rng = random.Random(20261125)
    counts = Counter()
    together = 0
    for board in range(1, 4001):
        dealt = deal_board(board, rng)
        for seat, hand in enumerate(dealt.hands):
            counts.update((card, seat) for card in hand)
        together += any("AS" in hand and "AC" in hand for hand in dealt.hands)
    assert all(abs(counts[card, seat] - 1000) < 165 for card in PACK for seat in range(4))
    # Two given cards share a pocket with probability 9/39: 923 expected of 4,000, standard deviation 27.
    assert abs(together - 4000 * 9 / 39) < 160


@pytest.mark.parametrize(
    ("first", "count", "field"),
    [(0, 1, "first"), (1, 0, "count"), (1, 10_001, "count"), (True, 1, "first"), (10**9, 2, "count")],
)
def test_boards_out_of_range_are_refused(first, count, field):
    with pytest.raises(EngineError) as caught:
        deal_boards(first, count)
    assert (caught.value.code, caught.value.field) == ("request_invalid", field)


# T-60: validation, by name.


def test_a_card_twice_is_refused_by_name_and_pocket():
    hands = [list(h) for h in STUDY]
    hands[2][9] = "AS"  # 4H replaced by a second Spadille
    error = refused(raw(hands))
    assert error.code == "card_repeated"
    assert error.field == "hands[2][9]"
    assert "AS is in pocket 1 and in pocket 2" in error.message


def test_a_card_twice_in_one_pocket_says_so():
    hands = [list(h) for h in STUDY]
    hands[0][1] = "KS"
    error = refused(raw(hands))
    assert (error.code, error.field) == ("card_repeated", "hands[0][1]")
    assert "KS is again in pocket 0" in error.message


def test_a_missing_card_is_refused_by_name():
    hands = [list(h) for h in STUDY]
    hands[3].remove("5H")
    error = refused(raw(hands))
    assert (error.code, error.field) == ("card_missing", "hands")
    assert error.message == "board 1: 5H is in no pocket"


def test_a_pocket_of_eleven_is_refused_when_every_card_is_there():
    hands = [list(h) for h in STUDY]
    hands[1].append(hands[3].pop())
    error = refused(raw(hands))
    assert (error.code, error.field) == ("hand_size_invalid", "hands[1]")
    assert "pocket 1 holds 11 cards, not 10" in error.message


def test_the_wrong_dealer_is_refused_with_the_right_one():
    error = refused(raw(board=6, dealer=3))
    assert (error.code, error.field) == ("board_dealer_wrong", "dealer")
    assert error.message == "board 6 is dealt by seat 1, not seat 3"


@pytest.mark.parametrize("card", ["10S", "TS", "as", "1H", 7, None, ["AS"], {"AS": 1}])
def test_a_card_outside_the_pack_is_refused(card):
    hands = [list(h) for h in STUDY]
    hands[0][0] = card
    error = refused(raw(hands))
    assert (error.code, error.field) == ("card_invalid", "hands[0][0]")


@pytest.mark.parametrize(
    ("document", "code", "field"),
    [
        ([], "hand_record_invalid", None),
        ({"board": 1, "dealer": 0}, "hand_record_invalid", None),
        ({"board": 1, "dealer": 0, "hands": [], "notes": ""}, "hand_record_invalid", None),
        ({"board": 0, "dealer": 3, "hands": []}, "board_invalid", "board"),
        ({"board": "1", "dealer": 0, "hands": []}, "board_invalid", "board"),
        ({"board": 1, "dealer": 0, "hands": [[], [], []]}, "hand_record_invalid", "hands"),
    ],
)
def test_malformed_records_are_refused(document, code, field):
    error = refused(document)
    assert (error.code, error.field) == (code, field)


def test_a_prefix_places_the_error_in_a_larger_document():
    with pytest.raises(EngineError) as caught:
        parse_hand_record(raw(board=2, dealer=0), prefix="boards[1].")
    assert caught.value.field == "boards[1].dealer"


def test_the_hands_are_kept_in_the_order_given():
    hands = [list(reversed(h)) for h in STUDY]
    assert parse_hand_record(raw(hands)).hands[0] == tuple(reversed(STUDY[0]))


# T-62: deals against their board.

OPTIONS = Options()


def deal(**fields) -> DealRecord:
    values = {"dealer": 0, "contract": Contract.ALLIANCE, "hombre": 1, "ally": 3, "trump": "S", "tricks": 6}
    values.update(fields)
    return DealRecord(**values)


def check(record: HandRecord, **fields) -> DealRecord:
    return check_deal_on_board(deal(**fields), record, OPTIONS)


def check_refused(record: HandRecord, **fields) -> EngineError:
    with pytest.raises(EngineError) as caught:
        check(record, **fields)
    return caught.value


@pytest.mark.parametrize(
    ("fields", "runs"),
    [
        # Spades: AS AC (seat 1) and 2S (seat 3) are held between the allies.
        ({"trump": "S"}, (3, 0)),
        # Hearts: seat 1 alone runs to QH (6); with seat 2's JH 2H 3H 4H the side runs to 10.
        ({"trump": "H", "ally": 2}, (10, 6)),
        ({"trump": "H", "contract": Contract.SOLO, "ally": None}, (6, 6)),
        # Diamonds: seats 1 and 3 hold the whole column of twelve; seat 1 alone lacks Manille (7D).
        ({"trump": "D", "called": "KC", "ally": 0}, (0, 0)),
        ({"trump": "D"}, (12, 0)),
        # Clubs: Manille (2C) is seat 3's, so seat 1's AS AC break off; seat 0 with seat 1 holds no 2C either.
        ({"trump": "C", "ally": 0}, (0, 0)),
    ],
)
def test_runs_are_read_from_the_pockets(fields, runs):
    checked = check(record(1), **fields)
    assert (checked.run_side, checked.run_hombre) == runs


def test_runs_that_agree_with_the_pockets_are_accepted():
    checked = check(record(1), trump="H", contract=Contract.SOLO, ally=None, run_side=6)
    assert (checked.run_side, checked.run_hombre) == (6, 6)


def test_a_run_the_pockets_do_not_give_is_refused():
    error = check_refused(record(1), trump="S", run_side=4)
    assert (error.code, error.field) == ("run_not_on_board", "run_side")
    assert error.message == "the pockets of board 1 give the side a run of 3 with spades trumps, not 4"
    error = check_refused(record(1), trump="S", run_side=3, run_hombre=3)
    assert (error.code, error.field) == ("run_not_on_board", "run_hombre")
    error = check_refused(record(1), trump="S", run_side=0)
    assert (error.code, error.field) == ("run_not_on_board", "run_side")


def test_the_dealer_must_be_the_boards():
    error = check_refused(record(3), dealer=0)
    assert (error.code, error.field) == ("board_dealer_wrong", "dealer")
    assert error.message == "board 3 is dealt by seat 2, not seat 0"


def test_a_board_is_never_redealt():
    with pytest.raises(EngineError) as caught:
        check_deal_on_board(DealRecord(dealer=0, void=True), record(1), OPTIONS)
    assert (caught.value.code, caught.value.field) == ("board_void", "void")


def test_the_called_king_is_held_by_the_ally():
    assert check(record(1), called="KD").ally == 3
    error = check_refused(record(1), called="KC")
    assert (error.code, error.field) == ("called_not_held", "ally")
    assert error.message == "KC is in pocket 0 of board 1: its holder is the ally, not seat 3"


def test_a_queen_is_called_only_by_a_player_holding_the_kings():
    # Seat 1 holds KH only: KC and KD are still callable, so the queen of diamonds is not.
    error = check_refused(record(1), called="QD")
    assert (error.code, error.field) == ("called_not_callable", "called")
    # Seat 0 lacks KH and KD with spades trumps; as hombre it cannot call its own king of clubs.
    error = check_refused(record(1), hombre=0, ally=1, called="KC", run_side=None)
    assert error.code == "called_not_callable"
    assert "the hombre holds it himself" in error.message


def test_a_queen_call_with_the_three_kings_is_accepted():
    hands = swapped(swapped(STUDY, "KC", "2D"), "KD", "3D")  # seat 1 now holds KH KC KD
    checked = check(record(1, hands), called="QD", trump="S")
    assert checked.ally == 3


def test_forced_spadille_is_played_by_spadilles_holder():
    assert check(record(1), contract=Contract.FORCED, called="KD").run_side == 3
    error = check_refused(record(1), contract=Contract.FORCED, hombre=3, ally=1, called="KH")
    assert (error.code, error.field) == ("forced_without_spadille", "hombre")
    assert "seat 1 on board 1" in error.message


def test_a_self_call_names_the_hombres_own_king():
    assert check(record(1), contract=Contract.SELF_CALL, ally=None, called="KH", trump="S").run_side == 0
    error = check_refused(record(1), contract=Contract.SELF_CALL, ally=None, called="KD")
    assert (error.code, error.field) == ("called_not_held", "called")


def test_the_mediateurs_bought_king_counts_in_his_run():
    # Seat 1 with 2C instead of KH holds AS 2C AC of clubs; the bought KC makes a run of 4.
    hands = swapped(STUDY, "KH", "2C")
    mediateur = {"contract": Contract.MEDIATEUR, "ally": None, "trump": "C", "mediateur_giver": 0}
    checked = check(record(1, hands), called="KC", **mediateur)
    assert (checked.run_side, checked.run_hombre) == (4, 4)
    error = check_refused(record(1, hands), **mediateur)
    assert (error.code, error.field) == ("called_required", "called")
    error = check_refused(record(1, hands), called="KC", **{**mediateur, "mediateur_giver": 2})
    assert (error.code, error.field) == ("called_not_held", "mediateur_giver")


def test_a_record_the_ordinary_checks_refuse_is_left_to_them():
    strange = deal(trump="X", run_side=7)
    assert check_deal_on_board(strange, record(1), OPTIONS) is strange
