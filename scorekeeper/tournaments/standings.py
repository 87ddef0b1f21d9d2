"""Reads for a tournament's standings, score cards and reports: the tables' results from their snapshots, scored
and ranked by the engine (`engine.tournament`). Nothing here settles a deal: a table's round changes are its
snapshot's closing balances minus the start (T-7), as the engine's own `table_result` gives them from the deals.

The one exception is the `contracts` method, whose contract points are the engine's sum over a table's ledger
entries (T-39): a snapshot does not keep them, so under `contracts` each started table is folded again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from django.db.models import Prefetch

from scorekeeper.engine import Session
from scorekeeper.engine.model import RuleSet
from scorekeeper.engine.tournament.scorecard import ScoreCard, score_card
from scorekeeper.engine.tournament.scores import (
    TWELFTHS,
    RoundResult,
    ScoredRound,
    Substitution,
    TableResult,
    TournamentOptions,
    holders,
    score_rounds,
    table_result,
)
from scorekeeper.engine.tournament.standings import Entrant, Standing, Standings, rank
from scorekeeper.engine.tournament.teams import TeamStanding, rank_teams
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Deal, Table, planned_deals
from scorekeeper.tables.snapshot import (
    SnapshotResult,
    SnapshotRow,
    decode,
    event_session,
    snapshot_key,
    snapshot_results,
    snapshots_read,
)
from scorekeeper.tournaments.models import PlannedRound, PlannedTable, Substitute, Tournament


@dataclass(frozen=True)
class _Rows:
    """A snapshot's rows where the engine reads a ledger's entries (`holders` reads `void` and `position`)."""

    entries: tuple[SnapshotRow, ...]


@dataclass(frozen=True)
class TableLine:
    """One table of a round as the pages show it: its seats (entrant numbers), round changes and table scores
    (None before its first valid deal), and whether it is still being played."""

    round: int
    table: int
    seats: tuple[int, int, int, int]
    changes: tuple[int, int, int, int] | None
    scores: tuple[int, int, int, int] | None
    deals: int
    planned_deals: int
    playing: bool
    short: bool
    substitutes: tuple[Substitution, ...]


@dataclass(frozen=True)
class RoundLine:
    round: int
    session: int
    started: bool
    tables: tuple[TableLine, ...]
    byes: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.started and not any(t.playing for t in self.tables)


@dataclass(frozen=True)
class TournamentStandings:
    """What the standings pages, the score cards and the reports read: the engine's standings and team standings
    after `standings.through_round`, every round's tables, and the entrants by number."""

    event: Event
    tournament: Tournament
    ruleset: RuleSet
    options: TournamentOptions
    entrants: dict[int, Entrant]
    rounds: tuple[RoundLine, ...]
    scored: tuple[ScoredRound, ...]
    standings: Standings
    teams: tuple[TeamStanding, ...]
    seed: str | None  # the seed once revealed (T-26)

    @property
    def through_round(self) -> int:
        return self.standings.through_round

    @property
    def started(self) -> tuple[int, ...]:
        return tuple(r.round for r in self.rounds if r.started)

    @property
    def playing(self) -> frozenset[int]:
        """Entrants at a table still being played."""
        return frozenset(s for r in self.rounds for t in r.tables if t.playing for s in t.seats)

    @cached_property
    def current(self) -> RoundLine | None:
        """The latest started round (the one the live page shows)."""
        started = [r for r in self.rounds if r.started]
        return started[-1] if started else None

    def name(self, number: int) -> str:
        return self.entrants[number].name

    def display(self, value: int) -> str:
        """T-3's form of a score in twelfths."""
        return self.standings.scale.display(value)

    def card(self, number: int) -> ScoreCard:
        """Entrant `number`'s score card (KeyError when he is not entered)."""
        return score_card(self.standings.row(number), self.options, self.ruleset)

    def row(self, number: int) -> Standing:
        return self.standings.row(number)


def is_tournament(event: Event) -> bool:
    """Whether the event holds a tournament (its standings rank by the tournament's method)."""
    return event.kind == Event.Kind.TOURNAMENT and Tournament.objects.filter(event=event).exists()


def is_duplicate(event: Event) -> bool:
    """Whether the event holds a duplicate tournament: scored by boards on its own pages (`duplicate-director`,
    `duplicate-results`), which the table tournament's standings, cards and reports send it to."""
    if event.kind != Event.Kind.TOURNAMENT:  # no query for a club evening
        return False
    options = Tournament.objects.filter(event=event).values_list("options", flat=True).first()
    return options is not None and options.get("tournament.format") == "duplicate"


def revealed_seed(tournament: Tournament) -> str | None:
    """The seed once revealed, when the tournament closed (T-26), else None."""
    return tournament.seed if tournament.seed_revealed_at is not None and tournament.seed else None


