"""The tournament's method, tie-breaks and score parts in words, in the active language: the engine gives codes
and numbers (`TournamentOptions`, `scorecard.Part`, `Standing.decided_by`); the pages and the reports say them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper.engine.model import RuleSet
from scorekeeper.engine.tournament.scorecard import Part
from scorekeeper.engine.tournament.scores import Scale, TournamentOptions

TIEBREAKS = {
    "firsts": gettext_lazy("most firsts at a table"),
    "chips": gettext_lazy("most chips won over the rounds played"),
    "head_to_head": gettext_lazy("the results among the tied entrants at the tables where they met"),
    "placement": gettext_lazy("most opponents beaten at the table"),
    "fewer_byes": gettext_lazy("fewer byes"),
    "tops": gettext_lazy("most tops"),
}
DECIDED = {
    "firsts": gettext_lazy("firsts"),
    "chips": gettext_lazy("chips"),
    "head_to_head": gettext_lazy("head to head"),
    "placement": gettext_lazy("placement"),
    "fewer_byes": gettext_lazy("fewer byes"),
    "tops": gettext_lazy("tops"),
    "lot": gettext_lazy("lot"),
}


def _points(options: TournamentOptions) -> str:
    return ", ".join(str(p) for p in options.placement_points)


def method_words(options: TournamentOptions, ruleset: RuleSet) -> str:
    """How one table-round is scored, in a sentence."""
    if options.method == "chips":
        return _("Each round scores the chips the entrant won or lost at his table.")
    if options.method == "placement":
        return _(
            "Each round scores place points at the table: %(points)s for first to fourth; "
            "entrants level at a table share the points of their places."
        ) % {"points": _points(options)}
    if options.method == "contracts":
        return _(
            "Each round scores contract points: %(win)s for a contract won and %(loss)s off for one lost, "
            "plus the contract's value; defenders score %(two)s against two, %(three)s against one."
        ) % {
            "win": options.contracts_win,
            "loss": options.contracts_loss,
            "two": options.contracts_defence_two,
            "three": options.contracts_defence_three,
        }
    return _(
        "Each round scores the chips won or lost at the table plus place points: %(points)s for first to fourth, "
        "times %(unit)s; entrants level at a table share the points of their places."
    ) % {"points": _points(options), "unit": options.unit(ruleset)}


def bye_words(options: TournamentOptions, scale: Scale) -> str:
    if options.bye_score == "fixed":
        bye = _("A bye scores %(score)s.") % {"score": options.bye_fixed_value}
    else:
        bye = _("A bye scores the entrant's own average over the rounds he played, rounded to a whole number.")
    if options.absence_score == "average":
        absence = _("An absence scores the entrant's average too.")
    else:
        absence = _("An absence scores nothing.")
    return f"{bye} {absence}"


def tiebreak_words(options: TournamentOptions) -> str:
    """The tie-break chain in a sentence, and what happens to entrants still level."""
    chain = [str(TIEBREAKS[key]) for key in options.tiebreak_chain]
    if options.tiebreak_last == "lot":
        last = _("entrants still level are ordered by a lot drawn from the tournament's published seed.")
    else:
        last = _("entrants still level share the place, shown as =3.")
    if not chain:
        return _("Equal totals are not separated: %(last)s") % {"last": last}
    return _("Equal totals are separated by %(chain)s; %(last)s") % {"chain": _(", then ").join(chain), "last": last}


def part_words(part: Part, scale: Scale) -> str:
    """One part of a round's score: `-16 chips`, `3 place points × 8`, `bye: average 40 over 3 rounds`."""
    value = scale.display(part.value)
    if part.code == "change":
        return _("%(value)s chips") % {"value": value}
    if part.code == "place_points":
        points = scale.display(part.points or 0)
        one = points.lstrip("+-−") == "1"  # "1 place point"; a fraction or any other number: points
        if part.unit and part.unit != 1:
            text = ngettext("%(points)s place point × %(unit)s", "%(points)s place points × %(unit)s", 1 if one else 2)
            return text % {"points": points, "unit": part.unit}
        return ngettext("%(points)s place point", "%(points)s place points", 1 if one else 2) % {"points": points}
    if part.code == "contract_points":
        return _("%(value)s contract points") % {"value": value}
    if part.code == "average":
        rounds = part.rounds or 0
        text = ngettext(
            "the average: %(total)s over %(rounds)s round, rounded",
            "the average: %(total)s over %(rounds)s rounds, rounded",
            rounds,
        )
        return text % {"total": scale.display(part.total or 0), "rounds": rounds}
    if part.code == "fixed":
        return _("the fixed bye score")
    if part.code == "zero":
        return _("nothing for an absence")
    return value


KINDS = {
    "played": gettext_lazy("played"),
    "bye": gettext_lazy("bye"),
    "absence": gettext_lazy("absent"),
    "pending": gettext_lazy("playing"),
}
