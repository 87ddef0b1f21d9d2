"""The club rating: Weng and Lin's Plackett-Luce model, one game per table.

Why this method: a Quadrille table is a game of four individuals whose chips make a finishing order, which is
what Plackett-Luce rates (Weng & Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011),
ties included; an Elo variant would first have to cut each table into six duels. Each player's rating carries
its uncertainty (sigma), so a newcomer or an occasional player moves quickly and a regular one steadily, and
beating a table of strong players moves a rating more than beating a weak one.

The update is Algorithm 4 of the paper with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300,
kappa 0.0001, gamma = sigma/c), written out here for games of single players: openskill's general version
(teams, weights, margins) costs 80 microseconds a table, this one a fraction of that, and a club's whole
history is rated again whenever an old result is corrected. The tests check it against openskill itself.

The rating shown is the conservative estimate mu - 3 sigma (0 for a new player; it rises as the player wins and
as the model grows sure of him). Only the order at each table counts, not the size of the win: one lucky pot
does not make a champion.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

MU = 25.0
SIGMA = MU / 3
BETA_SQUARED = (MU / 6) ** 2
TAU_SQUARED = (MU / 300) ** 2
KAPPA = 0.0001


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        return self.mu - 3 * self.sigma


NEW = Rating(MU, SIGMA)


@dataclass
class RatingRun:
    ratings: dict[Hashable, Rating] = field(default_factory=dict)
    # Per player: (event, rating after his last table of that event), in the order of the events.
    history: dict[Hashable, list[tuple[Hashable, float]]] = field(default_factory=dict)
    games: int = 0

    def of(self, player: Hashable) -> Rating:
        return self.ratings.get(player, NEW)

    def copy(self) -> RatingRun:
        return RatingRun(dict(self.ratings), {p: list(h) for p, h in self.history.items()}, self.games)


def ranks(changes: Sequence[int]) -> list[int]:
    """Finishing places from the chips won: 1 for the most; equal changes share a place."""
    return [1 + sum(other > mine for other in changes) for mine in changes]


def rate(
    games: Iterable[tuple[Hashable, Sequence[Hashable], Sequence[int]]], run: RatingRun | None = None
) -> RatingRun:
    """Rate tables in the order given: each game is (event, the four players, each one's change of chips).
    Given a run, go on from it (it is changed)."""
    run = RatingRun() if run is None else run
    for event, players, changes in games:
        after = plackett_luce([run.of(p) for p in players], ranks(changes))
        for player, rating in zip(players, after, strict=True):
            run.ratings[player] = rating
            points = run.history.setdefault(player, [])
            if points and points[-1][0] == event:
                points[-1] = (event, rating.value)
            else:
                points.append((event, rating.value))
        run.games += 1
    return run


def plackett_luce(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """One game's update (Weng & Lin 2011, Algorithm 4) for players each on his own; place 1 is the best."""
    variances = [r.sigma * r.sigma + TAU_SQUARED for r in ratings]  # the additive dynamics tau, before the game
    c = math.sqrt(sum(v + BETA_SQUARED for v in variances))
    strengths = [math.exp(r.mu / c) for r in ratings]
    n = len(ratings)
    # For each q: the strengths of everyone placed at q or below, and how many share q's place.
    below = [sum(strengths[i] for i in range(n) if places[i] >= places[q]) for q in range(n)]
    sharing = [sum(1 for i in range(n) if places[i] == places[q]) for q in range(n)]
    updated = []
    for i, rating in enumerate(ratings):
        omega = delta = 0.0
        for q in range(n):
            if places[q] <= places[i]:
                share = strengths[i] / below[q]
                delta += share * (1 - share) / sharing[q]
                omega += ((1 - share) if q == i else -share) / sharing[q]
        variance = variances[i]
        omega *= variance / c
        delta *= variance / c**2 * (math.sqrt(variance) / c)
        updated.append(Rating(rating.mu + omega, math.sqrt(variance) * math.sqrt(max(1 - delta, KAPPA))))
    return updated
