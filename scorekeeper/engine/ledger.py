"""The table ledger: a fold of the engine over a table's ordered deals, void deals included.

Each entry holds the deal's outcome, line, stake, multiplier, factor, every seat's change and balance, and the
table's stores after it. Replaying from any entry's state gives the same entries as a fresh fold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.engine.bounds import check_session
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.explain import Note, note
from scorekeeper.engine.model import Contract, DealRecord, Line, Outcome, RuleSet, Session
from scorekeeper.engine.outcome import classify, line_of
from scorekeeper.engine.rulesets import bc, mc, pc, pp
from scorekeeper.engine.rulesets.common import DealContext, Work, split_equally
from scorekeeper.engine.validate import check_deal

SETTLE = {
    RuleSet.PARLETT_CHIPS: pc.settle,
    RuleSet.PARLETT_POINTS: pp.settle,
    RuleSet.MODERN_CHIPS: mc.settle,
    RuleSet.BRITANNICA_COUNTERS: bc.settle,
}


# TableState and LedgerEntry are made for every deal of every fold, so they are plain slotted dataclasses:
# a frozen dataclass sets each field through object.__setattr__, which made up a fifth of a season's fold.
# They are read-only all the same: the engine never changes one it has handed out (derive with
# dataclasses.replace), and nothing else may.


@dataclass(slots=True)
class TableState:
    """What a table carries from one deal to the next. Read-only once made."""

    balances: tuple[int, ...]
    pot: int = 0
    k: int = 0
    k_seats: tuple[int, ...] = (0, 0, 0, 0)
    board: int = 0
    beasts: tuple[int, ...] = ()
    held: int = 0
    eligible: tuple[int, ...] = ()
    number: int = 0  # valid deals so far
    next_dealer: int | None = None  # None before the first deal: any seat may deal first
    favourite_suit: str | None = None
    last_eldest: int | None = None
    # A duplicate table's deals are prepared boards, each with its own dealer (T-58): a void record there is a board
    # with no result (T-63, E2), never redealt, so it passes the deal; `passed` counts those boards.
    boards: bool = False
    passed: int = 0

    @property
    def tour(self) -> int:
        """The tour the next valid deal belongs to."""
        return self.number // 4 + 1

    def store(self, ruleset: RuleSet) -> dict[str, object]:
        if ruleset.has_pot:
            return {"pot": self.pot}
        if ruleset is RuleSet.BRITANNICA_COUNTERS:
            return {
                "board": self.board,
                "beasts": sorted(self.beasts),
                "held": self.held,
                "eligible": sorted(self.eligible),
            }
        return {}

    def store_total(self) -> int:
        return self.pot + self.board + sum(self.beasts) + self.held


def opening_state(session: Session) -> TableState:
    op = session.opening
    return TableState(
        balances=(session.start,) * 4,
        pot=op.pot,
        k=op.k,
        k_seats=(op.k,) * 4,
        board=op.board,
        beasts=tuple(op.beasts),
        held=op.held,
        eligible=tuple(op.eligible),
        favourite_suit=session.favourite_suit,
    )


@dataclass(slots=True)
class LedgerEntry:
    """One deal of the fold: what it was, how it settled, and the table's state after it. Read-only."""

    position: int
    number: int | None
    tour: int | None
    void: bool
    outcome: Outcome | None
    line: Line | None
    stake: int | None
    multiplier: int | None
    factor: int | None
    deltas: tuple[int, ...]
    balances: tuple[int, ...]
    state: TableState
    deal: DealRecord
    notes: tuple[Note, ...] = ()  # the explanation as data (engine.explain), made only when asked for


@dataclass(frozen=True, slots=True)
class Closing:
    deltas: tuple[int, ...]
    balances: tuple[int, ...]
    state: TableState


@dataclass(frozen=True, slots=True)
class Ledger:
    session: Session
    entries: tuple[LedgerEntry, ...]
    state: TableState
    closing: Closing | None = None

    @property
    def balances(self) -> tuple[int, ...]:
        return self.closing.balances if self.closing else self.state.balances


def deal_factor(session: Session, state: TableState, deal: DealRecord, number: int) -> tuple[int, int, str | None]:
    """The factor f of §2.8 for valid deal `number`, the médiateur fee's factor, and the favourite suit."""
    o = session.options
    favourite = state.favourite_suit
    if o.favourite_mode == "none" and o.paulans == "off":
        return 1, 1, favourite
    if o.favourite_mode == "first_deal_trump" and favourite is None:
        favourite = deal.trump
    fav = 4 if o.favourite_turk else 2
    f_paulans = 1
    if (
        o.paulans == "last_deal"
        and number == 4 * o.session_tours
        or o.paulans == "last_tour"
        and (number - 1) // 4 + 1 == o.session_tours
    ):
        f_paulans = 2
    in_favourite = o.favourite_mode != "none" and favourite is not None
    f = (fav if in_favourite and deal.trump == favourite else 1) * f_paulans
    fee_f = f
    if deal.contract is Contract.MEDIATEUR and o.mediateur_double_fee_if == "king_is_favourite":
        king_suit = deal.called[1] if deal.called else None
        fee_f = (fav if in_favourite and king_suit == favourite else 1) * f_paulans
    return f, fee_f, favourite


