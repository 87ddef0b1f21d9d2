"""Links into a duplicate tournament's pages from the tournament's page, which serves both formats."""

from __future__ import annotations

from django import template
from django.urls import reverse

register = template.Library()


@register.filter
def duplicate_boards_url(event) -> str:
    """The director's duplicate page of an event that is a duplicate tournament, else ''."""
    if event.kind != "tournament":  # no query for a club evening
        return ""
    tournament = getattr(event, "tournament", None)
    if tournament is None or tournament.options.get("tournament.format") != "duplicate":
        return ""
    return reverse("duplicate-director", args=[event.pk])
