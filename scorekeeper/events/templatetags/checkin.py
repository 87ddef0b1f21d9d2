"""`{% checkin_boxes %}` and `{% late_arrival_options %}`: the event page's check-in roll, a line an active player
of the club (a few hundred at a big club), written twice: a check box each, and an option each for who is not yet
checked in.

Written here rather than as loops of the template, which resolved each player through the context twice (about a
quarter of the event page at 280 players). `roll` is the view's list of (id, name, checked in); names are escaped
(by the standard library's html.escape, which Django's escape calls behind a check for lazy text that cost more
than the escaping: a name is never lazy) and ids are integers."""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def checkin_boxes(roll) -> SafeString:
    """A check box a player, ticked for those checked in."""
    return mark_safe(  # noqa: S308  (names escaped, ids integers)
        "".join(
            f'<label class="check"><input type="checkbox" name="present" value="{int(pk)}"'
            f"{' checked' if here else ''}> {escape(name)}</label>"
            for pk, name, here in roll
        )
    )


@register.simple_tag
def late_arrival_options(roll) -> SafeString:
    """An option a player not checked in (the late arrival's select)."""
    return mark_safe(  # noqa: S308  (names escaped, ids integers)
        "".join(f'<option value="{int(pk)}">{escape(name)}</option>' for pk, name, here in roll if not here)
    )
