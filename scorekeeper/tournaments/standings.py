"""Reads for a tournament's standings, score cards and reports: the tables' results from their snapshots, scored
and ranked by the engine (`engine.tournament`). Nothing here settles a deal: a table's round changes are its
snapshot's closing balances minus the start (T-7), as the engine's own `table_result` gives them from the deals.

Under the `contracts` method a table's contract points (T-39) are the engine's `ContractTally`, which the snapshot
keeps, priced at the tournament's point values.

The standings are a pure function of what is read (`Inputs`): the engine's figures are kept in Django's cache
("standings", which gunicorn's workers share) under the digest of those inputs, the snapshots' stored JSON included,
so a restore or a correction can only ever make a new key.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from functools import cached_property

from django.core.cache import caches
from django.db.models import BooleanField, ExpressionWrapper, Prefetch, Q, TextField
from django.db.models.functions import Cast

from scorekeeper.engine import Session
from scorekeeper.engine.model import RuleSet
from scorekeeper.engine.tournament.scorecard import ScoreCard, score_card
from scorekeeper.engine.tournament.scores import (
    TWELFTHS,
    RoundResult,
    Scale,
    ScoredRound,
    Substitution,
    TableResult,
    TournamentOptions,
    holders,
    score_rounds,
)
from scorekeeper.engine.tournament.standings import Entrant, Standing, Standings, rank
from scorekeeper.engine.tournament.teams import TeamStanding, rank_teams
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Table
from scorekeeper.tables.snapshot import (
    SnapshotResult,
    SnapshotRow,
    event_session,
    result_of,
    shape_keys,
    snapshot_results,
    snapshots_read,
)
from scorekeeper.tournaments.models import PlannedRound, PlannedTable, Substitute, Tournament

# How long the engine's figures for one set of inputs are kept: a poll every few seconds finds them while the
# room plays on; any change of the inputs is a new key, so this bounds memory, not staleness.
KEPT_SECONDS = 600


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
    after `standings.through_round`, every round's tables, and the entrants by number.

    The engine's figures are made on first use (`figures`), so that a page whose markup is cached under `digest`
    reads the inputs and nothing more."""

    event: Event
    tournament: Tournament
    ruleset: RuleSet
    options: TournamentOptions
    entrants: dict[int, Entrant]
    seed: str | None  # the seed once revealed (T-26)
    inputs: Inputs
    asked_round: int | None  # the round asked for, within those started (None: every round)

    @property
    def digest(self) -> str:
        """Of the inputs: equal digests, equal figures (the pages key their cache on it)."""
        return self.inputs.digest

    @cached_property
    def figures(self) -> _Figures:
        return standings_figures(self.inputs, self.asked_round)

    @property
    def rounds(self) -> tuple[RoundLine, ...]:
        return self.figures.rounds

    @property
    def scored(self) -> tuple[ScoredRound, ...]:
        return self.figures.scored

    @property
    def standings(self) -> Standings:
        return self.figures.standings

    @property
    def teams(self) -> tuple[TeamStanding, ...]:
        return self.figures.teams

    @property
    def through_round(self) -> int:
        return self.standings.through_round

    @property
    def started(self) -> tuple[int, ...]:
        return tuple(number for number, _, _, started in self.inputs.rounds if started)

    @property
    def playing(self) -> frozenset[int]:
        """Entrants at a table still being played."""
        return frozenset(s for r in self.rounds for t in r.tables if t.playing for s in t.seats)

    @property
    def current_round(self) -> int | None:
        """The latest started round (the one the live page shows)."""
        return self.started[-1] if self.started else None

    @cached_property
    def current(self) -> RoundLine | None:
        """The latest started round's line."""
        started = [r for r in self.rounds if r.started]
        return started[-1] if started else None

    def name(self, number: int) -> str:
        return self.entrants[number].name

    @property
    def scale(self) -> Scale:
        """Table scores are kept in twelfths (T-1 … T-4): what the standings are ranked in."""
        return TWELFTHS

    def display(self, value: int) -> str:
        """T-3's form of a score in twelfths."""
        return self.scale.display(value)

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


