"""The invariants of QUADRILLE-SCORING.md §6 as properties over random valid deal sequences.

Each test draws `EXAMPLES` sequences of `DEALS` deals per rule set (12,000 deals), once under the defaults and
once under random option sets of Appendix A.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    Contract,
    DealRecord,
    EngineError,
    Options,
    Outcome,
    RuleSet,
    Session,
    close_session,
    fold,
    settle_deal,
)
from scorekeeper.engine.ledger import opening_state
from scorekeeper.engine.model import Line
from scorekeeper.engine.simulate import random_deal, random_options, random_session, random_table

EXAMPLES = 200 if settings.default.max_examples >= 100 else settings.default.max_examples  # fewer in test-quick
DEALS = 60
CHIPS = [RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS, RuleSet.BRITANNICA_COUNTERS]
# Hypothesis draws the seed (and reports it on failure); the deals come from a fast seeded generator.
SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_table(rng: random.Random, ruleset: RuleSet, defaults: bool, **kwargs):
    session = random_session(rng, ruleset, Options() if defaults else None)
    deals = [deal for deal, _ in random_table(rng, session, DEALS, **kwargs)]
    return session, deals


def check_common(session: Session, deals: list[DealRecord]) -> None:
    ledger = fold(session, deals)
    # INV-12: determinism.
    assert fold(session, deals) == ledger
    before = opening_state(session)
    for entry in ledger.entries:
        after = entry.state
        # Balances are the running sum of the deltas.
        assert entry.balances == tuple(b + d for b, d in zip(before.balances, entry.deltas, strict=True))
        assert all(isinstance(d, int) for d in entry.deltas)
        if session.ruleset.zero_sum:
            # INV-1: conservation, misdeals included.
            assert sum(entry.deltas) + after.store_total() - before.store_total() == 0
            # INV-2: stores never negative; a held remainder is smaller than its defenders.
            assert after.pot >= 0 and after.board >= 0 and all(b > 0 for b in after.beasts)
            assert (after.held == 0) == (after.eligible == ())
            assert after.held < max(len(after.eligible), 1)
        if entry.void:
            # INV-13: a void deal changes nothing and does not advance the count, the tour or k.
            assert entry.deltas == (0, 0, 0, 0)
            assert dataclasses.replace(after, next_dealer=before.next_dealer) == before
            assert entry.number is None and entry.tour is None
            # INV-14: after a misdeal the same dealer deals again.
            assert after.next_dealer == entry.deal.dealer
        else:
            # INV-14: the deal passes to the right; four valid deals make a tour.
            assert entry.number == before.number + 1
            assert entry.tour == (entry.number - 1) // 4 + 1
            assert after.next_dealer == (entry.deal.dealer + 1) % 4
        before = after
    # Replaying from any deal gives the same entries as the fresh fold.
    for cut in range(1, len(deals), 7):
        replay = fold(session, deals[cut:], state=ledger.entries[cut - 1].state, first_position=cut + 1)
        assert replay.entries == ledger.entries[cut:]
    # INV-14: a dealer out of turn is refused.
    if deals:
        wrong = dataclasses.replace(deals[0], dealer=(ledger.state.next_dealer + 1) % 4)
        with pytest.raises(EngineError) as caught:
            settle_deal(session, ledger.state, wrong, len(deals) + 1)
        assert caught.value.code == "dealer_out_of_turn"
    # End of session: what is on the table is shared out whole, or carried, or refused while unwon.
    try:
        closing = close_session(session, ledger.state)
    except EngineError as error:
        assert error.code == "pot_not_won" and ledger.state.store_total() > 0
    else:
        if session.ruleset.zero_sum:
            assert sum(closing.deltas) + closing.state.store_total() == ledger.state.store_total()
            assert max(closing.deltas) - min(closing.deltas) <= 1


@pytest.mark.parametrize("ruleset", list(RuleSet), ids=lambda r: r.short)
@pytest.mark.parametrize("defaults", [True, False], ids=["defaults", "random-options"])
@PROPERTY
@given(rng=SEEDED)
def test_common_invariants(ruleset, defaults, rng):
    session, deals = draw_table(rng, ruleset, defaults)
    check_common(session, deals)


@PROPERTY
@given(rng=SEEDED, defaults=st.booleans())
def test_pc_pot_stays_a_multiple_of_four_and_chips_are_conserved(rng, defaults):
    """INV-3 (unless floor_remainder_stays) and INV-15, closing included."""
    session, deals = draw_table(rng, RuleSet.PARLETT_CHIPS, defaults)
    ledger = fold(session, deals, close=session.options.pc_session_end_pot != "play_on_until_won")
    total = 4 * session.start + session.opening.pot
    multiple_of_four = session.options.pc_codille_three_indivisible == "stake_stays"
    for entry in ledger.entries:
        assert sum(entry.balances) + entry.state.pot == total
        if multiple_of_four and not entry.void:
            assert entry.stake % 4 == 0
            assert entry.state.pot % 4 == 0
    if ledger.closing:
        assert sum(ledger.closing.balances) + ledger.closing.state.pot == total


@PROPERTY
@given(rng=SEEDED)
def test_pc_pot_after_each_outcome_under_the_defaults(rng):
    """INV-4 and INV-5: without penalties, the pot after a deal follows from its outcome, and the opponents (and
    the forced partners) are treated alike."""
    session, deals = draw_table(rng, RuleSet.PARLETT_CHIPS, True, penalty_rate=0.0)
    for entry in fold(session, deals).entries:
        if entry.void:
            continue
        S, pot, f = entry.stake, entry.state.pot, entry.factor
        if entry.outcome is Outcome.WON:
            assert pot == 0
        elif entry.outcome is Outcome.REMISE:
            assert pot == S + f * S
        else:
            assert pot in (2 * f * S, S + 2 * f * S)
            assert (pot == S + 2 * f * S) == (len(entry.deal.opponents) == 3 and S % 3 != 0)
        without_ante = [d + 1 for d in entry.deltas]
        opponents = entry.deal.opponents
        assert len({without_ante[o] for o in opponents}) == 1
        if entry.deal.contract is Contract.FORCED:
            assert without_ante[entry.deal.hombre] == without_ante[entry.deal.ally]
        if entry.deal.contract is Contract.ALLIANCE and entry.outcome is not Outcome.WON:
            assert without_ante[entry.deal.ally] == 0


@pytest.mark.parametrize("ruleset", [RuleSet.PARLETT_CHIPS, RuleSet.BRITANNICA_COUNTERS], ids=lambda r: r.short)
@pytest.mark.parametrize("defaults", [True, False], ids=["defaults", "random-options"])
@PROPERTY
@given(rng=SEEDED)
def test_hombre_never_gains_by_taking_fewer_tricks(ruleset, defaults, rng):
    """INV-6: with everything else fixed and no vole attempt, H's delta is non-decreasing in T; under the
    defaults CODILLE < REMISE < WON for H. (A codille without matador payments, or a remise of two stakes, may
    cost no more than a remise: that is why A-10 and A-12 choose their defaults.)"""
    options = Options() if defaults else random_options(rng)
    options = dataclasses.replace(
        options,
        outcome_thresholds="parlett" if options.outcome_thresholds == "ombre_style" else options.outcome_thresholds,
        pc_codille_pays_matadors=True,
    )
    session = random_session(rng, ruleset, options)
    state = opening_state(session)
    for deal, before in random_table(rng, session, rng.randint(0, 12)):
        state = settle_deal(session, before, deal, 1).state
    deal = random_deal(rng, session, state, void_rate=0.0)
    results = []
    for tricks in range(0, 10):
        variant = dataclasses.replace(
            deal,
            tricks=tricks,
            premiers=False,
            vole_attempted=False,
            tricks_by_seat=None,
            hombre_tricks=0 if deal.ally is not None else None,
            contract=Contract.SOLO if deal.contract is Contract.VOLE_BID else deal.contract,
        )
        entry = settle_deal(session, state, variant, 1)
        results.append((entry.deltas[deal.hombre], entry.outcome))
    deltas = [d for d, _ in results]
    assert deltas == sorted(deltas)
    by_outcome = {o: d for d, o in results}
    if defaults:
        assert by_outcome[Outcome.CODILLE] < by_outcome[Outcome.REMISE] < by_outcome[Outcome.WON]


@pytest.mark.parametrize("ruleset", [RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS], ids=lambda r: r.short)
@PROPERTY
@given(rng=SEEDED)
def test_more_matadors_never_hurt_the_side_that_holds_them(ruleset, rng):
    """INV-7: a longer run never lowers the side's delta on a win nor the opponents' on a loss."""
    options = random_options(rng)
    # the literal reading is not monotone; with all_others the partner pays the bonus too.
    if options.mc_matador_bonus_contracts == "literal":
        options = dataclasses.replace(options, mc_matador_bonus_contracts="solo_vole_both")
    options = dataclasses.replace(options, mc_bonus_payers="opponents")
    session = random_session(rng, ruleset, options)
    state = opening_state(session)
    deal = random_deal(rng, session, state, void_rate=0.0)
    entries = []
    for run in (0, 3, 4, 5, 6):
        variant = dataclasses.replace(deal, run_side=run, run_hombre=run)
        entries.append(settle_deal(session, state, variant, 1))
    for earlier, later in zip(entries, entries[1:], strict=False):
        if earlier.outcome is Outcome.WON:
            assert all(later.deltas[m] >= earlier.deltas[m] for m in deal.side)
        else:
            assert all(later.deltas[o] >= earlier.deltas[o] for o in deal.opponents)


@pytest.mark.parametrize("defaults", [True, False], ids=["defaults", "random-options"])
@PROPERTY
@given(rng=SEEDED)
def test_pp_multiplier_and_crediting(defaults, rng):
    """INV-8 and INV-9: opponents never move; k counts consecutive losses; the value scales with k + 1."""
    session, deals = draw_table(rng, RuleSet.PARLETT_POINTS, defaults)
    by_table = session.options.pp_multiplier_scope == "table"
    k = session.opening.k
    for entry in fold(session, deals).entries:
        if entry.void:
            continue
        deal = entry.deal
        assert all(entry.deltas[o] == 0 for o in deal.opponents)
        assert entry.multiplier >= 1
        credited = [s for s in deal.side if entry.deltas[s] != 0]
        assert sum(entry.deltas) == entry.deltas[credited[0]] * len(credited)
        if by_table:
            assert entry.multiplier == k + 1
            won = entry.line in (Line.WON, Line.PREMIERS, Line.VOLE_WON, Line.VOLE_LOST)
            k = 0 if won else k + 1
            assert entry.state.k == k
    deal = next((d for d in deals if not d.void), None)
    if deal is not None and by_table:
        state = dataclasses.replace(opening_state(session), next_dealer=deal.dealer, k=0)
        single = settle_deal(session, state, deal, 1)
        for losses in (1, 2, 5):
            scaled = settle_deal(session, dataclasses.replace(state, k=losses), deal, 1)
            assert scaled.deltas == tuple((losses + 1) * d for d in single.deltas)


@pytest.mark.parametrize("defaults", [True, False], ids=["defaults", "random-options"])
@PROPERTY
@given(rng=SEEDED)
def test_bc_alliance_split_and_beasts(defaults, rng):
    """INV-10 and INV-11: partners share within one counter; under the defaults one beast is pending at most,
    and every beast is a multiple of the stake of the deal that made it."""
    session, deals = draw_table(rng, RuleSet.BRITANNICA_COUNTERS, defaults, penalty_rate=0.0 if not defaults else 0.05)
    o = session.options
    ledger = fold(session, deals)
    before = opening_state(session)
    for entry in ledger.entries:
        deal = entry.deal
        if entry.void:
            before = entry.state
            continue
        if defaults:
            assert len(entry.state.beasts) <= 1
            made = list(entry.state.beasts)
            for beast in before.beasts:
                if beast in made:
                    made.remove(beast)
            assert all(b % entry.stake == 0 for b in made)
        held_credit = before.held
        before = entry.state
        if deal.ally is None or deal.penalties or deal.contract is Contract.MEDIATEUR:
            continue
        alone = (o.bc_ombre_alone_basis == "own_tricks" and deal.hombre_tricks < 3) or (
            o.bc_ombre_alone_basis == "side_tricks" and deal.tricks < 3
        )
        shared = entry.outcome is Outcome.WON or deal.contract is Contract.FORCED or not alone
        if not shared:
            continue
        adjusted = list(entry.deltas)
        if o.bc_deposit == "each_player_n":
            adjusted = [d + o.bc_mark for d in adjusted]
        else:
            adjusted[deal.dealer] += o.bc_mark
        if deal.remainder_winner not in (None, "none"):
            adjusted[deal.remainder_winner] -= held_credit
        assert abs(adjusted[deal.hombre] - adjusted[deal.ally]) <= 1
