"""The form shows exactly the fields the engine reads: every valid record, posted as the page shows it, comes
back from the form as the same record (up to what the engine does not read) with the same settlement."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Contract, DealRecord, RuleSet, Session, settle_deal
from scorekeeper.engine.fields import fields_read, only_read
from scorekeeper.engine.ledger import opening_state
from scorekeeper.engine.options import Options
from scorekeeper.engine.simulate import random_session, random_table
from scorekeeper.tables.forms import DealForm
from tests.tables.posts import post_for

DEALS = 24  # six tours a table: enough for a held remainder, a carried pot and the multiplier


def settled(entry) -> tuple:
    return (entry.outcome, entry.line, entry.stake, entry.multiplier, entry.factor, entry.deltas, entry.state)


def check_table(ruleset: RuleSet, seed: int, counts: Counter) -> None:
    """One table of random valid deals under a random option set, every deal through the form."""
    rng = random.Random(seed)
    session = random_session(rng, ruleset)
    for position, (record, state) in enumerate(random_table(rng, session, DEALS, void_rate=0), start=1):
        post = post_for(record, session=session, state=state, position=position)
        form = DealForm(post, session=session, eligible=state.eligible, held=state.held)
        assert form.is_valid(), (record, post, form.errors)
        entered = form.to_record(record.dealer)
        assert entered == only_read(record, fields_read(session, record, held=state.held)), (record, post)
        assert settled(settle_deal(session, state, entered, position)) == settled(
            settle_deal(session, state, record, position)
        ), (record, entered)
        counts[record.contract] += 1


@pytest.mark.parametrize("ruleset", list(RuleSet))
@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_valid_record_goes_through_the_form_unchanged(ruleset, seed):
    check_table(ruleset, seed, Counter())


def test_the_form_covers_every_contract_of_every_rule_set():
    # The figures reported with the property test: 4 rule sets × 20 option sets × 24 deals = 1,920 records
    # here, and as many again drawn by hypothesis above.
    total = Counter()
    for ruleset in RuleSet:
        counts = Counter()
        for seed in range(20):
            check_table(ruleset, seed, counts)
        assert set(counts) == set(Contract), (ruleset, counts)
        total.update(counts)
    assert sum(total.values()) == 4 * 20 * DEALS


def test_modern_chips_asks_a_solo_for_its_matadors_and_not_an_alliance():
    session = Session(ruleset=RuleSet.MODERN_CHIPS)
    solo = fields_read(session, DealRecord(dealer=0, contract=Contract.SOLO, tricks=7))
    alliance = fields_read(session, DealRecord(dealer=0, contract=Contract.ALLIANCE, ally=2, tricks=6))
    assert "run_side" in solo and "claims.matadors" in solo
    assert not {"run_side", "run_hombre", "claims.matadors"} & alliance
    assert {"premiers", "vole_attempted", "ally"} <= alliance
    assert "called" not in alliance  # no settlement reads an alliance's called card
    # Under mc.loss = parlett a lost alliance pays the side's matadors (§4.3.2): then they are asked for.
    parlett = Session(ruleset=RuleSet.MODERN_CHIPS, options=Options(mc_loss="parlett"))
    assert "run_side" in fields_read(parlett, DealRecord(dealer=0, contract=Contract.ALLIANCE, ally=2, tricks=4))


def test_a_declared_vole_is_not_asked_whether_the_vole_was_played_for():
    session = Session(ruleset=RuleSet.PARLETT_CHIPS)
    read = fields_read(session, DealRecord(dealer=0, contract=Contract.VOLE_BID, tricks=7))
    assert "premiers" in read and "vole_attempted" not in read
    assert "premiers" not in fields_read(session, DealRecord(dealer=0, contract=Contract.SOLO, tricks=5))


def test_forced_spadille_played_alone_asks_one_run_in_the_hombres_hand():
    # in modern chips it is paid as a solo, its matadors included; its side is the hombre alone.
    session = Session(ruleset=RuleSet.MODERN_CHIPS, options=Options(call_forced_self_call=True))
    post = {"hombre": "1", "contract": "forced", "trump": "S", "tricks": "6", "position": "1"}
    alone = DealForm(post, session=session)
    assert alone.shows_run_side and not alone.shows_run_hombre and alone.shows_claims_matadors
    assert alone.run_side_label == "Matadors in the hombre's hand"
    assert alone.is_valid(), alone.errors
    record = alone.to_record(0)
    assert record.ally is None and record.run_side == 0
    with_run = DealForm({**post, "run_side": "3"}, session=session)
    assert with_run.is_valid()
    assert settle_deal(session, opening_state(session), with_run.to_record(0), 1).deltas == (-2, 6, -2, -2)
    partner = DealForm({**post, "ally": "2"}, session=session)
    assert not partner.shows_run_side and partner.run_side_label == "Matadors held by the side"
