"""`{% standings_rows %}`: the rows of an evening's standings, every player's, a few hundred at a big evening.

Written here rather than as a loop of the template, which resolved each cell through the context (about 60 µs a
row: at 240 players, most of a standings page and of the live board a projector polls). Every text is escaped;
the numbers are integers."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

register = template.Library()


def _tone(change: int) -> str:
    return "gain" if change > 0 else "loss" if change < 0 else ""


@register.simple_tag
def standings_rows(accounts, round=None, report=None) -> SafeString:
    """A row a player: place, name (linked to the player's report when `report` gives its address around the
    player's id), rounds sat out, chips (or `round`'s change) and the change over the evening."""
    out = []
    for a in accounts:
        name = escape(a.player.name)
        if report:
            name = f'<a href="{escape(report[0])}{a.player.pk}{escape(report[1])}" target="_blank">{name}</a>'
        if report and a.sitouts:
            sat = ngettext("sat out %(count)s round", "sat out %(count)s rounds", a.sitouts) % {"count": a.sitouts}
            name += f' <span class="muted">({escape(sat)})</span>'
        shown = f"{a.by_round.get(round, 0):+d}" if round else f"{a.account}"
        if round and round not in a.by_round:
            shown = ""
        out.append(
            f'<tr><td>{a.rank}</td><td>{name}</td><td class="num">{shown}</td>'
            f'<td class="num {_tone(a.change)}">{a.change:+d}</td></tr>'
        )
    return mark_safe("\n".join(out))  # noqa: S308  (every text escaped above)
