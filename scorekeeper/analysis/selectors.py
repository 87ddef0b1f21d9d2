"""Reads for the analysis pages: a player's figures, an event's, the season ladder and the rating.

Every figure comes from the engine's fold of each table, kept as a digest (analysis.models, made by
analysis.services) until the table changes; a page costs the same few queries whatever the size of the club's
history.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field

from django.core.cache import cache

from scorekeeper.analysis.figures import (
    CONTRACT,
    LINE,
    PREMIERS,
    STAKE,
    VOLE,
    PlayerFigures,
    Reference,
    Results,
)
from scorekeeper.analysis.models import TableDigest
from scorekeeper.analysis.rating import NEW, Rating, RatingRun, rate
from scorekeeper.analysis.services import TableLine, club_tables, reference_part_key, reference_parts_refresh
from scorekeeper.clubs.models import Club, Player
from scorekeeper.collation import name_key
from scorekeeper.engine import Contract
from scorekeeper.events import units
from scorekeeper.events.models import RULESET_CHOICES, Event
from scorekeeper.ranking import rank_with_ties
from scorekeeper.tables.presenters import CONTRACTS


def _fingerprint(tables: list[TableLine], *, results: bool = False) -> str:
    """Tables, seats and their digests' stamps; or, with `results`, tables, seats and changes (all a rating
    depends on)."""
    text = ";".join(
        f"{t.id}.{t.event_id}.{t.rated or t.seats}.{(t.order or t.changes) if results else t.digest}" for t in tables
    )
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def rating_run(club: Club, tables: list[TableLine]) -> RatingRun:
    """The rating over the given tables in order (only tables where deals were played count as games).

    Kept in the cache under a fingerprint of the tables, their seats and results, so any change of a result
    makes a new run; the run up to the last event is kept on its own, so that tonight's deals rate only
    tonight's tables."""
    # A tournament's table-round is one game once finished with a whole tour (T-77, T-78); an evening's table
    # counts from its first deal.
    games = [t for t in tables if t.deals and (not t.tournament or (t.ended and t.deals >= 4))]
    key = f"rating:{club.pk}:{_fingerprint(games, results=True)}"
    run = cache.get(key)
    if run is not None:
        return run
    last = len(games)
    while last and games[last - 1].event_id == games[-1].event_id:
        last -= 1
    prefix_key = f"rating-before-last:{club.pk}:{_fingerprint(games[:last], results=True)}"
    before = cache.get(prefix_key)
    if before is None:
        before = rate((t.event_id, t.rated or t.seats, t.order or t.changes) for t in games[:last])
        cache.set(prefix_key, before, 3600)
    run = rate(((t.event_id, t.rated or t.seats, t.order or t.changes) for t in games[last:]), before.copy())
    cache.set(key, run, 3600)
    return run


def reference(club: Club, tables: list[TableLine], ruleset: str) -> Reference:
    """The club's averages under a rule set (for the luck/skill split), cached like the rating and added up from
    one part an event (analysis.services)."""
    ours = [t for t in tables if t.ruleset == ruleset]
    key = f"reference:{club.pk}:{ruleset}:{_fingerprint(ours)}"
    found = cache.get(key)
    if found is None:
        by_event: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for t in ours:
            by_event[t.event_id].append((t.id, t.digest))
        keys = {event_id: reference_part_key(event_id, pairs) for event_id, pairs in by_event.items()}
        parts = cache.get_many(list(keys.values()))
        missing = {event_id for event_id, part_key in keys.items() if part_key not in parts}
        if missing:
            parts.update(reference_parts_refresh(tables={event_id: by_event[event_id] for event_id in missing}))
        found = Reference.of_totals(parts[keys[event_id]] for event_id in keys if keys[event_id] in parts)
        cache.set(key, found, 3600)
    return found


# The season ladder


@dataclass
class LadderLine:
    player: Player
    chips: int = 0
    deals: int = 0
    events: int = 0
    rating: Rating = NEW
    rating_change: float = 0.0  # over the season
    rank: int = 0

    @property
    def per_deal(self) -> float | None:
        return self.chips / self.deals if self.deals else None


UNIT_ORDER = ["chips", "points", "counters"]  # units played as often: chips first
RULESET_NAMES = dict(RULESET_CHOICES)


