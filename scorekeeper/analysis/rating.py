"""The club rating: Weng and Lin's Plackett-Luce model (openskill), one game per table.

Why this method: a Quadrille table is a game of four individuals whose chips make a finishing order, which is
what Plackett-Luce rates (Weng & Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011),
ties included; an Elo variant would first have to cut each table into six duels. Each player's rating carries
its uncertainty (sigma), so a newcomer or an occasional player moves quickly and a regular one steadily, and
beating a table of strong players moves a rating more than beating a weak one. openskill is the maintained,
MIT-licensed implementation, with no network or native dependency.

The rating shown is the conservative estimate mu - 3 sigma (0 for a new player; it rises as the player wins and
as the model grows sure of him). Only the order at each table counts, not the size of the win: one lucky pot
does not make a champion.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        return self.mu - 3 * self.sigma


NEW = Rating(MODEL.mu, MODEL.sigma)


@dataclass
class RatingRun:
    ratings: dict[Hashable, Rating] = field(default_factory=dict)
    # Per player: (event, rating after his last table of that event), in the order of the events.
    history: dict[Hashable, list[tuple[Hashable, float]]] = field(default_factory=dict)
    games: int = 0

    def of(self, player: Hashable) -> Rating:
        return self.ratings.get(player, NEW)


def ranks(changes: Sequence[int]) -> list[int]:
    """Finishing places from the chips won: 1 for the most; equal changes share a place."""
    return [1 + sum(other > mine for other in changes) for mine in changes]


def rate(games: Iterable[tuple[Hashable, Sequence[Hashable], Sequence[int]]]) -> RatingRun:
    """Rate tables in the order given: each game is (event, the four players, each one's change of chips)."""
    run = RatingRun()
    for event, players, changes in games:
        before = [run.of(p) for p in players]
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        after = MODEL.rate(teams, ranks=ranks(changes))
        for player, (new,) in zip(players, after, strict=True):
            rating = Rating(new.mu, new.sigma)
            run.ratings[player] = rating
            points = run.history.setdefault(player, [])
            if points and points[-1][0] == event:
                points[-1] = (event, rating.value)
            else:
                points.append((event, rating.value))
        run.games += 1
    return run
