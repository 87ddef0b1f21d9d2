"""Writes of a tournament: create it with its entrants and constraints, plan (a preview until confirmed), open
each round's tables with the planned seats, late arrivals, withdrawals, substitutes, a redraw, ending a table
short, and the physical tables' links. Every write that changes the entrants or constraints re-plans the rounds
not yet started (T-22) in its own transaction: a refusal (`EngineError`) leaves nothing drawn or changed."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club, Player
from scorekeeper.clubs.services import player_create
from scorekeeper.engine import EngineError, Options, RuleSet
from scorekeeper.engine.tournament.duplicate import check_duplicate_options
from scorekeeper.engine.tournament.planner import Schedule, plan
from scorekeeper.engine.tournament.schedule import (
    draw_seed,
    normal_seed,
    record_json,
    request_json,
    seed_commitment,
)
from scorekeeper.engine.tournament.scores import TournamentOptions, end_rule_check
from scorekeeper.events.models import Event, EventLog
from scorekeeper.events.services import event_close, event_create
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tables.services import table_create, table_end_round, who
from scorekeeper.tables.snapshot import snapshot_read, snapshot_refresh
from scorekeeper.tournaments.duplicate import round_boards_ensure
from scorekeeper.tournaments.models import (
    Entrant,
    KeepApart,
    PhysicalTable,
    PlannedRound,
    PlannedTable,
    Substitute,
    Team,
    Tournament,
)
from scorekeeper.tournaments.selectors import (
    needs_standings,
    standings_order,
    standings_round,
    started_count,
    tournament_request,
)


def _refuse(code: str, field: str | None, message: str) -> EngineError:
    return EngineError(code, field, message)


def _log(tournament: Tournament, action: str, user, note: str = "") -> None:
    EventLog.objects.create(event=tournament.event, action=action, who=who(user)[1], note=note[:300])


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    date: dt.date,
    ruleset: str,
    options: dict[str, Any] | None = None,
    start: int = 40,
    sessions: Sequence[int],
    tournament_options: dict[str, Any] | None = None,
    players: Sequence[Player],
    teams: dict[str, Sequence[Player]] | None = None,
    keep_apart: Sequence[tuple[Player, Player]] = (),
    seed: str | None = None,
    user=None,
) -> tuple[Tournament, Schedule]:
    """A tournament event with its entrants numbered 1, 2, … in the order given, its teams and keep-apart pairs,
    and the plan's preview (not confirmed). Refused whole, before any draw, with an `EngineError`:
    `tournament_end_rule` (T-8), `keep_apart_infeasible` (T-13), `request_invalid` (a seed not hex, too few
    entrants for one table, …)."""
    engine_options = Options.from_mapping(options or {})
    end_rule_check(RuleSet(ruleset), engine_options)
    sessions = list(sessions)
    if not sessions or any(s < 1 for s in sessions):
        raise _refuse("request_invalid", "sessions", "every session has at least one round")
    chosen = TournamentOptions.from_mapping(tournament_options or {}, rounds=sum(sessions))
    if chosen.format == "duplicate":
        check_duplicate_options(engine_options)  # T-61: duplicate_option, refused before anything is drawn
    if chosen.format == "duplicate" and (chosen.bye_choice != "planner" or chosen.seating_by_standings):
        # A duplicate tournament's standings are the boards' (T-76), which the draw does not read.
        field = "tournament.bye.choice" if chosen.bye_choice != "planner" else "tournament.seating.by_standings"
        raise _refuse("request_invalid", field, "a duplicate tournament draws byes and seats by the planner only")
    players = list(players)
    if len(players) < 4:
        raise _refuse("too_few_entrants", "entrants", "a tournament needs at least four entrants for one table")
    if len({p.pk for p in players}) != len(players):
        raise _refuse("request_invalid", "entrants", "a player is entered twice")
    seed = normal_seed(seed) if seed else draw_seed()
    event = event_create(
        club=club,
        name=name,
        date=date,
        ruleset=ruleset,
        options=engine_options.as_mapping(changed_only=True),
        start=start,
        kind=Event.Kind.TOURNAMENT,
        rounds=sum(sessions),
    )
    tournament = Tournament.objects.create(
        event=event,
        seed=seed,
        seed_sha256=seed_commitment(seed),
        sessions=sessions,
        options=chosen.as_mapping(changed_only=True),
    )
    entrants = {
        p.pk: Entrant.objects.create(tournament=tournament, number=n, player=p) for n, p in enumerate(players, 1)
    }
    for team_name, members in sorted((teams or {}).items()):
        team = Team.objects.create(tournament=tournament, name=team_name)
        for member in members:
            if member.pk not in entrants:
                raise _refuse("request_invalid", f"teams.{team_name}", f"{member} is not entered")
            entrant = entrants[member.pk]
            if entrant.team_id is not None:
                raise _refuse("request_invalid", f"teams.{team_name}", f"{member} is already in a team (T-53)")
            entrant.team = team
            entrant.save(update_fields=["team"])
    for i, (first, second) in enumerate(keep_apart):
        if first.pk not in entrants or second.pk not in entrants or first.pk == second.pk:
            raise _refuse("request_invalid", f"keep_apart[{i}]", "a keep-apart pair names two entered players")
        KeepApart.objects.get_or_create(tournament=tournament, first=entrants[first.pk], second=entrants[second.pk])
    schedule = tournament_replan(tournament=tournament)
    tournament.refresh_from_db()
    _log(tournament, "planned", user)
    return tournament, schedule


def _player(club: Club, name: str) -> Player:
    """The club's player of that name (letter case aside), or a new one."""
    return Player.objects.filter(club=club, name__iexact=name).first() or player_create(club=club, name=name)


