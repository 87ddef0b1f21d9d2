from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club, Player
from scorekeeper.engine import Options, RuleSet
from scorekeeper.events.models import CheckIn, Event, EventLog, HouseRules, PlayerMerge, SitOut
from scorekeeper.events.selectors import event_summary, seated_elsewhere, seats_history
from scorekeeper.tables.messages import SYSTEM_AUTHOR
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Table, new_token
from scorekeeper.tables.services import EventClosed, table_create, table_extend_round, who


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
    """Close an event: every table still playing ends now, what is left on it settled by the end-of-session rule
    (A-40), and the table links stop writing. The log names the tables that were ended."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    ended = []
    now = timezone.now()  # the tables the closing ends end when the event closes: a reopening finds them by it
    playing = Table.objects.select_for_update(of=("self",)).filter(event=event, ended_at=None)
    for table in playing.order_by("round", "number"):
        table.ended_at = now
        table.save(update_fields=["ended_at"])
        table.changed()
        ended.append(f"round {table.round} table {table.number}")
    event.status = Event.Status.CLOSED
    event.closed_at = now
    event.save(update_fields=["status", "closed_at"])
    note = ("ended " + ", ".join(ended))[:300] if ended else ""
    EventLog.objects.create(event=event, action="closed", who=_by(user), note=note)
    return event


class RoundNotFinished(Exception):
    """A new seating needs every table of the current round to have ended."""


class SeatedElsewhere(Exception):
    """Players who sit at a running round of another open event: one person cannot play two tables at once."""

    def __init__(self, seated: dict[Player, Table]) -> None:
        super().__init__("players seated in a running round of another event")
        self.seated = seated


def _refuse_if_seated_elsewhere(event: Event, players) -> None:
    # The players' rows stay locked until the seats are written: two events drawn at once cannot both seat one.
    list(Player.objects.select_for_update().filter(pk__in=[player.pk for player in players]).values_list("pk"))
    seated = seated_elsewhere(event=event, players=players)
    if seated:
        raise SeatedElsewhere(seated)


class NotEnoughPlayers(Exception):
    """Fewer than four players are checked in."""


@transaction.atomic
def event_reopen(*, event: Event, user=None, note: str = "") -> Event:
    """Reopen a closed event; the reopening is recorded. The tables its closing ended play on (a score was missing,
    the event was closed too soon); one whose round had ended before stays ended."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.closed_at is not None:
        closed_with_it = Table.objects.select_for_update(of=("self",)).filter(event=event, ended_at=event.closed_at)
        for table in closed_with_it:
            table.ended_at = None
            table.save(update_fields=["ended_at"])
            table.changed()
    event.status = Event.Status.OPEN
    event.closed_at = None
    event.save(update_fields=["status", "closed_at"])
    EventLog.objects.create(event=event, action="reopened", who=_by(user), note=note)
    return event


def _by(user) -> str:
    return who(user, fallback=SYSTEM_AUTHOR)[1]


def checkin_set(*, event: Event, player, present: bool) -> None:
    if player.club_id != event.club_id:
        raise ValueError("the player belongs to another club")
    if present:
        CheckIn.objects.get_or_create(event=event, player=player)
    else:
        CheckIn.objects.filter(event=event, player=player).delete()


@transaction.atomic
def checkin_apply(*, event: Event, present: Iterable[Player]) -> int:
    """The check-in list becomes exactly `present` (active players of the event's club), in one transaction.
    Returns how many are checked in."""
    chosen = {p.pk for p in present}
    players = list(event.club.players.filter(active=True))
    if chosen - {p.pk for p in players}:
        raise ValueError("only the club's active players can be checked in")
    for player in players:
        checkin_set(event=event, player=player, present=player.pk in chosen)
    return len(chosen)


CARDS = "KQJA"  # the king chooses his seat, the queen sits on his right, then the knave, then the ace


