"""`{% table_cards %}`: the event page's card of each table of the round (60 at a big evening): its players, how
far it has played, its link and QR code, and the director's buttons for it.

Written here rather than as a loop of the template, which resolved some twenty-five variables and tags a card
(about 100 µs: at 60 tables, the largest part of the event page). Every text is escaped; the numbers are
integers. `cards` is the view's list of (TableProgress, its addresses)."""

from __future__ import annotations

from html import escape  # Django's escape is this one behind a check for lazy text, which none of these is

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

register = template.Library()


def _players(table) -> str:
    """The seats' players, with the card each drew when the seats were drawn the old way."""
    names = [escape(player.name) for player in table.players]
    if table.drawn_cards:
        names = [f"{name} ({escape(card)})" for name, card in zip(names, table.drawn_cards, strict=False)]
    return " · ".join(names)


def _signed(count: int, everyone: str) -> str:
    if count == 4:
        return f' <span class="tag">{everyone}</span>'
    if count:
        some = ngettext("%(signed)s of 4 signed", "%(signed)s of 4 signed", count) % {"signed": count}
        return f' <span class="tag">{escape(some)}</span>'
    return ""


@register.simple_tag(takes_context=True)
def table_cards(context, cards, event) -> SafeString:
    """A card a table: the buttons to end its round or add a tour while the event is open and they apply."""
    words = {
        name: escape(gettext(text))
        for name, text in (
            ("ended", "round ended"),
            ("signed", "signed"),
            ("unfinished", "a tour is unfinished"),
            ("open", "Open the table"),
            ("end", "End this table's round"),
            ("extend", "Play one more tour"),
            ("seats", "Seats and link"),
        )
    }
    token = context.get("csrf_token")
    csrf = f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(str(token))}">' if token else ""
    out = []
    for t, links in cards:
        number = t.table.number
        title = escape(gettext("Table %(number)s") % {"number": number})
        ended = f' <span class="tag">{words["ended"]}</span>' if t.ended else ""
        played = [
            escape(gettext("Tour %(done)s of %(tours)s done") % {"done": t.tours_done, "tours": t.tours_planned}),
            escape(ngettext("%(deals)s deal", "%(deals)s deals", t.deals) % {"deals": t.deals}),
        ]
        if t.unfinished_tour:
            played.append(f"<strong>{words['unfinished']}</strong>")
        if t.store:
            played.append(escape(gettext("%(store)s on the table") % {"store": t.store}))
        lines = [
            f'<div class="table-card">\n    <h3>{title}{ended}{_signed(len(t.table.signed), words["signed"])}</h3>',
            f"<p>{_players(t.table)}</p>",
            f'<p class="muted">{" · ".join(played)}</p>',
            f'<p><a href="{escape(links["table"])}">{words["open"]}</a></p>',
        ]
        if t.can_end and event.is_open:
            lines.append(
                f'<form method="post" action="{escape(links["end"])}">{csrf}'
                f'<button type="submit" class="secondary">{words["end"]}</button></form>'
            )
        if event.is_open and t.tours_done >= t.tours_planned:
            lines.append(
                f'<form method="post" action="{escape(links["extend"])}">{csrf}'
                f'<button type="submit" class="secondary">{words["extend"]}</button></form>'
            )
        if event.is_open and not t.ended:
            lines.append(f'<p><a href="{escape(links["seats"])}">{words["seats"]}</a></p>')
        alt = escape(gettext("QR code of the entry link of table %(number)s") % {"number": number})
        qr = escape(links["qr"])
        lines.append(f'<img class="qr" loading="lazy" src="{qr}" alt="{alt}" width="140" height="140">\n  </div>')
        out.append("\n    ".join(lines))
    return mark_safe("\n  ".join(out))  # noqa: S308  (every text escaped above)