@transaction.atomic
def tournament_enter(
    *,
    club: Club,
    entrant_names: Sequence[str],
    team_names: dict[str, Sequence[str]] | None = None,
    keep_apart_names: Sequence[tuple[str, str]] = (),
    **settings: Any,
) -> tuple[Tournament, Schedule]:
    """`tournament_create` with the entrants, teams and pairs given by name; a name the club does not know becomes
    a new player, and is not kept when the tournament is refused."""
    by_name = {name.casefold(): _player(club, name) for name in entrant_names}
    return tournament_create(
        club=club,
        players=[by_name[name.casefold()] for name in entrant_names],
        teams={team: [by_name[m.casefold()] for m in members] for team, members in (team_names or {}).items()},
        keep_apart=[(by_name[a.casefold()], by_name[b.casefold()]) for a, b in keep_apart_names],
        **settings,
    )


@transaction.atomic
def tournament_replan(*, tournament: Tournament) -> Schedule:
    """Plan every round not yet started again, the started ones fixed (T-22), and keep the record (T-28).

    When the standings take part in the draw (T-18, T-29) they are the standings after the last started round as
    they stand now: final once that round has ended, which `round_open` makes sure of before it plans the round it
    opens again. The requests that opened the started rounds stay in the record (`draws`), for *verify*."""
    tournament = Tournament.objects.select_for_update().select_related("event").get(pk=tournament.pk)
    standings = None
    if needs_standings(tournament):
        standings = standings_order(tournament=tournament, after_round=started_count(tournament=tournament))
    request = tournament_request(tournament=tournament, standings=standings)
    for number in range(len(request.started) + 1, request.rounds + 1):
        if len(request.present(number)) < 4:
            raise _refuse("too_few_entrants", "entrants", f"round {number} has fewer than four entrants present")
    schedule = plan(request)
    draws = [d for d in tournament.record.get("draws", []) if d["round"] <= len(request.started)]
    tournament.record = {**record_json(request, schedule), "request": request_json(request), "draws": draws}
    tournament.save(update_fields=["record"])
    tournament.planned_rounds.filter(started_at__isnull=True).delete()
    for number, rnd in enumerate(schedule.rounds, start=1):
        if number <= schedule.started:
            continue
        planned = PlannedRound.objects.create(
            tournament=tournament, number=number, session=tournament.session_of(number), byes=list(rnd.byes)
        )
        PlannedTable.objects.bulk_create(
            PlannedTable(round=planned, number=t, seats=list(seats)) for t, seats in enumerate(rnd.tables, start=1)
        )
    return schedule


