"""Reads for the public pages: what a link leads to, and the live page's screens of players."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from scorekeeper.events.models import Event
from scorekeeper.events.selectors import Account
from scorekeeper.public.models import EventLink


def event_by_link(*, token: str) -> Event:
    """The event a public link leads to (404 for a revoked or unknown link)."""
    return get_object_or_404(EventLink.objects.select_related("event__club"), token=token).event


def event_link_of(*, event: Event) -> EventLink | None:
    return EventLink.objects.filter(event=event).first()


@dataclass(frozen=True)
class Screen:
    """One screenful of the live page: the players on it, which screen it is, and which comes next."""

    accounts: list[Account]
    number: int
    count: int
    rows: int

    @property
    def following(self) -> int:
        return self.number % self.count + 1


def live_screen(accounts: list[Account], *, number: int, rows: int) -> Screen:
    """Screen `number` (from 1, wrapping round) of `rows` players each, so a projector shows every player in turn."""
    count = max(1, math.ceil(len(accounts) / rows))
    number = (number - 1) % count + 1
    return Screen(accounts[(number - 1) * rows : number * rows], number, count, rows)