@transaction.atomic
def seat_draw(*, event: Event, method: str = "random", rng: random.Random | None = None, redo: bool = False):
    """Seat the checked-in players for the next round in tables of four.

    `random`: a random seating; `cards`: the old way, each table drawing a king, queen, knave and ace (the king
    takes seat 1, the queen sits on his right, and so on; the ace deals first, so the king is eldest);
    `standings`: the leaders meet. Sit-outs go to the players who have sat out least. A foursome that already
    met is avoided where possible."""
    if not Event.objects.select_for_update().get(pk=event.pk).is_open:
        raise EventClosed
    rng = rng or random.SystemRandom()
    summary = event_summary(event=event)
    current = [t for t in summary.tables if t.table.round == summary.current_round]
    if redo and current and not any(t.records for t in current):
        # The round has no deal yet: its draw is replaced (a late arrival, a wrong check-in).
        Table.objects.filter(event=event, round=summary.current_round).delete()
        SitOut.objects.filter(event=event, round=summary.current_round).delete()
        summary = event_summary(event=event)
    elif any(not t.ended for t in current):
        raise RoundNotFinished
    round_number = summary.current_round + 1
    players = [c.player for c in event.checkins.select_related("player").filter(player__active=True)]
    if len(players) < 4:
        raise NotEnoughPlayers
    _refuse_if_seated_elsewhere(event, players)
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


SEATS = ("seat_0", "seat_1", "seat_2", "seat_3")


class MergeRefused(Exception):
    """The two players sat at one table: one person cannot hold two seats of a table."""

    def __init__(self, tables: list[Table]) -> None:
        super().__init__("the two players sat at one table")
        self.tables = tables


@transaction.atomic
def player_merge(*, player: Player, into: Player, user=None) -> PlayerMerge:
    """Merge a duplicate player into another: every seat, check-in and sit-out moves; no deal is touched (deals
    refer to seats). Refused (MergeRefused) when the two sat at one table. The duplicate is deactivated; what
    moved is kept, written in each event's log, and can be undone (player_merge_undo)."""
    if player.club_id != into.club_id:
        raise ValueError("players of different clubs cannot be merged")
    if player.pk == into.pk:
        raise ValueError("a player cannot be merged into himself")
    both = [
        t
        for t in Table.objects.filter(event__club=player.club_id).select_related("event").defer(*SNAPSHOT_FIELDS)
        if {player.pk, into.pk} <= {t.seat_0_id, t.seat_1_id, t.seat_2_id, t.seat_3_id}
    ]
    if both:
        raise MergeRefused(both)
    moved: dict[str, list] = {"seats": [], "checkins": [], "checkins_dropped": [], "sitouts": [], "sitouts_dropped": []}
    events: dict[int, list[str]] = {}
    for table in Table.objects.filter(event__club=player.club_id).defer(*SNAPSHOT_FIELDS).order_by("pk"):
        for seat in SEATS:
            if getattr(table, f"{seat}_id") == player.pk:
                Table.objects.filter(pk=table.pk).update(**{seat: into})
                table.changed()  # the seat's name is in the figures kept for the table
                moved["seats"].append([table.pk, seat])
                events.setdefault(table.event_id, []).append(
                    f"round {table.round} table {table.number} seat {int(seat[-1]) + 1}"
                )
    for checkin in CheckIn.objects.filter(player=player):
        if CheckIn.objects.filter(event=checkin.event_id, player=into).exists():
            moved["checkins_dropped"].append(checkin.event_id)
            checkin.delete()
        else:
            CheckIn.objects.filter(pk=checkin.pk).update(player=into)
            moved["checkins"].append(checkin.pk)
        events.setdefault(checkin.event_id, []).append("check-in")
    for sitout in SitOut.objects.filter(player=player):
        if SitOut.objects.filter(event=sitout.event_id, round=sitout.round, player=into).exists():
            moved["sitouts_dropped"].append([sitout.event_id, sitout.round])
            sitout.delete()
        else:
            SitOut.objects.filter(pk=sitout.pk).update(player=into)
            moved["sitouts"].append(sitout.pk)
        events.setdefault(sitout.event_id, []).append(f"sit-out round {sitout.round}")
    by = _by(user)
    merge = PlayerMerge.objects.create(
        club_id=player.club_id, player=player, into=into, name=player.name, moved=moved, who=by
    )
    for event_id, what in events.items():
        note = f"{player.name} merged into {into.name}: " + ", ".join(what)
        EventLog.objects.create(event_id=event_id, action="merged", who=by, note=note[:300])
    Player.objects.filter(pk=player.pk).update(
        active=False, name=f"{player.name} (merged into {into.name})"[: Player._meta.get_field("name").max_length]
    )
    return merge


