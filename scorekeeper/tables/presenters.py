"""Short, translated descriptions of deals for the ledger and the score sheet."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from scorekeeper.engine import Contract, DealRecord, LedgerEntry, Line
from scorekeeper.engine.explain import render
from scorekeeper.engine.ledger import TableState
from scorekeeper.engine.model import RuleSet
from scorekeeper.tables.messages import WORDS  # the explanations' words, French elision included

CONTRACTS = {
    Contract.ALLIANCE: gettext_lazy("alliance"),
    Contract.SELF_CALL: gettext_lazy("own king"),
    Contract.SOLO: gettext_lazy("solo"),
    Contract.VOLE_BID: gettext_lazy("vole"),
    Contract.FORCED: gettext_lazy("forced"),
    Contract.MEDIATEUR: gettext_lazy("médiateur"),
}
LINES = {
    Line.WON: gettext_lazy("won"),
    Line.PREMIERS: gettext_lazy("premiers"),
    Line.VOLE_WON: gettext_lazy("vole won"),
    Line.VOLE_LOST: gettext_lazy("vole lost"),
    Line.REMISE: gettext_lazy("remise"),
    Line.CODILLE: gettext_lazy("codille"),
}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}


def describe(entry: LedgerEntry, players: Sequence[str]) -> str:
    """`Ann + Cat alliance ♠, 6: premiers` — who played what, the tricks and the result."""
    if entry.void:
        return _("misdeal (%(dealer)s deals again)") % {"dealer": players[entry.deal.dealer]}
    deal = entry.deal
    who = players[deal.hombre]
    if deal.ally is not None:
        who += " + " + players[deal.ally]
    return f"{who} {CONTRACTS[deal.contract]} {SUIT_SYMBOLS.get(deal.trump, '')}, {deal.tricks}: {LINES[entry.line]}"


def describe_row(row, players: Sequence[str]) -> str:
    """describe() of a snapshot's row (tables.snapshot.SnapshotRow)."""
    if row.void:
        return _("misdeal (%(dealer)s deals again)") % {"dealer": players[row.dealer]}
    who = players[row.hombre]
    if row.ally is not None:
        who += " + " + players[row.ally]
    contracts, lines = _words(get_language())
    return f"{who} {contracts[row.contract]} {SUIT_SYMBOLS.get(row.trump, '')}, {row.tricks}: {lines[row.line]}"


@functools.lru_cache(maxsize=16)
def _words(language: str) -> tuple[dict[Contract, str], dict[Line, str]]:
    """The contracts' and the results' words in `language` (the active one): a lazy word looks its catalogue up at
    every use, twice a deal of a ledger."""
    return {c: str(word) for c, word in CONTRACTS.items()}, {line: str(word) for line, word in LINES.items()}


def progress_words(view) -> str:
    """`Tour 3 of 10 · deal 11 · 10 of 40 played, 30 to play` — where a table's round stands (a TableView), or
    that it is complete."""
    if view.round_complete:
        return _("Round complete")
    where = {"tour": view.tour, "tours": view.tours_planned, "number": view.next_number}
    left = view.deals_to_play
    if not left:  # the planned deals are played and the round goes on until the pot is won
        return _("Tour %(tour)s of %(tours)s · deal %(number)s") % where
    return ngettext(
        "Tour %(tour)s of %(tours)s · deal %(number)s · %(played)s of %(planned)s played, %(left)s to play",
        "Tour %(tour)s of %(tours)s · deal %(number)s · %(played)s of %(planned)s played, %(left)s to play",
        left,
    ) % {**where, "played": view.state.number, "planned": view.deals_planned, "left": left}


