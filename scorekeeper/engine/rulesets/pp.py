"""Rule set PP, Parlett point-score (§4.2): a table of values, a multiplier for consecutive losses."""

from __future__ import annotations

from scorekeeper.engine.explain import Note, note
from scorekeeper.engine.model import Contract, DealRecord, Line
from scorekeeper.engine.rulesets.common import DealContext, Work

TABLE = {
    "forced": {
        Line.WON: 3,
        Line.PREMIERS: 6,
        Line.VOLE_WON: 12,
        Line.VOLE_LOST: 1,
        Line.REMISE: -6,
        Line.CODILLE: -12,
    },
    "alliance": {
        Line.WON: 5,
        Line.PREMIERS: 10,
        Line.VOLE_WON: 20,
        Line.VOLE_LOST: 2,
        Line.REMISE: -10,
        Line.CODILLE: -20,
    },
    "solo": {
        Line.WON: 10,
        Line.PREMIERS: 20,
        Line.VOLE_WON: 40,
        Line.VOLE_LOST: 5,
        Line.REMISE: -20,
        Line.CODILLE: -40,
    },
}
WON_LINES = frozenset({Line.WON, Line.PREMIERS, Line.VOLE_WON, Line.VOLE_LOST})


def column(deal: DealRecord, self_call_column: str) -> str:
    if deal.contract is Contract.FORCED:
        return "forced"
    if deal.contract is Contract.ALLIANCE:
        return "alliance"
    if deal.contract is Contract.SELF_CALL:
        return self_call_column
    return "solo"


def settle(deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None) -> None:
    o = ctx.options
    H = deal.hombre
    assert H is not None
    A = deal.ally
    by_player = o.pp_multiplier_scope == "player"
    k = work.k_seats[H] if by_player else work.k
    m = 1 + k
    base = TABLE[column(deal, o.pp_self_call_column)][ctx.line]
    value = base * m * ctx.factor
    d = work.deltas
    credited: list[int] = []
    if value > 0:
        credited = [H] if A is None else [H, A]
    elif deal.contract is Contract.FORCED and A is not None:
        credited = [A] if o.pp_forced_loss == "ally_only" else [H, A]
    else:
        credited = [H]
    for s in credited:
        d[s] += value
    work.multiplier = m
    won = ctx.line in WON_LINES
    if by_player:
        work.k_seats[H] = 0 if won else work.k_seats[H] + 1
        work.k = work.k_seats[H]
    else:
        work.k = 0 if won else work.k + 1
    if notes is not None:
        notes.append(note("pp_value", base=base, multiplier=m, factor=ctx.factor, value=value, seats=tuple(credited)))
        seat = H if by_player else None
        if won:
            notes.append(note("pp_reset", seat=seat))
        else:
            notes.append(note("pp_next", seat=seat, times=work.k + 1))