def is_duplicate_format(tournament: Tournament) -> bool:
    """Whether `tournament` is a duplicate tournament (is_duplicate, for a tournament already read)."""
    return tournament.options.get("tournament.format") == "duplicate"


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
    table's snapshot result (None before the table is made).

    A current snapshot is kept as its stored JSON text (`data`), which the digest of the inputs reads as it is:
    only when the figures are made again is it decoded (`snapshot`), so a poll that finds them in the cache
    decodes no snapshot. A snapshot made again on the read is kept as its result (`made`)."""

    id: int
    round: int
    number: int
    seats: tuple[int, int, int, int]
    short: bool
    table_id: int | None
    data: str | None = None
    made: SnapshotResult | None = None
    substitutes: tuple[Substitution, ...] = ()
    holders: tuple[int | str, ...] | None = None  # who held each seat longest, where a substitute sat (T-78)

    @property
    def played(self) -> bool:
        """Whether the table has its snapshot's result (its round started and the table made)."""
        return self.data is not None or self.made is not None

    @cached_property
    def snapshot(self) -> SnapshotResult | None:
        return result_of(json.loads(self.data)) if self.data is not None else self.made


# One row a planned table and substitute, joined to its played table and that table's snapshot (what snapshot_key
# depends on), the snapshot's JSON as its text, undecoded; a table without a substitute is one row of None for him.
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
    "ended",
    "table__snapshot_revision",
    "table__snapshot_key",
    "snapshot_text",
    "substitutes__seat",
    "substitutes__name",
    "substitutes__player__name",
    "substitutes__from_deal",
)


def planned_tables(
    *, event: Event, tournament: Tournament, started: set[int], every_round: bool = True
) -> list[_Planned]:
    """Every planned table of the tournament in round and table order (of its `started` rounds alone without
    `every_round`), each played table of a started round with its snapshot's result, and its substitutes: one
    query when every snapshot is current and nobody substitutes. A snapshot made for another revision or session
    is made again (snapshot_results).

    A round not started scores nothing, and its seats are shown by the standings document (T-83) alone, not by the
    pages: without them a poll reads 60 of 480 rows at 240 entrants after round 1. The substitutes come with their
    tables: a query of their own was a tenth of a poll's time."""
    key_of = shape_keys(event_session(event))
    found = []
    stale = []
    subs: dict[int, list[Substitution]] = {}
    rows = PlannedTable.objects.filter(round__tournament=tournament)
    if not every_round:
        rows = rows.filter(round__number__in=started)
    rows = rows.order_by("round__number", "number", "substitutes__seat", "substitutes__from_deal").annotate(
        ended=ExpressionWrapper(Q(table__ended_at__isnull=False), output_field=BooleanField()),
        snapshot_text=Cast("table__snapshot_data", TextField()),
    )
    for values in rows.values_list(*_PLANNED_FIELDS):
        pk, round_, number, seats, short, table_id, revision, first, extra, ended, kept, kept_key, data, *sub = values
        seat, name, player_name, from_deal = sub
        if seat is not None:
            subs.setdefault(pk, []).append(Substitution(seat, player_name or name, from_deal))
        if found and found[-1].id == pk:  # the same table, another substitute
            continue
        text = None
        if table_id is not None and round_ in started:
            if kept == revision and kept_key == key_of(first, extra, bool(ended)):
                text = data
            else:
                stale.append(table_id)
        found.append(_Planned(pk, round_, number, tuple(seats), short, table_id, text))  # type: ignore[arg-type]
    if stale:
        tables = list(Table.objects.filter(pk__in=stale).select_related("event"))
        remade = snapshot_results(tables=tables)
        found = [replace(p, made=remade[p.table_id]) if p.table_id in remade else p for p in found]
    if not subs:
        return found
    # A substitute's seat is rated for whoever held it longest (T-78): only those tables' rows are read.
    substituted = [p.table_id for p in found if p.id in subs and p.played]
    tables = list(Table.objects.filter(pk__in=substituted).select_related("event"))
    rows = {pk: s.rows for pk, s in snapshots_read(tables=tables).items()} if tables else {}
    return [
        replace(
            p,
            substitutes=tuple(subs[p.id]),
            holders=holders(_Rows(rows.get(p.table_id, ())), p.seats, subs[p.id]) if p.played else None,
        )
        if p.id in subs
        else p
        for p in found
    ]


