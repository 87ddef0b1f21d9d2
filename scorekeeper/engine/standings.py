"""An evening's standings: a pure function over the results of its tables.

Each table gives its result once (the web layer reads it from the table's snapshot): the seats' players and their
balances, after the end-of-round rule once the round is over. A player's account is the starting balance plus
every change at every table he sat at; the standings rank the accounts (or one round's changes), ties broken by
the latest round played, then by fewer sit-outs; players still level share the place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableResult:
    """One table of the evening as the standings read it."""

    round: int
    players: tuple[int, int, int, int]  # the players' ids, seat 1 to seat 4
    balances: tuple[int, int, int, int]  # each seat's balance: the table's result
    deals: int  # valid deals played


@dataclass(frozen=True)
class Standing:
    """A player's place: `account` is the balance over the evening, `change` what it moved from the start;
    `by_round` each round's change, in round order."""

    player: int
    rank: int
    account: int
    change: int
    by_round: tuple[tuple[int, int], ...]
    deals: int
    sitouts: int

    def round_change(self, round: int) -> int:
        return dict(self.by_round).get(round, 0)


def evening_standings(
    *,
    start: int,
    results: Iterable[TableResult],
    players: Iterable[int] = (),
    sitouts: Mapping[int, int] | None = None,
    round: int | None = None,
    order: Callable[[int], Any] = lambda player: player,
) -> tuple[Standing, ...]:
    """The evening's standings, best first: overall, or for `round` alone. `players`: the checked-in players
    (each has an account, played or not); `sitouts`: each player's rounds sat out; `order`: how players who share
    a place are listed (by name, say), which never separates them."""
    sitouts = sitouts or {}
    changes: dict[int, dict[int, int]] = {player: {} for player in players}
    deals: dict[int, int] = dict.fromkeys(changes, 0)
    for result in results:
        for player, balance in zip(result.players, result.balances, strict=True):
            by_round = changes.setdefault(player, {})
            by_round[result.round] = by_round.get(result.round, 0) + balance - start
            deals[player] = deals.get(player, 0) + result.deals

    def key(player: int) -> tuple[int, int, int]:
        by_round = changes[player]
        score = by_round.get(round, 0) if round else sum(by_round.values())
        latest = by_round[max(by_round)] if by_round else 0
        return (-score, -latest, sitouts.get(player, 0))

    keys = {player: key(player) for player in changes}  # once a player: a poll ranks 240 of them
    ranked = sorted(changes, key=lambda player: (keys[player], order(player)))
    standings = []
    rank, previous = 0, None
    for place, player in enumerate(ranked, start=1):
        if keys[player] != previous:
            rank, previous = place, keys[player]
        change = sum(changes[player].values())
        standings.append(
            Standing(
                player=player,
                rank=rank,
                account=start + change,
                change=change,
                by_round=tuple(sorted(changes[player].items())),
                deals=deals[player],
                sitouts=sitouts.get(player, 0),
            )
        )
    return tuple(standings)


__all__ = ["Standing", "TableResult", "evening_standings"]
