"""Rule set PC, Parlett chips (§4.1): one pot, the stake carried forward after a loss."""

from __future__ import annotations

from scorekeeper.engine.explain import Note, note, split_shares
from scorekeeper.engine.model import Contract, DealRecord, Outcome, PenaltyKind
from scorekeeper.engine.rulesets.common import (
    DealContext,
    Work,
    liable,
    pc_mat,
    side_pays,
    side_receives,
)


def ante(deal: DealRecord, work: Work, per_seat: bool, always: bool, notes: list[Note] | None = None) -> None:
    if not always and work.pot != 0:
        return
    d = work.deltas
    if per_seat:
        d[0] -= 1
        d[1] -= 1
        d[2] -= 1
        d[3] -= 1
        if notes is not None:
            notes.append(note("ante_each", amount=1))
    else:
        d[deal.dealer] -= 4
        if notes is not None:
            notes.append(note("ante_dealer", seat=deal.dealer, amount=4))
    work.pot += 4


def settle(deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None) -> None:
    o = ctx.options
    ante(deal, work, o.pc_ante == "each_one", o.pc_ante_when == "every_deal", notes)
    settle_after_ante(deal, work, ctx, notes, unit=None)
    if o.penalty_mode == "mapped":
        pay_penalties(deal, work, ctx, notes)


def settle_after_ante(
    deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None, unit: int | None
) -> None:
    """The PC settlement once the pot holds this deal's stake. `unit` fixes u (MC's loss branch: 1 chip)."""
    o = ctx.options
    d = work.deltas
    f = ctx.factor
    S = work.pot
    work.stake = S
    u = S // 4 if unit is None else unit
    floor_mode = o.pc_codille_three_indivisible == "floor_remainder_stays" and unit is None
    H = deal.hombre
    assert H is not None
    side = deal.side
    opponents = deal.opponents

    if deal.contract is Contract.MEDIATEUR and unit is None:
        fee = o.mediateur_fee * ctx.fee_factor * u
        d[H] -= fee
        d[deal.mediateur_giver] += fee  # type: ignore[index]
        if notes is not None and fee:
            notes.append(note("king_fee", payer=H, giver=deal.mediateur_giver, amount=fee))

    mat = pc_mat(deal)
    if ctx.outcome is Outcome.WON:
        prem = 1 if deal.premiers else 0
        vadj = (2 if deal.tricks == 10 else -2) if deal.vole_attempted else 0
        b = f * (mat + prem)
        v = f * vadj
        if len(side) == 1:
            d[H] += S
            taken = S
        elif floor_mode:
            share = S // 2
            d[side[0]] += share
            d[side[1]] += share
            taken = 2 * share
        else:
            side_receives(d, side, S)
            taken = S
        work.pot -= taken
        if b:
            for m in side:
                for op in opponents:
                    d[op] -= b * u
                    d[m] += b * u
        if v:
            for op in opponents:
                d[op] -= v * u
            side_receives(d, side, len(opponents) * v * u)
        extra = 0
        if o.pc_preference_win == "opponents_match_pot" and f > 1 and unit is None:
            extra = (f - 1) * S // len(opponents)
            for op in opponents:
                d[op] -= extra
            side_receives(d, side, extra * len(opponents))
        if notes is not None:
            shares = (taken // 2, taken // 2) if floor_mode and len(side) == 2 else split_shares(taken, side)
            notes.append(note("stake_won", stake=S, side=side, shares=shares))
            if b:
                notes.append(
                    note(
                        "bonus",
                        side=side,
                        opponents=opponents,
                        chips=b * u,
                        units=b,
                        unit=u,
                        matadors=f * mat,
                        premiers=f * prem,
                    )
                )
            if v:
                notes.append(
                    note(
                        "vole_bonus",
                        won=v > 0,
                        chips=abs(v) * u,
                        side=side,
                        opponents=opponents,
                        shares=split_shares(len(opponents) * abs(v) * u, side),
                    )
                )
            if extra:
                notes.append(
                    note(
                        "match_pot",
                        chips=extra,
                        side=side,
                        opponents=opponents,
                        shares=split_shares(extra * len(opponents), side),
                    )
                )
            if work.pot:
                notes.append(note("pot_left", amount=work.pot))
        return

    payers = liable(deal, o, parlett=unit is not None or o.pc_alliance_loss == "caller_alone")
    if ctx.outcome is Outcome.REMISE:
        put_up = f * S * (2 if o.pc_remise_contribution == "two_stakes" and unit is None else 1)
    else:
        put_up = 2 * f * S
    side_pays(d, payers, put_up)
    work.pot += put_up

    mat_paid = mat if (ctx.outcome is Outcome.REMISE or o.pc_codille_pays_matadors or unit is not None) else 0
    vole_penalty = 2 if deal.contract is Contract.VOLE_BID and o.vole_bid_failure == "solo_plus_vole_penalty" else 0
    mirror = o.pc_loss_matadors == "mirror" or unit is not None
    per_opponent = (len(side) if mirror else 1) * f * (mat_paid + vole_penalty) * u
    for op in opponents:
        d[op] += per_opponent
    side_pays(d, payers, per_opponent * len(opponents))

    share = 0
    if ctx.outcome is Outcome.CODILLE:
        n = len(opponents)
        if n == 2 or S % 3 == 0 or floor_mode:
            share = S // n
        for op in opponents:
            d[op] += share
        work.pot -= share * n

    if notes is not None:
        if ctx.outcome is Outcome.CODILLE:
            if share:
                notes.append(note("codille_split", stake=S, seats=opponents, share=share))
            else:
                notes.append(note("codille_indivisible", stake=S))
        notes.append(note("put_up", seats=payers, amount=put_up, shares=split_shares(put_up, payers)))
        if per_opponent:
            k = (len(side) if mirror else 1) * f
            notes.append(
                note(
                    "pay_each",
                    seats=payers,
                    opponents=opponents,
                    amount=per_opponent,
                    matadors=k * mat_paid,
                    vole=k * vole_penalty,
                    unit=u,
                    shares=split_shares(per_opponent * len(opponents), payers),
                )
            )


def pay_penalties(deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None) -> None:
    """§5 mapped: each beast costs its offender this deal's stake, into the pot; never multiplied by f."""
    S = work.stake or 0
    d = work.deltas
    for p in deal.penalties:
        for _ in range(p.beasts):
            if p.kind is PenaltyKind.TURNED_HAND:
                turner, owner = p.seats
                d[turner] -= S - S // 2
                d[owner] -= S // 2
            else:
                d[p.seats[0]] -= S
            work.pot += S
            if notes is not None:
                shares = (S - S // 2, S // 2) if p.kind is PenaltyKind.TURNED_HAND else (S,)
                notes.append(note("penalty", kind=p.kind.value, seats=p.seats, amount=S, shares=shares))
