"""A player's figures from tables' digests: plain Python, no database, no request.

A table's digest (see `digest_of`) keeps, for each valid deal, what the statistics need of the engine's
ledger entry, as one short list (JSON-friendly): the contract, hombre, ally, tricks, result line, the side's and
the hombre's matador runs, premiers, the vole attempt, the stake and each seat's change. The figures are sums
over those rows, so a season's figures are the sum of its tables'.

The luck/skill estimate splits each change of chips into three parts that add up to it exactly:

- hands: the average, in the club's history under the same rule set, of what a player in the same role
  (hombre, ally, opponent) in the same contract would have won on a fresh table: what the cards (and the
  bidding) brought him;
- play: what this deal would have given him on a fresh table (nothing carried in the pot, no multiplier, no
  beasts or board), less the hands part: the tricks his side took and the bonuses, better or worse than average;
- stakes: the change itself less that fresh-table settlement: the pot carried in, the multiplier after earlier
  losses and the beasts, which no player controls.

The fresh-table settlement is the engine's, on the same deal with the table's stores emptied (`BASE` columns).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scorekeeper.engine import (
    Contract,
    EngineError,
    Ledger,
    LedgerEntry,
    Line,
    Outcome,
    Session,
    TableState,
    settle_deal,
)

# Positions in a digest row: DELTAS and BASE each start four columns, one a seat.
CONTRACT, HOMBRE, ALLY, TRICKS, LINE, RUN_SIDE, RUN_HOMBRE, PREMIERS, VOLE, STAKE, DELTAS = range(11)
BASE = DELTAS + 4
NO_ALLY = -1
WON_LINES = frozenset({Line.WON.value, Line.PREMIERS.value, Line.VOLE_WON.value, Line.VOLE_LOST.value})
ROLES = ("hombre", "ally", "opponent")


def digest_rows(ledger: Ledger, opening: TableState) -> list[list]:
    """One row per valid deal of a folded table (misdeals settle nothing and are left out); `opening` is the
    table's state before its first deal."""
    rows = []
    before = opening
    for e in ledger.entries:
        if not e.void:
            rows.append(digest_row(ledger.session, before, e))
        before = e.state
    return rows


def digest_row(session: Session, before: TableState, e: LedgerEntry) -> list:
    """A valid deal's row of the digest; `before` is the table's state before it."""
    d = e.deal
    return [
        d.contract.value,  # type: ignore[union-attr]
        d.hombre,
        NO_ALLY if d.ally is None else d.ally,
        d.tricks,
        e.line.value,  # type: ignore[union-attr]
        d.run_side or 0,
        d.run_hombre or 0,
        int(d.premiers),
        int(d.vole_attempted),
        e.stake or 0,
        *e.deltas,
        *fresh_deltas(session, before, d, e.position, e.deltas),
    ]


def fresh_deltas(session: Session, before: TableState, deal, position: int, deltas: tuple[int, ...]) -> tuple[int, ...]:
    """The deal settled on a fresh table: the same seats, dealer and deal number (so the same factor), but the
    pot, multiplier, board and beasts of the opening. A deal the engine refuses there keeps its own changes."""
    opening = session.opening
    fresh = dataclasses.replace(
        before, pot=opening.pot, k=opening.k, k_seats=(opening.k,) * 4, board=opening.board, beasts=opening.beasts
    )
    try:
        return settle_deal(session, fresh, deal, position).deltas
    except EngineError:
        return deltas


def contract_made(contract: str, line: str) -> bool:
    """Whether the hombre made his contract: a declared vole only with all ten tricks (A-15), any other contract
    by winning the game (a vole tried after premiers and lost still wins it)."""
    if contract == Contract.VOLE_BID.value:
        return line == Line.VOLE_WON.value
    return line in WON_LINES


def role_of(row: Sequence, seat: int) -> str:
    if row[HOMBRE] == seat:
        return "hombre"
    if row[ALLY] == seat:
        return "ally"
    return "opponent"


