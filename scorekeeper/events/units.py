"""Each rule set's own unit, in the reader's words: chips (Parlett chips, modern chips), points (Parlett points),
counters (Britannica counters). Never "0 chips each" for a points event or "400 chips" for counters."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

UNITS = {"parlett-points": "points", "britannica-counters": "counters"}


def unit(ruleset: str) -> str:
    """ "chips", "points" or "counters"."""
    return UNITS.get(ruleset, "chips")


def column(ruleset: str) -> str:
    """A standings column's heading."""
    return {"points": _("Points"), "counters": _("Counters")}.get(unit(ruleset)) or _("Chips")


def axis(ruleset: str) -> str:
    """A chart's vertical axis."""
    return unit_words(unit(ruleset))


def unit_words(name: str) -> str:
    """A unit ("chips", "points", "counters") in a sentence, in the reader's language."""
    return {"points": _("points"), "counters": _("counters")}.get(name) or _("chips")


def each(ruleset: str, count: int) -> str:
    """What each player starts with: "40 chips each", "0 points each", "400 counters each"."""
    if unit(ruleset) == "points":
        return ngettext("%(start)s point each", "%(start)s points each", count) % {"start": count}
    if unit(ruleset) == "counters":
        return ngettext("%(start)s counter each", "%(start)s counters each", count) % {"start": count}
    return ngettext("%(start)s chip each", "%(start)s chips each", count) % {"start": count}


def won_and_lost(ruleset: str, *, won: int, lost: int, account: int, shared: int = 0) -> str:
    """A player's gains and losses over an evening, what the end-of-round rule shared out to him of what was left
    on his tables (A-40) when it did, and where his account stands."""
    values = {"won": won, "lost": lost, "account": account, "shared": shared}
    if shared:  # never under Parlett points, which keep nothing on the table
        if unit(ruleset) == "counters":
            return (
                _(
                    "Counters won %(won)s, lost %(lost)s, %(shared)s from what was left on the table at the end of "
                    "the round; account %(account)s."
                )
                % values
            )
        return (
            _(
                "Chips won %(won)s, lost %(lost)s, %(shared)s from what was left on the table at the end of the "
                "round; account %(account)s."
            )
            % values
        )
    if unit(ruleset) == "points":
        return _("Points won %(won)s, lost %(lost)s; account %(account)s.") % values
    if unit(ruleset) == "counters":
        return _("Counters won %(won)s, lost %(lost)s; account %(account)s.") % values
    return _("Chips won %(won)s, lost %(lost)s; account %(account)s.") % values
