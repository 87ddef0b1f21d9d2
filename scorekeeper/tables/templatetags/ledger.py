"""`{% ledger_rows view %}` and `{% tour_rows view %}`: the table page's ledger, a few hundred rows at a long table.

Written here rather than as a loop of the template: the template language took about 0.1 ms a row (a cell's
value, its filter and its class each resolved through the context), which at 200 deals was most of the page.
Every text is escaped; the numbers are integers."""

from __future__ import annotations

import functools
from html import escape  # Django's escape() is this one behind a check for lazy text, which costs as much

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scorekeeper.tables.presenters import describe_row

register = template.Library()


def _tone(delta: int) -> str:
    return "gain" if delta > 0 else "loss" if delta < 0 else ""


def _changes(row) -> str:
    """A deal's two lines of numbers: each seat's change, coloured, and the running balances."""
    deltas = "".join([f'<td class="num"><span class="{_tone(d)}">{d:+d}</span></td>' for d in row.deltas])
    balances = "".join([f'<td class="num muted">{b}</td>' for b in row.balances])
    return f'<tr class="deltas">{deltas}</tr><tr class="running">{balances}</tr>'


@register.simple_tag
def ledger_rows(view) -> SafeString:
    """The deals, newest first: what was played, each seat's change and the running balances."""
    first = reverse("deal", args=[view.table.token, 1])
    prefix = first[: -len("1/")]  # every deal's address but its position: one reverse() for the ledger
    players, language = tuple(view.session.players), get_language()
    rows = [_deal_rows(row, players, prefix, language) for row in reversed(view.snapshot.rows)]
    return mark_safe("\n".join(rows))  # noqa: S308  (every text escaped in _deal_rows)


# A deal's lines depend only on its row, the players' names, the table's link and the language: a row never changes
# (a correction or a strike makes new rows), and a table's page shows every deal again after each save. So each is
# drawn once in a process, not on every view of the page: the next page draws only the deal just saved.
@functools.lru_cache(maxsize=8192)  # an evening of 60 tables of 130 deals; about 1 kB a deal
def _deal_rows(row, players: tuple[str, ...], prefix: str, language: str) -> str:
    """One deal of the ledger (a snapshot's row), in `language` (the active one: it is the cache's key)."""
    number = f"<strong>{row.number}.</strong> " if row.number else ""
    tag = f' <span class="tag">{escape(_("corrected"))}</span>' if row.corrected else ""
    if row.penalties:
        fined = ngettext("penalty", "%(count)s penalties", row.penalties) % {"count": row.penalties}
        tag += f' <span class="tag">{escape(fined)}</span>'
    href = f"{prefix}{row.position}/"
    summary = describe_row(row, players)
    what = f'<tr class="what"><td colspan="4"><a href="{escape(href)}">{number}{escape(summary)}</a>{tag}</td></tr>'
    if row.void:
        return f'<tbody class="deal-rows void">{what}</tbody>'
    return f'<tbody class="deal-rows">{what}{_changes(row)}</tbody>'


@register.simple_tag
def tour_rows(view) -> SafeString:
    """Each tour's changes, the tour in play marked so."""
    in_play = escape(_("in play"))  # outside the f-string: xgettext does not look inside one
    in_play = f' <span class="muted">({in_play})</span>'
    tour_name = _("Tour %(tour)s")  # looked up once, not once a tour
    out = []
    for tour in view.tours:
        name = escape(tour_name % {"tour": tour.tour})
        deltas = "".join(f'<td class="num">{d:+d}</td>' for d in tour.deltas)
        mark = "" if tour.complete else in_play
        out.append(
            f'<tbody><tr class="what"><td colspan="4">{name}{mark}</td></tr><tr class="deltas">{deltas}</tr></tbody>'
        )
    return mark_safe("\n".join(out))  # noqa: S308  (every text escaped above)