def by_unit(tables: list[TableLine]) -> list[tuple[str, list[TableLine]]]:
    """`tables` by unit (events.units), the unit with most tables first: chips, points and counters are never
    added together."""
    grouped: dict[str, list[TableLine]] = defaultdict(list)
    for t in tables:
        grouped[units.unit(t.ruleset)].append(t)
    return sorted(grouped.items(), key=lambda item: (-len(item[1]), UNIT_ORDER.index(item[0])))


def ruleset_names(tables: list[TableLine]) -> list[str]:
    """The rule sets `tables` were played under, most tables first."""
    counts: dict[str, int] = defaultdict(int)
    for t in tables:
        counts[t.ruleset] += 1
    return sorted(counts, key=lambda ruleset: -counts[ruleset])


def names_of(rulesets: list[str]) -> str:
    """Rule sets by name: "Parlett chips, Modern chips"."""
    return ", ".join(str(RULESET_NAMES[ruleset]) for ruleset in rulesets)


@dataclass
class LadderSection:
    """The season's tables of one unit (chips, points or counters: events.units), ranked: a unit is never added to
    another."""

    unit: str
    rulesets: list[str]  # the rule sets played in it, most tables first
    lines: list[LadderLine]
    events: int
    tables: int
    deals: int

    @property
    def names(self) -> str:
        """The rule sets played in it, by name: "Parlett chips, Modern chips"."""
        return names_of(self.rulesets)


@dataclass
class Ladder:
    club: Club
    year: int
    sections: list[LadderSection]  # one per unit played in the season, the most played first
    events: int
    tables: int
    deals: int
    order: str
    # The rating of the five best rated, event after event of the season (from where each started it).
    rating_series: dict[str, list[float]] = field(default_factory=dict)


def _season_start(run: RatingRun, player_id: int, season_events: set[int]) -> float:
    """A player's rating when the season began: after his last event before it (the run's history is in order)."""
    value = NEW.value
    for event, after in run.history.get(player_id, []):
        if event in season_events:
            break
        value = after
    return value


def _rating_series(run: RatingRun, events: list[int], players: list[LadderLine]) -> dict[str, list[float]]:
    series = {}
    in_season = set(events)
    for line in players:
        points = dict(run.history.get(line.player.pk, []))
        value = _season_start(run, line.player.pk, in_season)
        values = [value]
        for event in events:
            value = points.get(event, value)
            values.append(value)
        series[line.player.name] = values
    return series


def ladder(*, club: Club, year: int, order: str = "chips", events: Collection[int] | None = None) -> Ladder:
    """The players of a season: chips won, chips per deal, events attended, and the rating at the season's end
    (rated over every table of the club up to then). Ranked by chips, or by rating (order="rating"). `events`:
    only these events' tables count (the club's public site: its closed events, whose results are final). A club
    that played rule sets of different units gets a section for each: chips, points and counters are never added
    together."""
    tables = club_tables(club=club)
    if events is not None:
        tables = [t for t in tables if t.event_id in events]
    until = [t for t in tables if t.date.year <= year]
    run = rating_run(club, until)
    season = [t for t in until if t.date.year == year]
    season_events = list(dict.fromkeys(t.event_id for t in season))
    in_season = set(season_events)
    order = "rating" if order == "rating" else "chips"
    sections = [_section(unit, played, run, in_season, order, club) for unit, played in by_unit(season)]
    everyone = {line.player.pk: line for section in sections for line in section.lines}
    best = sorted(everyone.values(), key=lambda line: -line.rating.value)[:5]
    return Ladder(
        club,
        year,
        sections,
        len(season_events),
        len(season),
        sum(t.deals for t in season),
        order,
        _rating_series(run, season_events, best),
    )


