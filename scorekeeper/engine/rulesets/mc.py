"""Rule set MC, modern chips (§4.3): the pot to the high bidder, fixed bonus chips, losses carried."""

from __future__ import annotations

from scorekeeper.engine.explain import Note, note, split_shares
from scorekeeper.engine.model import Contract, DealRecord, Outcome
from scorekeeper.engine.rulesets import pc
from scorekeeper.engine.rulesets.common import DealContext, Work, side_receives

SOLO_LIKE = frozenset({Contract.SOLO, Contract.VOLE_BID, Contract.SELF_CALL, Contract.MEDIATEUR})


def matador_chips(deal: DealRecord, contracts: str, fourth_trump: str) -> int:
    if not deal.claims.matadors:
        return 0
    run = deal.run_hombre or 0
    fourth = run >= 4 and (fourth_trump == "any_suit" or deal.trump in ("H", "D"))
    solo_like = deal.contract in SOLO_LIKE or deal.ally is None  # forced spadille played alone is a solo
    if fourth:
        # [004]'s two-chip bonus is not restricted by contract; read literally only the one-chip one is.
        return 2 if (solo_like or contracts in ("literal", "all_contracts")) else 0
    if run >= 3:
        return 1 if (solo_like or contracts == "all_contracts") else 0
    return 0


def settle(deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None) -> None:
    o = ctx.options
    d = work.deltas
    d[0] -= 1
    d[1] -= 1
    d[2] -= 1
    d[3] -= 1
    work.pot += 4
    if notes is not None:
        notes.append(note("ante_each", amount=1))
    S = work.pot
    work.stake = S
    H = deal.hombre
    assert H is not None

    if deal.contract is Contract.MEDIATEUR:
        fee = o.mediateur_fee * ctx.fee_factor
        d[H] -= fee
        d[deal.mediateur_giver] += fee  # type: ignore[index]
        if notes is not None and fee:
            notes.append(note("king_fee", payer=H, giver=deal.mediateur_giver, amount=fee))

    if ctx.outcome is Outcome.WON:
        if o.mc_pot_to == "split_with_partner":
            side_receives(d, deal.side, S)
        else:
            d[H] += S
        work.pot = 0
        mats = matador_chips(deal, o.mc_matador_bonus_contracts, o.mc_fourth_trump)
        prem = 1 if deal.premiers else 0
        vole = 0
        if deal.vole_attempted and o.mc_vole == "plus_minus_two":
            vole = 2 if deal.tricks == 10 else -2
        bonus = ctx.factor * (mats + prem + vole)
        everyone_else = tuple(s for s in range(4) if s != H)
        payers = everyone_else if o.mc_bonus_payers == "all_others" else deal.opponents
        for p in payers:
            d[p] -= bonus
            d[H] += bonus
        if notes is not None:
            side = deal.side if o.mc_pot_to == "split_with_partner" else (H,)
            notes.append(note("pot_won", stake=S, side=side, shares=split_shares(S, side)))
            if bonus or mats or prem or vole:
                notes.append(
                    note(
                        "mc_bonus",
                        hombre=H,
                        payers=payers,
                        amount=bonus,
                        matadors=ctx.factor * mats,
                        premiers=ctx.factor * prem,
                        vole=ctx.factor * vole,
                    )
                )
        return

    if o.mc_loss == "parlett":
        pc.settle_after_ante(deal, work, ctx, notes, unit=1)
    elif notes is not None:
        notes.append(note("pot_stays", stake=S))