def settle_deal(
    session: Session,
    state: TableState,
    deal: DealRecord,
    position: int,
    explain: bool = False,
    work: Work | None = None,
) -> LedgerEntry:
    """Validate one record against the table's state and settle it. Raises EngineError at `position`.

    `work` is scratch space a fold reuses from deal to deal; the entry returned shares nothing with it."""
    ruleset = session.ruleset
    options = session.options
    try:
        deal = check_deal(
            deal,
            ruleset=ruleset,
            options=options,
            expected_dealer=state.next_dealer,
            held=state.held,
            eligible=state.eligible,
        )
    except EngineError as error:
        raise error.at(position) from None

    if deal.void:
        if state.boards:
            after = dataclasses.replace(state, next_dealer=(deal.dealer + 1) % 4, passed=state.passed + 1)
        else:
            after = dataclasses.replace(state, next_dealer=deal.dealer)
        misdeal = (note("misdeal", dealer=deal.dealer),) if explain else ()
        return LedgerEntry(
            position,
            None,
            None,
            True,
            None,
            None,
            None,
            None,
            None,
            (0, 0, 0, 0),
            state.balances,
            after,
            deal,
            misdeal,
        )

    number = state.number + 1
    f, fee_f, favourite = deal_factor(session, state, deal, number)
    outcome = classify(deal, options.outcome_thresholds)
    line = line_of(deal, outcome)
    ctx = DealContext(options, outcome, line, f, fee_f)
    if work is None:
        work = Work([0, 0, 0, 0])
    work.load(state.pot, state.k, state.k_seats, state.board, state.beasts, state.held, state.eligible)
    notes: list[Note] | None = [headline(deal, line)] if explain else None
    SETTLE[ruleset](deal, work, ctx, notes)
    deltas = tuple(work.deltas)
    b = state.balances
    balances = (b[0] + deltas[0], b[1] + deltas[1], b[2] + deltas[2], b[3] + deltas[3])
    dealer = deal.dealer
    after = TableState(
        balances,
        work.pot,
        work.k,
        tuple(work.k_seats),
        work.board,
        tuple(work.beasts),
        work.held,
        work.eligible,
        number,
        (dealer + 1) % 4,
        favourite,
        (dealer + 1) % 4,
        state.boards,
        state.passed,
    )
    if notes is not None and f != 1:
        notes.insert(1, note("factor", factor=f))
    return LedgerEntry(
        position,
        number,
        (number - 1) // 4 + 1,
        False,
        outcome,
        line,
        work.stake,
        work.multiplier,
        f,
        deltas,
        balances,
        after,
        deal,
        () if notes is None else tuple(notes),
    )


def fold(
    session: Session,
    deals: Iterable[DealRecord],
    *,
    state: TableState | None = None,
    first_position: int = 1,
    close: bool = False,
    explain: bool = False,
) -> Ledger:
    """Settle a table's deals in order. Start from `state` (a previous entry's) to replay from a deal."""
    check_session(session)
    current = opening_state(session) if state is None else state
    entries = []
    position = first_position
    work = Work([0, 0, 0, 0])
    for deal in deals:
        entry = settle_deal(session, current, deal, position, explain, work)
        entries.append(entry)
        current = entry.state
        position += 1
    closing = close_session(session, current) if close else None
    return Ledger(session, tuple(entries), current, closing)


def close_session(session: Session, state: TableState) -> Closing:
    """The end-of-session rule (A-40): what is left on the table is shared out, carried over, or refused."""
    o = session.options
    ruleset = session.ruleset
    zero = (0, 0, 0, 0)
    if ruleset is RuleSet.PARLETT_POINTS:
        return Closing(zero, state.balances, state)
    rule = {
        RuleSet.PARLETT_CHIPS: o.pc_session_end_pot,
        RuleSet.MODERN_CHIPS: o.mc_session_end_pot,
        RuleSet.BRITANNICA_COUNTERS: o.bc_session_end,
    }[ruleset]
    total = state.store_total()
    if rule == "carry_over":
        return Closing(zero, state.balances, state)
    if rule == "play_on_until_won" and total:
        raise EngineError("pot_not_won", "close", f"the pot of {total} has not been won: play on until it is")
    first = state.last_eldest if state.last_eldest is not None else 0
    shares = tuple(split_equally(total, first))
    balances = tuple(b + s for b, s in zip(state.balances, shares, strict=True))
    emptied = dataclasses.replace(state, balances=balances, pot=0, board=0, beasts=(), held=0, eligible=())
    return Closing(shares, balances, emptied)


def headline(deal: DealRecord, line: Line) -> Note:
    return note(
        "headline",
        contract=deal.contract.value,  # type: ignore[union-attr]
        hombre=deal.hombre,
        ally=deal.ally,
        tricks=deal.tricks,
        line=line.value,
    )


__all__ = [
    "Ledger",
    "LedgerEntry",
    "Closing",
    "TableState",
    "fold",
    "close_session",
    "settle_deal",
]
