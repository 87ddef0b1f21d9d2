"""Each option of Appendix A changes the result where the spec says it does (hand-computed), and nowhere else."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scorekeeper.engine import OPTION_SPECS, Options, RuleSet, fold
from scorekeeper.engine.options import attribute
from scorekeeper.engine.simulate import random_session, random_table
from tests.engine.helpers import deltas, error_of, settle

PC, PP, MC, BC = "parlett-chips", "parlett-points", "modern-chips", "britannica-counters"

PC1 = {
    "dealer": 3,
    "contract": "alliance",
    "hombre": 0,
    "ally": 2,
    "called": "KH",
    "trump": "S",
    "tricks": 6,
    "hombre_tricks": 4,
    "premiers": True,
    "run_side": 3,
}
PC2 = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "H", "tricks": 4, "run_side": 4}
PC7 = {
    "dealer": 0,
    "contract": "alliance",
    "hombre": 1,
    "ally": 3,
    "trump": "S",
    "tricks": 4,
    "hombre_tricks": 2,
    "run_side": 3,
}
PC9 = {"dealer": 0, "contract": "vole_bid", "hombre": 1, "trump": "S", "tricks": 5, "vole_attempted": True}
MC1 = {
    "dealer": 3,
    "contract": "alliance",
    "hombre": 0,
    "ally": 2,
    "trump": "S",
    "tricks": 6,
    "hombre_tricks": 3,
    "premiers": True,
    "run_side": 3,
}
MC2 = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "C", "tricks": 7, "run_side": 4}
BC1 = {
    "dealer": 3,
    "contract": "alliance",
    "hombre": 0,
    "ally": 2,
    "called": "KH",
    "trump": "S",
    "tricks": 7,
    "hombre_tricks": 4,
    "run_side": 4,
}
BC4 = {
    "dealer": 2,
    "contract": "alliance",
    "hombre": 1,
    "ally": 3,
    "trump": "S",
    "tricks": 5,
    "hombre_tricks": 2,
    "run_side": 3,
    "run_hombre": 3,
}
BC6 = {
    "dealer": 0,
    "contract": "solo",
    "hombre": 3,
    "trump": "S",
    "tricks": 9,
    "premiers": True,
    "vole_attempted": True,
}
SOLO_WON = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6}


# --- where each option changes the result (values checked by hand against §4 and §7) -------------------------


def test_outcome_thresholds():
    four = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 4}
    # Default: 4 tricks is a codille; the stake of 4 cannot be divided among three and stays; Ben puts up 8.
    assert deltas(PC, [four]) == [[-1, -9, -1, -1]]
    # britannica_literal: 4 tricks is a remise, Ben puts up 4.
    assert deltas(PC, [four], {"outcome.thresholds": "britannica_literal"}) == [[-1, -5, -1, -1]]
    ombre = {"outcome.thresholds": "ombre_style"}
    # ombre_style: a remise unless a defender took more than four tricks himself.
    assert deltas(PC, [{**four, "tricks_by_seat": [2, 4, 2, 2]}], ombre) == [[-1, -5, -1, -1]]
    assert deltas(PC, [{**four, "tricks_by_seat": [5, 4, 1, 0]}], ombre) == [[-1, -9, -1, -1]]
    assert error_of(PC, [four], ombre).code == "tricks_by_seat_required"


def test_play_on_after_premiers():
    played_on = {**SOLO_WON, "premiers": True, "tricks": 8}
    assert error_of(PC, [played_on]).code == "premiers_without_six"
    allowed = {"record.allow_play_on_after_premiers": True}
    # Tricks 7 to 10 are ignored: the same as stopping at six with premiers (stake 4 + 3 × 1 unit).
    assert deltas(PC, [played_on], allowed) == [[-2, 6, -2, -2]] == deltas(PC, [{**played_on, "tricks": 6}])


def test_forced_vole_allowed():
    forced_vole = {
        "dealer": 0,
        "contract": "forced",
        "hombre": 2,
        "ally": 0,
        "trump": "S",
        "tricks": 10,
        "premiers": True,
        "vole_attempted": True,
    }
    assert settle(PP, [forced_vole])["deals"][0]["deltas"] == [12, 0, 12, 0]
    assert error_of(PP, [forced_vole], {"forced.vole_allowed": False}).code == "vole_barred"


def test_partner_out_of_turn_vole():
    stopped = {**PC1, "penalties": [{"kind": "partner_out_of_turn", "seats": [2]}]}
    assert error_of(PC, [stopped]).code == "vole_compulsory"
    assert deltas(PC, [stopped], {"rules.partner_out_of_turn_vole": "no_effect"}) == [[5, -5, 5, -5]]
    attempted = {**stopped, "tricks": 9, "vole_attempted": True}
    assert error_of(PC, [attempted], {"rules.partner_out_of_turn_vole": "barred"}).code == "vole_barred"
    # Forced spadille is never obliged to play for the vole (Law 15).
    forced = {**stopped, "contract": "forced"}
    assert deltas(PC, [forced]) == [[5, -5, 5, -5]]


def test_vole_bid_failure():
    # Default: remise plus 2 units to each opponent (PC-9).
    assert deltas(PC, [PC9]) == [[1, -11, 1, 1]]
    assert deltas(PC, [PC9], {"vole_bid.failure": "as_solo_only"}) == [[-1, -5, -1, -1]]
    # MC under its Parlett loss branch: 2 chips to each opponent, or none.
    assert deltas(MC, [PC9], {"mc.loss": "parlett"}) == [[1, -11, 1, 1]]
    assert deltas(MC, [PC9], {"mc.loss": "parlett", "vole_bid.failure": "as_solo_only"}) == [[-1, -5, -1, -1]]


def test_penalty_mode():
    renounce = {**PC2, "penalties": [{"kind": "renounce", "seats": [0], "count": 2}]}
    # Mapped: Ann pays this deal's stake (4) into the pot for each renounce, after the codille: pot 12 + 8.
    out = settle(PC, [renounce], start=40)
    assert out["deals"][0]["deltas"] == [-7, -15, 1, 1] and out["store"] == {"pot": 20}
    out = settle(PC, [renounce], {"penalty.mode": "record_only"}, start=40)
    assert out["deals"][0]["deltas"] == [1, -15, 1, 1] and out["store"] == {"pot": 12}


def test_pc_alliance_loss():
    shared = {**PC7, "hombre_tricks": 3}
    assert deltas(PC, [shared]) == [[3, -13, 3, -1]]
    # britannica_split: the loss is halved (8 put up, 4 paid to the opponents) unless the ombre made < 3 tricks.
    assert deltas(PC, [shared], {"pc.alliance_loss": "britannica_split"}) == [[3, -7, 3, -7]]
    assert deltas(PC, [PC7], {"pc.alliance_loss": "britannica_split"}) == [[3, -13, 3, -1]]
    assert deltas(PC, [shared], {"pc.alliance_loss": "britannica_split", "bc.ombre_alone_basis": "side_tricks"}) == [
        [3, -7, 3, -7]
    ]


def test_pc_codille_three_indivisible():
    out = settle(PC, [PC2], {"pc.codille_three_indivisible": "floor_remainder_stays"})
    assert out["deals"][0]["deltas"] == [2, -15, 2, 2] and out["store"] == {"pot": 9}
    # The next stake is 13: u = floor(13/4) = 3; a won solo takes all 13.
    two = settle(
        PC, [PC2, {**SOLO_WON, "dealer": 1, "hombre": 2}], {"pc.codille_three_indivisible": "floor_remainder_stays"}
    )
    assert two["deals"][1]["stake"] == 13 and two["deals"][1]["deltas"] == [-1, -1, 12, -1]


def test_a_won_stake_that_does_not_divide_is_floored_and_its_remainder_stays():
    # A-60 (and A-9): under floor_remainder_stays the stake of 13 left by the indivisible codille is not split
    # 7 and 6 between the partners (the odd counter to H): each takes 6 and 1 stays in the pot.
    alliance = {"dealer": 1, "contract": "alliance", "hombre": 2, "ally": 0, "trump": "S", "tricks": 6}
    out = settle(PC, [PC2, alliance], {"pc.codille_three_indivisible": "floor_remainder_stays"})
    assert out["deals"][1]["stake"] == 13
    assert out["deals"][1]["deltas"] == [5, -1, 5, -1] and out["store"] == {"pot": 1}
    # Under the default (stake_stays) the next stake is 16, which divides: 8 each, nothing stays.
    default = settle(PC, [PC2, alliance])
    assert default["deals"][1]["deltas"] == [7, -1, 7, -1] and default["store"] == {"pot": 0}


def test_pc_remise_contribution():
    remise = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5}
    assert settle(PC, [remise])["store"] == {"pot": 8}
    out = settle(PC, [remise], {"pc.remise_contribution": "two_stakes"})
    assert out["deals"][0]["deltas"] == [-9, -1, -1, -1] and out["store"] == {"pot": 12}


def test_pc_ante():
    assert deltas(PC, [PC1], {"pc.ante": "dealer_four"}) == [[6, -4, 6, -8]]


def test_pc_ante_when():
    remise = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5}
    won = {
        "dealer": 0,
        "contract": "alliance",
        "hombre": 1,
        "ally": 2,
        "trump": "S",
        "tricks": 7,
        "hombre_tricks": 4,
        "run_side": 3,
    }
    out = settle(PC, [remise, won], {"pc.ante_when": "only_if_pot_empty"})
    # The pot of 8 is not empty: no ante, S = 8, u = 2; the side takes 4 each and 2 from each opponent.
    assert out["deals"][1]["stake"] == 8
    assert out["deals"][1]["deltas"] == [-4, 8, 8, -4]


def test_pc_codille_pays_matadors():
    assert deltas(PC, [PC2]) == [[1, -15, 1, 1]]
    assert deltas(PC, [PC2], {"pc.codille_pays_matadors": False}) == [[-1, -9, -1, -1]]


def test_pc_loss_matadors():
    assert deltas(PC, [PC7], {"pc.loss_matadors": "once_per_opponent"}) == [[2, -11, 2, -1]]


def test_pc_preference_win():
    favourite = {"favourite.mode": "drawn_card"}
    # Spades are the favourite: f = 2 doubles the bonus units (2 × 2 = 4 per pair), not the stake taken.
    assert deltas(PC, [PC1], favourite, favourite_suit="S") == [[9, -9, 9, -9]]
    matched = {**favourite, "pc.preference_win": "opponents_match_pot"}
    assert deltas(PC, [PC1], matched, favourite_suit="S") == [[11, -11, 11, -11]]


@pytest.mark.parametrize("ruleset", [PC, MC])
def test_session_end_pot(ruleset):
    key = "pc.session_end_pot" if ruleset == PC else "mc.session_end_pot"
    remise = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5}
    out = settle(ruleset, [remise], start=40, close=True)
    pot = out["store"]["pot"]
    assert pot == (8 if ruleset == PC else 4)
    assert out["closing"]["deltas"] == [pot // 4] * 4 and out["closing"]["store"] == {"pot": 0}
    carried = settle(ruleset, [remise], {key: "carry_over"}, start=40, close=True)
    assert carried["closing"] == {"deltas": [0, 0, 0, 0], "balances": out["balances"], "store": {"pot": pot}}
    assert error_of(ruleset, [remise], {key: "play_on_until_won"}, close=True).code == "pot_not_won"
    won = settle(ruleset, [SOLO_WON], {key: "play_on_until_won"}, close=True)
    assert won["closing"]["deltas"] == [0, 0, 0, 0]


def test_session_end_leftover_goes_in_play_order_from_the_eldest():
    # Floor mode leaves a pot of 9 after PC-2: 2 each, and the last chip to the eldest of the last deal (seat 1).
    out = settle(PC, [PC2], {"pc.codille_three_indivisible": "floor_remainder_stays"}, close=True)
    assert out["closing"]["deltas"] == [2, 3, 2, 2]


def test_pp_forced_loss():
    forced = {"dealer": 1, "contract": "forced", "hombre": 3, "ally": 0, "trump": "S", "tricks": 5}
    assert deltas(PP, [forced]) == [[-6, 0, 0, -6]]
    assert deltas(PP, [forced], {"pp.forced_loss": "ally_only"}) == [[-6, 0, 0, 0]]


def test_pp_multiplier_scope():
    ben_codille = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 4}
    dan_forced = {"dealer": 1, "contract": "forced", "hombre": 3, "ally": 0, "trump": "S", "tricks": 5}
    ben_wins = {"dealer": 2, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6}
    assert deltas(PP, [ben_codille, dan_forced, ben_wins]) == [[0, -40, 0, 0], [-12, 0, 0, -12], [0, 30, 0, 0]]
    # Per player: Dan has lost nothing yet (×1); Ben lost once (×2).
    assert deltas(PP, [ben_codille, dan_forced, ben_wins], {"pp.multiplier_scope": "player"}) == [
        [0, -40, 0, 0],
        [-6, 0, 0, -6],
        [0, 20, 0, 0],
    ]


def test_pp_self_call_column():
    self_call = {"dealer": 0, "contract": "self_call", "hombre": 1, "trump": "S", "tricks": 6}
    assert deltas(PP, [self_call]) == [[0, 5, 0, 0]]
    assert deltas(PP, [self_call], {"pp.self_call_column": "solo"}) == [[0, 10, 0, 0]]


def test_mc_pot_to():
    assert deltas(MC, [MC1]) == [[5, -2, -1, -2]]
    assert deltas(MC, [MC1], {"mc.pot_to": "split_with_partner"}) == [[3, -2, 1, -2]]


def test_mc_matador_bonus_contracts():
    alliance3 = {**MC1, "premiers": False, "run_hombre": 3}
    alliance4 = {**MC1, "premiers": False, "run_side": 4, "run_hombre": 4}
    assert deltas(MC, [alliance3]) == [[3, -1, -1, -1]]
    assert deltas(MC, [alliance4]) == [[3, -1, -1, -1]]
    assert deltas(MC, [alliance3], {"mc.matador_bonus_contracts": "literal"}) == [[3, -1, -1, -1]]
    assert deltas(MC, [alliance4], {"mc.matador_bonus_contracts": "literal"}) == [[7, -3, -1, -3]]
    assert deltas(MC, [alliance3], {"mc.matador_bonus_contracts": "all_contracts"}) == [[5, -2, -1, -2]]


def test_mc_fourth_trump():
    assert deltas(MC, [MC2]) == [[-3, 9, -3, -3]]
    assert deltas(MC, [MC2], {"mc.fourth_trump": "red_punto_only"}) == [[-2, 6, -2, -2]]


def test_mc_loss():
    codille = {"dealer": 1, "contract": "solo", "hombre": 2, "trump": "S", "tricks": 3}
    assert settle(MC, [codille])["deals"][0]["deltas"] == [-1, -1, -1, -1]
    out = settle(MC, [codille], {"mc.loss": "parlett"})
    assert out["deals"][0]["deltas"] == [-1, -1, -9, -1] and out["store"] == {"pot": 12}


def test_mc_vole():
    lost = {
        "dealer": 0,
        "contract": "solo",
        "hombre": 1,
        "trump": "S",
        "tricks": 9,
        "premiers": True,
        "vole_attempted": True,
        "run_side": 3,
    }
    assert deltas(MC, [lost]) == [[-1, 3, -1, -1]]
    assert deltas(MC, [lost], {"mc.vole": "none"}) == [[-3, 9, -3, -3]]


def test_mc_bonus_payers():
    assert deltas(MC, [MC1], {"mc.bonus_payers": "all_others"}) == [[6, -2, -2, -2]]


def test_bc_ombre_alone_basis():
    # Alone on a fresh board of 10: Ben made 2 tricks himself, so he pays 2 × 5 and the beast of 10 alone.
    assert deltas(BC, [BC4]) == [[5, -20, -5, 0]]
    # Counting the side's 5 tricks instead, the loss is shared: 10 each.
    assert deltas(BC, [BC4], {"bc.ombre_alone_basis": "side_tricks"}) == [[5, -10, -5, -10]]


def test_bc_vole_amounts():
    vole = {**BC6, "tricks": 10}
    # Default: P = 7 + 10 (one fish) from each opponent.
    assert deltas(BC, [vole]) == [[-27, -17, -17, 61]]
    assert deltas(BC, [vole], {"bc.vole": 20}) == [[-37, -27, -27, 91]]
    # double_stake: no fish, but each opponent adds S / 3 = 3 (of S = 10).
    assert deltas(BC, [vole], {"bc.vole_mode": "double_stake"}) == [[-20, -10, -10, 40]]


def test_bc_vole_failure():
    assert deltas(BC, [BC6]) == [[-17, -7, -7, 31]]
    assert deltas(BC, [BC6], {"bc.vole_failure": "pay_vole"}) == [[-7, 3, 3, 1]]


def test_bc_counter_values():
    assert deltas(BC, [BC1]) == [[12, -7, 12, -17]]
    assert deltas(BC, [BC1], {"bc.game": 3}) == [[14, -9, 14, -19]]
    assert deltas(BC, [BC1], {"bc.consolation": 0}) == [[10, -5, 10, -15]]
    assert deltas(BC, [BC1], {"bc.matador_per": 2}) == [[16, -11, 16, -21]]
    assert deltas(BC, [BC1], {"bc.mark": 20}) == [[17, -7, 17, -27]]
    solo = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6}
    assert deltas(BC, [solo]) == [[31, -7, -7, -17]]
    assert deltas(BC, [solo], {"bc.sans_appeller": 0}) == [[19, -3, -3, -13]]
    assert deltas(BC, [{**solo, "claims": {"sans_prendre": False}}]) == [[19, -3, -3, -13]]
    assert deltas(BC, [{**BC1, "claims": {"matadors": False}}]) == [[8, -3, 8, -13]]


def test_bc_deposit():
    assert deltas(BC, [BC1], {"bc.deposit": "each_player_n"}) == [[17, -17, 17, -17]]


def test_bc_same_deal_beasts():
    remise_and_renounce = {
        "dealer": 3,
        "contract": "alliance",
        "hombre": 0,
        "ally": 2,
        "trump": "S",
        "tricks": 5,
        "hombre_tricks": 3,
        "penalties": [{"kind": "renounce", "seats": [1]}],
    }
    second = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6}
    assert settle(BC, [remise_and_renounce])["store"]["beasts"] == [20]
    out = settle(BC, [remise_and_renounce, second], {"bc.same_deal_beasts": "separate"})
    assert out["deals"][0]["store"]["beasts"] == [10, 10]
    # One beast of 10 goes with the mark onto the board of 10: S = 30; the other waits.
    assert out["deals"][1]["stake"] == 30 and out["store"]["beasts"] == [10]


def test_bc_codille_remainder():
    codille = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 4}
    nxt = {"dealer": 1, "contract": "solo", "hombre": 2, "trump": "S", "tricks": 6}
    held = settle(BC, [codille])["store"]
    assert held == {"board": 0, "beasts": [10], "held": 1, "eligible": [0, 2, 3]}
    assert error_of(BC, [codille, nxt]).code == "remainder_winner_required"
    assert error_of(BC, [codille, {**nxt, "remainder_winner": 1}]).code == "remainder_winner_not_eligible"
    # "none": no eligible seat holds a trump; the remainder joins this deal's board before the stake is taken.
    assert settle(BC, [codille, {**nxt, "remainder_winner": "none"}])["deals"][1]["stake"] == 21
    stays = settle(BC, [codille], {"bc.codille_remainder": "stays_on_board"})["store"]
    assert stays == {"board": 1, "beasts": [10], "held": 0, "eligible": []}
    assert error_of(BC, [codille, {**nxt, "remainder_winner": 0}], {"bc.codille_remainder": "stays_on_board"}).code == (
        "remainder_winner_unexpected"
    )


def test_bc_session_end():
    remise = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5}
    out = settle(BC, [remise], close=True)
    # Board 10 and a beast of 10: 20 shared out, 5 each.
    assert out["closing"]["deltas"] == [5, 5, 5, 5]
    assert out["closing"]["store"] == {"board": 0, "beasts": [], "held": 0, "eligible": []}
    carried = settle(BC, [remise], {"bc.session_end": "carry_over"}, close=True)
    assert carried["closing"]["deltas"] == [0, 0, 0, 0] and carried["closing"]["store"]["beasts"] == [10]


def test_favourite_suit_and_turk():
    first = {"favourite.mode": "first_deal_trump"}
    hearts_remise = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "H", "tricks": 5}
    spades_win = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6, "premiers": True}
    hearts_win = {**spades_win, "dealer": 1, "hombre": 2, "trump": "H"}
    out = settle(PP, [hearts_remise, spades_win, hearts_win], first)
    assert [d["factor"] for d in out["deals"]] == [2, 1, 2]
    assert [d["deltas"] for d in out["deals"]] == [[-40, 0, 0, 0], [0, 40, 0, 0], [0, 0, 40, 0]]
    turk = settle(PP, [hearts_remise], {**first, "favourite.turk": True})
    assert turk["deals"][0]["factor"] == 4 and turk["deals"][0]["deltas"] == [-80, 0, 0, 0]
    drawn = settle(PP, [spades_win], {"favourite.mode": "drawn_card"}, favourite_suit="S")
    assert drawn["deals"][0]["deltas"] == [0, 40, 0, 0]
    assert error_of(PP, [spades_win], {"favourite.mode": "drawn_card"}).code == "favourite_suit_required"
    assert error_of(PP, [spades_win], favourite_suit="S").code == "favourite_suit_unexpected"


def test_paulans_and_session_tours():
    rotation = [
        {"dealer": d % 4, "contract": "solo", "hombre": (d + 1) % 4, "trump": "S", "tricks": 6} for d in range(8)
    ]
    plain = settle(PP, rotation, {"session.tours": 2})
    assert [d["factor"] for d in plain["deals"]] == [1] * 8
    last = settle(PP, rotation, {"session.tours": 2, "paulans": "last_deal"})
    assert [d["factor"] for d in last["deals"]] == [1] * 7 + [2]
    tour = settle(PP, rotation, {"session.tours": 2, "paulans": "last_tour"})
    assert [d["factor"] for d in tour["deals"]] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert tour["deals"][7]["deltas"] == [20, 0, 0, 0]
    one_tour = settle(PP, rotation[:4], {"session.tours": 1, "paulans": "last_deal"})
    assert [d["factor"] for d in one_tour["deals"]] == [1, 1, 1, 2]


def test_mediateur_variant_and_fee():
    mediateur = {
        "dealer": 0,
        "contract": "mediateur",
        "hombre": 1,
        "mediateur_giver": 3,
        "called": "KH",
        "trump": "S",
        "tricks": 6,
    }
    assert error_of(PC, [mediateur]).code == "contract_not_allowed"
    on = {"variant.mediateur": "on"}
    # PC: settled as a solo, plus one unit (1 chip at S = 4) from Ben to Dan whatever the result.
    assert deltas(PC, [mediateur], on) == [[-1, 2, -1, 0]]
    assert deltas(PC, [mediateur], {**on, "mediateur.fee": 3}) == [[-1, 0, -1, 2]]
    assert deltas(MC, [mediateur], {**on, "mediateur.fee": 2}) == [[-1, 1, -1, 1]]
    assert deltas(PP, [mediateur], {**on, "mediateur.fee": 2}) == [[0, 10, 0, 0]]


def test_mediateur_double_fee_if():
    mediateur = {
        "dealer": 0,
        "contract": "mediateur",
        "hombre": 1,
        "mediateur_giver": 3,
        "called": "KH",
        "trump": "S",
        "tricks": 6,
    }
    opts = {"variant.mediateur": "on", "favourite.mode": "drawn_card"}
    # Hearts are the favourite. The trump (spades) is not: one fish. The bought king is: two fish.
    base = deltas(BC, [mediateur], opts, favourite_suit="H")
    assert base == [[-23, 39, -13, -3]]
    king = deltas(BC, [mediateur], {**opts, "mediateur.double_fee_if": "king_is_favourite"}, favourite_suit="H")
    assert king == [[-23, 29, -13, 7]]


def test_self_call_options():
    self_call = {"dealer": 0, "contract": "self_call", "hombre": 1, "trump": "S", "tricks": 6}
    assert error_of(PC, [self_call], {"call.self_call_allowed": False}).code == "contract_not_allowed"
    forced_alone = {"dealer": 0, "contract": "forced", "hombre": 1, "trump": "S", "tricks": 6}
    assert error_of(PC, [forced_alone]).code == "ally_required"
    assert deltas(PC, [forced_alone], {"call.forced_self_call": True}) == [[-1, 3, -1, -1]]


# --- nowhere else -------------------------------------------------------------------------------------------

# Options that shape the auction or validation with known hands only: no record settles differently.
NO_SETTLEMENT_EFFECT = {
    "call.queen_condition",
    "auction.vole_rank",
    "auction.most_tricks_preference",
    "misdeal.last_card_exception",
}
OWN_RULESET = {
    "pc.": RuleSet.PARLETT_CHIPS,
    "pp.": RuleSet.PARLETT_POINTS,
    "mc.": RuleSet.MODERN_CHIPS,
    "bc.": RuleSet.BRITANNICA_COUNTERS,
}


def other_values(key: str) -> list:
    default, allowed = OPTION_SPECS[key]
    if isinstance(allowed, tuple):
        return list(allowed)
    if allowed == "boolean":
        return [not default]
    return [default + 3]


CASES = [
    (key, value, ruleset)
    for key in OPTION_SPECS
    for value in other_values(key)
    for ruleset in RuleSet
    if key in NO_SETTLEMENT_EFFECT
    or (
        key[:3] in OWN_RULESET
        and OWN_RULESET[key[:3]] is not ruleset
        and not (key == "bc.ombre_alone_basis" and ruleset is RuleSet.PARLETT_CHIPS)
    )
]


@pytest.mark.parametrize(("key", "value", "ruleset"), CASES, ids=[f"{k}={v}-{r.short}" for k, v, r in CASES])
def test_option_changes_nothing_outside_its_scope(key, value, ruleset):
    rng = random.Random(f"{key}{value}{ruleset}")
    for _ in range(15):
        session = random_session(rng, ruleset, Options())
        deals = [deal for deal, _ in random_table(rng, session, 40)]
        changed = dataclasses.replace(session, options=dataclasses.replace(Options(), **{attribute(key): value}))
        assert fold(changed, deals, close=True).entries == fold(session, deals, close=True).entries


def test_every_option_is_covered_by_a_test_above():
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    untested = [k for k in OPTION_SPECS if f'"{k}"' not in source and k not in NO_SETTLEMENT_EFFECT]
    assert untested == []
