from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club
from scorekeeper.engine import Options, RuleSet
from scorekeeper.events.models import CheckIn, Event, EventLog, SitOut


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
    rounds: int = 1,
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
        rounds=rounds,
    )


@transaction.atomic
def event_close(*, event: Event, user=None) -> Event:
    """Close an event: its table links stop writing."""
    event.status = Event.Status.CLOSED
    event.closed_at = timezone.now()
    event.save(update_fields=["status", "closed_at"])
    EventLog.objects.create(event=event, action="closed", who=_who(user))
    return event


class RoundNotFinished(Exception):
    """A new seating needs every table of the current round to have ended."""


class NotEnoughPlayers(Exception):
    """Fewer than four players are checked in."""


def _who(user) -> str:
    return user.get_username() if user is not None and user.is_authenticated else "system"


@transaction.atomic
def event_reopen(*, event: Event, user=None, note: str = "") -> Event:
    """Reopen a closed event; the reopening is recorded."""
    event.status = Event.Status.OPEN
    event.closed_at = None
    event.save(update_fields=["status", "closed_at"])
    EventLog.objects.create(event=event, action="reopened", who=_who(user), note=note)
    return event


def checkin_set(*, event: Event, player, present: bool) -> None:
    if player.club_id != event.club_id:
        raise ValueError("the player belongs to another club")
    if present:
        CheckIn.objects.get_or_create(event=event, player=player)
    else:
        CheckIn.objects.filter(event=event, player=player).delete()


CARDS = "KQJA"  # the king chooses his seat, the queen sits on his right, then the knave, then the ace


@transaction.atomic
def seat_draw(*, event: Event, method: str = "random", rng: random.Random | None = None):
    """Seat the checked-in players for the next round in tables of four.

    `random`: a random seating; `cards`: the old way, each table drawing a king, queen, knave and ace (the king
    takes seat 1, the queen sits on his right, and so on; the ace deals first, so the king is eldest);
    `standings`: the leaders meet. Sit-outs go to the players who have sat out least. A foursome that already
    met is avoided where possible."""
    from scorekeeper.events.selectors import event_summary, seats_history
    from scorekeeper.tables.models import Table
    from scorekeeper.tables.services import table_create

    rng = rng or random.SystemRandom()
    summary = event_summary(event=event)
    if any(not t.ended for t in summary.tables if t.table.round == summary.current_round):
        raise RoundNotFinished
    round_number = summary.current_round + 1
    players = [c.player for c in event.checkins.select_related("player").filter(player__active=True)]
    if len(players) < 4:
        raise NotEnoughPlayers
    by_id = {a.player.pk: a for a in summary.accounts}
    sat_out = {p.pk: (by_id[p.pk].sitouts if p.pk in by_id else 0) for p in players}
    out_count = len(players) % 4
    order = sorted(players, key=lambda p: (sat_out[p.pk], rng.random()))
    sitting_out = order[:out_count]
    seated = [p for p in players if p not in sitting_out]
    met = {group for groups in seats_history(event=event).values() for group in groups}

    def repeats(groups: list[list]) -> int:
        return sum(frozenset(p.pk for p in g) in met for g in groups)

    if method == "standings":
        seated.sort(key=lambda p: (-(by_id[p.pk].account if p.pk in by_id else event.start), p.name))
        groups = [seated[i : i + 4] for i in range(0, len(seated), 4)]
        for i in range(len(groups) - 1):  # nudge a repeated foursome by swapping with the next table
            if frozenset(p.pk for p in groups[i]) in met:
                groups[i][3], groups[i + 1][0] = groups[i + 1][0], groups[i][3]
    else:
        best = None
        for _ in range(200):
            rng.shuffle(seated)
            groups = [seated[i : i + 4] for i in range(0, len(seated), 4)]
            score = repeats(groups)
            if best is None or score < best[0]:
                best = (score, [list(g) for g in groups])
            if score == 0:
                break
        groups = best[1]

    tables = []
    for number, group in enumerate(groups, start=1):
        group = list(group)
        rng.shuffle(group)
        first_dealer = rng.randrange(4) if method != "cards" else 3
        table = table_create(event=event, number=number, players=group, first_dealer=first_dealer, round=round_number)
        if method == "cards":
            Table.objects.filter(pk=table.pk).update(drawn_cards=CARDS)
        tables.append(table)
    for player in sitting_out:
        SitOut.objects.create(event=event, round=round_number, player=player)
    return tables, sitting_out
