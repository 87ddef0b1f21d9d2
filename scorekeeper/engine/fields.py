"""Which fields of a deal record the engine reads, for a session and what is known of the deal so far.

A form asks for exactly these: a field the engine reads is never hidden (modern chips reads a solo's matadors),
and one it does not read is neither shown nor required (modern chips pays no matador bonus to an alliance by
default). `only_read` drops what the engine would not read, so that a record and its form agree.
"""

from __future__ import annotations

import dataclasses

from scorekeeper.engine.model import ONE_PLAYER, Claims, Contract, DealRecord, RuleSet, Session
from scorekeeper.engine.validate import uses_hombre_tricks

# Always read for a played deal. `claims.matadors` and `claims.sans_prendre` name the two claims separately.
ALWAYS = frozenset({"dealer", "contract", "hombre", "trump", "tricks", "penalties"})
CALLING = frozenset({Contract.ALLIANCE, Contract.FORCED, Contract.SELF_CALL, Contract.MEDIATEUR})
# Modern chips pays its matador chips to these contracts by default (§4.3.2, A-65).
MC_SOLO_LIKE = frozenset({Contract.SOLO, Contract.VOLE_BID, Contract.SELF_CALL, Contract.MEDIATEUR})


def fields_read(session: Session, deal: DealRecord | None = None, *, held: int = 0) -> frozenset[str]:
    """The record fields the engine reads for a deal of `session` whose known parts are in `deal` (a partial
    record: its contract, ally and tricks, when known; an unknown contract is an alliance). `held` is the
    codille remainder held on the table (Britannica counters), which asks who takes it.

    One-player sides (solo, vole, self-call, médiateur, forced spadille played alone) have one run, named
    `run_side`; a two-player side may need `run_side` (the side's run), `run_hombre` (his own), both or none."""
    if deal is not None and deal.void:
        return frozenset({"dealer", "void"})
    contract = (deal.contract if deal is not None else None) or Contract.ALLIANCE
    contract = Contract(contract)
    ally = deal.ally if deal is not None else None
    tricks = deal.tricks if deal is not None else None
    options = session.options
    ruleset = session.ruleset
    read = set(ALWAYS)

    if contract in (Contract.ALLIANCE, Contract.FORCED):
        read.add("ally")
    if contract in CALLING:
        read.add("called")
    if contract is Contract.MEDIATEUR:
        read.add("mediateur_giver")
    if contract is Contract.ALLIANCE and uses_hombre_tricks(ruleset, options):
        read.add("hombre_tricks")
    if options.outcome_thresholds == "ombre_style":
        read.add("tricks_by_seat")
    if type(tricks) is int and tricks >= 6:
        read.add("premiers")
        if contract is not Contract.VOLE_BID:  # a declared vole is played for by its contract
            read.add("vole_attempted")
    if held:
        read.add("remainder_winner")

    one_player = contract in ONE_PLAYER or (
        contract is Contract.FORCED and ally is None and options.call_forced_self_call and deal is not None
    )
    side_run, own_run = _runs_read(ruleset, options, contract)
    if one_player and (side_run or own_run):
        read.add("run_side")
    elif not one_player:
        if side_run:
            read.add("run_side")
        if own_run:
            read.add("run_hombre")
    if "run_side" in read or "run_hombre" in read:
        read.add("claims.matadors")
    if ruleset is RuleSet.BRITANNICA_COUNTERS and contract in (Contract.SOLO, Contract.VOLE_BID):
        read.add("claims.sans_prendre")
    return frozenset(read)


def _runs_read(ruleset: RuleSet, options, contract: Contract) -> tuple[bool, bool]:
    """Whether the side's run and the hombre's own run can change this contract's settlement."""
    if ruleset is RuleSet.PARLETT_POINTS:
        return False, False
    if ruleset is not RuleSet.MODERN_CHIPS:
        return True, False
    own = contract in MC_SOLO_LIKE or options.mc_matador_bonus_contracts in ("literal", "all_contracts")
    return options.mc_loss == "parlett", own


def only_read(deal: DealRecord, fields: frozenset[str]) -> DealRecord:
    """The record with every field the engine does not read at its default: what a form that shows only
    `fields` records. A one-player side's run is its hombre's; an alliance whose side run is not read gets the
    hombre's own run as the side's (the side holds at least what he holds)."""
    if deal.void:
        return DealRecord(dealer=deal.dealer, void=True)
    one_player = deal.contract in ONE_PLAYER or deal.ally is None
    run_side = deal.run_side if "run_side" in fields else 0
    run_hombre = deal.run_hombre if "run_hombre" in fields else 0
    if one_player:
        run_side = run_hombre = (deal.run_side if deal.run_side is not None else deal.run_hombre) or 0
        if "run_side" not in fields:
            run_side = run_hombre = 0
    elif "run_side" not in fields:
        run_side = run_hombre or 0
    claims = Claims(
        deal.claims.matadors if "claims.matadors" in fields else True,
        deal.claims.sans_prendre if "claims.sans_prendre" in fields else True,
    )
    return dataclasses.replace(
        deal,
        ally=deal.ally if "ally" in fields else None,
        called=deal.called if "called" in fields else None,
        hombre_tricks=deal.hombre_tricks if "hombre_tricks" in fields else None,
        tricks_by_seat=deal.tricks_by_seat if "tricks_by_seat" in fields else None,
        premiers=deal.premiers if "premiers" in fields else False,
        vole_attempted=deal.vole_attempted if "vole_attempted" in fields else deal.contract is Contract.VOLE_BID,
        run_side=run_side or 0,
        run_hombre=run_hombre or 0,
        mediateur_giver=deal.mediateur_giver if "mediateur_giver" in fields else None,
        claims=claims,
        remainder_winner=deal.remainder_winner if "remainder_winner" in fields else None,
    )
