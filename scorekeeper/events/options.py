"""Appendix A's options as a director chooses them: grouped by rule set, each with its default and a line saying what
it changes (QUADRILLE-SCORING.md §7 names the reasons; the engine checks the values)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import RuleSet
from scorekeeper.engine.options import BOOL, INT, OPTION_SPECS, POSITIVE_INT

# What each player brings (not an engine option, §4.4.1 and Appendix A): chips in PC and MC, totals from 0 in PP,
# and the 400 counters (40 fish) suggested for BC.
DEFAULT_START = {
    RuleSet.PARLETT_CHIPS.value: 40,
    RuleSet.PARLETT_POINTS.value: 0,
    RuleSet.MODERN_CHIPS.value: 40,
    RuleSet.BRITANNICA_COUNTERS.value: 400,
}

MEANINGS = {
    "call.queen_condition": _("When the hombre may call a queen: holding three callable kings, or all four (A-1)."),
    "call.self_call_allowed": _("The hombre may call one of their own kings and play alone (A-3)."),
    "call.forced_self_call": _("In a forced Spadille the holder may call their own king (A-52)."),
    "auction.vole_rank": _("Where a declared vole ranks in the bidding (A-39)."),
    "auction.most_tricks_preference": _("A bid to win the most tricks is allowed in the auction (A-39)."),
    "outcome.thresholds": _("How many tricks make a win, a remise or a codille (A-5)."),
    "record.allow_play_on_after_premiers": _("A deal may record play going on after the first five tricks (A-47)."),
    "forced.vole_allowed": _("A forced Spadille may still play for the vole (A-16)."),
    "rules.partner_out_of_turn_vole": _("What happens when the called king's holder plays out of turn (A-17)."),
    "vole_bid.failure": _("What a declared vole that fails pays (A-15)."),
    "penalty.mode": _("Penalties change the chips, or are only written down (A-46)."),
    "pc.alliance_loss": _("Who pays when an alliance loses: the caller alone, or split with the ally (A-8)."),
    "pc.codille_three_indivisible": _("A codille stake that three opponents cannot share evenly (A-9)."),
    "pc.remise_contribution": _("What the loser puts in the pot on a remise (A-10)."),
    "pc.ante": _("The ante: one chip from each player, or four from the dealer (A-11)."),
    "pc.ante_when": _("The ante is paid every deal, or only when the pot is empty (A-11)."),
    "pc.codille_pays_matadors": _("Matadors are paid on a codille as well as a remise (A-12)."),
    "pc.loss_matadors": _("How much each opponent receives for matadors on a loss (A-13)."),
    "pc.preference_win": _("What a contract in the preferred suit wins (A-57)."),
    "pc.session_end_pot": _("What happens to the pot when the session ends (A-40)."),
    "pp.forced_loss": _("Who loses the points of a failed forced Spadille (A-18)."),
    "pp.multiplier_scope": _("The loss multiplier counts the table's lost deals, or each player's (A-19)."),
    "pp.self_call_column": _("Which column of the points table a self-call uses (A-20)."),
    "mc.pot_to": _("Who takes the pot: the high bidder, or split with the partner (A-21)."),
    "mc.matador_bonus_contracts": _("Which contracts earn the matador bonus (A-22)."),
    "mc.fourth_trump": _("Which suits' fourth trump counts as a matador (A-23)."),
    "mc.loss": _("What a losing hombre pays (A-25)."),
    "mc.vole": _("What a vole wins or loses (A-26)."),
    "mc.bonus_payers": _("Who pays the bonuses in an alliance (A-28)."),
    "mc.session_end_pot": _("What happens to the pot when the session ends (A-40)."),
    "bc.ombre_alone_basis": _("Whose tricks count when the ombre plays alone (A-7)."),
    "bc.vole": _("Counters paid for a vole (A-14)."),
    "bc.vole_mode": _("How a vole is paid: fish from each, or a doubled stake (A-14)."),
    "bc.vole_failure": _("What a vole attempted and lost pays (A-14)."),
    "bc.game": _("Counters for the game (A-29)."),
    "bc.consolation": _("Counters for the consolation (A-29)."),
    "bc.sans_appeller": _("Counters for playing sans appeller (A-29)."),
    "bc.matador_per": _("Counters paid per matador (A-30)."),
    "bc.mark": _("Counters that go on the board each deal (A-31)."),
    "bc.deposit": _("Who puts the mark on the board: the dealer, or every player (A-31)."),
    "bc.same_deal_beasts": _("Beasts of the same deal go together or one by one (A-33)."),
    "bc.codille_remainder": _("Who gets what a codille leaves on the board (A-34)."),
    "bc.session_end": _("What happens to the board when the session ends (A-40)."),
    "favourite.mode": _("How the favourite suit is chosen, if there is one (A-38)."),
    "favourite.turk": _("The favourite suit counts four times instead of twice (A-36)."),
    "paulans": _("The last deal or the last tour is played double (A-37)."),
    "variant.mediateur": _("The médiateur bid is allowed (A-48)."),
    "mediateur.fee": _("The fee the médiateur pays for the king (A-48)."),
    "mediateur.double_fee_if": _("When the médiateur fee is doubled (A-48)."),
    "misdeal.last_card_exception": _("A faced last card is not a misdeal (A-44)."),
}

GROUPS = [
    ("all", _("Every rule set")),
    (RuleSet.PARLETT_CHIPS.value, _("Parlett chips")),
    (RuleSet.PARLETT_POINTS.value, _("Parlett points")),
    (RuleSet.MODERN_CHIPS.value, _("Modern chips")),
    (RuleSet.BRITANNICA_COUNTERS.value, _("Britannica counters")),
]
PREFIX = {"pc": RuleSet.PARLETT_CHIPS.value, "pp": RuleSet.PARLETT_POINTS.value, "mc": RuleSet.MODERN_CHIPS.value,
          "bc": RuleSet.BRITANNICA_COUNTERS.value}  # fmt: skip
MAX_OPTION = 1_000_000  # counters and fees: far above any table's, far below a number that slows a page
KEYS = [key for key in OPTION_SPECS if key != "session.tours"]  # the tours have their own field
assert set(KEYS) == set(MEANINGS)


def group_of(key: str) -> str:
    return PREFIX.get(key.split(".")[0], "all")


def field_name(key: str) -> str:
    return "option_" + key.replace(".", "__")


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_field(key: str) -> forms.Field:
    """A form field for one option; left empty, the option keeps its default."""
    default, allowed = OPTION_SPECS[key]
    label = key
    help_text = MEANINGS[key]
    empty = _("default: %(value)s") % {"value": _word(default)}
    if allowed in (INT, POSITIVE_INT):
        low = 1 if allowed == POSITIVE_INT else 0
        return forms.IntegerField(
            label=label,
            help_text=help_text,
            required=False,
            min_value=low,
            max_value=MAX_OPTION,
            widget=forms.NumberInput(attrs={"placeholder": empty, "inputmode": "numeric"}),
        )
    values = [True, False] if allowed == BOOL else [default, *allowed]
    choices = [("", empty)] + [(_word(v), _word(v)) for v in values if v != default]
    return forms.ChoiceField(label=label, help_text=help_text, required=False, choices=choices)


@dataclass(frozen=True)
class OptionGroup:
    ruleset: str
    title: str
    fields: list  # bound fields


class OptionsMixin:
    """Adds one field per option of Appendix A; `chosen_options(ruleset)` gives the ones set, as engine values."""

    def add_option_fields(self, initial: dict[str, Any] | None = None) -> None:
        for key in KEYS:
            self.fields[field_name(key)] = option_field(key)
            if initial and key in initial:
                self.initial[field_name(key)] = (
                    initial[key]
                    if isinstance(initial[key], int) and not isinstance(initial[key], bool)
                    else _word(initial[key])
                )

    def option_groups(self) -> list[OptionGroup]:
        return [
            OptionGroup(ruleset, title, [self[field_name(k)] for k in KEYS if group_of(k) == ruleset])
            for ruleset, title in GROUPS
        ]

    def chosen_options(self, ruleset: str) -> dict[str, Any]:
        """The options set in the form that apply to `ruleset` (another rule set's are not kept)."""
        chosen: dict[str, Any] = {}
        for key in KEYS:
            value = self.cleaned_data.get(field_name(key))
            if value in (None, "") or group_of(key) not in ("all", ruleset):
                continue
            _default, allowed = OPTION_SPECS[key]
            chosen[key] = value == "true" if allowed == BOOL else value
        return chosen
