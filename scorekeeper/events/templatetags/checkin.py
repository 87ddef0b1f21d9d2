"""`{% checkin_boxes %}` and `{% late_arrival_options %}`: the event page's check-in roll, a line an active player
of the club (a few hundred at a big club), written twice: a check box each, and an option each for who is not yet
checked in.

Written here rather than as loops of the template, which resolved each player through the context twice (about a
quarter of the event page at 280 players). `roll` is the view's list of (id, name, checked in); names are escaped
by format_html_join."""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def checkin_boxes(roll) -> SafeString:
    """A check box a player, ticked for those checked in."""
    return format_html_join(
        "",
        '<label class="check"><input type="checkbox" name="present" value="{}"{}> {}</label>',
        ((pk, " checked" if here else "", name) for pk, name, here in roll),
    )


@register.simple_tag
def late_arrival_options(roll) -> SafeString:
    """An option a player not checked in (the late arrival's select)."""
    return format_html_join("", '<option value="{}">{}</option>', ((pk, name) for pk, name, here in roll if not here))
