"""`{% entrant_rows %}` and `{% table_rows %}`: the rows of a tournament's standings and of a round's tables.

Written here rather than as loops of the templates, which resolved each cell through the context: at 64 entrants
most of a standings page's time whenever its cached markup was made again (every poll while the tables save), at
240 three quarters of it. The markup is the templates' own, word for word; every text is escaped, by the standard
library's `html.escape`, which Django's `escape` calls after a check for lazy text: that check and the SafeString
it makes were three quarters of these tags' time at 64 entrants (a thousand calls a board)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorekeeper.tournaments.pages import Row, TableRow

register = template.Library()


@register.simple_tag
def entrant_rows(rows: Sequence[Row], cards: tuple[str, str]) -> SafeString:
    """A row an entrant: place, name (linked to his score card, whose address is `cards` around his number), what
    he is doing and what put him ahead, and his total, which opens on the rounds that make it."""
    before, after = escape(cards[0]), escape(cards[1])
    # As `{% translate %}` gives them (escaped) and as `{% blocktranslate %}` does (its variables escaped).
    # Outside the f-strings, where makemessages would not find them.
    playing, withdrawn = escape(gettext("playing")), escape(gettext("withdrawn"))
    playing = f' <span class="muted">· {playing}</span>'
    withdrawn = f' <span class="muted">· {withdrawn}</span>'
    ahead = gettext("ahead on %(criterion)s")
    made_of = gettext("%(name)s: total %(total)s, the rounds that make it")
    no_round = escape(gettext("no round yet"))
    out = []
    for r in rows:
        name = escape(r.name)
        total = escape(r.total)
        notes = (playing if r.playing else "") + (withdrawn if r.withdrawn else "")
        if r.decided_by:
            notes += f' <span class="muted">· {ahead % {"criterion": escape(r.decided_by)}}</span>'
        rounds = "".join(f"<li>{escape(s.label)} <b>{escape(s.score or '…')}</b></li>" for s in r.rounds)
        muted = ' class="muted"' if r.withdrawn else ""
        out.append(
            f"\n    <tr{muted}><td>{escape(r.place)}</td>\n"
            f'      <td><a href="{before}{r.number}{after}">{name}</a>{notes}</td>\n'
            f'      <td class="num total"><details><summary aria-label="{made_of % {"name": name, "total": total}}">'
            f"{total}</summary>\n"
            f'        <ul class="made-of">{rounds or f"<li>{no_round}</li>"}</ul>\n'
            "      </details></td></tr>\n  "
        )
    return mark_safe("".join(out))  # noqa: S308  (every text escaped above)


@register.simple_tag
def table_rows(tables: Sequence[TableRow]) -> SafeString:
    """A `<tbody>` a table of the round: a row a seat, the first naming the table and whether it is still being
    played (its deals so far) or ended short."""
    playing = gettext("playing, %(deals)s/%(planned)s")
    short = escape(gettext("short"))
    short = f' <span class="muted">{short}</span>'
    out = []
    for t in tables:
        seats = []
        for i, s in enumerate(t.seats):
            first = ""
            if not i:
                first = str(t.table)
                if t.playing:
                    first += f' <span class="muted">{playing % {"deals": t.deals, "planned": t.planned}}</span>'
                elif t.short:
                    first += short
            seats.append(
                f'<tr><td>{first}</td><td>{escape(s.name)}</td><td class="num">{escape(s.change)}</td>'
                f'<td class="num">{escape(s.score)}</td></tr>'
            )
        out.append(f"\n  <tbody>\n    {''.join(seats)}\n  </tbody>\n  ")
    return mark_safe("".join(out))  # noqa: S308  (every text escaped above)
