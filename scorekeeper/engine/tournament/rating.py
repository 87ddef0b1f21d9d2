"""The games a tournament gives the club rating (TOURNAMENTS.md §8, T-77 … T-79): who played whom, and the order.

Plain data for `analysis.rating.rate`, which takes (event, players, values) with higher values finishing higher
and equal values sharing a place. Players are entrant numbers, or a substitute's name where he held the seat for
most of the table's valid deals (T-78); the app maps them to its person records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine.tournament.scores import ScoredRound, TournamentOptions


@dataclass(frozen=True, slots=True)
class Game:
    """One rated game: a table-round (T-77), or a whole duplicate round (`table` None, T-79)."""

    round: int
    table: int | None
    players: tuple[int | str, ...]
    values: tuple[int, ...]


def rating_games(rounds: Sequence[ScoredRound], options: TournamentOptions) -> tuple[Game, ...]:
    """The tournament's games in the order they are rated: rounds in order, tables by number (T-77)."""
    if options.format == "duplicate":
        return duplicate_games(rounds)
    return table_games(rounds)


def table_games(rounds: Sequence[ScoredRound]) -> tuple[Game, ...]:
    """T-77, T-78: each finished table-round with at least one whole tour, ranked by the table order (T-40). A short
    table is rated; a table still playing, byes and absences are not."""
    games = []
    for scored in rounds:
        if not scored.started:
            continue
        for table in sorted(scored.tables, key=lambda t: t.table):
            if table.order is None or not table.complete:
                continue
            if table.valid_deals is not None and table.valid_deals < 4:
                continue
            players = table.holders if table.holders is not None else table.seats
            games.append(Game(scored.round, table.table, tuple(players), tuple(table.order)))
    return tuple(games)


def duplicate_games(rounds: Sequence[ScoredRound]) -> tuple[Game, ...]:
    """T-79: one game a round among everyone who played it, ranked by round score (the sum of his board scores)."""
    games = []
    for scored in rounds:
        players: list[int | str] = []
        values: list[int] = []
        for table in sorted(scored.tables, key=lambda t: t.table):
            if table.scores is None:
                continue
            players.extend(table.holders if table.holders is not None else table.seats)
            values.extend(table.scores)
        if scored.started and players:
            games.append(Game(scored.round, None, tuple(players), tuple(values)))
    return tuple(games)