def planned_rounds(*, tournament: Tournament) -> list[PlannedRound]:
    """The tournament's rounds in order, each with its tables (their played `table`)
    and their substitutes."""
    tables = PlannedTable.objects.select_related("table").prefetch_related(
        Prefetch("substitutes", Substitute.objects.select_related("player"))
    )
    return list(
        PlannedRound.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(Prefetch("tables", tables.order_by("number")))
    )


def entrants_of(*, tournament: Tournament) -> list[Entrant]:
    return [
        Entrant(e.number, e.player.name, e.withdrawn_after)
        for e in tournament.entrants.select_related("player").order_by("number")
    ]


def substitutions(planned: PlannedTable) -> tuple[Substitution, ...]:
    return tuple(Substitution(s.seat, s.display_name, s.from_deal) for s in planned.substitutes.all())


@dataclass(frozen=True)
class _Planned:
    """A planned table as the standings read it, without a model instance: its seats and flags, and its played
    table's snapshot result (None before the table is made)."""

    id: int
    round: int
    number: int
    seats: tuple[int, int, int, int]
    short: bool
    table_id: int | None
    snapshot: SnapshotResult | None
    substitutes: tuple[Substitution, ...] = ()


# One row a planned table, joined to its played table and that table's snapshot (what snapshot_key depends on).
_PLANNED_FIELDS = (
    "id",
    "round__number",
    "number",
    "seats",
    "short",
    "table_id",
    "table__revision",
    "table__first_dealer",
    "table__extra_tours",
    "table__ended_at",
    "table__snapshot__revision",
    "table__snapshot__key",
    "table__snapshot__data",
)


def planned_tables(*, event: Event, tournament: Tournament, started: set[int]) -> list[_Planned]:
    """Every planned table of the tournament in round and table order, each played table of a `started` round
    with its snapshot's result: one query for the tables and their snapshots, one for the substitutes, when every
    snapshot is current. A snapshot made for another revision or session is made again (snapshot_results)."""
    session = event_session(event)
    found = []
    stale = []
    keys: dict[tuple, str] = {}
    rows = PlannedTable.objects.filter(round__tournament=tournament).order_by("round__number", "number")
    for values in rows.values_list(*_PLANNED_FIELDS):
        pk, round_, number, seats, short, table_id, revision, first, extra, ended, kept, kept_key, data = values
        snapshot = None
        if table_id is not None and round_ in started:
            shape = (first, extra, ended is not None)
            key = keys.get(shape)
            if key is None:  # a tournament's tables share a handful of shapes: each is hashed once
                key = keys[shape] = snapshot_key(
                    session, first_dealer=first, planned_deals=planned_deals(session, extra), ended=shape[2]
                )
            if kept == revision and kept_key == key:
                made = decode(data, None, revision=revision, key=key)
                snapshot = SnapshotResult(made.deals, made.complete, made.result, made.left, made.final)
            else:
                stale.append(table_id)
        found.append(_Planned(pk, round_, number, tuple(seats), short, table_id, snapshot))  # type: ignore[arg-type]
    if stale:
        tables = list(Table.objects.filter(pk__in=stale).select_related("event"))
        remade = snapshot_results(tables=tables)
        found = [replace(p, snapshot=remade[p.table_id]) if p.table_id in remade else p for p in found]
    subs: dict[int, list[Substitution]] = {}
    people = Substitute.objects.filter(planned_table__round__tournament=tournament)
    for planned_id, seat, name, player_name, from_deal in people.values_list(
        "planned_table_id", "seat", "name", "player__name", "from_deal"
    ):
        subs.setdefault(planned_id, []).append(Substitution(seat, player_name or name, from_deal))
    if subs:
        found = [replace(p, substitutes=tuple(subs[p.id])) if p.id in subs else p for p in found]
    return found