@transaction.atomic
def tournament_confirm(*, tournament: Tournament, user=None) -> Tournament:
    """The director has seen the preview (T-15) and confirms the plan: rounds may now open."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.confirmed_at is None:
        tournament.confirmed_at = timezone.now()
        tournament.save(update_fields=["confirmed_at"])
        _log(tournament, "confirmed", user)
    return tournament


class RoundRefused(Exception):
    """A round cannot open or be redrawn now; `reason` says why in a code the page words."""

    def __init__(self, reason: str, number: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.number = number


def _locked(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().select_related("event").get(pk=tournament.pk)
    if not locked.event.is_open:
        raise RoundRefused("closed")
    return locked


@transaction.atomic
def round_open(*, tournament: Tournament, number: int, user=None) -> PlannedRound:
    """Open round `number`'s tables with the planned seats (seat 0 deals first, T-11): the next round only, once
    the plan is confirmed and every table of the round before has ended."""
    tournament = _locked(tournament)
    if tournament.confirmed_at is None:
        raise RoundRefused("unconfirmed")
    if not 1 <= number <= tournament.rounds:
        raise RoundRefused("past_plan", number)
    started = started_count(tournament=tournament)
    if number != started + 1:
        raise RoundRefused("not_next", started + 1)
    if Table.objects.filter(event=tournament.event, round=started, ended_at__isnull=True).exists():
        raise RoundRefused("still_playing", started)
    planned = tournament.planned_rounds.select_for_update().get(number=number)
    if standings_round(tournament=tournament, number=number, byes=bool(planned.byes)):
        # Seated (or its byes chosen) by the standings after the round before, which has now ended (T-18, T-29).
        tournament_replan(tournament=tournament)
        tournament.refresh_from_db(fields=["record"])
        planned = tournament.planned_rounds.select_for_update().get(number=number)
    round_boards_ensure(tournament=tournament, number=number, user=user)  # duplicate: the boards before the round
    players = {e.number: e.player for e in tournament.entrants.select_related("player")}
    for table in planned.tables.order_by("number"):
        table.table = table_create(
            event=tournament.event,
            number=table.number,
            players=[players[n] for n in table.seats],
            first_dealer=0,
            round=number,
        )
        table.save(update_fields=["table"])
        if table.table.plays_boards:  # linked now: its snapshot is made again as a duplicate table's (boards)
            snapshot_refresh(table=table.table)
    planned.started_at = timezone.now()
    planned.save(update_fields=["started_at"])
    draws = list(tournament.record.get("draws", []))
    if tournament.record.get("request"):  # a record planned before requests were kept has none to give
        draws.append({"round": number, "request": tournament.record["request"]})
    tournament.record = {**tournament.record, "rounds": _marked_started(tournament.record, number), "draws": draws}
    tournament.save(update_fields=["record"])
    _log(tournament, "round_opened", user, str(number))
    return planned


def _marked_started(record: dict, number: int) -> list:
    return [{**rnd, "started": rnd["started"] or rnd["round"] == number} for rnd in record.get("rounds", [])]


@transaction.atomic
def round_redraw(*, tournament: Tournament, user=None) -> Schedule:
    """Take back the last started round while no deal of it is recorded (T-22) and plan it again with the rounds
    after it: its tables are removed and it waits to be opened again."""
    tournament = _locked(tournament)
    started = started_count(tournament=tournament)
    if started == 0:
        raise RoundRefused("none_started")
    planned = tournament.planned_rounds.select_for_update().get(number=started)
    tables = [t.table for t in planned.tables.select_related("table") if t.table is not None]
    if Deal.every.filter(table__in=tables).exists():
        raise RoundRefused("has_deals", started)
    planned.started_at = None
    planned.save(update_fields=["started_at"])
    for table in tables:
        table.signatures.all().delete()
        table.delete()
    schedule = tournament_replan(tournament=tournament)
    _log(tournament, "round_redrawn", user, str(started))
    return schedule


@transaction.atomic
def entrant_late_add(*, tournament: Tournament, player: Player, user=None) -> tuple[Entrant, Schedule]:
    """A late arrival: the next entrant number, present from the first round not started (T-23); the rounds not
    started are planned again. Refused after the last round has started."""
    tournament = _locked(tournament)
    if player.club_id != tournament.event.club_id:
        raise _refuse("request_invalid", "player", "the player is not of the tournament's club")
    if tournament.entrants.filter(player=player).exists():
        raise _refuse("request_invalid", "player", f"{player} is already entered")
    started = started_count(tournament=tournament)
    if started >= tournament.rounds:
        raise _refuse("request_invalid", "player", "every round has started: there is no round left to play")
    number = (tournament.entrants.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    entrant = Entrant.objects.create(tournament=tournament, number=number, player=player, from_round=started + 1)
    schedule = tournament_replan(tournament=tournament)
    _log(tournament, "late_arrival", user, f"{number} {player.name}")
    return entrant, schedule


@transaction.atomic
def late_arrival_by_name(*, tournament: Tournament, name: str, user=None) -> tuple[Entrant, Schedule]:
    """`entrant_late_add` for the club's player of that name, or a new player (not kept when refused)."""
    return entrant_late_add(tournament=tournament, player=_player(tournament.event.club, name), user=user)