class MergeUndone(Exception):
    """The merge was already undone."""


@transaction.atomic
def player_merge_undo(*, merge: PlayerMerge, user=None) -> PlayerMerge:
    """Put back what a merge moved: the duplicate's seats, check-ins and sit-outs, his name, and active."""
    merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
    if merge.undone_at is not None:
        raise MergeUndone
    moved, player, into = merge.moved, merge.player, merge.into
    events: set[int] = set()
    for table_id, seat in moved.get("seats", []):
        table = Table.objects.get(pk=table_id)
        if getattr(table, f"{seat}_id") == into.pk:
            Table.objects.filter(pk=table_id).update(**{seat: player})
            table.changed()
            events.add(table.event_id)
    CheckIn.objects.filter(pk__in=moved.get("checkins", []), player=into).update(player=player)
    events.update(CheckIn.objects.filter(pk__in=moved.get("checkins", [])).values_list("event_id", flat=True))
    for event_id in moved.get("checkins_dropped", []):
        CheckIn.objects.get_or_create(event_id=event_id, player=player)
        events.add(event_id)
    SitOut.objects.filter(pk__in=moved.get("sitouts", []), player=into).update(player=player)
    events.update(SitOut.objects.filter(pk__in=moved.get("sitouts", [])).values_list("event_id", flat=True))
    for event_id, round_number in moved.get("sitouts_dropped", []):
        SitOut.objects.get_or_create(event_id=event_id, round=round_number, player=player)
        events.add(event_id)
    Player.objects.filter(pk=player.pk).update(active=True, name=merge.name)
    merge.undone_at = timezone.now()
    merge.save(update_fields=["undone_at"])
    by = _by(user)
    for event_id in sorted(events):
        EventLog.objects.create(
            event_id=event_id, action="merge undone", who=by, note=f"{merge.name} is separate from {into.name} again"
        )
    return merge


class SeatRefused(Exception):
    """A seat change that would seat a player twice, or a player of another club or another table."""


def _seat_table(table: Table) -> Table:
    table = Table.objects.select_for_update(of=("self",)).select_related("event").get(pk=table.pk)
    if not table.event.is_open or table.ended_at is not None:
        raise EventClosed
    return table


def _replay(table: Table) -> None:
    """Fold the table again with its new seats (the records refer to seats, so every deal stands) and mark its
    figures stale."""
    table.refresh_from_db()
    table.fold([d.to_record() for d in table.deals.order_by("position")])
    table.changed()


@transaction.atomic
def table_seat_replace(*, table: Table, seat: int, player: Player, user=None) -> Table:
    """A player who left is replaced: `player` takes seat `seat` (0-3) and its balance from now on. Refused for a
    player of another club, one already at this table, or one seated at another table of the round still playing."""
    table = _seat_table(table)
    if not 0 <= seat <= 3:
        raise SeatRefused("a seat is 0 to 3")
    if player.club_id != table.event.club_id or not player.active:
        raise SeatRefused("the player is not an active player of the event's club")
    if player.pk in {p.pk for p in table.players}:
        raise SeatRefused("the player already sits at this table")
    _refuse_if_seated_elsewhere(table.event, [player])
    elsewhere = Table.objects.filter(event=table.event, round=table.round, ended_at=None).exclude(pk=table.pk)
    if any(player.pk in (t.seat_0_id, t.seat_1_id, t.seat_2_id, t.seat_3_id) for t in elsewhere):
        raise SeatRefused("the player sits at another table of this round")
    left = table.players[seat]
    Table.objects.filter(pk=table.pk).update(**{SEATS[seat]: player})
    CheckIn.objects.get_or_create(event=table.event, player=player)
    SitOut.objects.filter(event=table.event, round=table.round, player=player).delete()
    _replay(table)
    EventLog.objects.create(
        event=table.event,
        action="seat replaced",
        who=_by(user),
        note=f"round {table.round} table {table.number} seat {seat + 1}: {player.name} replaces {left.name}"[:300],
    )
    return table