@dataclass(frozen=True)
class Inputs:
    """Everything a tournament's standings are made of, read as plain rows: the event's session, the tournament's
    options and revealed seed, its rounds (number, session, byes, started), its planned tables with their played
    tables' snapshot results and substitutes, its entrants and its teams. `digest` names them: equal digests,
    equal standings (the standings are a pure function of these), whatever a restore did to the revisions."""

    session: Session
    options: dict
    seed: str | None
    rounds: tuple[tuple[int, int, tuple[int, ...], bool], ...]
    planned: tuple[_Planned, ...]
    entrants: tuple[Entrant, ...]
    teams: tuple[tuple[str, tuple[int, ...]], ...]

    @cached_property
    def digest(self) -> str:
        text = repr((self.session, self.options, self.seed, self.rounds, self.planned, self.entrants, self.teams))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def standings_inputs(*, event: Event, tournament: Tournament, every_round: bool = True) -> Inputs:
    """The inputs of the tournament's standings: three queries when every snapshot is current and nobody
    substitutes. Without `every_round`, the tables of the rounds not started are left out (planned_tables)."""
    rounds = tuple(
        (number, session, tuple(byes), started_at is not None)
        for number, session, byes, started_at in PlannedRound.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "session", "byes", "started_at")
    )
    started = {number for number, _, _, is_started in rounds if is_started}
    # A team is its members (T-53: two or more, as the form and the document have them), read with the entrants.
    entrants = []
    members: dict[str, list[int]] = {}
    for number, name, withdrawn, team in tournament.entrants.order_by("number").values_list(
        "number", "player__name", "withdrawn_after", "team__name"
    ):
        entrants.append(Entrant(number, name, withdrawn))
        if team is not None:
            members.setdefault(team, []).append(number)
    return Inputs(
        session=event_session(event),
        options=tournament.options,
        seed=revealed_seed(tournament),
        rounds=rounds,
        planned=tuple(planned_tables(event=event, tournament=tournament, started=started, every_round=every_round)),
        entrants=tuple(entrants),
        teams=tuple((team, tuple(members[team])) for team in sorted(members)),
    )


def round_results(
    inputs: Inputs, options: TournamentOptions
) -> tuple[tuple[RoundResult, ...], dict[tuple[int, int], TableLine]]:
    """Each round's plain results (T-82's tables, byes and sessions) from the snapshots of its played tables,
    and, for the pages, each table's line (by round and table number; the scores are filled in by the caller)."""
    by_round: dict[int, list[_Planned]] = {}
    for planned in inputs.planned:
        by_round.setdefault(planned.round, []).append(planned)
    session = inputs.session
    most = 4 * session.options.session_tours
    results = []
    lines = {}
    for number, session_number, byes, started in inputs.rounds:
        tables = []
        for planned in by_round.get(number, ()):
            seats, subs = planned.seats, planned.substitutes
            if planned.snapshot is None:
                result = TableResult(planned.number, seats, None, complete=False)  # type: ignore[arg-type]
                deals_played = 0
            else:
                result = _result(planned, session, options)
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
                playing=started and not result.complete,
                short=planned.short,
                substitutes=subs,
            )
        results.append(
            RoundResult(round=number, tables=tuple(tables), byes=byes, session=session_number, started=started)
        )
    return tuple(results), lines


