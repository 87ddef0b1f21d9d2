"""`{% checkin_boxes %}` and `{% late_arrival_options %}`: the event page's check-in roll, a line an active player
of the club (a few hundred at a big club), written twice: a check box each, and an option each for who is not yet
checked in.

Written here rather than as loops of the template, which resolved each player through the context twice (about a
quarter of the event page at 280 players). `roll` is the view's list of (id, name, checked in, where he plays): the
last is (table number, event name) for a player seated in another open event's running round, else None. Names are
escaped (by the standard library's html.escape, which Django's escape calls behind a check for lazy text that cost
more than the escaping: a name is never lazy) and ids are integers."""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.tables.messages import gettext  # French elides before a name: "d'Ann"

register = template.Library()


@register.simple_tag
def checkin_boxes(roll) -> SafeString:
    """A check box a player, ticked for those checked in; a player seated at a running table of another open event
    says where (the draw cannot seat him here until that round ends)."""
    return mark_safe(  # noqa: S308  (names escaped, ids integers)
        "".join(
            f'<label class="check"><input type="checkbox" name="present" value="{int(pk)}"'
            f"{' checked' if here else ''}> {escape(name)}{_playing(elsewhere)}</label>"
            for pk, name, here, elsewhere in roll
        )
    )


def _playing(elsewhere: tuple[int, str] | None) -> str:
    return "" if elsewhere is None else f' <span class="muted">({escape(_where(elsewhere))})</span>'


def _where(elsewhere: tuple[int, str]) -> str:
    number, event = elsewhere
    return gettext("playing at table %(number)s of %(event)s") % {"number": int(number), "event": event}


@register.simple_tag
def late_arrival_options(roll) -> SafeString:
    """An option a player not checked in (the late arrival's select). One playing at a running table of another
    open event is listed but cannot be chosen, and says where he plays: he is seated here once that round ends."""
    return mark_safe(  # noqa: S308  (names escaped, ids integers)
        "".join(
            f'<option value="{int(pk)}">{escape(name)}</option>'
            if elsewhere is None
            else f'<option value="{int(pk)}" disabled>{escape(name)} ({escape(_where(elsewhere))})</option>'
            for pk, name, here, elsewhere in roll
            if not here
        )
    )