@transaction.atomic
def entrant_withdraw(*, tournament: Tournament, entrant: Entrant, user=None) -> Schedule:
    """An entrant leaves between rounds (T-24): absent from the first round not started on; those rounds are
    planned again. Before the first round he is simply taken off the list."""
    tournament = _locked(tournament)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, tournament=tournament)
    started = started_count(tournament=tournament)
    if entrant.withdrawn_after is not None:
        raise _refuse("request_invalid", "entrant", f"{entrant.player} has already withdrawn")
    if started >= tournament.rounds:
        raise _refuse("request_invalid", "entrant", "every round has started: there is no round left to leave")
    if started < entrant.from_round:
        KeepApart.objects.filter(tournament=tournament, first=entrant).delete()
        KeepApart.objects.filter(tournament=tournament, second=entrant).delete()
        entrant.delete()
    else:
        entrant.withdrawn_after = started
        entrant.save(update_fields=["withdrawn_after"])
    schedule = tournament_replan(tournament=tournament)
    _log(tournament, "withdrawal", user, f"{entrant.number} {entrant.player.name}")
    return schedule


@transaction.atomic
def keep_apart_add(*, tournament: Tournament, first: Entrant, second: Entrant, user=None) -> Schedule:
    """Keep two entrants from one table from the next round on; refused (`keep_apart_infeasible`) when no
    schedule can, before anything is drawn."""
    tournament = _locked(tournament)
    if first.pk == second.pk:
        raise _refuse("request_invalid", "second", "a keep-apart pair names two different entrants")
    KeepApart.objects.get_or_create(tournament=tournament, first=first, second=second)
    return tournament_replan(tournament=tournament)