def _section(
    unit: str, played: list[TableLine], run: RatingRun, in_season: set[int], order: str, club: Club
) -> LadderSection:
    """The ladder of the season's tables of one unit."""
    lines: dict[int, LadderLine] = {}
    events: dict[int, set[int]] = defaultdict(set)
    for t in played:
        for seat, player_id in enumerate(t.seats):
            line = lines.setdefault(player_id, LadderLine(player=None))  # type: ignore[arg-type]
            line.chips += t.changes[seat]
            line.deals += t.deals
            events[player_id].add(t.event_id)
    players = Player.objects.in_bulk(list(lines))
    for player_id, line in lines.items():
        line.player = players[player_id]
        line.events = len(events[player_id])
        line.rating = run.of(player_id)
        line.rating_change = line.rating.value - _season_start(run, player_id, in_season)

    def key(line: LadderLine) -> tuple:
        if order == "rating":
            return (-round(line.rating.value, 6), -line.chips)
        return (-line.chips, -line.events)

    ordered = rank_with_ties(lines.values(), key=key, then=lambda line: name_key(line.player.name, club.language))
    events_played = len({t.event_id for t in played})
    return LadderSection(unit, ruleset_names(played), ordered, events_played, len(played), sum(t.deals for t in played))


# A player's page


@dataclass
class Partner:
    player: Player
    results: Results


@dataclass
class PlayerAnalysis:
    player: Player
    year: int | None
    years: list[int]
    figures: PlayerFigures
    rating: Rating
    rating_rank: int | None
    rated_players: int
    rating_history: list[tuple[Event, float]]
    chips_history: list[tuple[Event, int]]
    called: list[Partner] = field(default_factory=list)
    called_by: list[Partner] = field(default_factory=list)
    # The figures count the tables of one unit (events.units): the player's most played, or the one asked for.
    unit: str = "chips"
    ruleset: str = "parlett-chips"  # the rule set most played in that unit: what the page words the unit after
    # Every unit the player played in the scope, most played first, with its rule sets by name (a page offers them
    # by these: in some languages two units have one word).
    units: list[tuple[str, str]] = field(default_factory=list)

    @property
    def names(self) -> str:
        """The rule sets of the unit the figures count, by name."""
        return next((names for unit, names in self.units if unit == self.unit), "")


def _figures_of(player_id: int, tables: list[TableLine]) -> PlayerFigures:
    """A player's figures over the given tables, all of which he sat at (one query for their rows)."""
    rows = dict(TableDigest.objects.filter(table_id__in=[t.id for t in tables]).values_list("table_id", "rows"))
    figures = PlayerFigures()
    for t in tables:
        seat = t.seats.index(player_id)
        figures.add_table(rows.get(t.id, []), seat, t.seats, t.changes[seat], t.event_id)
    return figures


def player_event_figures(*, event: Event, player: Player) -> PlayerFigures:
    """A player's figures for one evening (nothing if he was not seated)."""
    tables = [t for t in club_tables(club=event.club, event=event) if player.pk in t.seats]
    return _figures_of(player.pk, tables)


def player_analysis(*, player: Player, year: int | None = None, unit: str | None = None) -> PlayerAnalysis:
    """A player's figures over the club's history (or one season), his rating and its history. The figures count
    the tables of one unit, `unit` or the one he played most: chips, points and counters are never added up."""
    club = player.club
    tables = club_tables(club=club)
    years = sorted({t.date.year for t in tables if player.pk in t.seats}, reverse=True)
    played = [t for t in tables if player.pk in t.seats and (year is None or t.date.year == year)]
    grouped = dict(by_unit(played))
    chosen = unit if unit in grouped else next(iter(grouped), "chips")
    mine = grouped.get(chosen, [])
    ruleset = next(iter(ruleset_names(mine)), "parlett-chips")
    figures = _figures_of(player.pk, mine)
    run = rating_run(club, tables if year is None else [t for t in tables if t.date.year <= year])
    event_ids = {e for e, _ in run.history.get(player.pk, [])} | {e for e, _ in figures.series}
    people = set(figures.called) | set(figures.called_by)
    events = Event.objects.in_bulk(list(event_ids))
    names = Player.objects.in_bulk(list(people))
    history = [(events[e], v) for e, v in run.history.get(player.pk, []) if year is None or events[e].date.year == year]
    ordered = sorted(run.ratings.items(), key=lambda item: -item[1].value)
    place = next((i for i, (p, _) in enumerate(ordered, start=1) if p == player.pk), None)

    def partners(source) -> list[Partner]:
        lines = [Partner(names[key], results) for key, results in source.items()]
        return sorted(lines, key=lambda p: (-p.results.played, name_key(p.player.name, club.language)))

    return PlayerAnalysis(
        player=player,
        year=year,
        years=years,
        figures=figures,
        rating=run.of(player.pk),
        rating_rank=place,
        rated_players=len(ordered),
        rating_history=history,
        chips_history=[(events[e], chips) for e, chips in figures.series],
        called=partners(figures.called),
        called_by=partners(figures.called_by),
        unit=chosen,
        ruleset=ruleset,
        units=[(name, names_of(ruleset_names(tables_of))) for name, tables_of in grouped.items()],
    )