def end_of_round_words(view) -> str:
    """`End of round: the 8 chips left on the table are shared out, 2 each.` — what the end-of-round rule (A-40)
    did with what was left on a table (a TableView) whose round is over; "" while it goes on or when nothing was
    left. The numbers are the engine's: what was on the table after the last deal and each seat's share of it."""
    left = view.state.store_total()
    if not view.round_complete or not left:
        return ""
    shares = view.end_of_round_shares
    counters = view.ruleset is RuleSet.BRITANNICA_COUNTERS
    if not any(shares):  # the rule carries it over: it is in nobody's balance
        if counters:
            text = ngettext(
                "End of round: the %(left)s counter left on the table is carried over; it is in no balance.",
                "End of round: the %(left)s counters left on the table are carried over; they are in no balance.",
                left,
            )
        else:
            text = ngettext(
                "End of round: the %(left)s chip left on the table is carried over; it is in no balance.",
                "End of round: the %(left)s chips left on the table are carried over; they are in no balance.",
                left,
            )
        return text % {"left": left}
    if len(set(shares)) == 1:
        if counters:
            text = ngettext(
                "End of round: the %(left)s counter left on the table is shared out, %(share)s each.",
                "End of round: the %(left)s counters left on the table are shared out, %(share)s each.",
                left,
            )
        else:
            text = ngettext(
                "End of round: the %(left)s chip left on the table is shared out, %(share)s each.",
                "End of round: the %(left)s chips left on the table are shared out, %(share)s each.",
                left,
            )
        return text % {"left": left, "share": shares[0]}
    each = ", ".join(f"{name} {share}" for name, share in zip(view.session.players, shares, strict=True))
    if counters:
        text = ngettext(
            "End of round: the %(left)s counter left on the table is shared out: %(shares)s.",
            "End of round: the %(left)s counters left on the table are shared out: %(shares)s.",
            left,
        )
    else:
        text = ngettext(
            "End of round: the %(left)s chip left on the table is shared out: %(shares)s.",
            "End of round: the %(left)s chips left on the table are shared out: %(shares)s.",
            left,
        )
    return text % {"left": left, "shares": each}


def describe_record(deal: DealRecord, players: Sequence[str]) -> str:
    """`Ann + Cat alliance ♠, 6` — a record as it was entered, without its result (a struck deal has none)."""
    if deal.void:
        return _("misdeal (%(dealer)s deals again)") % {"dealer": players[deal.dealer]}
    who = players[deal.hombre]
    if deal.ally is not None:
        who += " + " + players[deal.ally]
    return f"{who} {CONTRACTS[deal.contract]} {SUIT_SYMBOLS.get(deal.trump, '')}, {deal.tricks}"


def delta_tone(delta: int) -> str:
    """The class a seat's change is shown in: a gain, a loss, or nothing for no change."""
    return "gain" if delta > 0 else "loss" if delta < 0 else ""


def explanation(entry: LedgerEntry, players: Sequence[str]) -> str:
    """The entry's notes as sentences in the active language (rendered per request: never cache across languages)."""
    return render(entry.notes, players, WORDS)


