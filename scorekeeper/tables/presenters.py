"""Short, translated descriptions of deals for the ledger and the score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
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


def _signed_cell(delta: int) -> str:
    tone = "gain" if delta > 0 else "loss" if delta < 0 else ""
    return f'<td class="num"><span class="{tone}">{delta:+d}</span></td>'


def ledger_row_html(entry: LedgerEntry, players: Sequence[str], *, href: str, corrected: bool) -> str:
    """One deal of the table page's ledger: what was played, each seat's change and the running balances.

    Built in Python, not in the template: a table page shows up to a few hundred of these, and the template
    language took 1 ms a row where this takes 10 µs. Only the description is text, escaped here."""
    number = f"<strong>{entry.number}.</strong> " if entry.number else ""
    tag = f' <span class="tag">{escape(_("corrected"))}</span>' if corrected else ""
    what = f'<a href="{escape(href)}">{number}{escape(describe(entry, players))}</a>{tag}'
    if entry.void:
        return f'<tbody class="deal-rows void"><tr class="what"><td colspan="4">{what}</td></tr></tbody>'
    deltas = "".join(_signed_cell(d) for d in entry.deltas)
    balances = "".join(f'<td class="num muted">{b}</td>' for b in entry.balances)
    return (
        f'<tbody class="deal-rows"><tr class="what"><td colspan="4">{what}</td></tr>'
        f'<tr class="deltas">{deltas}</tr><tr class="running">{balances}</tr></tbody>'
    )
