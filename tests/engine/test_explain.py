"""Explanations are notes with numbers (A-72): what they state adds up to the settlement, in every rule set."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from scorekeeper.engine import (
    Contract,
    DealRecord,
    Penalty,
    PenaltyKind,
    RuleSet,
    Session,
    fold,
    settle_deal,
    settle_document,
)
from scorekeeper.engine.explain import flows, note, render
from scorekeeper.engine.ledger import opening_state
from scorekeeper.engine.options import Options
from scorekeeper.engine.simulate import random_session, random_table
from tests.engine.helpers import document

RULESETS = list(RuleSet)
OPTION_SETS = 30  # random option sets per rule set (plus the defaults)
TABLES = 2  # tables per option set
DEALS = 40  # deals per table


def numbers_in(value) -> set[int]:
    """Every integer a note's parameters hold, and each group's total (an explanation may state 'in all')."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {abs(value)}
    if isinstance(value, dict):
        found: set[int] = set()
        for item in value.values():
            found |= numbers_in(item)
        if "shares" in value:
            found.add(abs(sum(value["shares"])))
        return found
    if isinstance(value, tuple | list):
        found = set()
        for item in value:
            found |= numbers_in(item)
        return found
    return set()


def check_entry(session, before, entry) -> list[str]:
    """The problems of one entry's explanation, as text (an empty list when it agrees with the settlement)."""
    problems = []
    seats, store = flows(entry.notes)
    if tuple(seats) != entry.deltas:
        problems.append(f"the notes state {seats}, the deltas are {list(entry.deltas)}")
    if store != entry.state.store_total() - before.store_total():
        problems.append(
            f"the notes move {store} into the stores, the stores moved by "
            f"{entry.state.store_total() - before.store_total()}"
        )
    for n in entry.notes:
        if "stake" in n.args and n.code not in ("codille_split", "codille_indivisible") and n["stake"] != entry.stake:
            problems.append(f"{n.code} names stake {n['stake']}, the entry's is {entry.stake}")
        if n.code == "pp_next":
            k = entry.state.k_seats[n["seat"]] if n["seat"] is not None else entry.state.k
            if n["times"] != k + 1:
                problems.append(f"the next deal counts {k + 1} times, not {n['times']}")
        if n.code == "pot_left" and n["amount"] != entry.state.pot:
            problems.append(f"{n['amount']} said to stay in the pot, {entry.state.pot} does")
    text = render(entry.notes, session.players)
    stated = {int(x) for x in re.findall(r"\d+", text)}
    allowed = {1} | {abs(v) for n in entry.notes for v in numbers_in(n.args)}
    for n, run in itertools.groupby(entry.notes):  # a penalty given several times is said once: its count, its total
        times = len(list(run))
        if n.code in ("penalty", "bc_penalty") and times > 1:
            allowed |= {times, n["amount"] * times}
    if stated - allowed:
        problems.append(f"{text!r} states {sorted(stated - allowed)}, which no note holds")
    # Signed figures are the PP calculation and MC's bonus parts; any other amount is a size, never negative.
    if re.search(r"(?<![\w-])-\d", re.sub(r"vole -\d+|-\d+ ×|= -\d+", "", text)):
        problems.append(f"{text!r} states a negative amount")
    return problems


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.short)
def test_every_amount_an_explanation_states_agrees_with_the_settlement(ruleset):
    rng = random.Random(f"explain-{ruleset.value}")
    checked = 0
    for option_set in range(OPTION_SETS + 1):
        session = random_session(rng, ruleset, Options() if option_set == 0 else None)
        for _ in range(TABLES):
            records = [deal for deal, _ in random_table(rng, session, DEALS, penalty_rate=0.15)]
            ledger = fold(session, records, explain=True)
            state = fold(session, []).state
            for entry in ledger.entries:
                problems = check_entry(session, state, entry)
                assert not problems, (session.options, entry.deal, problems)
                state = entry.state
                checked += 1
    assert checked == (OPTION_SETS + 1) * TABLES * DEALS


def explained(ruleset: str, deals: list[dict], options: dict | None = None, **extra) -> list[str]:
    ledger = settle_document(document(ruleset, deals, options, **extra), explain=True)
    for entry in ledger.entries:
        assert tuple(flows(entry.notes)[0]) == entry.deltas
    return [render(e.notes, ledger.session.players) for e in ledger.entries]


SOLO_REMISE = {"contract": "solo", "hombre": 0, "trump": "S", "tricks": 5}


def test_bc_names_the_board_carried_and_the_beast_in_the_stake():
    # Deal 1: Dan's mark 10 is the stake; Ann's remise leaves the board of 10 and a beast of 10.
    # Deal 2: Ann's mark 10 on the 10 carried, with the beast of 10: 30.
    texts = explained(
        "britannica-counters",
        [{"dealer": 3, **SOLO_REMISE}, {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 6}],
    )
    assert "Dan puts the mark of 10 on the board. The stake is 10." in texts[0]
    assert (
        "Ann puts the mark of 10 on the board. With 10 carried on the board and a beast of 10, the stake is 30."
        in (texts[1])
    )


