"""An entrant's score card: each round's table, opponents, round change, table score and place at the table,
and how each score, so the total, was made (TOURNAMENTS.md T-32 … T-43). Plain data for pages and printed
reports: codes and numbers, worded by the layer that shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine.model import RuleSet
from scorekeeper.engine.tournament.scores import TournamentOptions
from scorekeeper.engine.tournament.standings import ABSENCE, BYE, PLAYED, RoundEntry, Standing


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a round's score, in the Scale's units (twelfths for a table tournament).

    Codes: `change` (the round change, T-32), `place_points` (`points` in twelfths times `unit`, T-33, T-35),
    `contract_points` (T-39), `average` (a bye or an absence at the entrant's average: `total` of `rounds` played,
    rounded, T-41, T-43), `fixed` (`bye.fixed_value`), `zero` (an absence, T-43), `round_score` (a duplicate
    round, T-76)."""

    code: str
    value: int
    points: int | None = None
    unit: int | None = None
    total: int | None = None
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class CardLine:
    entry: RoundEntry
    parts: tuple[Part, ...]

    @property
    def score(self) -> int | None:
        return self.entry.score


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """The rounds of one entrant; `total` is the sum of the lines' scores (T-44)."""

    standing: Standing
    lines: tuple[CardLine, ...]

    @property
    def total(self) -> int:
        return self.standing.total


def score_card(standing: Standing, options: TournamentOptions, ruleset: RuleSet) -> ScoreCard:
    """The score card of one row of the standings, each score broken into what made it."""
    played = [e.score for e in standing.entries if e.kind == PLAYED and e.score is not None]
    total, count = sum(played), len(played)
    lines = []
    for entry in standing.entries:
        lines.append(CardLine(entry, _parts(entry, options, ruleset, total, count)))
    return ScoreCard(standing, tuple(lines))


def _parts(entry: RoundEntry, options: TournamentOptions, ruleset: RuleSet, total: int, count: int) -> tuple[Part, ...]:
    score = entry.score
    if score is None:
        return ()
    if entry.kind == BYE:
        if options.bye_score == "fixed":
            return (Part("fixed", score),)
        return (Part("average", score, total=total, rounds=count),)
    if entry.kind == ABSENCE:
        if options.absence_score == "average":
            return (Part("average", score, total=total, rounds=count),)
        return (Part("zero", score),)
    if options.format == "duplicate":
        return (Part("round_score", score),)
    if options.method == "contracts":
        return (Part("contract_points", score),)
    if options.method == "chips":
        return (Part("change", score),)
    unit = 1 if options.method == "placement" else options.unit(ruleset)
    placed = Part("place_points", unit * (entry.place_points or 0), points=entry.place_points, unit=unit)
    if options.method == "placement":
        return (placed,)
    return (Part("change", 12 * (entry.change or 0)), placed)
