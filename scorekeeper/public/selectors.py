"""Reads for the public pages: what a link leads to."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from scorekeeper.events.models import Event
from scorekeeper.public.models import EventLink


def event_by_link(*, token: str, tournament: bool = False) -> Event:
    """The event a public link leads to (404 for a revoked or unknown link); with `tournament`, its tournament read
    with it (`event.tournament`, for a tournament's event), without the planner's record, which the pages that poll
    never show: one query where a live board's poll made two."""
    links = EventLink.objects.select_related("event__club")
    if tournament:
        links = links.select_related("event__tournament").defer("event__tournament__record")
    return get_object_or_404(links, token=token).event


def event_link_of(*, event: Event) -> EventLink | None:
    return EventLink.objects.filter(event=event).first()
