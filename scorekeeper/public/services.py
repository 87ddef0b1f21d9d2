"""Making and revoking public links."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.clubs.models import Club
from scorekeeper.events.models import Event
from scorekeeper.public.models import ClubSite, EventLink


@transaction.atomic
def event_link_make(*, event: Event) -> EventLink:
    """A new public link for the event; any earlier one stops working."""
    EventLink.objects.filter(event=event).delete()
    return EventLink.objects.create(event=event)


@transaction.atomic
def event_link_revoke(*, event: Event) -> None:
    """The event's public link stops working (reading it answers 404)."""
    EventLink.objects.filter(event=event).delete()


@transaction.atomic
def club_site_set(*, club: Club, published: bool) -> None:
    """Open or take down the club's public results site."""
    if published:
        ClubSite.objects.get_or_create(club=club)
    else:
        ClubSite.objects.filter(club=club).delete()
