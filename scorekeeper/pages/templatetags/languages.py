"""The language switch at the foot of every page."""

from __future__ import annotations

import functools

from django import template
from django.conf import settings
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language_info

register = template.Library()


@register.simple_tag
def language_buttons(current: str) -> SafeString:
    """A submit button for each language, in its own name, the `current` one marked: Django's set_language takes
    the one tapped. Written once per language (every page shows them, a phone's after each save)."""
    return _buttons(current, tuple(settings.LANGUAGES))


@functools.lru_cache(maxsize=32)
def _buttons(current: str, languages: tuple[tuple[str, str], ...]) -> SafeString:
    infos = [get_language_info(code) for code, _name in languages]
    return format_html_join(
        "",
        '<button type="submit" name="language" value="{0}" lang="{0}"{1}>{2}</button>',
        (
            (
                info["code"],
                mark_safe(' aria-current="true" class="current"') if info["code"] == current else "",
                capfirst(info["name_local"]),
            )
            for info in infos
        ),
    )
