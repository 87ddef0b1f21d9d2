"""The rule set's unit on a page: `{% unit_column event.ruleset %}`, `{% start_each event %}`."""

from __future__ import annotations

from django import template

from scorekeeper.events import units

register = template.Library()


@register.simple_tag
def unit_column(ruleset: str) -> str:
    return units.column(ruleset)


@register.simple_tag
def start_each(event) -> str:
    return units.each(event.ruleset, event.start)


@register.simple_tag
def unit_word(ruleset: str) -> str:
    """The unit in a sentence: "chips", "points", "counters"."""
    return units.axis(ruleset)
