"""Explanations as data: each ledger entry carries notes (a code and its numbers), and `render` words them.

The engine states what happened as codes with seats and amounts; it never stores a sentence. `render` words the
notes in English for the command line, or in any language when the web layer passes Django's gettext functions
(`Words`): the English sentences below are the message ids of the translation catalogues, so there is one wording.

`flows` reads back what each note states (who pays how much to whom, what goes into or out of the table's stores),
so a test can check that an explanation's figures add up to the settlement (A-72).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Note:
    """One statement of an explanation: a code and its parameters (seats are 0-3, groups are tuples of seats,
    `shares` lists each seat's part of a group's amount in the group's order)."""

    code: str
    args: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.args[key]


def note(code: str, **args: Any) -> Note:
    return Note(code, args)


def split_shares(amount: int, seats: Sequence[int]) -> tuple[int, ...]:
    """§4.0: between two partners the odd chip is the first's (the hombre's); the sign follows the amount."""
    if len(seats) == 1:
        return (amount,)
    magnitude = abs(amount)
    sign = 1 if amount >= 0 else -1
    half = magnitude // 2
    return (sign * (magnitude - half), sign * half)


# ---------------------------------------------------------------------------------------------------------------
# What each note states, as money: seat changes and the change of the table's stores (pot, board, beasts, held).


def flows(notes: Sequence[Note]) -> tuple[list[int], int]:
    """The seat changes and the change of the stores' total that the notes state, added up."""
    seats = [0, 0, 0, 0]
    store = 0

    def give(group: Sequence[int], shares: Sequence[int], sign: int = 1) -> None:
        for s, a in zip(group, shares, strict=True):
            seats[s] += sign * a

    for n in notes:
        a = n.args
        c = n.code
        if c == "ante_each":
            give(range(4), [a["amount"]] * 4, -1)
            store += 4 * a["amount"]
        elif c in ("ante_dealer", "mark"):
            seats[a["seat"]] -= a["amount"]
            store += a["amount"]
        elif c == "marks_each":
            give(range(4), [a["amount"]] * 4, -1)
            store += 4 * a["amount"]
        elif c == "king_fee":
            seats[a["payer"]] -= a["amount"]
            seats[a["giver"]] += a["amount"]
        elif c in ("stake_won", "pot_won"):
            give(a["side"], a["shares"])
            store -= sum(a["shares"])
        elif c == "bonus":
            for op in a["opponents"]:
                seats[op] -= a["chips"] * len(a["side"])
            give(a["side"], [a["chips"] * len(a["opponents"])] * len(a["side"]))
        elif c in ("vole_bonus", "match_pot"):
            sign = 1 if a.get("won", True) else -1
            for op in a["opponents"]:
                seats[op] -= sign * a["chips"]
            give(a["side"], a["shares"], sign)
        elif c == "codille_split":
            for s in a["seats"]:
                seats[s] += a["share"]
            store -= a["share"] * len(a["seats"])
        elif c in ("put_up", "penalty"):
            give(a["seats"], a["shares"], -1)
            store += a["amount"]
        elif c == "pay_each":
            for op in a["opponents"]:
                seats[op] += a["amount"]
            give(a["seats"], a["shares"], -1)
        elif c == "mc_bonus":
            for p in a["payers"]:
                seats[p] -= a["amount"]
            seats[a["hombre"]] += a["amount"] * len(a["payers"])
        elif c == "remainder":
            if a["seat"] is not None:
                seats[a["seat"]] += a["amount"]
                store -= a["amount"]
        elif c == "board_won":
            per = a["per_opponent"] + a["double"]
            for op in a["opponents"]:
                seats[op] -= per
            give(a["side"], a["shares"])
            store -= a["stake"]
        elif c in ("bc_remise", "bc_codille"):
            for op in a["opponents"]:
                seats[op] += a["per_opponent"] + a.get("share", 0)
            give(a["seats"], a["shares"], -1)
            store += a["beast"] - a.get("share", 0) * len(a["opponents"])
        elif c == "bc_penalty":
            give(a["seats"], a["shares"], -1)
            store += a["amount"]
        elif c == "pp_value":
            for s in a["seats"]:
                seats[s] += a["value"]
    return seats, store


# ---------------------------------------------------------------------------------------------------------------
# Wording. The functions are looked up by the names gettext's extractor knows, so every sentence below is in the
# catalogues: keep them in calls to gettext/ngettext/pgettext with literal strings.


@dataclass(frozen=True, slots=True)
class Words:
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    pgettext: Callable[[str, str], str]


ENGLISH = Words(
    gettext=lambda s: s,
    ngettext=lambda s, p, n: s if n == 1 else p,
    pgettext=lambda c, s: s,
)


def render(notes: Sequence[Note], players: Sequence[str], words: Words = ENGLISH) -> str:
    """The notes as sentences, in the language of `words`. A penalty given several times (the same note, once a
    time) is said once, with the count."""
    sentences = []
    for n, run in itertools.groupby(notes):
        times = len(list(run))
        if times > 1 and n.code in REPEATED:
            sentences.append(REPEATED[n.code](n, _Say(players, words), times))
        else:
            sentences.extend([_sentence(n, players, words)] * times)
    return " ".join(sentences)


def _names(players: Sequence[str], seats: Sequence[int], w: Words) -> str:
    names = [players[s] for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return w.gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _shares(players: Sequence[str], seats: Sequence[int], shares: Sequence[int], w: Words) -> str:
    """'' for one seat, ' (6 each)' for an even split, ' (Ann 7, Cat 6)' otherwise."""
    if len(seats) < 2:
        return ""
    if len(set(shares)) == 1:
        return " " + w.gettext("(%(amount)s each)") % {"amount": abs(shares[0])}
    parts = ", ".join(
        w.gettext("%(name)s %(amount)s") % {"name": players[s], "amount": abs(a)}
        for s, a in zip(seats, shares, strict=True)
    )
    return f" ({parts})"


def _contract(n: Note, players: Sequence[str], w: Words) -> str:
    a = n.args
    who = {"hombre": players[a["hombre"]], "ally": players[a["ally"]] if a["ally"] is not None else ""}
    c = a["contract"]
    if c == "alliance":
        return w.gettext("%(hombre)s calls %(ally)s") % who
    if c == "self_call":
        return w.gettext("%(hombre)s calls their own king") % who
    if c == "solo":
        return w.gettext("%(hombre)s plays solo") % who
    if c == "vole_bid":
        return w.gettext("%(hombre)s declares the vole") % who
    if c == "mediateur":
        return w.gettext("%(hombre)s plays médiateur") % who
    if a["ally"] is not None:
        return w.gettext("%(hombre)s plays forced spadille with %(ally)s") % who
    return w.gettext("%(hombre)s plays forced spadille alone") % who


def _result(line: str, w: Words) -> str:
    return {
        "won": w.pgettext("deal result", "won"),
        "premiers": w.pgettext("deal result", "won with premiers"),
        "vole_won": w.pgettext("deal result", "vole won"),
        "vole_lost": w.pgettext("deal result", "won, vole lost"),
        "remise": w.pgettext("deal result", "remise"),
        "codille": w.pgettext("deal result", "codille"),
    }[line]


def _penalty_kind(kind: str, w: Words) -> str:
    return {
        "eleven_cards": w.pgettext("penalty", "eleven cards"),
        "renounce": w.pgettext("penalty", "renounce"),
        "friend_revealed": w.pgettext("penalty", "friend revealed"),
        "turned_hand": w.pgettext("penalty", "turned hand"),
        "partner_out_of_turn": w.pgettext("penalty", "partner out of turn"),
        "showed_cards": w.pgettext("penalty", "showed cards"),
        "discovered_game": w.pgettext("penalty", "discovered game"),
    }[kind]


@dataclass(frozen=True, slots=True)
class _Say:
    """What every sentence needs: the players' names and the language's gettext functions."""

    players: Sequence[str]
    w: Words

    def name(self, seat: int) -> str:
        return self.players[seat]

    def group(self, a: dict[str, Any], key: str = "seats") -> str:
        return _names(self.players, a[key], self.w)

    def shares(self, a: dict[str, Any], key: str = "seats") -> str:
        return _shares(self.players, a[key], a["shares"], self.w)


def _sentence(n: Note, players: Sequence[str], w: Words) -> str:
    try:
        word = SENTENCES[n.code]
    except KeyError:
        raise ValueError(f"unknown note {n.code}") from None
    return word(n, _Say(players, w))


# --- the deal ----------------------------------------------------------------------------------------------------


def _misdeal(n: Note, say: _Say) -> str:
    return say.w.gettext("Misdeal: %(dealer)s deals again; nothing is paid.") % {"dealer": say.name(n["dealer"])}


def _headline(n: Note, say: _Say) -> str:
    a, w = n.args, say.w
    tricks = w.ngettext("%(count)s trick", "%(count)s tricks", a["tricks"]) % {"count": a["tricks"]}
    return w.gettext("%(contract)s, %(tricks)s: %(result)s.") % {
        "contract": _contract(n, say.players, w),
        "tricks": tricks,
        "result": _result(a["line"], w),
    }


def _factor(n: Note, say: _Say) -> str:
    return say.w.gettext("Factor %(factor)s (favourite suit or paulans).") % n.args


def _king_fee(n: Note, say: _Say) -> str:
    return say.w.gettext("%(payer)s pays %(amount)s to %(giver)s for the king.") % {
        "payer": say.name(n["payer"]),
        "giver": say.name(n["giver"]),
        "amount": n["amount"],
    }


# --- a pot: Parlett chips and modern chips ---------------------------------------------------------------------


def _ante_each(n: Note, say: _Say) -> str:
    return say.w.gettext("Each player puts %(amount)s into the pot.") % n.args


def _ante_dealer(n: Note, say: _Say) -> str:
    return say.w.gettext("%(dealer)s puts %(amount)s into the pot.") % {
        "dealer": say.name(n["seat"]),
        "amount": n["amount"],
    }


def _stake_won(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {"stake": a["stake"], "side": say.group(a, "side"), "amount": sum(a["shares"])}
    if len(a["side"]) == 1:
        return _("Stake %(stake)s: %(side)s takes %(amount)s.") % values
    return _("Stake %(stake)s: %(side)s take %(amount)s%(shares)s.") % {**values, "shares": say.shares(a, "side")}


def _pot_won(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {"stake": a["stake"], "side": say.group(a, "side")}
    if len(a["side"]) == 1:
        return _("%(side)s takes the pot of %(stake)s.") % values
    return _("%(side)s take the pot of %(stake)s%(shares)s.") % {**values, "shares": say.shares(a, "side")}


def _bonus(n: Note, say: _Say) -> str:
    a, w = n.args, say.w
    values = {
        "chips": a["chips"],
        "side": say.group(a, "side"),
        "units": a["units"],
        "unit": a["unit"],
        "matadors": a["matadors"],
        "premiers": a["premiers"],
    }
    if len(a["side"]) == 1:
        text = w.gettext("Each opponent pays %(chips)s to %(side)s")
    else:
        text = w.gettext("Each opponent pays %(chips)s to each of %(side)s")
    detail = w.ngettext(
        "bonuses of %(units)s unit of %(unit)s: matadors %(matadors)s, premiers %(premiers)s",
        "bonuses of %(units)s units of %(unit)s: matadors %(matadors)s, premiers %(premiers)s",
        a["units"],
    )
    return (text + " (" + detail + ").") % values


def _vole_bonus(n: Note, say: _Say) -> str:
    _ = say.w.gettext
    if n["won"]:
        return _("Vole won: %(chips)s more from each opponent.") % n.args
    return _("Vole lost: %(chips)s to each opponent.") % n.args


def _match_pot(n: Note, say: _Say) -> str:
    return say.w.gettext("Each opponent matches the favourite-suit pot with %(chips)s.") % n.args


def _pot_left(n: Note, say: _Say) -> str:
    return say.w.gettext("%(amount)s stays in the pot.") % n.args


def _codille_split(n: Note, say: _Say) -> str:
    return say.w.gettext("Stake %(stake)s divided among %(seats)s (%(share)s each).") % {
        "stake": n["stake"],
        "seats": say.group(n.args),
        "share": n["share"],
    }


def _codille_indivisible(n: Note, say: _Say) -> str:
    return say.w.gettext("Stake %(stake)s cannot be divided among three: it stays in the pot.") % n.args


def _put_up(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {"seats": say.group(a), "amount": a["amount"], "shares": say.shares(a)}
    if len(a["seats"]) == 1:
        return _("%(seats)s puts up %(amount)s for the next deal.") % values
    return _("%(seats)s put up %(amount)s%(shares)s for the next deal.") % values


def _pay_each(n: Note, say: _Say) -> str:
    a, w = n.args, say.w
    parts = []
    if a["matadors"]:
        parts.append(w.ngettext("matadors %(count)s unit", "matadors %(count)s units", a["matadors"]))
        parts[-1] %= {"count": a["matadors"]}
    if a["vole"]:
        parts.append(w.ngettext("failed vole %(count)s unit", "failed vole %(count)s units", a["vole"]))
        parts[-1] %= {"count": a["vole"]}
    values = {
        "seats": say.group(a),
        "amount": a["amount"],
        "detail": ", ".join(parts),
        "unit": a["unit"],
        "total": sum(a["shares"]),
        "shares": say.shares(a),
    }
    if len(a["seats"]) == 1:
        return w.gettext("%(seats)s pays %(amount)s to each opponent (%(detail)s; a unit is %(unit)s).") % values
    return (
        w.gettext(
            "%(seats)s pay %(amount)s to each opponent (%(detail)s; a unit is %(unit)s), %(total)s in all%(shares)s."
        )
        % values
    )


def _penalty_values(n: Note, say: _Say) -> dict[str, Any]:
    """What a penalty's sentence names: its kind, who pays, how much, each one's share."""
    a = n.args
    return {
        "kind": _penalty_kind(a["kind"], say.w),
        "seats": say.group(a),
        "amount": a["amount"],
        "shares": say.shares(a),
    }


def _penalty(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = _penalty_values(n, say)
    if len(a["seats"]) == 1:
        return _("Penalty (%(kind)s): %(seats)s puts %(amount)s into the pot.") % values
    return _("Penalty (%(kind)s): %(seats)s put %(amount)s%(shares)s into the pot.") % values


def _penalties(n: Note, say: _Say, times: int) -> str:
    """The same penalty given `times` times, in one sentence."""
    a, w = n.args, say.w
    values = {**_penalty_values(n, say), "count": times, "total": a["amount"] * times}
    if len(a["seats"]) == 1:
        text = w.ngettext(
            "Penalty (%(kind)s), %(count)s time: %(seats)s puts %(amount)s into the pot each time, %(total)s in all.",
            "Penalty (%(kind)s), %(count)s times: %(seats)s puts %(amount)s into the pot each time, %(total)s in all.",
            times,
        )
    else:
        text = w.ngettext(
            "Penalty (%(kind)s), %(count)s time: %(seats)s put %(amount)s%(shares)s into the pot each time, "
            "%(total)s in all.",
            "Penalty (%(kind)s), %(count)s times: %(seats)s put %(amount)s%(shares)s into the pot each time, "
            "%(total)s in all.",
            times,
        )
    return text % values


def _beasts(n: Note, say: _Say, times: int) -> str:
    """The same Britannica penalty given `times` times, in one sentence: a beast each time."""
    w = say.w
    text = w.ngettext(
        "Penalty (%(kind)s), %(count)s time: a beast of %(amount)s on %(seats)s%(shares)s each time.",
        "Penalty (%(kind)s), %(count)s times: a beast of %(amount)s on %(seats)s%(shares)s each time.",
        times,
    )
    return text % {**_penalty_values(n, say), "count": times}


def _mc_bonus(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {
        "payers": _names(say.players, a["payers"], say.w),
        "hombre": say.name(a["hombre"]),
        "amount": abs(a["amount"]),
        "matadors": a["matadors"],
        "premiers": a["premiers"],
        "vole": f"{a['vole']:+d}",
    }
    if a["amount"] > 0:
        return (
            _(
                "%(payers)s pay %(amount)s each to %(hombre)s (matadors %(matadors)s, premiers %(premiers)s, "
                "vole %(vole)s)."
            )
            % values
        )
    if a["amount"] < 0:
        return (
            _(
                "%(hombre)s pays %(amount)s to each of %(payers)s (matadors %(matadors)s, premiers %(premiers)s, "
                "vole %(vole)s)."
            )
            % values
        )
    return (
        _("The bonuses cancel out (matadors %(matadors)s, premiers %(premiers)s, vole %(vole)s): nothing more is paid.")
        % values
    )


def _pot_stays(n: Note, say: _Say) -> str:
    return say.w.gettext("Nothing is paid: the pot of %(stake)s stays for the next deal.") % n.args


# --- a board: Britannica counters ------------------------------------------------------------------------------


def _remainder(n: Note, say: _Say) -> str:
    _ = say.w.gettext
    if n["seat"] is None:
        return _("The codille remainder of %(amount)s goes to the board.") % n.args
    return _("The codille remainder of %(amount)s goes to %(seat)s.") % {
        "amount": n["amount"],
        "seat": say.name(n["seat"]),
    }


def _mark(n: Note, say: _Say) -> str:
    return say.w.gettext("%(dealer)s puts the mark of %(amount)s on the board.") % {
        "dealer": say.name(n["seat"]),
        "amount": n["amount"],
    }


def _marks_each(n: Note, say: _Say) -> str:
    return say.w.gettext("Each player puts a mark of %(amount)s on the board.") % n.args


def _bc_stake(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    if a["carried"] and a["beast"]:
        return _("With %(carried)s carried on the board and a beast of %(beast)s, the stake is %(stake)s.") % a
    if a["carried"]:
        return _("With %(carried)s carried on the board, the stake is %(stake)s.") % a
    if a["beast"]:
        return _("With a beast of %(beast)s, the stake is %(stake)s.") % a
    return _("The stake is %(stake)s.") % a


def _board_won(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {
        "side": say.group(a, "side"),
        "stake": a["stake"],
        "amount": abs(a["per_opponent"]),
        "double": a["double"],
        "total": sum(a["shares"]),
        "shares": say.shares(a, "side"),
    }
    one = len(a["side"]) == 1
    text = (_("%(side)s takes the board of %(stake)s.") if one else _("%(side)s take the board of %(stake)s.")) % (
        values
    )
    if a["double"]:
        text += " " + _("Each opponent pays %(amount)s and %(double)s for the vole.") % values
    elif a["per_opponent"] > 0:
        text += " " + _("Each opponent pays %(amount)s.") % values
    elif a["per_opponent"] < 0:
        text += (
            " "
            + (
                _("%(side)s pays %(amount)s to each opponent.")
                if one
                else _("%(side)s pay %(amount)s to each opponent.")
            )
            % values
        )
    if not one:
        received = {**values, "total": abs(values["total"])}
        if values["total"] >= 0:
            text += " " + _("In all they receive %(total)s%(shares)s.") % received
        else:
            text += " " + _("In all they pay %(total)s%(shares)s.") % received
    return text


def _board_lost(n: Note, say: _Say) -> str:
    """A remise (`bc_remise`) or a codille (`bc_codille`): what stays or is divided, and what the side pays."""
    a, _ = n.args, say.w.gettext
    one = len(a["seats"]) == 1
    values = {
        "seats": say.group(a),
        "opponents": _names(say.players, a["opponents"], say.w),
        "amount": a["per_opponent"],
        "beast": a["beast"],
        "stake": a["stake"],
        "share": a.get("share", 0),
        "rest": a.get("rest", 0),
        "total": sum(a["shares"]),
        "shares": say.shares(a),
    }
    if n.code == "bc_remise":
        text = _("Remise: the board of %(stake)s stays.") % values
    elif values["rest"]:
        text = _("Codille: %(opponents)s divide the board of %(stake)s (%(share)s each, %(rest)s left over).") % values
    else:
        text = _("Codille: %(opponents)s divide the board of %(stake)s (%(share)s each).") % values
    if a["per_opponent"]:
        pays = (
            _("%(seats)s pays %(amount)s to each opponent and a beast of %(beast)s.")
            if one
            else _("%(seats)s pay %(amount)s to each opponent and a beast of %(beast)s.")
        )
    else:
        pays = _("%(seats)s pays a beast of %(beast)s.") if one else _("%(seats)s pay a beast of %(beast)s.")
    text += " " + pays % values
    if not one:
        text += " " + _("In all they pay %(total)s%(shares)s.") % values
    return text


def _bc_penalty(n: Note, say: _Say) -> str:
    return say.w.gettext("Penalty (%(kind)s): a beast of %(amount)s on %(seats)s%(shares)s.") % _penalty_values(n, say)


# --- points: Parlett point-score -------------------------------------------------------------------------------


def _pp_value(n: Note, say: _Say) -> str:
    a, _ = n.args, say.w.gettext
    values = {
        "base": f"{a['base']:+d}",
        "multiplier": a["multiplier"],
        "factor": a["factor"],
        "value": f"{a['value']:+d}",
        "seats": say.group(a),
    }
    if a["factor"] != 1:
        calc = _("%(base)s × multiplier %(multiplier)s × factor %(factor)s = %(value)s") % values
    else:
        calc = _("%(base)s × multiplier %(multiplier)s = %(value)s") % values
    if len(a["seats"]) == 1:
        return _("%(calculation)s to %(seats)s.") % {"calculation": calc, "seats": values["seats"]}
    return _("%(calculation)s each to %(seats)s.") % {"calculation": calc, "seats": values["seats"]}


def _pp_reset(n: Note, say: _Say) -> str:
    _ = say.w.gettext
    if n["seat"] is None:
        return _("The multiplier goes back to 1.")
    return _("The multiplier of %(seat)s goes back to 1.") % {"seat": say.name(n["seat"])}


def _pp_next(n: Note, say: _Say) -> str:
    _ = say.w.gettext
    if n["seat"] is None:
        return _("The next deal counts %(times)s times.") % n.args
    return _("The next deal %(seat)s plays as hombre counts %(times)s times.") % {
        "seat": say.name(n["seat"]),
        "times": n["times"],
    }


SENTENCES: dict[str, Callable[[Note, _Say], str]] = {
    "misdeal": _misdeal,
    "headline": _headline,
    "factor": _factor,
    "king_fee": _king_fee,
    "ante_each": _ante_each,
    "ante_dealer": _ante_dealer,
    "stake_won": _stake_won,
    "pot_won": _pot_won,
    "bonus": _bonus,
    "vole_bonus": _vole_bonus,
    "match_pot": _match_pot,
    "pot_left": _pot_left,
    "codille_split": _codille_split,
    "codille_indivisible": _codille_indivisible,
    "put_up": _put_up,
    "pay_each": _pay_each,
    "penalty": _penalty,
    "mc_bonus": _mc_bonus,
    "pot_stays": _pot_stays,
    "remainder": _remainder,
    "mark": _mark,
    "marks_each": _marks_each,
    "bc_stake": _bc_stake,
    "board_won": _board_won,
    "bc_remise": _board_lost,
    "bc_codille": _board_lost,
    "bc_penalty": _bc_penalty,
    "pp_value": _pp_value,
    "pp_reset": _pp_reset,
    "pp_next": _pp_next,
}

# A penalty given several times settles one note a time (a stake into the pot, a beast on the board): said once.
REPEATED: dict[str, Callable[[Note, _Say, int], str]] = {"penalty": _penalties, "bc_penalty": _beasts}


__all__ = ["ENGLISH", "Note", "Words", "flows", "note", "render", "split_shares"]
