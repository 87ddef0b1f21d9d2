"""Pairs and teams (TOURNAMENTS.md §6): ranked by the sum of their members, beside the individual standings.

A team's total is the sum of its members' totals, byes and absences included (T-55); ties go to the members'
firsts, then their chips, then `tiebreak.last` (a shared place, or the lot over team names, T-49). The individual
standings are read, never changed (T-56).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.tournament.scores import TournamentOptions
from scorekeeper.engine.tournament.standings import Standings, lot_digest, order_blocks

CRITERIA = ("firsts", "chips")


# No slots, as for the standings' rows (standings.py): these are pickled with them.
@dataclass(frozen=True)
class TeamStanding:
    name: str
    members: tuple[int, ...]
    place: int
    shared: bool
    total: int
    firsts: int
    chips: int
    decided_by: str | None = None

    @property
    def place_label(self) -> str:
        return f"={self.place}" if self.shared else str(self.place)


@dataclass(frozen=True, slots=True)
class _Team:
    name: str
    members: tuple[int, ...]
    total: int
    firsts: int
    chips: int


def rank_teams(
    teams: Mapping[str, Sequence[int]],
    standings: Standings,
    options: TournamentOptions,
    *,
    seed: str | None = None,
) -> tuple[TeamStanding, ...]:
    """T-55: the teams ranked by the sum of their members' totals; teams sharing a place are listed by name."""
    rows = {row.number: row for row in standings.rows}
    sums = []
    for name, members in teams.items():
        missing = [m for m in members if m not in rows]
        if missing:
            raise EngineError("team_invalid", f"teams.{name}", f"entrant {missing[0]} of team {name} is not entered")
        sums.append(
            _Team(
                name,
                tuple(members),
                sum(rows[m].total for m in members),
                sum(rows[m].firsts for m in members),
                sum(rows[m].chips for m in members),
            )
        )
    lot = None
    if options.tiebreak_last == "lot" and seed is not None:
        lot = lambda team: lot_digest(seed, team.name)  # noqa: E731
    blocks, decided = order_blocks(
        sums,
        total=lambda team: team.total,
        criteria=[(key, lambda block, key=key: {t.name: getattr(t, key) for t in block}) for key in CRITERIA],
        number=lambda team: team.name,
        lot=lot,
    )
    result = []
    ahead = 0
    for block in blocks:
        shared = len(block) > 1
        for team in sorted(block, key=lambda t: t.name):
            result.append(
                TeamStanding(
                    team.name,
                    team.members,
                    ahead + 1,
                    shared,
                    team.total,
                    team.firsts,
                    team.chips,
                    decided.get(team.name),
                )
            )
        ahead += len(block)
    return tuple(result)
