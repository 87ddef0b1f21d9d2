"""Engine error codes as messages a scorer understands, translated. Unknown codes fall back to the engine's text."""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import EngineError
from scorekeeper.engine.explain import Words

# French elides "de" and "que" before a vowel or a mute h: a message filled with a name says "d'Ann", "qu'Ivy".
# A translator writes the message's own words elided; only what fills it (a player's name) needs this.
ELIDED = re.compile(r"\b([dD]e|[qQ]ue) (?=[AEIOUYHÀÂÉÈÊËÎÏÔÛÜaeiouyhàâéèêëîïôûü])")


def elide(text: str) -> str:
    """`text` with "de Ann" written "d'Ann" (French only: the caller knows the language)."""
    return ELIDED.sub(lambda found: found.group(1)[:-1] + "'", text)


class _French(str):
    """A French message: filled in with `%`, it elides before the names it receives."""

    __slots__ = ()

    def __mod__(self, values) -> str:
        return elide(str.__mod__(self, values))

    # A message joined to another before it is filled stays one ("… to each of %(side)s" + " (bonuses …).").
    def __add__(self, other: str) -> _French:
        return _French(str.__add__(self, other))

    def __radd__(self, other: str) -> _French:
        return _French(str.__add__(other, self))


def _filled(text: str) -> str:
    return _French(text) if translation.get_language() == "fr" else text


def gettext(message: str) -> str:
    """Django's gettext, whose French message elides before a name it is filled with."""
    return _filled(translation.gettext(message))


# The engine's explanation sentences are message ids of the catalogues (engine/explain.py); these word them.
WORDS = Words(
    gettext=gettext,
    ngettext=lambda singular, plural, count: _filled(translation.ngettext(singular, plural, count)),
    pgettext=lambda context, message: _filled(translation.pgettext(context, message)),
)

# Why a table takes no more writes, said the same way on every page and for every kind of write.
EVENT_CLOSED = _("This event is closed: nothing can be changed.")
ROUND_ENDED = _("This table's round has ended: nothing more can be recorded or changed here.")
ROUND_COMPLETE = _("Round complete: no more deals are recorded at this table. The director can extend it by a tour.")

