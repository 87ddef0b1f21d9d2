"""The movement of duplicate Quadrille: which table plays which set of four boards at each stage (§7.2, T-64 … T-66).

A round at K tables of τ tours uses M = max(K, τ) sets. At stage j (one tour) table t plays the round's set
`((t + j − 2) mod M) + 1`; between stages every set moves down one table, and when there are more sets than tables
the spare ones wait on a relay stand, a queue. Sets are numbered across the tournament: round r's first set follows
round r − 1's last. Set g holds boards 4g − 3 … 4g, dealt by seats 0, 1, 2, 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine.bounds import is_int
from scorekeeper.engine.errors import EngineError

RELAY = None  # where a set waits between its plays when there are more sets than tables


def set_of_board(board: int) -> int:
    return (board - 1) // 4 + 1


def boards_of_set(number: int) -> range:
    return range(4 * number - 3, 4 * number + 1)


@dataclass(frozen=True, slots=True)
class Move:
    """Where a set goes when a stage ends: from a table (or the relay stand, None) to a table (or the stand)."""

    set: int
    source: int | None
    target: int | None


@dataclass(frozen=True, slots=True)
class Movement:
    """One round's movement: `tables` K, `stages` τ (`session.tours`), and the number of its first set."""

    tables: int
    stages: int
    first_set: int = 1

    def __post_init__(self) -> None:
        for name in ("tables", "stages", "first_set"):
            value = getattr(self, name)
            if not is_int(value) or value < 1:
                raise EngineError("movement_invalid", name, f"a movement's {name} is a whole number from 1")

    @property
    def sets(self) -> int:
        """M: the sets the round uses (T-64)."""
        return max(self.tables, self.stages)

    @property
    def plays(self) -> int:
        """N = min(K, τ): how many tables play each board of the round when every table plays every stage."""
        return min(self.tables, self.stages)

    @property
    def set_numbers(self) -> range:
        return range(self.first_set, self.first_set + self.sets)

    @property
    def boards(self) -> range:
        return range(4 * self.first_set - 3, 4 * (self.first_set + self.sets - 1) + 1)

    @property
    def next_first_set(self) -> int:
        """The first set of the next round."""
        return self.first_set + self.sets

    def set_at(self, table: int, stage: int) -> int:
        """T-65: the set table `table` plays at stage `stage` (both from 1)."""
        self._check(table, stage)
        return self.first_set + (table + stage - 2) % self.sets

    def table_of(self, number: int, stage: int) -> int | None:
        """The table that plays set `number` at `stage`, or None when it is on the relay stand."""
        self._check(1, stage)
        table = (number - self.first_set - stage + 1) % self.sets + 1
        return table if table <= self.tables else RELAY

    def stage_at(self, number: int, table: int) -> int | None:
        """The stage at which `table` plays set `number`, or None when it never does in this round."""
        if number not in self.set_numbers or not 1 <= table <= self.tables:
            return None
        stage = (number - self.first_set - table + 1) % self.sets + 1
        return stage if stage <= self.stages else None

    def relay(self, stage: int) -> tuple[int, ...]:
        """The sets on the relay stand during `stage`, front of the queue first."""
        self._check(1, stage)
        return tuple(self.set_at_position(position, stage) for position in range(self.tables + 1, self.sets + 1))

    def set_at_position(self, position: int, stage: int) -> int:
        """Position 1 … K is a table; K + 1 … M is the relay stand's queue, front first."""
        return self.first_set + (position + stage - 2) % self.sets

    def plays_of_set(self, number: int) -> tuple[tuple[int, int], ...]:
        """(stage, table) for every play of set `number` in the round."""
        if number not in self.set_numbers:
            return ()
        found = ((stage, self.table_of(number, stage)) for stage in range(1, self.stages + 1))
        return tuple((stage, table) for stage, table in found if table is not None)

    def plays_of_board(self, board: int) -> tuple[tuple[int, int], ...]:
        return self.plays_of_set(set_of_board(board))

    def sets_of_table(self, table: int) -> tuple[int, ...]:
        """The sets table `table` plays, stage by stage: its movement card."""
        return tuple(self.set_at(table, stage) for stage in range(1, self.stages + 1))

    def moves(self, stage: int) -> tuple[Move, ...]:
        """T-65: where every set goes when `stage` ends (none after the last stage), in order of set number.

        A set moves down one table; the set at table 1 goes to table K, or to the back of the relay queue when
        there is one, and table K then takes the set at the front of the queue."""
        self._check(1, stage)
        if stage == self.stages:
            return ()
        moves = []
        for number in self.set_numbers:
            source = self.table_of(number, stage)
            target = self.table_of(number, stage + 1)
            moves.append(Move(number, source, target))
        return tuple(moves)

    def _check(self, table: int, stage: int) -> None:
        if not is_int(table) or not 1 <= table <= self.tables:
            raise EngineError("movement_invalid", "table", f"a table of this round: 1 to {self.tables}")
        if not is_int(stage) or not 1 <= stage <= self.stages:
            raise EngineError("movement_invalid", "stage", f"a stage of this round: 1 to {self.stages}")


def round_movements(tables: Sequence[int], stages: int) -> tuple[Movement, ...]:
    """The movements of a tournament's rounds, from each round's number of tables: round r's sets follow round
    r − 1's last."""
    movements = []
    first = 1
    for count in tables:
        movement = Movement(count, stages, first)
        movements.append(movement)
        first = movement.next_first_set
    return tuple(movements)


def board_here(movement: Movement, board: int, table: int) -> int:
    """The stage at which `table` plays `board`; refused, with where the board is played, when it does not."""
    stage = movement.stage_at(set_of_board(board), table)
    if stage is not None:
        return stage
    plays = movement.plays_of_board(board)
    if not plays:
        first, last = movement.boards[0], movement.boards[-1]
        raise EngineError(
            "board_not_in_round", "board", f"board {board} is not played in this round (boards {first} to {last})"
        )
    where = ", ".join(f"table {t} at stage {s}" for s, t in plays)
    raise EngineError("board_wrong_table", "board", f"board {board} is not played at table {table}: it goes to {where}")


__all__ = ["RELAY", "Move", "Movement", "board_here", "boards_of_set", "round_movements", "set_of_board"]
