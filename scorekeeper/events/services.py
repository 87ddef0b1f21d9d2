from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club
from scorekeeper.engine import Options, RuleSet
from scorekeeper.events.models import Event


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    date: dt.date,
    ruleset: str,
    options: dict[str, Any] | None = None,
    start: int = 40,
    kind: str = Event.Kind.EVENING,
    favourite_suit: str = "",
) -> Event:
    """An event with its rule set and options checked by the engine and frozen (only non-defaults stored)."""
    RuleSet(ruleset)
    chosen = Options.from_mapping(options or {})
    if chosen.favourite_mode == "drawn_card" and favourite_suit not in ("S", "C", "H", "D"):
        raise ValueError("a drawn favourite suit must be named")
    return Event.objects.create(
        club=club,
        name=name,
        date=date,
        kind=kind,
        ruleset=ruleset,
        options=chosen.as_mapping(changed_only=True),
        start=start,
        favourite_suit=favourite_suit if chosen.favourite_mode == "drawn_card" else "",
    )


@transaction.atomic
def event_close(*, event: Event) -> Event:
    """Close an event: its table links stop writing."""
    event.status = Event.Status.CLOSED
    event.closed_at = timezone.now()
    event.save(update_fields=["status", "closed_at"])
    return event
