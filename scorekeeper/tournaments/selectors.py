"""Reads of a tournament: its rows as the planner's request (T-81), its rounds, the progress of a round's tables,
and the physical tables of an event with the table each one opens now."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404

from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.engine.tournament.planner import Entrant as PlannedEntrant
from scorekeeper.engine.tournament.planner import Request, Round, target
from scorekeeper.engine.tournament.schedule import Verification, verify
from scorekeeper.engine.tournament.scores import TournamentOptions
from scorekeeper.events.models import Event
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Signature, Table
from scorekeeper.tables.snapshot import snapshots_read
from scorekeeper.tournaments.models import (
    Entrant,
    PhysicalTable,
    PlannedRound,
    PlannedTable,
    Substitute,
    Tournament,
)
from scorekeeper.tournaments.standings import tournament_standings


def directed_tournament(*, user: AbstractBaseUser | AnonymousUser, event_id: int, record: bool = True) -> Tournament:
    """The tournament of an event the user directs (404 for another club's event or an evening), read with its
    event and club in one query; without `record`, the planner's record is left unread (the live board polls every
    few seconds, never shows it, and it grows with every round drawn)."""
    tournaments = Tournament.objects.select_related("event", "event__club")
    if not record:
        tournaments = tournaments.defer("record")
    tournament = get_object_or_404(tournaments, event_id=event_id)
    if not clubs_directed_by(user=user).filter(pk=tournament.event.club_id).exists():
        raise Http404
    return tournament


def tournament_options(tournament: Tournament) -> TournamentOptions:
    return TournamentOptions.from_mapping(tournament.options, rounds=tournament.rounds)


def started_rounds(*, tournament: Tournament) -> list[PlannedRound]:
    """The started rounds, 1 … s, with their tables (T-22)."""
    return list(
        tournament.planned_rounds.filter(started_at__isnull=False).order_by("number").prefetch_related("tables")
    )


def started_count(*, tournament: Tournament) -> int:
    return tournament.planned_rounds.filter(started_at__isnull=False).count()


def needs_standings(tournament: Tournament) -> bool:
    """Whether the standings take part in the draw: byes to the lowest (T-18) or rounds seated by them (T-29)."""
    options = tournament_options(tournament)
    return options.bye_choice == "lowest_standing" or options.seating_by_standings > 0


def standings_order(*, tournament: Tournament, after_round: int) -> tuple[int, ...]:
    """Every entrant's number, best first, in the standings after `after_round` as the standings page shows them
    (T-44 … T-52: total, then the tie-break chain). Entrants still sharing a place are listed by entrant number
    (T-50), so the higher number stands lower: the tie T-18 leaves to "higher entrant number" and T-29's order.
    Before the first round everybody is level: the entrants in number order."""
    if after_round < 1:
        return tuple(tournament.entrants.order_by("number").values_list("number", flat=True))
    figures = tournament_standings(event=tournament.event, through_round=after_round)
    return tuple(row.entrant.number for row in figures.standings.rows)


def standings_round(*, tournament: Tournament, number: int, byes: bool) -> str | None:
    """How the standings decide round `number` when it opens: `"seating"` (one of the last k rounds, T-29),
    `"byes"` (its byes go to the lowest eligible, T-18; `byes` is whether the round has any), or None."""
    options = tournament_options(tournament)
    if number > tournament.rounds - options.seating_by_standings:
        return "seating"
    if options.bye_choice == "lowest_standing" and byes:
        return "byes"
    return None


def tournament_request(
    *, tournament: Tournament, entrants: list[Entrant] | None = None, standings: tuple[int, ...] | None = None
) -> Request:
    """The schedule request (T-81) the rows stand for: what the schedule is a function of (T-27). `standings`
    (entrant numbers, best first, after the last started round) decide the next round's byes and seating when the
    options say so (T-18, T-29)."""
    if entrants is None:
        entrants = list(tournament.entrants.select_related("player", "team").order_by("number"))
    teams: dict[str, list[int]] = {}
    for entrant in entrants:
        if entrant.team_id is not None:
            teams.setdefault(entrant.team.name, []).append(entrant.number)
    numbers = {e.pk: e.number for e in entrants}
    keep_apart = tuple(
        (numbers[pair.first_id], numbers[pair.second_id])
        for pair in tournament.keep_apart.order_by("id")
        if pair.first_id in numbers and pair.second_id in numbers
    )
    started = tuple(
        Round(tables=tuple(tuple(t.seats) for t in rnd.tables.order_by("number")), byes=tuple(sorted(rnd.byes)))
        for rnd in started_rounds(tournament=tournament)
    )
    options = tournament_options(tournament)
    return Request(
        seed=tournament.seed,
        sessions=tuple(tournament.sessions),
        entrants=tuple(
            PlannedEntrant(e.number, e.player.name, e.from_round, e.withdrawn_after)
            for e in sorted(entrants, key=lambda e: e.number)
        ),
        teams=tuple(sorted((name, tuple(members)) for name, members in teams.items() if len(members) >= 2)),
        keep_apart=keep_apart,
        bye_choice=options.bye_choice,
        started=started,
        by_standings=options.seating_by_standings,
        standings=standings if needs_standings(tournament) else None,
    )


@dataclass(frozen=True)
class SeatView:
    seat: int  # 0-3; seat 0 deals first
    number: int
    name: str
    substitute: str = ""


@dataclass(frozen=True)
class TableView:
    number: int
    seats: tuple[SeatView, ...]
    table: Table | None
    short: bool
    planned: PlannedTable


@dataclass(frozen=True)
class RoundView:
    number: int
    session: int
    started: bool
    tables: tuple[TableView, ...]
    byes: tuple[tuple[int, str], ...]
    absent: tuple[tuple[int, str], ...]
    # Not started: "seating" when the standings seat it as it opens (T-29), "byes" when they choose its byes
    # (T-18); its tables and byes here are provisional then.
    drawn_by: str | None = None

    @property
    def ended(self) -> bool:
        """Started, and every one of its tables has ended its round."""
        return (
            self.started
            and bool(self.tables)
            and all(t.table is not None and t.table.ended_at is not None for t in self.tables)
        )


def tournament_rounds(*, tournament: Tournament) -> list[RoundView]:
    """Every planned round with its tables' seats named (and substitutes), byes and absences."""
    names = {e.number: e.player.name for e in tournament.entrants.select_related("player")}
    entrants = list(tournament.entrants.all())
    rounds = []
    played = Prefetch("tables__table", Table.objects.defer(*SNAPSHOT_FIELDS))  # its link and round, not its figures
    for rnd in tournament.planned_rounds.order_by("number").prefetch_related("tables__substitutes__player", played):
        tables = []
        seated: set[int] = set()
        for planned in rnd.tables.all():
            subs = {s.seat: s.display_name for s in planned.substitutes.all()}
            seats = tuple(
                SeatView(seat, number, names.get(number, "?"), subs.get(seat, ""))
                for seat, number in enumerate(planned.seats)
            )
            seated.update(planned.seats)
            tables.append(TableView(planned.number, seats, planned.table, planned.short, planned))
        byes = tuple((n, names.get(n, "?")) for n in sorted(rnd.byes))
        present_anyway = seated | set(rnd.byes)
        absent = tuple(
            (e.number, names[e.number])
            for e in sorted(entrants, key=lambda e: e.number)
            if e.number not in present_anyway
        )
        drawn_by = None if rnd.started else standings_round(tournament=tournament, number=rnd.number, byes=bool(byes))
        rounds.append(RoundView(rnd.number, rnd.session, rnd.started, tuple(tables), byes, absent, drawn_by))
    return rounds