def _result(planned: _Planned, session: Session, options: TournamentOptions) -> TableResult:
    """A played table's result from its snapshot: T-83's settled details (a table still being played counts as if
    it ended after its last recorded deal; ended without a valid deal, it is short with changes of 0), and under
    `contracts` its contract points from the snapshot's tally (T-39)."""
    snapshot = planned.snapshot
    assert snapshot is not None
    valid = snapshot.deals
    changes = points = None
    if valid or planned.short:
        changes = tuple(balance - session.start for balance in snapshot.final)
        if options.method == "contracts":
            points = snapshot.contracts.points(options)
    return TableResult(
        table=planned.number,
        seats=planned.seats,
        changes=changes,  # type: ignore[arg-type]
        contract_points=points,
        valid_deals=valid,
        complete=planned.short or valid == 4 * session.options.session_tours,
        short=planned.short,
        substitutes=planned.substitutes,
        holders=planned.holders or planned.seats,
    )


@dataclass(frozen=True)
class _Figures:
    """What the engine makes of a tournament's inputs (kept in the cache under their digest)."""

    rounds: tuple[RoundLine, ...]
    scored: tuple[ScoredRound, ...]
    standings: Standings
    teams: tuple[TeamStanding, ...]


def _figures(inputs: Inputs, through_round: int | None) -> _Figures:
    options = TournamentOptions.from_mapping(inputs.options)
    ruleset = inputs.session.ruleset
    results, lines = round_results(inputs, options)
    scored = score_rounds(results, options, ruleset)
    standings = rank(inputs.entrants, scored, options, scale=TWELFTHS, seed=inputs.seed, through_round=through_round)
    teams = rank_teams(dict(inputs.teams), standings, options, seed=inputs.seed)
    round_lines = []
    for scored_round in scored:
        # A table without scores (not started, or no valid deal yet) keeps its line as it is.
        tables = tuple(
            lines[(scored_round.round, t.table)]
            if t.scores is None
            else replace(lines[(scored_round.round, t.table)], scores=t.scores)
            for t in scored_round.tables
        )
        round_lines.append(
            RoundLine(scored_round.round, scored_round.session, scored_round.started, tables, scored_round.byes)
        )
    return _Figures(tuple(round_lines), scored, standings, teams)


def standings_figures(inputs: Inputs, through_round: int | None) -> _Figures:
    """The engine's figures for `inputs` after `through_round`, kept in Django's cache under the digest of the
    inputs: a poll that finds nothing changed ranks nothing, and a change is ranked by the first worker to read it."""
    key = f"tournament-standings:{inputs.digest}:{through_round}"
    cache = caches["standings"]
    figures = cache.get(key)
    if figures is None:
        figures = _figures(inputs, through_round)
        cache.set(key, figures, KEPT_SECONDS)
    return figures


def tournament_standings(
    *,
    event: Event,
    through_round: int | None = None,
    tournament: Tournament | None = None,
    every_round: bool = True,
) -> TournamentStandings:
    """The tournament's standings after `through_round` (default: every round), with every round's tables (but
    those of the rounds not started, without `every_round`: what the pages show); `tournament`: the event's, when
    the caller has read it (the selector directed_tournament, the public link's read with it)."""
    if tournament is None:
        tournament = Tournament.objects.select_related("event", "event__club").get(event=event)
    inputs = standings_inputs(event=event, tournament=tournament, every_round=every_round)
    if through_round is not None:  # after a round played: a later one asked for shows the last played
        started = [number for number, _, _, is_started in inputs.rounds if is_started]
        through_round = max(1, min(through_round, started[-1])) if started else None
    return TournamentStandings(
        event=event,
        tournament=tournament,
        ruleset=inputs.session.ruleset,
        options=TournamentOptions.from_mapping(tournament.options),
        entrants={e.number: e for e in inputs.entrants},
        seed=inputs.seed,
        inputs=inputs,
        asked_round=through_round,
    )