def round_results(
    *, event: Event, tournament: Tournament, options: TournamentOptions
) -> tuple[tuple[RoundResult, ...], dict[tuple[int, int], TableLine]]:
    """Each round's plain results (T-82's tables, byes and sessions) from the snapshots of its played tables,
    and, for the pages, each table's line (by round and table number; the scores are filled in by the caller)."""
    rounds = list(
        PlannedRound.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "session", "byes", "started_at")
    )
    started = {number for number, _, _, started_at in rounds if started_at is not None}
    by_round: dict[int, list[_Planned]] = {}
    for planned in planned_tables(event=event, tournament=tournament, started=started):
        by_round.setdefault(planned.round, []).append(planned)
    # A substitute's seat is rated for whoever held it longest (T-78): only those tables' rows are read.
    substituted = [p.table_id for ps in by_round.values() for p in ps if p.table_id is not None and p.substitutes]
    rows = {}
    if substituted:
        tables = list(Table.objects.filter(pk__in=substituted).select_related("event"))
        rows = {pk: s.rows for pk, s in snapshots_read(tables=tables, rows=True).items()}
    session = event_session(event)
    # Under `contracts` a table's points are summed over its ledger (T-39): those tables' deals, in one query.
    deals: dict[int, list] = {}
    if options.method == "contracts":
        played = [p.table_id for ps in by_round.values() for p in ps if p.snapshot is not None]
        for deal in Deal.objects.filter(table_id__in=played).order_by("table_id", "position"):
            deals.setdefault(deal.table_id, []).append(deal.to_record())
    most = 4 * session.options.session_tours
    results = []
    lines = {}
    for number, session_number, byes, started_at in rounds:
        tables = []
        for planned in by_round.get(number, ()):
            seats, subs = planned.seats, planned.substitutes
            if planned.snapshot is None:
                result = TableResult(planned.number, seats, None, complete=False)  # type: ignore[arg-type]
                deals_played = 0
            else:
                result = _result(
                    planned, rows.get(planned.table_id, ()), deals.get(planned.table_id, []), session, options
                )
                deals_played = planned.snapshot.deals
            tables.append(result)
            lines[(number, planned.number)] = TableLine(
                round=number,
                table=planned.number,
                seats=seats,
                changes=result.changes,
                scores=None,
                deals=deals_played,
                planned_deals=most,
                playing=started_at is not None and not result.complete,
                short=planned.short,
                substitutes=subs,
            )
        results.append(
            RoundResult(
                round=number,
                tables=tuple(tables),
                byes=tuple(byes),
                session=session_number,
                started=started_at is not None,
            )
        )
    return tuple(results), lines


def _result(
    planned: _Planned,
    rows: tuple[SnapshotRow, ...],
    deals: list,
    session: Session,
    options: TournamentOptions,
) -> TableResult:
    """A played table's result from its snapshot: T-83's settled details (a table still being played counts as if
    it ended after its last recorded deal; ended without a valid deal, it is short with changes of 0)."""
    seats, subs = planned.seats, planned.substitutes
    if options.method == "contracts":
        return table_result(
            session, deals, table=planned.number, seats=seats, tournament=options, short=planned.short, substitutes=subs
        )
    snapshot = planned.snapshot
    assert snapshot is not None
    valid = snapshot.deals
    changes = None
    if valid or planned.short:
        changes = tuple(balance - session.start for balance in snapshot.final)
    return TableResult(
        table=planned.number,
        seats=seats,
        changes=changes,  # type: ignore[arg-type]
        valid_deals=valid,
        complete=planned.short or valid == 4 * session.options.session_tours,
        short=planned.short,
        substitutes=subs,
        holders=holders(_Rows(rows), seats, subs),  # type: ignore[arg-type]
    )


def tournament_standings(*, event: Event, through_round: int | None = None) -> TournamentStandings:
    """The tournament's standings after `through_round` (default: every round), with every round's tables."""
    tournament = Tournament.objects.select_related("event", "event__club").get(event=event)
    options = TournamentOptions.from_mapping(tournament.options)
    ruleset = event.engine_ruleset
    results, lines = round_results(event=event, tournament=tournament, options=options)
    scored = score_rounds(results, options, ruleset)
    entrants = [
        Entrant(number, name, withdrawn)
        for number, name, withdrawn in tournament.entrants.order_by("number").values_list(
            "number", "player__name", "withdrawn_after"
        )
    ]
    seed = revealed_seed(tournament)
    if through_round is not None:  # after a round played: a later one asked for shows the last played
        started = [r.round for r in results if r.started]
        through_round = max(1, min(through_round, started[-1])) if started else None
    standings = rank(entrants, scored, options, scale=TWELFTHS, seed=seed, through_round=through_round)
    members: dict[str, list[int]] = {}
    for team, number in tournament.teams.values_list("name", "members__number"):
        members.setdefault(team, []).extend(() if number is None else (number,))
    teams = rank_teams(
        {team: sorted(numbers) for team, numbers in members.items()},
        standings,
        options,
        seed=seed,
    )
    round_lines = []
    for scored_round in scored:
        tables = tuple(replace(lines[(scored_round.round, t.table)], scores=t.scores) for t in scored_round.tables)
        round_lines.append(
            RoundLine(scored_round.round, scored_round.session, scored_round.started, tables, scored_round.byes)
        )
    return TournamentStandings(
        event=event,
        tournament=tournament,
        ruleset=ruleset,
        options=options,
        entrants={e.number: e for e in entrants},
        rounds=tuple(round_lines),
        scored=scored,
        standings=standings,
        teams=teams,
        seed=seed,
    )