def bucket_keys(row: Sequence) -> list[str]:
    """The bucket of each seat's change in a digest row: role, contract and tricks."""
    return [f"{role_of(row, seat)}|{row[CONTRACT]}|{row[TRICKS]}" for seat in range(4)]


def bucket_sums(rows: Iterable[Sequence]) -> dict[str, list[int]]:
    """Per (role, contract, tricks): [number of player-deals, sum of their changes on a fresh table], over every
    seat."""
    sums: dict[str, list[int]] = {}
    for row in rows:
        for seat, key in enumerate(bucket_keys(row)):
            line = sums.get(key)
            if line is None:
                sums[key] = [1, row[BASE + seat]]
            else:
                line[0] += 1
                line[1] += row[BASE + seat]
    return sums


@dataclass
class Reference:
    """The average change on a fresh table by role and contract, and by role, contract and tricks, from bucket
    sums."""

    by_tricks: dict[tuple[str, str, int], float]
    by_contract: dict[tuple[str, str], float]
    deals: int  # player-deals behind the averages

    @classmethod
    def of(cls, sums: Iterable[dict[str, list[int]]]) -> Reference:
        return cls.of_totals([bucket_totals(sums)])

    @classmethod
    def of_totals(cls, parts: Iterable[dict[str, list[int]]]) -> Reference:
        """From bucket totals (bucket_totals), for instance one per event."""
        total: dict[tuple[str, str, int], list[int]] = defaultdict(lambda: [0, 0])
        for part in parts:
            for key, (n, chips) in part.items():
                role, contract, tricks = key.split("|")
                line = total[role, contract, int(tricks)]
                line[0] += n
                line[1] += chips
        contract_total: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        for (role, contract, _tricks), (n, chips) in total.items():
            contract_total[role, contract][0] += n
            contract_total[role, contract][1] += chips
        return cls(
            {k: chips / n for k, (n, chips) in total.items()},
            {k: chips / n for k, (n, chips) in contract_total.items()},
            sum(n for n, _ in total.values()),
        )


def bucket_totals(sums: Iterable[dict[str, list[int]]]) -> dict[str, list[int]]:
    """Several tables' bucket sums added up, in the same shape (one table's, or an event's)."""
    total: dict[str, list[int]] = {}
    for table in sums:
        for key, (n, chips) in table.items():
            line = total.get(key)
            if line is None:
                total[key] = [n, chips]
            else:
                line[0] += n
                line[1] += chips
    return total


@dataclass
class Split:
    hands: float = 0.0
    play: float = 0.0
    stakes: float = 0.0

    def add(self, row: Sequence, seat: int, reference: Reference) -> None:
        role = role_of(row, seat)
        change, fresh = row[DELTAS + seat], row[BASE + seat]
        hands = reference.by_contract.get((role, row[CONTRACT]), float(fresh))
        self.hands += hands
        self.play += fresh - hands
        self.stakes += change - fresh

    @property
    def total(self) -> float:
        return self.hands + self.play + self.stakes


@dataclass
class Results:
    """Deals of one kind (a contract as hombre, an alliance with one partner): how they went and what they
    brought this player."""

    played: int = 0
    made: int = 0
    remise: int = 0
    codille: int = 0
    chips: int = 0

    def add(self, contract: str, line: str, chips: int) -> None:
        self.played += 1
        self.made += contract_made(contract, line)
        self.remise += line == Outcome.REMISE.value
        self.codille += line == Outcome.CODILLE.value
        self.chips += chips

    @property
    def rate(self) -> int | None:
        return round(100 * self.made / self.played) if self.played else None


@dataclass
class RoleFigures:
    deals: int = 0
    chips: int = 0

    @property
    def average(self) -> float | None:
        return self.chips / self.deals if self.deals else None