# An event's analysis


@dataclass
class EventPlayerLine:
    player: Player
    figures: PlayerFigures

    @property
    def made(self) -> str:
        """Contracts made of contracts played as hombre, as "2/3"."""
        contracts = self.figures.contracts.values()
        return f"{sum(c.made for c in contracts)}/{sum(c.played for c in contracts)}"


@dataclass
class EventTableLine:
    table: TableLine
    names: tuple[str, ...]
    deals: int
    contracts: dict[str, int]
    remises: int
    codilles: int
    largest_stake: int
    changes: tuple[int, ...]
    premiers: int = 0
    voles_tried: int = 0
    voles_won: int = 0

    @property
    def people(self) -> list[tuple[str, int]]:
        return list(zip(self.names, self.changes, strict=True))

    @property
    def mix(self) -> list[tuple[str, int]]:
        """How many of each contract, most played first, in the page's words."""
        counts = sorted(self.contracts.items(), key=lambda item: -item[1])
        return [(str(CONTRACTS[Contract(name)]), n) for name, n in counts]


@dataclass
class EventAnalysis:
    event: Event
    players: list[EventPlayerLine]
    tables: list[EventTableLine]
    reference_deals: int  # player-deals behind the rule set's averages

    @property
    def end_of_round(self) -> bool:
        """Whether an end-of-round rule shared out something left on a table (A-40): the luck and skill table
        then shows it as a fourth part, so that the parts add up to each player's change."""
        return any(line.figures.end_of_round for line in self.players)

    @property
    def premiers(self) -> int:
        return sum(t.premiers for t in self.tables)

    @property
    def voles_tried(self) -> int:
        return sum(t.voles_tried for t in self.tables)

    @property
    def voles_won(self) -> int:
        return sum(t.voles_won for t in self.tables)


def event_analysis(*, event: Event) -> EventAnalysis:
    """Per table and per player, the evening's figures; each player's change split into hands, play and stakes
    against the club's averages under the event's rule set (see analysis.figures)."""
    tables = club_tables(club=event.club)
    averages = reference(event.club, tables, event.ruleset)
    ours = [t for t in tables if t.event_id == event.pk]
    rows = dict(TableDigest.objects.filter(table_id__in=[t.id for t in ours]).values_list("table_id", "rows"))
    people = Player.objects.in_bulk(list({p for t in ours for p in t.seats}))
    figures: dict[int, PlayerFigures] = defaultdict(PlayerFigures)
    table_lines = []
    for t in ours:
        table_rows = rows.get(t.id, [])
        contracts: dict[str, int] = defaultdict(int)
        for row in table_rows:
            contracts[row[CONTRACT]] += 1
        for seat, player_id in enumerate(t.seats):
            figures[player_id].add_table(table_rows, seat, t.seats, t.changes[seat], t.event_id, averages)
        table_lines.append(
            EventTableLine(
                table=t,
                names=tuple(people[p].name for p in t.seats),
                deals=t.deals,
                contracts=dict(contracts),
                remises=sum(r[LINE] == "remise" for r in table_rows),
                codilles=sum(r[LINE] == "codille" for r in table_rows),
                largest_stake=max((r[STAKE] for r in table_rows), default=0),
                changes=t.changes,
                premiers=sum(r[PREMIERS] for r in table_rows),
                voles_tried=sum(r[VOLE] for r in table_rows),
                voles_won=sum(r[LINE] == "vole_won" for r in table_rows),
            )
        )
    players = sorted(
        (EventPlayerLine(people[p], f) for p, f in figures.items()),
        key=lambda line: (-line.figures.chips, name_key(line.player.name, event.club.language)),
    )
    return EventAnalysis(event, players, table_lines, averages.deals)


__all__ = [
    "Ladder",
    "LadderLine",
    "event_analysis",
    "ladder",
    "player_analysis",
]