# The options of QUADRILLE-SCORING.md Appendix A as a scorer reads them on a score sheet: a label and its value.
OPTION_LABELS = {
    "session.tours": gettext_lazy("Tours in a round"),
    "call.queen_condition": gettext_lazy("A queen may be called"),
    "call.self_call_allowed": gettext_lazy("Calling one's own king allowed"),
    "call.forced_self_call": gettext_lazy("Forced spadille may call its own king"),
    "auction.vole_rank": gettext_lazy("Rank of a declared vole"),
    "auction.most_tricks_preference": gettext_lazy("Preference for the most tricks bid"),
    "outcome.thresholds": gettext_lazy("Tricks needed to win"),
    "record.allow_play_on_after_premiers": gettext_lazy("Play on after premiers without the vole"),
    "forced.vole_allowed": gettext_lazy("Vole allowed in forced spadille"),
    "rules.partner_out_of_turn_vole": gettext_lazy("Ally playing out of turn"),
    "vole_bid.failure": gettext_lazy("A failed declared vole"),
    "penalty.mode": gettext_lazy("Penalties"),
    "pc.alliance_loss": gettext_lazy("A lost alliance is paid by"),
    "pc.codille_three_indivisible": gettext_lazy("A codille stake that three cannot share"),
    "pc.remise_contribution": gettext_lazy("A remise puts up"),
    "pc.ante": gettext_lazy("Ante"),
    "pc.ante_when": gettext_lazy("Ante when"),
    "pc.codille_pays_matadors": gettext_lazy("Codille pays the matadors"),
    "pc.loss_matadors": gettext_lazy("Matadors on a loss"),
    "pc.preference_win": gettext_lazy("A win in the favourite suit"),
    "pc.session_end_pot": gettext_lazy("Pot at the end of the round"),
    "pp.forced_loss": gettext_lazy("A lost forced spadille is scored to"),
    "pp.multiplier_scope": gettext_lazy("Multiplier kept by"),
    "pp.self_call_column": gettext_lazy("Own king scores as"),
    "mc.pot_to": gettext_lazy("The pot goes to"),
    "mc.matador_bonus_contracts": gettext_lazy("Matador bonus in"),
    "mc.fourth_trump": gettext_lazy("Four matadors pay double"),
    "mc.loss": gettext_lazy("A loss"),
    "mc.vole": gettext_lazy("Vole bonus"),
    "mc.bonus_payers": gettext_lazy("Bonuses are paid by"),
    "mc.session_end_pot": gettext_lazy("Pot at the end of the round"),
    "bc.ombre_alone_basis": gettext_lazy("The ombre pays alone when"),
    "bc.vole": gettext_lazy("Vole"),
    "bc.vole_mode": gettext_lazy("A vole won"),
    "bc.vole_failure": gettext_lazy("A vole played for and lost"),
    "bc.game": gettext_lazy("Game"),
    "bc.consolation": gettext_lazy("Consolation"),
    "bc.sans_appeller": gettext_lazy("Sans appeller"),
    "bc.matador_per": gettext_lazy("Each matador"),
    "bc.mark": gettext_lazy("Mark"),
    "bc.deposit": gettext_lazy("The mark is put down by"),
    "bc.same_deal_beasts": gettext_lazy("Beasts of one deal"),
    "bc.codille_remainder": gettext_lazy("Codille remainder"),
    "bc.session_end": gettext_lazy("Board at the end of the round"),
    "favourite.mode": gettext_lazy("Favourite suit"),
    "favourite.turk": gettext_lazy("Favourite suit counts four times"),
    "paulans": gettext_lazy("Paulans (double stakes)"),
    "variant.mediateur": gettext_lazy("Médiateur"),
    "mediateur.fee": gettext_lazy("Médiateur's fee"),
    "mediateur.double_fee_if": gettext_lazy("Médiateur's fee doubled when"),
    "misdeal.last_card_exception": gettext_lazy("No misdeal for the last card"),
}
OPTION_VALUES = {
    "three_callable_kings": pgettext_lazy("option", "when three kings can be called"),
    "four_kings": pgettext_lazy("option", "when the hombre holds four kings"),
    "top": pgettext_lazy("option", "above every other bid"),
    "below_favourite_solo": pgettext_lazy("option", "below a solo in the favourite suit"),
    "parlett": pgettext_lazy("option", "Parlett: six, or five against split tricks"),
    "britannica_literal": pgettext_lazy("option", "Britannica, literally"),
    "ombre_style": pgettext_lazy("option", "as in Ombre: more than any opponent"),
    "compulsory": pgettext_lazy("option", "must play for the vole"),
    "barred": pgettext_lazy("option", "may not play for the vole"),
    "no_effect": pgettext_lazy("option", "no effect"),
    "solo_plus_vole_penalty": pgettext_lazy("option", "a lost solo and the vole penalty"),
    "as_solo_only": pgettext_lazy("option", "a lost solo only"),
    "mapped": pgettext_lazy("option", "paid"),
    "record_only": pgettext_lazy("option", "recorded only"),
    "caller_alone": pgettext_lazy("option", "the caller alone"),
    "britannica_split": pgettext_lazy("option", "both partners, as Britannica"),
    "stake_stays": pgettext_lazy("option", "stays in the pot"),
    "floor_remainder_stays": pgettext_lazy("option", "shared, the remainder stays"),
    "one_stake": pgettext_lazy("option", "one stake"),
    "two_stakes": pgettext_lazy("option", "two stakes"),
    "each_one": pgettext_lazy("option", "1 from each player"),
    "dealer_four": pgettext_lazy("option", "4 from the dealer"),
    "every_deal": pgettext_lazy("option", "every deal"),
    "only_if_pot_empty": pgettext_lazy("option", "only into an empty pot"),
    "mirror": pgettext_lazy("option", "as for a win"),
    "once_per_opponent": pgettext_lazy("option", "once to each opponent"),
    "pot_only": pgettext_lazy("option", "the pot only"),
    "opponents_match_pot": pgettext_lazy("option", "the opponents match the pot"),
    "split_equally": pgettext_lazy("option", "shared out equally"),
    "carry_over": pgettext_lazy("option", "carried over"),
    "play_on_until_won": pgettext_lazy("option", "play on until it is won"),
    "both": pgettext_lazy("option", "both partners"),
    "ally_only": pgettext_lazy("option", "the ally only"),
    "table": pgettext_lazy("option", "the table"),
    "player": pgettext_lazy("option", "each player"),
    "alliance": pgettext_lazy("option", "an alliance"),
    "solo": pgettext_lazy("option", "a solo"),
    "high_bidder": pgettext_lazy("option", "the hombre"),
    "split_with_partner": pgettext_lazy("option", "the hombre and the ally"),
    "solo_vole_both": pgettext_lazy("option", "solos and voles"),
    "literal": pgettext_lazy("option", "as written"),
    "all_contracts": pgettext_lazy("option", "every contract"),
    "any_suit": pgettext_lazy("option", "in any suit"),
    "red_punto_only": pgettext_lazy("option", "in red suits only"),
    "carry": pgettext_lazy("option", "the pot stays"),
    "plus_minus_two": pgettext_lazy("option", "2 won or lost"),
    "none": pgettext_lazy("option", "none"),
    "opponents": pgettext_lazy("option", "the opponents"),
    "all_others": pgettext_lazy("option", "the three others"),
    "own_tricks": pgettext_lazy("option", "the ombre takes fewer than three tricks"),
    "side_tricks": pgettext_lazy("option", "the side takes fewer than three tricks"),
    "fish_each": pgettext_lazy("option", "the vole from each opponent"),
    "double_stake": pgettext_lazy("option", "the board again"),
    "pay_vole": pgettext_lazy("option", "the vole is paid"),
    "dealer_fish": pgettext_lazy("option", "the dealer"),
    "each_player_n": pgettext_lazy("option", "every player"),
    "together": pgettext_lazy("option", "one beast"),
    "separate": pgettext_lazy("option", "separate beasts"),
    "next_deal_spadille_holder": pgettext_lazy("option", "to spadille in the next deal"),
    "stays_on_board": pgettext_lazy("option", "stays on the board"),
    "drawn_card": pgettext_lazy("option", "drawn card"),
    "first_deal_trump": pgettext_lazy("option", "trumps of the first deal"),
    "off": pgettext_lazy("option", "off"),
    "on": pgettext_lazy("option", "on"),
    "last_deal": pgettext_lazy("option", "last deal"),
    "last_tour": pgettext_lazy("option", "last tour"),
    "trump_is_favourite": pgettext_lazy("option", "trumps are the favourite suit"),
    "king_is_favourite": pgettext_lazy("option", "the king is of the favourite suit"),
}


