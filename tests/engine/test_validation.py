"""Every impossible record is refused with a stable code and the field at fault (§1.3, §2, §3.2, §4.4.3)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import EngineError, Options, settle_document
from tests.engine.helpers import document, error_of

PC, PP, MC, BC = "parlett-chips", "parlett-points", "modern-chips", "britannica-counters"
ALLIANCE = {"dealer": 3, "contract": "alliance", "hombre": 0, "ally": 2, "trump": "S", "tricks": 6, "hombre_tricks": 4}
SOLO = {"dealer": 3, "contract": "solo", "hombre": 1, "trump": "H", "tricks": 6}


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        ({**SOLO, "dealer": 4}, "dealer_invalid", "dealer"),
        ({**SOLO, "dealer": True}, "dealer_invalid", "dealer"),
        ({**SOLO, "contract": "misere"}, "contract_invalid", "contract"),
        ({**SOLO, "hombre": 7}, "hombre_invalid", "hombre"),
        ({**SOLO, "hombre": None}, "hombre_invalid", "hombre"),
        ({**ALLIANCE, "ally": None}, "ally_required", "ally"),
        ({**ALLIANCE, "ally": 0}, "ally_is_hombre", "ally"),
        ({**ALLIANCE, "ally": -1}, "ally_invalid", "ally"),
        ({**SOLO, "ally": 2}, "ally_unexpected", "ally"),
        ({**SOLO, "trump": "X"}, "trump_invalid", "trump"),
        ({**ALLIANCE, "called": "AH"}, "called_invalid", "called"),
        ({**ALLIANCE, "called": "KS"}, "called_not_callable", "called"),
        ({**ALLIANCE, "called": "QS"}, "called_not_callable", "called"),
        ({**SOLO, "called": "KD"}, "called_unexpected", "called"),
        ({**SOLO, "mediateur_giver": 2}, "mediateur_giver_unexpected", "mediateur_giver"),
        ({**SOLO, "tricks": 11}, "tricks_invalid", "tricks"),
        ({**SOLO, "tricks": -1}, "tricks_invalid", "tricks"),
        ({**ALLIANCE, "hombre_tricks": 7}, "hombre_tricks_invalid", "hombre_tricks"),
        ({**SOLO, "hombre_tricks": 4}, "hombre_tricks_mismatch", "hombre_tricks"),
        ({**SOLO, "tricks_by_seat": [3, 3, 3, 3]}, "tricks_by_seat_invalid", "tricks_by_seat"),
        ({**SOLO, "tricks_by_seat": [1, 5, 2, 2]}, "tricks_by_seat_mismatch", "tricks_by_seat"),
        ({**ALLIANCE, "tricks_by_seat": [3, 1, 3, 3]}, "tricks_by_seat_mismatch", "tricks_by_seat"),
        # §1.3: runs are 0 or 3..12 (red) / 3..11 (black), at most 10 for one hand.
        ({**SOLO, "run_side": 2}, "run_invalid", "run_side"),
        ({**SOLO, "run_side": 11}, "run_invalid", "run_side"),
        ({**ALLIANCE, "run_side": 12}, "run_invalid", "run_side"),
        ({**ALLIANCE, "trump": "H", "run_side": 13}, "run_invalid", "run_side"),
        ({**ALLIANCE, "run_side": 5, "run_hombre": 11}, "run_invalid", "run_hombre"),
        ({**ALLIANCE, "run_side": 3, "run_hombre": 4}, "run_hombre_exceeds_side", "run_hombre"),
        ({**SOLO, "run_side": 3, "run_hombre": 4}, "run_mismatch", "run_hombre"),
        # §3.2: premiers, stopping at six, the vole.
        ({**SOLO, "tricks": 5, "premiers": True}, "premiers_too_few_tricks", "premiers"),
        ({**SOLO, "tricks": 7, "premiers": True}, "premiers_without_six", "tricks"),
        ({**SOLO, "tricks": 8, "vole_attempted": True}, "vole_without_premiers", "vole_attempted"),
        ({**SOLO, "tricks": 10, "premiers": True}, "ten_tricks_without_vole", "tricks"),
        ({**SOLO, "tricks": 10}, "ten_tricks_without_vole", "tricks"),
        ({**SOLO, "contract": "vole_bid", "tricks": 10}, "ten_tricks_without_premiers", "premiers"),
        # §7.10 A-69: a declared vole says it was played for; A-70: a self-call names one of the hombre's kings.
        ({**SOLO, "contract": "vole_bid", "tricks": 5}, "vole_bid_not_attempted", "vole_attempted"),
        ({**SOLO, "contract": "vole_bid", "tricks": 7, "premiers": True}, "vole_bid_not_attempted", "vole_attempted"),
        ({**SOLO, "contract": "self_call", "called": "QC"}, "self_call_not_king", "called"),
        ({**SOLO, "premiers": "yes"}, "flag_invalid", "premiers"),
        (
            {
                **ALLIANCE,
                "tricks": 9,
                "premiers": True,
                "vole_attempted": True,
                "penalties": [{"kind": "friend_revealed", "seats": [2]}],
            },
            "vole_barred",
            "vole_attempted",
        ),
        (
            {
                **ALLIANCE,
                "tricks": 9,
                "premiers": True,
                "vole_attempted": True,
                "penalties": [{"kind": "discovered_game", "seats": [0]}],
            },
            "vole_barred",
            "vole_attempted",
        ),
        (
            {**ALLIANCE, "premiers": True, "penalties": [{"kind": "partner_out_of_turn", "seats": [2]}]},
            "vole_compulsory",
            "vole_attempted",
        ),
        # Penalties name the right people.
        ({**SOLO, "penalties": [{"kind": "cheating", "seats": [0]}]}, "penalty_kind_invalid", "penalties"),
        ({**SOLO, "penalties": [{"kind": "renounce", "seats": [0, 1]}]}, "penalty_seats_invalid", "penalties"),
        ({**SOLO, "penalties": [{"kind": "renounce", "seats": [5]}]}, "penalty_seats_invalid", "penalties"),
        ({**SOLO, "penalties": [{"kind": "turned_hand", "seats": [1, 1]}]}, "penalty_seats_invalid", "penalties"),
        (
            {**SOLO, "penalties": [{"kind": "renounce", "seats": [0], "count": "2"}]},
            "penalty_count_invalid",
            "penalties",
        ),
        ({**SOLO, "penalties": [{"kind": "friend_revealed", "seats": [0]}]}, "penalty_seats_invalid", "penalties"),
        # The ally (Cat, seat 2) is not eldest here; Ann (seat 0) is eldest when Dan (3) deals.
        (
            {**ALLIANCE, "hombre": 2, "ally": 0, "penalties": [{"kind": "friend_revealed", "seats": [0]}]},
            "penalty_seats_invalid",
            "penalties",
        ),
        ({**SOLO, "penalties": {"kind": "renounce"}}, "penalty_invalid", "penalties"),
        ({**SOLO, "claims": {"matadors": "no"}}, "flag_invalid", "matadors"),
        ({**SOLO, "claims": {"trumps": True}}, "claims_invalid", "claims"),
        ({**SOLO, "remainder_winner": 0}, "remainder_winner_unexpected", "remainder_winner"),
        ({**SOLO, "stake": 4}, "field_unknown", "stake"),
        ({"dealer": 3, "void": True, "contract": "solo"}, "void_with_result", "contract"),
    ],
)
def test_impossible_record_is_refused(deal, code, field):
    error = error_of(PC, [deal])
    assert (error.code, error.field, error.position) == (code, field, 1)
    assert error.message and "Traceback" not in error.message


def test_the_first_error_names_its_deal_and_nothing_is_settled():
    good = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6}
    bad = {**good, "dealer": 0, "tricks": 12}
    error = error_of(PC, [good, bad])
    assert error.position == 2 and error.code == "tricks_invalid"


def test_dealer_must_rotate_to_the_right_and_repeat_after_a_misdeal():
    first = {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6}
    assert error_of(PC, [first, {**first, "dealer": 1}]).code == "dealer_out_of_turn"
    misdeal = {"dealer": 0, "void": True}
    assert error_of(PC, [first, misdeal, {**first, "dealer": 1}]).code == "dealer_out_of_turn"
    settle_document(document(PC, [first, misdeal, {**first, "dealer": 0}]))


def test_remainder_rules_outside_bc_and_on_misdeals():
    codille = {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 4}
    assert error_of(BC, [codille, {"dealer": 1, "void": True, "remainder_winner": 0}]).code == (
        "remainder_winner_unexpected"
    )
    # A misdeal leaves the remainder held for the next played deal.
    nxt = {"dealer": 1, "contract": "solo", "hombre": 2, "trump": "S", "tricks": 6, "remainder_winner": 3}
    settle_document(document(BC, [codille, {"dealer": 1, "void": True}, nxt]))
    assert error_of(BC, [codille, {"dealer": 1, "void": True}, {**nxt, "remainder_winner": None}]).code == (
        "remainder_winner_required"
    )
    assert error_of(BC, [codille, {**nxt, "remainder_winner": "x"}]).code == "remainder_winner_invalid"


def test_bc_alliance_needs_the_hombres_own_tricks():
    alliance = {k: v for k, v in ALLIANCE.items() if k != "hombre_tricks"}
    assert error_of(BC, [alliance]).code == "hombre_tricks_required"
    assert error_of(PC, [alliance], {"pc.alliance_loss": "britannica_split"}).code == "hombre_tricks_required"
    settle_document(document(PC, [alliance]))


def test_mediateur_needs_its_giver_and_the_variant():
    mediateur = {"dealer": 0, "contract": "mediateur", "hombre": 1, "trump": "S", "tricks": 6}
    on = {"variant.mediateur": "on"}
    assert error_of(BC, [mediateur], on).code == "mediateur_giver_invalid"
    assert error_of(BC, [{**mediateur, "mediateur_giver": 1}], on).code == "mediateur_giver_is_hombre"
    king = {**on, "favourite.mode": "drawn_card", "mediateur.double_fee_if": "king_is_favourite"}
    assert error_of(BC, [{**mediateur, "mediateur_giver": 2}], king, favourite_suit="H").code == "called_required"


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"format": "quadrille-deals/2"}, "format_invalid", "format"),
        ({"ruleset": None}, "ruleset_invalid", "ruleset"),
        ({"options": ["pc.ante"]}, "options_invalid", "options"),
        ({"options": {"session.tours": 0}}, "option_invalid", "options.session.tours"),
        ({"options": {"bc.mark": -1}}, "option_invalid", "options.bc.mark"),
        ({"options": {"bc.mark": 2.5}}, "option_invalid", "options.bc.mark"),
        ({"options": {"favourite.turk": "yes"}}, "option_invalid", "options.favourite.turk"),
        ({"players": ["Ann", "Ben", "Cat", ""]}, "players_invalid", "players"),
        ({"players": "Ann Ben Cat Dan"}, "players_invalid", "players"),
        ({"start": "40"}, "start_invalid", "start"),
        ({"start": 40.5}, "start_invalid", "start"),
        ({"deals": None}, "deals_invalid", "deals"),
        ({"table": 3}, "field_unknown", "table"),
        ({"pot": -4}, "opening_invalid", "pot"),
        ({"k": 2}, "opening_unexpected", "k"),
    ],
)
def test_malformed_document_is_refused(changes, code, field):
    doc = {**document(PC, []), **changes}
    with pytest.raises(EngineError) as caught:
        settle_document(doc)
    assert (caught.value.code, caught.value.field, caught.value.position) == (code, field, None)


@pytest.mark.parametrize(
    ("opening", "code", "field"),
    [
        ({"beasts": [10, 0]}, "opening_invalid", "beasts"),
        ({"held": 1}, "opening_invalid", "held"),
        ({"held": 3, "eligible": [0, 1, 2]}, "opening_invalid", "held"),
        ({"held": 1, "eligible": [0, 0]}, "opening_invalid", "eligible"),
        ({"eligible": [1, 2]}, "opening_invalid", "eligible"),
        ({"pot": 4}, "opening_unexpected", "pot"),
    ],
)
def test_malformed_bc_opening_state_is_refused(opening, code, field):
    with pytest.raises(EngineError) as caught:
        settle_document({**document(BC, []), **opening})
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_resuming_table_with_a_held_remainder_must_name_its_winner():
    doc = {
        **document(BC, [{"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6}]),
        "held": 1,
        "eligible": [0, 2, 3],
    }
    with pytest.raises(EngineError) as caught:
        settle_document(doc)
    assert caught.value.code == "remainder_winner_required" and caught.value.position == 1


def test_options_from_mapping_round_trips():
    chosen = {"pc.ante": "dealer_four", "bc.mark": 5, "favourite.turk": True}
    assert Options.from_mapping(chosen).as_mapping(changed_only=True) == chosen


def test_forced_spadille_played_alone_calls_one_of_his_own_kings():
    # under call.forced_self_call a forced spadille played alone is a self-call.
    alone = {"dealer": 0, "contract": "forced", "hombre": 1, "trump": "S", "tricks": 6}
    options = {"call.forced_self_call": True}
    settle_document(document(MC, [{**alone, "called": "KH"}], options))
    error = error_of(MC, [{**alone, "called": "QH"}], options)
    assert (error.code, error.field) == ("self_call_not_king", "called")
    # With an ally the queen is an ordinary call (§2.4(4)).
    settle_document(document(MC, [{**alone, "ally": 2, "called": "QH"}], options))


def test_a_declared_vole_is_barred_like_any_vole_attempt():
    # §3.2 and A-69: a declared vole is played for from the first trick, so a discovered game refuses it.
    vole = {"dealer": 0, "contract": "vole_bid", "hombre": 1, "trump": "S", "tricks": 10, "premiers": True}
    vole["vole_attempted"] = True
    settle_document(document(PC, [vole]))
    barred = {**vole, "penalties": [{"kind": "discovered_game", "seats": [1]}]}
    for ruleset in (PC, PP, MC, BC):
        error = error_of(ruleset, [barred])
        assert (error.code, error.field, error.position) == ("vole_barred", "contract", 1)
