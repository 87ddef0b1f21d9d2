"""Which fields of a deal record the engine reads, for a session and what is known of the deal so far.

A form asks for exactly these. Each field named can change the settlement (its money, its line, its stores) for
some record of that shape, or the rules refuse a record without it (the ally of an alliance, a Britannica
alliance's own tricks); a field not named never changes it, and `only_read` puts it at what the rules imply, so
that a record and its form agree. Modern chips reads a solo's matadors and not, by default, an alliance's; it
reads no matadors of a lost deal, whose pot simply stays (§4.3.2).
"""

from __future__ import annotations

import dataclasses

from scorekeeper.engine.model import ONE_PLAYER, Claims, Contract, DealRecord, RuleSet, Session
from scorekeeper.engine.options import Options
from scorekeeper.engine.validate import uses_hombre_tricks

# Always read for a played deal. `claims.matadors` and `claims.sans_prendre` name the two claims separately.
ALWAYS = frozenset({"dealer", "contract", "hombre", "trump", "tricks", "penalties"})


def fields_read(session: Session, deal: DealRecord | None = None, *, held: int = 0) -> frozenset[str]:
    """The record fields the engine reads for a deal of `session` whose known parts are in `deal` (a partial
    record: its contract, ally and tricks, when known; an unknown contract is an alliance). `held` is the
    codille remainder held on the table (Britannica counters), which asks who takes it.

    One-player sides (solo, vole, self-call, médiateur, forced spadille played alone) have one run, named
    `run_side`; a two-player side may need `run_side` (the side's run), `run_hombre` (his own), both or none."""
    if deal is not None and deal.void:
        return frozenset({"dealer", "void"})
    contract = Contract((deal.contract if deal is not None else None) or Contract.ALLIANCE)
    ally = deal.ally if deal is not None else None
    tricks = deal.tricks if deal is not None else None
    tricks = tricks if type(tricks) is int else None
    options = session.options
    ruleset = session.ruleset
    read = set(ALWAYS)

    if contract in (Contract.ALLIANCE, Contract.FORCED):
        read.add("ally")
    if contract is Contract.MEDIATEUR:
        read.add("mediateur_giver")
        if king_sets_the_fee(options):
            read.add("called")
    if contract is Contract.ALLIANCE and uses_hombre_tricks(ruleset, options):
        read.add("hombre_tricks")
    if options.outcome_thresholds == "ombre_style":
        read.add("tricks_by_seat")
    if tricks is not None and tricks >= 6:
        read |= _premiers_and_vole(ruleset, options, contract, tricks)
    if held:
        read.add("remainder_winner")

    alone = contract in ONE_PLAYER or (
        contract is Contract.FORCED and ally is None and options.call_forced_self_call and deal is not None
    )
    side_run, own_run = _runs_read(ruleset, options, contract, alone, tricks)
    if alone and (side_run or own_run):
        read.add("run_side")
    elif not alone:
        if side_run:
            read.add("run_side")
        if own_run:
            read.add("run_hombre")
    if "run_side" in read or "run_hombre" in read:
        read.add("claims.matadors")
    if (
        ruleset is RuleSet.BRITANNICA_COUNTERS
        and contract in (Contract.SOLO, Contract.VOLE_BID)
        and options.bc_sans_appeller
    ):
        read.add("claims.sans_prendre")
    return frozenset(read)


def king_sets_the_fee(options: Options) -> bool:
    """Whether the médiateur's bought king is recorded: its suit doubles the fee (§2.7; the engine then needs it)."""
    return options.mediateur_double_fee_if == "king_is_favourite" and options.favourite_mode != "none"


def _premiers_and_vole(ruleset: RuleSet, options: Options, contract: Contract, tricks: int) -> set[str]:
    """Of a won deal (§3.2): premiers, and the vole attempt where the vole may be played for."""
    if contract is Contract.VOLE_BID:
        # Played for the vole by its contract: in points and counters a vole line whatever premiers says,
        # which only ten tricks require.
        return {"premiers"} if tricks == 10 or ruleset in (RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS) else set()
    if contract is Contract.FORCED and not options.forced_vole_allowed:
        return {"premiers"}
    return {"premiers", "vole_attempted"}


def _runs_read(
    ruleset: RuleSet, options: Options, contract: Contract, alone: bool, tricks: int | None
) -> tuple[bool, bool]:
    """Whether the side's run and the hombre's own run can change this contract's settlement at these tricks
    (None: not known yet, any result)."""
    won = tricks is None or tricks >= 6
    lost = tricks is None or tricks < 6
    if ruleset is RuleSet.PARLETT_POINTS:
        return False, False
    if ruleset is RuleSet.BRITANNICA_COUNTERS:
        return options.bc_matador_per != 0, False
    if ruleset is RuleSet.PARLETT_CHIPS:
        return won or _remise_possible(options, tricks) or options.pc_codille_pays_matadors, False
    # Modern chips: the hombre's own run on a win (a solo's, or any under literal/all_contracts, A-22), the side's
    # run on a loss under mc.loss = parlett only.
    own = won and (alone or options.mc_matador_bonus_contracts in ("literal", "all_contracts"))
    return lost and options.mc_loss == "parlett", own


def _remise_possible(options: Options, tricks: int | None) -> bool:
    """Whether a lost deal of `tricks` can be a remise (§3.3): 5, and 4 under britannica_literal or ombre_style."""
    if tricks is None or tricks == 5:
        return True
    return tricks == 4 and options.outcome_thresholds != "parlett"


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