def option_text(key: str, value: object) -> str:
    """`Ante: 4 from the dealer`: an option as a label and its value, in the active language."""
    if value is True:
        shown = pgettext("option", "yes")
    elif value is False:
        shown = pgettext("option", "no")
    elif isinstance(value, str):
        shown = str(OPTION_VALUES.get(value, value))
    else:
        shown = str(value)
    return _("%(option)s: %(value)s") % {"option": OPTION_LABELS.get(key, key), "value": shown}


def store_text(state: TableState, ruleset: RuleSet, *, short: bool = False) -> str:
    """What is on the table after a deal: in words for the phone, or `short` for the score sheet's column
    (`12`, `×3`, `20+10+5`). The one place that says what each rule set keeps on the table."""
    if ruleset is RuleSet.PARLETT_POINTS:
        times = state.k + 1
        return f"×{times}" if short else _("next deal counts ×%(m)s") % {"m": times}
    if ruleset is RuleSet.BRITANNICA_COUNTERS:
        if short:
            return str(state.board) + "".join(f"+{beast}" for beast in sorted(state.beasts))
        words = [_("board %(board)s") % {"board": state.board}]
        if state.beasts:
            words.append(_("beasts") + " " + ", ".join(str(beast) for beast in state.beasts))
        if state.held:
            words.append(_("remainder %(held)s held") % {"held": state.held})
        return " · ".join(words)
    return str(state.pot) if short else _("pot %(pot)s") % {"pot": state.pot}
