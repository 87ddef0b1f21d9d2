"""What the rule sets share: the working state of one settlement and the §4.0 split of an amount."""

from __future__ import annotations

from scorekeeper.engine.model import Contract, DealRecord, Line, Outcome
from scorekeeper.engine.options import Options


class Work:
    """The table's stores while one deal is settled; `deltas` starts at zero for the deal.

    A plain slotted class rather than a dataclass: one is made for every deal of every fold."""

    __slots__ = ("deltas", "pot", "k", "k_seats", "board", "beasts", "held", "eligible", "stake", "multiplier")

    def __init__(
        self,
        deltas: list[int],
        pot: int = 0,
        k: int = 0,
        k_seats: list[int] | None = None,
        board: int = 0,
        beasts: list[int] | None = None,
        held: int = 0,
        eligible: tuple[int, ...] = (),
    ) -> None:
        self.deltas = deltas
        self.pot = pot
        self.k = k
        self.k_seats = [0, 0, 0, 0] if k_seats is None else k_seats
        self.board = board
        self.beasts = [] if beasts is None else beasts
        self.held = held
        self.eligible = eligible
        self.stake: int | None = None
        self.multiplier = 1

    def load(self, pot: int, k: int, k_seats, board: int, beasts, held: int, eligible: tuple[int, ...]) -> None:
        """Start a new deal from a table's stores, reusing this object's lists (a fold settles many deals)."""
        d = self.deltas
        d[0] = d[1] = d[2] = d[3] = 0
        self.pot = pot
        self.k = k
        self.k_seats[:] = k_seats
        self.board = board
        self.beasts[:] = beasts
        self.held = held
        self.eligible = eligible
        self.stake = None
        self.multiplier = 1


class DealContext:
    """Everything a rule set needs besides the record: the options, the factors and the result."""

    __slots__ = ("options", "outcome", "line", "factor", "fee_factor")

    def __init__(
        self,
        options: Options,
        outcome: Outcome,
        line: Line,
        factor: int,
        fee_factor: int,
    ) -> None:
        self.options = options
        self.outcome = outcome
        self.line = line
        self.factor = factor
        self.fee_factor = fee_factor


def side_receives(deltas: list[int], side: tuple[int, ...], amount: int) -> None:
    """The side gets `amount` (negative: pays it); between two partners the odd chip is the hombre's (§4.0)."""
    if len(side) == 1:
        deltas[side[0]] += amount
        return
    magnitude = abs(amount)
    sign = 1 if amount >= 0 else -1
    half = magnitude // 2
    deltas[side[0]] += sign * (magnitude - half)
    deltas[side[1]] += sign * half


def side_pays(deltas: list[int], payers: tuple[int, ...], amount: int) -> None:
    side_receives(deltas, payers, -amount)


def split_equally(total: int, first: int) -> list[int]:
    """End of session (A-40): floor(total/4) each, leftovers one each in play order from `first`."""
    shares = [total // 4] * 4
    for i in range(total % 4):
        shares[(first + i) % 4] += 1
    return shares


def pc_mat(deal: DealRecord) -> int:
    """Parlett's matador units: 1 for three matadors, 2 with Punto (red trumps only, §4.1.2)."""
    if not deal.claims.matadors or (deal.run_side or 0) < 3:
        return 0
    return 2 if deal.trump in ("H", "D") and (deal.run_side or 0) >= 4 else 1


def liable(deal: DealRecord, options: Options, parlett: bool) -> tuple[int, ...]:
    """Who bears a lost deal: shared in forced spadille; the caller alone in an alliance (Parlett), or shared
    unless the ombre took fewer than three tricks (Britannica, §3.4)."""
    side = deal.side
    if deal.contract is Contract.FORCED or len(side) == 1:
        return side
    if parlett:
        return (deal.hombre,)  # type: ignore[return-value]
    return (deal.hombre,) if ombre_alone(deal, options) else side  # type: ignore[return-value]


def ombre_alone(deal: DealRecord, options: Options) -> bool:
    if deal.contract is not Contract.ALLIANCE:
        return False
    if options.bc_ombre_alone_basis == "side_tricks":
        return (deal.tricks or 0) < 3
    return deal.hombre_tricks is not None and deal.hombre_tricks < 3
