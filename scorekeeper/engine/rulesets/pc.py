"""Rule set PC, Parlett chips (§4.1): one pot, the stake carried forward after a loss."""

from __future__ import annotations

from scorekeeper.engine.model import Contract, DealRecord, Outcome, PenaltyKind
from scorekeeper.engine.rulesets.common import (
    DealContext,
    Work,
    liable,
    names_of,
    pc_mat,
    side_pays,
    side_receives,
)


def ante(deal: DealRecord, work: Work, per_seat: bool, always: bool) -> None:
    if not always and work.pot != 0:
        return
    d = work.deltas
    if per_seat:
        d[0] -= 1
        d[1] -= 1
        d[2] -= 1
        d[3] -= 1
    else:
        d[deal.dealer] -= 4
    work.pot += 4


def settle(deal: DealRecord, work: Work, ctx: DealContext, notes: list[str] | None) -> None:
    o = ctx.options
    ante(deal, work, o.pc_ante == "each_one", o.pc_ante_when == "every_deal")
    settle_after_ante(deal, work, ctx, notes, unit=None)
    if o.penalty_mode == "mapped":
        pay_penalties(deal, work, ctx, notes)


def settle_after_ante(
    deal: DealRecord, work: Work, ctx: DealContext, notes: list[str] | None, unit: int | None
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
    names = ctx.names

    if deal.contract is Contract.MEDIATEUR and unit is None:
        fee = o.mediateur_fee * ctx.fee_factor * u
        d[H] -= fee
        d[deal.mediateur_giver] += fee  # type: ignore[index]
        if notes is not None and names and fee:
            notes.append(f"{names[H]} pays {fee} to {names[deal.mediateur_giver]} for the king.")  # type: ignore[index]

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
        if notes is not None and names:
            who = names_of(names, side)
            each = f" ({taken // len(side)} each)" if len(side) == 2 else ""
            notes.append(f"Stake {S}: {who} take{'s' if len(side) == 1 else ''} {taken}{each}.")
            if b:
                notes.append(
                    f"Bonuses of {b} unit{'s' if b != 1 else ''} ({b * u} chips) from each opponent to each "
                    f"player of the side (matadors {f * mat}, premiers {f * prem})."
                )
            if v:
                verb = "won" if v > 0 else "lost"
                notes.append(f"Vole {verb}: {abs(v) * u} chips {'from' if v > 0 else 'to'} each opponent.")
            if extra:
                notes.append(f"Each opponent matches the favourite-suit pot with {extra} chips.")
            if work.pot:
                notes.append(f"{work.pot} chips stay in the pot.")
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

    if notes is not None and names:
        who = names_of(names, payers)
        if ctx.outcome is Outcome.CODILLE:
            if share:
                notes.append(f"Stake {S} divided among {names_of(names, opponents)} ({share} each).")
            else:
                notes.append(f"Stake {S} cannot be divided among three: it stays in the pot.")
        verb = "puts" if len(payers) == 1 else "put"
        split = f" ({put_up // len(payers)} each)" if len(payers) == 2 else ""
        notes.append(f"{who} {verb} up {put_up}{split} for the next deal.")
        if per_opponent:
            notes.append(
                f"{who} pay{'s' if len(payers) == 1 else ''} {per_opponent} to each opponent "
                f"(matadors {f * mat_paid} unit{'s' if f * mat_paid != 1 else ''}"
                f"{', failed vole 2 units' if vole_penalty else ''})."
            )


def pay_penalties(deal: DealRecord, work: Work, ctx: DealContext, notes: list[str] | None) -> None:
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
            if notes is not None and ctx.names:
                who = names_of(ctx.names, p.seats)
                notes.append(
                    f"Penalty ({p.kind.value.replace('_', ' ')}): {who} put{'s' if len(p.seats) == 1 else ''} "
                    f"{S} into the pot."
                )