@dataclass
class PlayerFigures:
    events: set = field(default_factory=set)
    tables: int = 0
    deals: int = 0
    chips: int = 0  # change over his tables, the end-of-round rule included
    contracts: dict[str, Results] = field(default_factory=dict)  # as hombre
    roles: dict[str, RoleFigures] = field(default_factory=lambda: {r: RoleFigures() for r in ROLES})
    premiers: int = 0  # deals his side (as hombre or ally) took the first six tricks
    voles_tried: int = 0
    voles_won: int = 0
    runs: int = 0  # deals his side held a matador run (three or more) when he was hombre or ally
    own_runs: int = 0  # ... of which in his own hand as hombre
    longest_run: int = 0
    called: dict[object, Results] = field(default_factory=dict)  # alliances with the partners he called, by key
    called_by: dict[object, Results] = field(default_factory=dict)  # alliances with the hombres who called him
    series: list[tuple[object, int]] = field(default_factory=list)  # (event, chips so far), an event at a time
    # Chips so far after each deal; a table's end-of-round share counted with its last deal, so the line
    # ends at `chips`.
    by_deal: list[int] = field(default_factory=list)
    won: int = 0  # chips won over the deals that gained
    lost: int = 0  # chips lost over the deals that cost
    # What the end-of-round rule gave him of what was left on his tables: in no deal, so in neither `won`
    # nor `lost`, in no role and no part of `split`; won - lost + end_of_round = chips.
    end_of_round: int = 0
    split: Split = field(default_factory=Split)

    @property
    def hombre(self) -> int:
        return self.roles["hombre"].deals

    @property
    def hombre_rate(self) -> int | None:
        return round(100 * self.hombre / self.deals) if self.deals else None

    @property
    def per_deal(self) -> float | None:
        return self.chips / self.deals if self.deals else None

    def add_table(
        self,
        rows: Sequence[Sequence],
        seat: int,
        players: Sequence[object],
        change: int,
        event: object,
        reference: Reference | None = None,
    ) -> None:
        """Add one table at which this player sat in `seat`; `players` are the four seats' keys."""
        self.tables += 1
        self.chips += change
        if event not in self.events:
            self.events.add(event)
            self.series.append((event, (self.series[-1][1] if self.series else 0) + change))
        else:
            last_event, chips = self.series[-1]
            self.series[-1] = (last_event, chips + change)
        played = 0
        for row in rows:
            self.deals += 1
            mine = row[DELTAS + seat]
            played += mine
            self.by_deal.append((self.by_deal[-1] if self.by_deal else 0) + mine)
            if mine > 0:
                self.won += mine
            else:
                self.lost -= mine
            role = role_of(row, seat)
            figures = self.roles[role]
            figures.deals += 1
            figures.chips += mine
            if reference is not None:
                self.split.add(row, seat, reference)
            if role == "opponent":
                continue
            line = row[LINE]
            self.premiers += row[PREMIERS]
            self.voles_tried += row[VOLE]
            self.voles_won += line == Line.VOLE_WON.value
            if row[RUN_SIDE] >= 3:
                self.runs += 1
                self.longest_run = max(self.longest_run, row[RUN_SIDE])
                if role == "hombre" and row[RUN_HOMBRE] >= 3:
                    self.own_runs += 1
            if role == "hombre":
                self.contracts.setdefault(row[CONTRACT], Results()).add(row[CONTRACT], line, mine)
                if row[ALLY] != NO_ALLY:
                    self.called.setdefault(players[row[ALLY]], Results()).add(row[CONTRACT], line, mine)
            else:
                self.called_by.setdefault(players[row[HOMBRE]], Results()).add(row[CONTRACT], line, mine)
        # The table's change is its result (after the end-of-round rule once its round has ended); its deals' changes
        # add up to the running balance: the difference is his share of what was left on the table.
        shared = change - played
        if shared:
            self.end_of_round += shared
            if rows:
                self.by_deal[-1] += shared
            else:
                self.by_deal.append((self.by_deal[-1] if self.by_deal else 0) + shared)