@dataclass(frozen=True)
class TableProgress:
    """How far a table of a started round is: valid deals and whole tours played, of the planned length."""

    number: int
    planned_id: int
    table: Table
    names: tuple[str, ...]
    deals: int
    planned_deals: int
    signed: int
    ended: bool
    short: bool

    @property
    def tours(self) -> int:
        return self.deals // 4

    @property
    def planned_tours(self) -> int:
        return self.planned_deals // 4

    @property
    def inside_tour(self) -> bool:
        """A table cannot end inside a tour (T-9)."""
        return self.deals % 4 != 0

    @property
    def may_end_short(self) -> bool:
        """The director may end it now, after its last whole tour, as a short table (T-9)."""
        return not self.ended and self.deals > 0 and not self.inside_tour and self.deals < self.planned_deals


def round_progress(*, tournament: Tournament, number: int) -> list[TableProgress]:
    """The tables of a started round, read from their snapshots (the one read model of a table)."""
    planned = list(
        PlannedTable.objects.filter(round__tournament=tournament, round__number=number, table__isnull=False)
        .select_related("table", "table__event", "table__seat_0", "table__seat_1", "table__seat_2", "table__seat_3")
        .order_by("number")
    )
    tables = [p.table for p in planned]
    snapshots = snapshots_read(tables=tables)
    signed: dict[int, int] = {}
    for table_id in Signature.objects.filter(table__in=tables, cleared_at__isnull=True).values_list(
        "table_id", flat=True
    ):
        signed[table_id] = signed.get(table_id, 0) + 1
    session_tours = tournament.event.tours_per_round
    return [
        TableProgress(
            number=p.number,
            planned_id=p.pk,
            table=p.table,
            names=tuple(player.name for player in p.table.players),
            deals=snapshots[p.table.pk].deals,
            planned_deals=4 * session_tours,
            signed=signed.get(p.table.pk, 0),
            ended=p.table.ended_at is not None,
            short=p.short,
        )
        for p in planned
    ]