@transaction.atomic
def substitute_add(
    *,
    planned_table: PlannedTable,
    seat: int,
    from_deal: int | None,
    name: str = "",
    player: Player | None = None,
    user=None,
) -> Substitute:
    """A substitute takes `seat` from deal `from_deal` (its 1-based position, void records included; None: the
    table's next deal) to the end of the table-round (T-25). The seat's table score stays the entrant's
    (`substitute.score = entrant`), so the rounds not started are planned again with nothing changed but the
    record."""
    planned_table = PlannedTable.objects.select_related("round__tournament__event", "table").get(pk=planned_table.pk)
    tournament = _locked(planned_table.round.tournament)
    table = planned_table.table
    if table is None or not 0 <= seat < len(planned_table.seats):
        raise _refuse("request_invalid", "seat", "this seat has no player to replace")
    if table.ended_at is not None:
        raise _refuse("request_invalid", "seat", "the table has ended its round")
    name = name.strip()
    if player is None and not name:
        raise _refuse("request_invalid", "name", "name the substitute")
    # T-25: a substitute is not entered, whether chosen from the club's players or named as typed.
    entered = (
        tournament.entrants.filter(player=player)
        if player
        else tournament.entrants.filter(player__name__iexact=" ".join(name.split()))
    )
    if entered.exists():
        raise _refuse("substitute_entrant", "name", "an entrant cannot be a substitute (T-25)")
    last = Deal.objects.filter(table=table).count()
    if from_deal is None:
        from_deal = last + 1
    if not 1 <= from_deal <= last + 1:
        raise _refuse("request_invalid", "from_deal", f"the first deal is a position from 1 to {last + 1}")
    if Substitute.objects.filter(planned_table=planned_table, seat=seat, from_deal=from_deal).exists():
        raise _refuse("request_invalid", "from_deal", "this seat already has a substitute from that deal")
    holder = (
        Substitute.objects.filter(planned_table=planned_table, seat=seat, from_deal__lt=from_deal)
        .order_by("-from_deal")
        .first()
    )
    kept_name = "" if player else name[:80]  # a player is named by his record
    if holder is not None and (holder.player_id, holder.name) == (player.pk if player else None, kept_name):
        raise _refuse("substitute_holds", "name", "this substitute already holds the seat")
    substitute = Substitute.objects.create(
        planned_table=planned_table, seat=seat, from_deal=from_deal, name=kept_name, player=player
    )
    tournament_replan(tournament=tournament)
    _log(tournament, "substitute", user, f"{planned_table.round.number}/{planned_table.number}/{seat}")
    return substitute


@transaction.atomic
def table_end_short(*, planned_table: PlannedTable, user=None) -> PlannedTable:
    """The director ends a table after its last whole tour before its planned length (T-9): marked short. Refused
    inside a tour (`tour_unfinished`)."""
    # Only this row is locked: PostgreSQL locks no row on the nullable side of the join to its table.
    locked = PlannedTable.objects.select_for_update(of=("self",)).select_related("table")
    planned_table = locked.get(pk=planned_table.pk)
    if planned_table.table is None:
        raise _refuse("request_invalid", "table", "the table is not open")
    table = planned_table.table
    table_end_round(table=table)
    table.refresh_from_db()
    if snapshot_read(table=table).deals < table.planned_deals(table.session()):
        planned_table.short = True
        planned_table.save(update_fields=["short"])
    return planned_table


@transaction.atomic
def tournament_close(*, tournament: Tournament, user=None) -> Tournament:
    """Close the tournament's event (every table still playing ends, A-40) and reveal the seed (T-26)."""
    event_close(event=tournament.event, user=user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.seed_revealed_at is None:
        tournament.seed_revealed_at = timezone.now()
        tournament.record = {**tournament.record, "seed": tournament.seed}
        tournament.save(update_fields=["seed_revealed_at", "record"])
    return tournament


def physical_tables_ensure(*, event: Event, count: int) -> list[PhysicalTable]:
    """The event's physical tables 1 … `count` (made once: a table card printed before round 1 stays good)."""
    existing = {p.number: p for p in PhysicalTable.objects.filter(event=event)}
    for number in range(1, count + 1):
        if number not in existing:
            existing[number], _ = PhysicalTable.objects.get_or_create(event=event, number=number)
    return [existing[n] for n in sorted(existing)]