MESSAGES = {
    "dealer_out_of_turn": _("This is not the dealer whose turn it is."),
    "contract_invalid": _("Choose a contract."),
    "contract_not_allowed": _("This contract is not played in this event."),
    "hombre_invalid": _("Who is the hombre?"),
    "ally_required": _("Who holds the called king (the ally)?"),
    "ally_is_hombre": _("The hombre cannot be their own ally: choose “own king” instead."),
    "ally_invalid": _("Who holds the called king (the ally)?"),
    "ally_unexpected": _("Only an alliance or forced spadille has an ally."),
    "trump_invalid": _("Which suit was trumps?"),
    "called_invalid": _("The called card is a king or a queen."),
    "called_not_callable": _("The king and the queen of trumps cannot be called."),
    "called_unexpected": _("A solo or a vole calls no card."),
    "called_required": _("Which king did the médiateur buy?"),
    "mediateur_giver_invalid": _("Who gave the king to the médiateur?"),
    "mediateur_giver_is_hombre": _("The hombre cannot buy their own king."),
    "tricks_invalid": _("How many tricks did the contracting side take (0 to 10)?"),
    "hombre_tricks_invalid": _("The hombre's own tricks cannot be more than the side's."),
    "hombre_tricks_required": _("How many tricks did the hombre take alone? Under three, the hombre pays alone."),
    "hombre_tricks_mismatch": _("The hombre plays alone: the hombre's tricks are the side's."),
    "tricks_by_seat_invalid": _("The four players' tricks must add up to 10."),
    "tricks_by_seat_mismatch": _("The players' tricks do not match the side's tricks."),
    "tricks_by_seat_required": _("This event needs every player's tricks."),
    "run_invalid": _("Matadors: none, or a run of 3 or more trumps from Spadille down."),
    "run_hombre_exceeds_side": _("The hombre cannot hold more matadors than the side."),
    "run_mismatch": _("The hombre plays alone: the hombre's matadors are the side's."),
    "premiers_too_few_tricks": _("Premiers means the side took the first six tricks."),
    "premiers_without_six": _("With premiers and no vole, play stopped at six tricks."),
    "vole_without_premiers": _("The vole is played for only after winning the first six tricks."),
    "ten_tricks_without_vole": _("Ten tricks are a vole: tick “played for the vole”."),
    "ten_tricks_without_premiers": _("Ten tricks include the first six: tick premiers."),
    "vole_barred": _("The vole may not be played for in this deal."),
    "vole_compulsory": _("The ally played out of turn: after premiers the side had to play for the vole."),
    "penalty_seats_invalid": _("That penalty does not fit those players."),
    "penalty_kind_invalid": _("Choose a penalty."),
    "penalty_count_invalid": _("A penalty happens at least once."),
    # The bounds of INTERCHANGE.md; %(field)s is the engine's name of the number (e.g. deals[0].penalties[0].count).
    "number_out_of_range": _(
        "A number is out of range (%(field)s): a penalty happens 1 to 100 times, a file holds at most 100,000 "
        "deals, and no other number goes beyond 1,000,000,000 either way."
    ),
    "remainder_winner_required": _("Who takes the codille remainder (Spadille, or the highest trump)?"),
    "remainder_winner_not_eligible": _("Only the defenders of the last codille may take the remainder."),
    "remainder_winner_unexpected": _("No codille remainder is waiting."),
    "pot_not_won": _("The pot has not been won: play on until it is."),
    "vole_bid_not_attempted": _("A declared vole is played for the vole."),
    "self_call_not_king": _("Calling one's own king names a king, not a queen."),
    # Reading an interchange file (import).
    "json_invalid": _("The file is not valid JSON."),
    "document_invalid": _("The file is not an interchange document (a JSON object)."),
    "field_unknown": _("The file has a field the interchange format does not know."),
    "format_invalid": _("The file is not in the interchange format quadrille-deals/1."),
    "players_invalid": _("The file must name four players."),
    "start_invalid": _("The starting balance must be a whole number."),
    "close_invalid": _("“close” must be true or false."),
    "deals_invalid": _("The deals must be a list."),
    "opening_unexpected": _("The file opens with a store this rule set does not have."),
    "opening_invalid": _("The opening stores must be whole numbers, 0 or more."),
    "flag_invalid": _("A yes-or-no field must be true or false."),
    "deal_invalid": _("Each deal must be a JSON object."),
    "dealer_invalid": _("Every deal names its dealer, a seat from 0 to 3."),
    "void_with_result": _("A misdeal has no contract or result."),
    "claims_invalid": _("The claims must say true or false for matadors and sans prendre."),
    "remainder_winner_invalid": _("The remainder goes to a seat from 0 to 3, or to nobody."),
    "penalty_invalid": _("A penalty has a kind, the offenders' seats and a count."),
    "import_opening_unexpected": _("An imported file cannot open with chips on the table."),
    "ruleset_invalid": _("The file names a rule set this app does not know."),
    "options_invalid": _("The options must be an object of the scoring specification's keys."),
    "option_unknown": _("The file has an option the scoring specification does not know."),
    "option_invalid": _("The file gives an option a value it cannot take."),
    "favourite_suit_required": _("This event draws a favourite suit: the file must name it."),
    "favourite_suit_unexpected": _("The file names a favourite suit, but this event draws none."),
    "mediateur_giver_unexpected": _("Only a médiateur buys a king."),
    "tour_unfinished": _("A table ends its round only after whole tours."),
    # A deal on a duplicate board, checked against the board's pockets (T-62).
    "board_dealer_wrong": _("This board is dealt by another seat."),
    "board_dealer_moved": _(
        "Its board fixes its dealer, and striking an earlier deal would pass the deal to another seat. Only the "
        "table's last deal can be struck; mark a wrong board fouled instead."
    ),
    "import_boards": _(
        "This table plays a duplicate round: each deal is entered on its board, from the board page, never from a file."
    ),
    "board_void": _("A board is never dealt again: if its pockets are wrong, the director marks it fouled."),
    "run_not_on_board": _("The board's pockets give another run of matadors with these trumps."),
    "called_not_held": _("The board's pockets do not agree: that card is not in that player's pocket."),
    "forced_without_spadille": _("Forced spadille is played by the holder of Spadille."),
    # T-61, beside the option at fault (options.favourite.mode or options.paulans) when a tournament is created.
    "duplicate_option": _(
        "Not in duplicate: every table must settle a board alike, so the favourite suit is none or drawn once for "
        "the whole tournament, and there are no paulans."
    ),
}

# Engine fields that have no control of their own on the form are shown with the nearest one.
FIELDS = {
    "dealer": None,
    "claims": "matadors_late",
    "matadors": "matadors_late",
    "sans_prendre": "sans_prendre_late",
    "penalties": "penalty_kind",
}


def message_for(error: EngineError) -> str:
    """The error in the reader's language; a code without a message here falls back to the engine's English."""
    if error.code not in MESSAGES:
        return error.message
    text = str(MESSAGES[error.code])
    return text % {"field": error.field} if "%(field)s" in text else text


def field_for(error: EngineError, form_fields) -> str | None:
    field = FIELDS.get(error.field or "", error.field)
    return field if field in form_fields else None


# Who made a change, as an audit row or log line stores it: a user's name, or one of these marks, worded in the
# reader's language when shown (author_words): a table link ("link:" and the first characters of its key) or the
# app itself. Never stored in words: they would stay in the language of the phone that saved. A mark has a colon,
# which no username has (Django's usernames are letters, digits and @.+-_), so a user is never taken for one.
LINK_AUTHOR = "link:"
SYSTEM_AUTHOR = "app:"


def author_words(who: str) -> str:
    """The author of a change in the reader's language: a table link (with the first characters of its key) or
    the app itself worded; a user's name as it is."""
    if who == SYSTEM_AUTHOR:
        return str(_("system"))
    if who.startswith(LINK_AUTHOR):
        key = who.removeprefix(LINK_AUTHOR)
        return str(_("table link %(link)s")) % {"link": key} if key else str(_("table link"))
    return who
