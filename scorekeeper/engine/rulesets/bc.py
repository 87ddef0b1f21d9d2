"""Rule set BC, Britannica counters (§4.4): the dealer's mark, a board, beasts and the codille remainder."""

from __future__ import annotations

from scorekeeper.engine.explain import Note, note, split_shares
from scorekeeper.engine.model import NONE_HELD, Contract, DealRecord, Outcome
from scorekeeper.engine.rulesets.common import DealContext, Work, liable, side_pays, side_receives

FISH = 10


def per_opponent(deal: DealRecord, ctx: DealContext) -> int:
    """P of §4.4.2: what each opponent pays the side on a win, or receives from it on a loss."""
    o = ctx.options
    outcome = ctx.outcome
    mediateur_variant = o.variant_mediateur == "on"
    amount = o.bc_consolation
    if outcome is not Outcome.REMISE:
        amount += o.bc_game
    if deal.claims.matadors and (deal.run_side or 0) >= 3:
        amount += (deal.run_side or 0) * o.bc_matador_per
    if deal.contract in (Contract.SOLO, Contract.VOLE_BID):
        if deal.claims.sans_prendre:
            amount += o.bc_sans_appeller
        if mediateur_variant:
            amount += FISH
    elif deal.contract is Contract.MEDIATEUR:
        amount += FISH
    if deal.vole_attempted:
        if outcome is Outcome.WON and deal.tricks == 10:
            if o.bc_vole_mode == "fish_each":
                amount += o.bc_vole
        elif o.bc_vole_failure == "pay_vole":
            amount += -o.bc_vole if outcome is Outcome.WON else o.bc_vole
    return amount * ctx.factor


def settle(deal: DealRecord, work: Work, ctx: DealContext, notes: list[Note] | None) -> None:
    o = ctx.options
    d = work.deltas
    H = deal.hombre
    assert H is not None

    if work.held:
        winner = deal.remainder_winner
        if winner == NONE_HELD:
            work.board += work.held
        else:
            d[winner] += work.held  # type: ignore[index]
        if notes is not None:
            notes.append(note("remainder", amount=work.held, seat=None if winner == NONE_HELD else winner))
        work.held = 0
        work.eligible = ()

    mark = o.bc_mark
    carried = work.board
    if o.bc_deposit == "each_player_n":
        for s in range(4):
            d[s] -= mark
        work.board += 4 * mark
        if notes is not None:
            notes.append(note("marks_each", amount=mark))
    else:
        d[deal.dealer] -= mark
        work.board += mark
        if notes is not None:
            notes.append(note("mark", seat=deal.dealer, amount=mark))
    going = 0
    if work.beasts:
        going = max(work.beasts)
        work.beasts.remove(going)
        work.board += going
    S = work.board
    work.stake = S
    if notes is not None:
        notes.append(note("bc_stake", carried=carried, beast=going, stake=S))

    if deal.contract is Contract.MEDIATEUR:
        fee = FISH * ctx.fee_factor
        d[H] -= fee
        d[deal.mediateur_giver] += fee  # type: ignore[index]
        if notes is not None:
            notes.append(note("king_fee", payer=H, giver=deal.mediateur_giver, amount=fee))

    side = deal.side
    opponents = deal.opponents
    P = per_opponent(deal, ctx)
    new_beasts: list[int] = []

    if ctx.outcome is Outcome.WON:
        double = 0
        if deal.vole_attempted and deal.tricks == 10 and o.bc_vole_mode == "double_stake":
            double = S // len(opponents)
        for op in opponents:
            d[op] -= P + double
        side_receives(d, side, S + len(opponents) * (P + double))
        work.board = 0
        if notes is not None:
            total = S + len(opponents) * (P + double)
            notes.append(
                note(
                    "board_won",
                    side=side,
                    opponents=opponents,
                    stake=S,
                    per_opponent=P,
                    double=double,
                    shares=split_shares(total, side),
                )
            )
    else:
        payers = liable(deal, o, parlett=False)
        if ctx.outcome is Outcome.REMISE:
            for op in opponents:
                d[op] += P
            side_pays(d, payers, len(opponents) * P + S)
            if notes is not None:
                notes.append(
                    note(
                        "bc_remise",
                        seats=payers,
                        opponents=opponents,
                        per_opponent=P,
                        beast=S,
                        stake=S,
                        shares=split_shares(len(opponents) * P + S, payers),
                    )
                )
        else:
            q, r = divmod(S, len(opponents))
            for op in opponents:
                d[op] += P + q
            work.board = 0
            if r:
                if o.bc_codille_remainder == "stays_on_board":
                    work.board = r
                else:
                    work.held = r
                    work.eligible = opponents
            side_pays(d, payers, len(opponents) * P + S)
            if notes is not None:
                notes.append(
                    note(
                        "bc_codille",
                        seats=payers,
                        opponents=opponents,
                        per_opponent=P,
                        share=q,
                        rest=r,
                        beast=S,
                        stake=S,
                        shares=split_shares(len(opponents) * P + S, payers),
                    )
                )
        new_beasts.append(S)

    for p in deal.penalties:
        for _ in range(p.beasts):
            if len(p.seats) == 2:
                turner, owner = p.seats
                d[turner] -= S - S // 2
                d[owner] -= S // 2
            else:
                d[p.seats[0]] -= S
            new_beasts.append(S)
            if notes is not None:
                shares = (S - S // 2, S // 2) if len(p.seats) == 2 else (S,)
                notes.append(note("bc_penalty", kind=p.kind.value, seats=p.seats, amount=S, shares=shares))
    # A beast on an empty board is nothing: only positive beasts wait (INV-2).
    new_beasts = [b for b in new_beasts if b > 0]
    if new_beasts:
        if o.bc_same_deal_beasts == "separate":
            work.beasts.extend(new_beasts)
        else:
            work.beasts.append(sum(new_beasts))