def test_bc_marks_from_every_player_are_not_called_the_mark():
    texts = explained("britannica-counters", [{"dealer": 3, **SOLO_REMISE}], {"bc.deposit": "each_player_n"})
    assert "Each player puts a mark of 10 on the board. The stake is 40." in texts[0]


def test_an_uneven_split_names_each_share():
    # PC, Britannica split: Ann and Cat lose a remise on a stake of 13 (pot 9 carried + 4 antes)... built from
    # an opening pot of 9: the stake is 13 and they put up 13, Ann 7 and Cat 6 (the odd chip is the hombre's).
    texts = explained(
        "parlett-chips",
        [{"dealer": 3, "contract": "alliance", "hombre": 0, "ally": 2, "trump": "S", "tricks": 5, "hombre_tricks": 3}],
        {"pc.alliance_loss": "britannica_split"},
        pot=9,
    )
    assert "Ann and Cat put up 13 (Ann 7, Cat 6) for the next deal." in texts[0]


def test_pp_multiplier_by_player_speaks_of_that_player():
    texts = explained("parlett-points", [{"dealer": 3, **SOLO_REMISE}], {"pp.multiplier_scope": "player"})
    assert texts[0].endswith("-20 × multiplier 1 = -20 to Ann. The next deal Ann plays as hombre counts 2 times.")
    texts = explained("parlett-points", [{"dealer": 3, **SOLO_REMISE}])
    assert texts[0].endswith("The next deal counts 2 times.")


def test_bc_pay_vole_on_a_lost_vole_is_paid_not_taken():
    # A solo won with 9 tricks after playing for the vole: P = consolation 2 + game 1 + sans appeller 4
    # - vole 10 = -3 a head, which the hombre pays.
    texts = explained(
        "britannica-counters",
        [
            {
                "dealer": 3,
                "contract": "solo",
                "hombre": 0,
                "trump": "S",
                "tricks": 9,
                "premiers": True,
                "vole_attempted": True,
            }
        ],
        {"bc.vole_failure": "pay_vole", "record.allow_play_on_after_premiers": True},
    )
    assert "Ann takes the board of 10. Ann pays 3 to each opponent." in texts[0]


def test_bc_double_stake_vole_is_from_each_opponent():
    # Vole won, double_stake: P = 2 + 1 + 4 (sans appeller) = 7, and the board of 10 again, 10 // 3 = 3, from each.
    texts = explained(
        "britannica-counters",
        [
            {
                "dealer": 3,
                "contract": "solo",
                "hombre": 0,
                "trump": "S",
                "tricks": 10,
                "premiers": True,
                "vole_attempted": True,
            }
        ],
        {"bc.vole_mode": "double_stake"},
    )
    assert "Ann takes the board of 10. Each opponent pays 7 and 3 for the vole." in texts[0]


def test_mc_bonuses_that_cancel_out_are_still_shown():
    # Premiers +1, vole lost -2, a run of three matadors in a solo +1: nothing is paid.
    texts = explained(
        "modern-chips",
        [
            {
                "dealer": 3,
                "contract": "solo",
                "hombre": 0,
                "trump": "S",
                "tricks": 9,
                "premiers": True,
                "vole_attempted": True,
                "run_side": 3,
                "run_hombre": 3,
            }
        ],
        {"record.allow_play_on_after_premiers": True},
    )
    assert "The bonuses cancel out (matadors 1, premiers 1, vole -2): nothing more is paid." in texts[0]


def test_a_penalty_given_seven_times_is_said_once_with_its_count():
    # Parlett chips, Dan deals: each antes 1, Ann's solo with 6 tricks wins the stake of 4, and Ben's renounce,
    # given seven times, costs him 4 into the pot each time: Ann 0 - 1 + 4 = +3, Ben -1 - 28 = -29.
    session = Session(RuleSet.PARLETT_CHIPS, Options(), players=("Ann", "Ben", "Cat", "Dan"))
    renounces = Penalty(PenaltyKind.RENOUNCE, seats=(1,), count=7)
    record = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6, penalties=(renounces,))
    entry = settle_deal(session, opening_state(session), record, 1, explain=True)
    assert entry.deltas == (3, -29, -1, -1)
    assert render(entry.notes, session.players) == (
        "Ann plays solo, 6 tricks: won. Each player puts 1 into the pot. Stake 4: Ann takes 4. "
        "Penalty (renounce), 7 times: Ben puts 4 into the pot each time, 28 in all."
    )
    assert tuple(flows(entry.notes)[0]) == entry.deltas  # the notes still state every payment


def test_a_britannica_penalty_given_three_times_is_said_once_with_its_count():
    beast = note("bc_penalty", kind="renounce", seats=(1,), amount=10, shares=(10,))
    assert render([beast, beast, beast], ("Ann", "Ben", "Cat", "Dan")) == (
        "Penalty (renounce), 3 times: a beast of 10 on Ben each time."
    )
    assert render([beast], ("Ann", "Ben", "Cat", "Dan")) == "Penalty (renounce): a beast of 10 on Ben."