def physical_table_by_token(*, token: str) -> PhysicalTable:
    return get_object_or_404(PhysicalTable.objects.select_related("event", "event__club"), token=token)


def current_round(*, event: Event) -> int:
    """The round the event plays now: the last round that has tables (0 before the first)."""
    latest = Table.objects.filter(event=event).order_by("-round").values_list("round", flat=True).first()
    return latest or 0


def table_at(*, place: PhysicalTable) -> Table | None:
    """The table the current round plays at this place, or None (no round yet, or no table there this round)."""
    round_number = current_round(event=place.event)
    return Table.objects.filter(event=place.event, round=round_number, number=place.number).first()


def places_needed(*, event: Event) -> int:
    """How many physical tables the event uses: the most tables of any round, played or planned."""
    counts = [
        Table.objects.filter(event=event, round=r).count()
        for r in Table.objects.filter(event=event).values_list("round", flat=True).distinct()
    ]
    if hasattr(event, "tournament"):
        counts += [rnd.tables.count() for rnd in PlannedRound.objects.filter(tournament=event.tournament)]
    else:
        counts.append(event.checkins.count() // 4)
    return max(counts, default=0)


@dataclass(frozen=True)
class Preview:
    """The plan's figures as the director sees them before confirming (T-15): T-12's measures, the counting
    bound, T-20's targets and what the plan misses them by."""

    measures: dict[str, int]
    target: int | None
    target_triples: int | None
    shortfall: dict[str, int]

    @property
    def lower_bound(self) -> int:
        return self.measures.get("lower_bound", 0)


def plan_preview(*, tournament: Tournament) -> Preview:
    measures = dict(tournament.record.get("measures", {}))
    repeats, triples = target(tournament_request(tournament=tournament))
    shortfall = {}
    if repeats is not None and measures.get("repeats", 0) > repeats:
        shortfall["repeats"] = measures["repeats"] - repeats
    if triples is not None and measures.get("triples", 0) > triples:
        shortfall["triples"] = measures["triples"] - triples
    return Preview(measures, repeats, triples, shortfall)


def schedule_verification(*, tournament: Tournament) -> Verification:
    """*Verify* (T-27): the schedule recomputed from the kept record and the seed, compared round by round with
    each opened round with the request it was drawn from; a round kept for play (its planned rows) that is not the
    record's differs too."""
    found = verify(tournament.record, tournament.seed)
    kept = {
        rnd.number: {"tables": [list(t.seats) for t in rnd.tables.order_by("number")], "byes": sorted(rnd.byes)}
        for rnd in tournament.planned_rounds.all()
    }
    altered = {
        rnd["round"]
        for rnd in tournament.record.get("rounds", [])
        if kept.get(rnd["round"]) != {"tables": [list(t) for t in rnd["tables"]], "byes": sorted(rnd["byes"])}
    }
    differing = tuple(sorted(set(found.differing_rounds) | altered))
    return replace(found, same_schedule=not differing, differing_rounds=differing)


def table_substitutes(*, table: Table) -> list[tuple[int, str, int]]:
    """Who took a seat of `table` from which deal position (T-25): (seat, name, from_deal) in seat and deal order;
    none, without a query, for a club evening's table."""
    if table.event.kind != Event.Kind.TOURNAMENT:
        return []
    found = (
        Substitute.objects.filter(planned_table__table=table)
        .order_by("seat", "from_deal")
        .values_list("seat", "name", "player__name", "from_deal")
    )
    return [(seat, player_name or name, from_deal) for seat, name, player_name, from_deal in found]


def seat_holders(*, table: Table, next_position: int) -> dict[int, str]:
    """Who plays each seat a substitute holds at deal `next_position` of `table` (T-25), by seat: the latest one to
    take it by then."""
    # table_substitutes is in seat and deal order: a later substitute of a seat replaces an earlier one here.
    return {seat: name for seat, name, from_deal in table_substitutes(table=table) if from_deal <= next_position}
