"""Reads for the public pages: what a link leads to."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from scorekeeper.events.models import Event
from scorekeeper.public.models import EventLink


def event_by_link(*, token: str) -> Event:
    """The event a public link leads to (404 for a revoked or unknown link)."""
    return get_object_or_404(EventLink.objects.select_related("event__club"), token=token).event


def event_link_of(*, event: Event) -> EventLink | None:
    return EventLink.objects.filter(event=event).first()