@transaction.atomic
def table_seat_swap(*, table: Table, first: int, second: int, user=None) -> Table:
    """Two players sat in each other's seats: the seats are exchanged and the table replayed."""
    table = _seat_table(table)
    if first == second or not (0 <= first <= 3 and 0 <= second <= 3):
        raise SeatRefused("two different seats, 0 to 3")
    a, b = table.players[first], table.players[second]
    Table.objects.filter(pk=table.pk).update(**{SEATS[first]: b, SEATS[second]: a})
    _replay(table)
    EventLog.objects.create(
        event=table.event,
        action="seats swapped",
        who=_by(user),
        note=f"round {table.round} table {table.number}: {a.name} (seat {first + 1}) and {b.name} (seat {second + 1})"[
            :300
        ],
    )
    return table


@transaction.atomic
def table_link_renew(*, table: Table, user=None) -> Table:
    """A new entry link for a table (a phone was lost): the old link stops at once."""
    old = table.token[:6]
    Table.objects.filter(pk=table.pk).update(token=new_token())
    table.refresh_from_db()
    EventLog.objects.create(
        event=table.event,
        action="new link",
        who=_by(user),
        note=f"round {table.round} table {table.number}: link {old} replaced by {table.token[:6]}",
    )
    return table


@transaction.atomic
def seat_late_arrival(*, event: Event, player: Player, method: str = "random", user=None) -> str:
    """Check in a player who came after the draw and seat him in the current round. With three players sitting
    out, the four make a new table ("table"); before the round's first deal, the round is drawn again with him
    ("redraw"); otherwise he sits out this round and is drawn in the next ("sitout")."""
    if player.club_id != event.club_id or not player.active:
        raise ValueError("the player is not an active player of the event's club")
    if not Event.objects.select_for_update().get(pk=event.pk).is_open:
        raise EventClosed
    _refuse_if_seated_elsewhere(event, [player])
    CheckIn.objects.get_or_create(event=event, player=player)
    summary = event_summary(event=event)
    round_number = summary.current_round
    current = [t for t in summary.tables if t.table.round == round_number]
    seated = {p.pk for t in current for p in t.table.players}
    if not current or all(t.ended for t in current) or player.pk in seated:
        return "checked-in"  # no round under way: the next draw seats him
    waiting = [s.player for s in SitOut.objects.filter(event=event, round=round_number).select_related("player")]
    waiting = [p for p in waiting if p.pk != player.pk]
    if len(waiting) == 3:
        number = max(t.table.number for t in current) + 1
        group = [*waiting, player]
        random.SystemRandom().shuffle(group)
        table_create(
            event=event,
            number=number,
            players=group,
            first_dealer=random.SystemRandom().randrange(4),
            round=round_number,
        )
        SitOut.objects.filter(event=event, round=round_number).delete()
        what = f"new table {number} with {', '.join(p.name for p in waiting)}"
        result = "table"
    elif not any(t.records for t in current):
        seat_draw(event=event, method=method, redo=True)
        what = f"round {round_number} drawn again"
        result = "redraw"
    else:
        SitOut.objects.get_or_create(event=event, round=round_number, player=player)
        what = f"sits out round {round_number}"
        result = "sitout"
    EventLog.objects.create(event=event, action="late arrival", who=_by(user), note=f"{player.name}: {what}"[:300])
    return result


@transaction.atomic
def round_extend(*, table: Table, user=None) -> Table:
    """Add a tour to one table's round (A-66); the event log records who did it."""
    table = table_extend_round(table=table)
    tours = table.session().options.session_tours + table.extra_tours
    note = f"table {table.number}, round {table.round}: {tours} tours"
    EventLog.objects.create(event=table.event, action="extended", who=_by(user), note=note)
    return table


def house_rules_save(*, club: Club, name: str, ruleset: str, options: dict[str, Any], preset: HouseRules | None = None):
    """Create or change a club's house rules; the options are checked by the engine and stored as non-defaults.
    Events already created keep the rules they were created with."""
    RuleSet(ruleset)
    stored = Options.from_mapping(options).as_mapping(changed_only=True)
    preset = preset or HouseRules(club=club)
    preset.name, preset.ruleset, preset.options = name, ruleset, stored
    preset.save()
    return preset


def house_rules_delete(*, preset: HouseRules) -> None:
    preset.delete()  # events copied the rules when they were created: none refers to the preset
