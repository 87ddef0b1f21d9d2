"""Short, translated descriptions of deals for the ledger and the score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.engine import Contract, LedgerEntry, Line

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
