"""Per-session options: every key of QUADRILLE-SCORING.md Appendix A, with its default first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from scorekeeper.engine.bounds import check_number
from scorekeeper.engine.errors import EngineError

INT = "integer"
POSITIVE_INT = "positive integer"
BOOL = "boolean"

# key -> (default, other allowed values, or a type word). The order is Appendix A's.
OPTION_SPECS: dict[str, tuple[Any, Any]] = {
    "session.tours": (10, POSITIVE_INT),
    "call.queen_condition": ("three_callable_kings", ("four_kings",)),
    "call.self_call_allowed": (True, BOOL),
    "call.forced_self_call": (False, BOOL),
    "auction.vole_rank": ("top", ("below_favourite_solo",)),
    "auction.most_tricks_preference": (False, BOOL),
    "outcome.thresholds": ("parlett", ("britannica_literal", "ombre_style")),
    "record.allow_play_on_after_premiers": (False, BOOL),
    "forced.vole_allowed": (True, BOOL),
    "rules.partner_out_of_turn_vole": ("compulsory", ("barred", "no_effect")),
    "vole_bid.failure": ("solo_plus_vole_penalty", ("as_solo_only",)),
    "penalty.mode": ("mapped", ("record_only",)),
    "pc.alliance_loss": ("caller_alone", ("britannica_split",)),
    "pc.codille_three_indivisible": ("stake_stays", ("floor_remainder_stays",)),
    "pc.remise_contribution": ("one_stake", ("two_stakes",)),
    "pc.ante": ("each_one", ("dealer_four",)),
    "pc.ante_when": ("every_deal", ("only_if_pot_empty",)),
    "pc.codille_pays_matadors": (True, BOOL),
    "pc.loss_matadors": ("mirror", ("once_per_opponent",)),
    "pc.preference_win": ("pot_only", ("opponents_match_pot",)),
    "pc.session_end_pot": ("split_equally", ("carry_over", "play_on_until_won")),
    "pp.forced_loss": ("both", ("ally_only",)),
    "pp.multiplier_scope": ("table", ("player",)),
    "pp.self_call_column": ("alliance", ("solo",)),
    "mc.pot_to": ("high_bidder", ("split_with_partner",)),
    "mc.matador_bonus_contracts": ("solo_vole_both", ("literal", "all_contracts")),
    "mc.fourth_trump": ("any_suit", ("red_punto_only",)),
    "mc.loss": ("carry", ("parlett",)),
    "mc.vole": ("plus_minus_two", ("none",)),
    "mc.bonus_payers": ("opponents", ("all_others",)),
    "mc.session_end_pot": ("split_equally", ("carry_over", "play_on_until_won")),
    "bc.ombre_alone_basis": ("own_tricks", ("side_tricks",)),
    "bc.vole": (10, POSITIVE_INT),
    "bc.vole_mode": ("fish_each", ("double_stake",)),
    "bc.vole_failure": ("none", ("pay_vole",)),
    "bc.game": (1, INT),
    "bc.consolation": (2, INT),
    "bc.sans_appeller": (4, INT),
    "bc.matador_per": (1, INT),
    "bc.mark": (10, INT),
    "bc.deposit": ("dealer_fish", ("each_player_n",)),
    "bc.same_deal_beasts": ("together", ("separate",)),
    "bc.codille_remainder": ("next_deal_spadille_holder", ("stays_on_board",)),
    "bc.session_end": ("split_equally", ("carry_over",)),
    "favourite.mode": ("none", ("drawn_card", "first_deal_trump")),
    "favourite.turk": (False, BOOL),
    "paulans": ("off", ("last_deal", "last_tour")),
    "variant.mediateur": ("off", ("on",)),
    "mediateur.fee": (1, INT),
    "mediateur.double_fee_if": ("trump_is_favourite", ("king_is_favourite",)),
    "misdeal.last_card_exception": (False, BOOL),
}


def attribute(key: str) -> str:
    return key.replace(".", "_")


@dataclass(frozen=True, slots=True)
class Options:
    session_tours: int = 10
    call_queen_condition: str = "three_callable_kings"
    call_self_call_allowed: bool = True
    call_forced_self_call: bool = False
    auction_vole_rank: str = "top"
    auction_most_tricks_preference: bool = False
    outcome_thresholds: str = "parlett"
    record_allow_play_on_after_premiers: bool = False
    forced_vole_allowed: bool = True
    rules_partner_out_of_turn_vole: str = "compulsory"
    vole_bid_failure: str = "solo_plus_vole_penalty"
    penalty_mode: str = "mapped"
    pc_alliance_loss: str = "caller_alone"
    pc_codille_three_indivisible: str = "stake_stays"
    pc_remise_contribution: str = "one_stake"
    pc_ante: str = "each_one"
    pc_ante_when: str = "every_deal"
    pc_codille_pays_matadors: bool = True
    pc_loss_matadors: str = "mirror"
    pc_preference_win: str = "pot_only"
    pc_session_end_pot: str = "split_equally"
    pp_forced_loss: str = "both"
    pp_multiplier_scope: str = "table"
    pp_self_call_column: str = "alliance"
    mc_pot_to: str = "high_bidder"
    mc_matador_bonus_contracts: str = "solo_vole_both"
    mc_fourth_trump: str = "any_suit"
    mc_loss: str = "carry"
    mc_vole: str = "plus_minus_two"
    mc_bonus_payers: str = "opponents"
    mc_session_end_pot: str = "split_equally"
    bc_ombre_alone_basis: str = "own_tricks"
    bc_vole: int = 10
    bc_vole_mode: str = "fish_each"
    bc_vole_failure: str = "none"
    bc_game: int = 1
    bc_consolation: int = 2
    bc_sans_appeller: int = 4
    bc_matador_per: int = 1
    bc_mark: int = 10
    bc_deposit: str = "dealer_fish"
    bc_same_deal_beasts: str = "together"
    bc_codille_remainder: str = "next_deal_spadille_holder"
    bc_session_end: str = "split_equally"
    favourite_mode: str = "none"
    favourite_turk: bool = False
    paulans: str = "off"
    variant_mediateur: str = "off"
    mediateur_fee: int = 1
    mediateur_double_fee_if: str = "trump_is_favourite"
    misdeal_last_card_exception: bool = False

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> Options:
        """Options from Appendix A keys (`{"pc.ante": "dealer_four"}`); a missing key takes its default."""
        if values is None:
            return cls()
        if not isinstance(values, Mapping):
            raise EngineError("options_invalid", "options", "options must be an object of Appendix A keys")
        chosen: dict[str, Any] = {}
        for key, value in values.items():
            chosen[attribute(key)] = check_option(key, value)
        return cls(**chosen)

    def as_mapping(self, *, changed_only: bool = False) -> dict[str, Any]:
        """Appendix A keys and values; with `changed_only`, just those that differ from the defaults."""
        result = {}
        for key, (default, _) in OPTION_SPECS.items():
            value = getattr(self, attribute(key))
            if not changed_only or value != default:
                result[key] = value
        return result


def check_option(key: str, value: Any) -> Any:
    if key not in OPTION_SPECS:
        raise EngineError("option_unknown", f"options.{key}", f"{key!r} is not an option of this rule book")
    _, allowed = OPTION_SPECS[key]
    field = f"options.{key}"
    if allowed == BOOL:
        if not isinstance(value, bool):
            raise EngineError("option_invalid", field, f"{key} must be true or false")
    elif allowed in (INT, POSITIVE_INT):
        if not isinstance(value, int) or isinstance(value, bool):
            raise EngineError("option_invalid", field, f"{key} must be a whole number")
        if value < (1 if allowed == POSITIVE_INT else 0):
            lowest = 1 if allowed == POSITIVE_INT else 0
            raise EngineError("option_invalid", field, f"{key} must be at least {lowest}")
        check_number(value, key)
    else:
        default = OPTION_SPECS[key][0]
        if value != default and value not in allowed:
            choices = ", ".join((default, *allowed))
            raise EngineError("option_invalid", field, f"{key} must be one of: {choices}")
    return value


# Keep the dataclass and the table in step: a key added to one and not the other is a bug at import time.
assert [f.name for f in fields(Options)] == [attribute(k) for k in OPTION_SPECS]
assert all(getattr(Options(), attribute(k)) == d for k, (d, _) in OPTION_SPECS.items())
