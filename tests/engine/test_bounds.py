"""INTERCHANGE.md's bounds: a number no table comes near is refused before anything is settled, in milliseconds."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import time

import pytest

from scorekeeper.engine import Contract, DealRecord, EngineError, Options, Penalty, PenaltyKind, RuleSet, Session, fold
from scorekeeper.engine.interchange import load_json
from tests.engine.helpers import document, error_of, settle

PC, PP, MC, BC = "parlett-chips", "parlett-points", "modern-chips", "britannica-counters"
SOLO = {"dealer": 3, "contract": "solo", "hombre": 1, "trump": "H", "tricks": 6}
BILLION = 10**9


def renounces(count: int) -> dict:
    return {**SOLO, "penalties": [{"kind": "renounce", "seats": [2], "count": count}]}


@pytest.mark.parametrize(
    ("ruleset", "changes", "field"),
    [
        (PC, {"start": BILLION + 1}, "start"),
        (PC, {"start": -BILLION - 1}, "start"),
        (PC, {"pot": 10**12}, "pot"),
        (PP, {"k": 10**4300 - 1}, "k"),
        (BC, {"board": BILLION + 1}, "board"),
        (BC, {"beasts": [10, 10**10]}, "beasts"),
        (PC, {"options": {"bc.mark": 10**10}}, "bc.mark"),
        (PC, {"options": {"session.tours": 10**10}}, "session.tours"),
    ],
)
def test_a_number_of_the_session_out_of_bounds_is_refused(ruleset, changes, field):
    with pytest.raises(EngineError) as caught:
        settle(ruleset, [SOLO], **{k: v for k, v in changes.items() if k != "options"}, options=changes.get("options"))
    assert (caught.value.code, caught.value.field, caught.value.position) == ("number_out_of_range", field, None)


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        ({**SOLO, "tricks": 10**10}, "tricks"),
        ({**SOLO, "hombre": -(10**10)}, "hombre"),
        ({**SOLO, "run_side": 10**10}, "run_side"),
        ({**SOLO, "tricks_by_seat": [0, 10**10, 0, 0]}, "tricks_by_seat"),
        (renounces(101), "deals[1].penalties[0].count"),
        (renounces(0), "deals[1].penalties[0].count"),
        (renounces(-3), "deals[1].penalties[0].count"),
        (renounces(10**8), "deals[1].penalties[0].count"),
        ({**SOLO, "penalties": [{"kind": "renounce", "seats": [10**10]}]}, "deals[1].penalties[0].seats"),
    ],
)
def test_a_number_of_a_deal_out_of_bounds_names_the_deal_and_the_field(deal, field):
    first = {"dealer": 2, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6}
    error = error_of(PC, [first, deal])
    assert (error.code, error.field, error.position) == ("number_out_of_range", field, 2)


def test_numbers_at_the_bounds_are_accepted():
    out = settle(PC, [renounces(100)], start=BILLION)
    # A plain solo (ante 1 each, Ben takes the 4); S = 4: the renouncer pays 4 a renounce, 400 into the pot (§5 E4).
    assert out["deals"][0]["deltas"] == [-1, 3, -401, -1] and out["store"] == {"pot": 400}
    assert settle(PC, [SOLO], start=-BILLION)["balances"] == [-BILLION - 1, -BILLION + 3, -BILLION - 1, -BILLION - 1]
    assert settle(BC, [renounces(1)], options={"bc.mark": BILLION})["deals"][0]["stake"] == BILLION


def test_a_document_holds_at_most_100000_deals():
    deals = [{"dealer": 0, "void": True}] * 100_001
    error = error_of(PC, deals)
    assert (error.code, error.field, error.position) == ("number_out_of_range", "deals", None)


def test_a_penalty_counted_a_hundred_million_times_is_refused_in_milliseconds():
    # It used to be paid one renounce at a time: 13.8 s in PC, and 24.6 s for ten million in BC.
    for ruleset, count in ((PC, 10**8), (BC, 10**7)):
        started = time.perf_counter()
        assert error_of(ruleset, [renounces(count)]).code == "number_out_of_range"
        assert time.perf_counter() - started < 0.05


def test_a_literal_of_thousands_of_digits_is_not_json():
    text = '{"ruleset": "parlett-chips", "start": ' + "9" * 5000 + "}"
    with pytest.raises(EngineError) as caught:
        load_json(text)
    assert (caught.value.code, caught.value.field) == ("json_invalid", None)


def run_cli(text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("digits", "code", "field"), [(4300, "number_out_of_range", "start"), (4301, "json_invalid", None)]
)
def test_the_command_line_refuses_a_huge_start_with_one_line(digits, code, field):
    # A start of 4,300 digits used to settle and then crash while printing (ValueError, exit status 1).
    doc = document(PC, [SOLO])
    text = json.dumps(doc).replace('"deals"', '"start": ' + "9" * digits + ', "deals"')
    done = run_cli(text)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert (error["code"], error["field"], error["position"]) == (code, field, None)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_the_app_path_refuses_the_same_numbers():
    # The app builds sessions and records from its rows (an imported club, say), not from a document.
    session = Session(ruleset=RuleSet.BRITANNICA_COUNTERS)
    record = DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=6)
    many = dataclasses.replace(record, penalties=(Penalty(PenaltyKind.RENOUNCE, (2,), 10**7),))
    with pytest.raises(EngineError) as caught:
        fold(session, [many])
    assert (caught.value.code, caught.value.field, caught.value.position) == ("number_out_of_range", "penalties", 1)
    with pytest.raises(EngineError) as caught:
        fold(Session(ruleset=RuleSet.PARLETT_CHIPS, start=10**4000), [record])
    assert (caught.value.code, caught.value.field) == ("number_out_of_range", "start")
    with pytest.raises(EngineError) as caught:
        Options.from_mapping({"mediateur.fee": 10**10})
    assert (caught.value.code, caught.value.field) == ("number_out_of_range", "mediateur.fee")
    # A count under one is a rule, not a bound: a penalty happens at least once.
    none = dataclasses.replace(record, penalties=(Penalty(PenaltyKind.RENOUNCE, (2,), 0),))
    with pytest.raises(EngineError) as caught:
        fold(session, [none])
    assert caught.value.code == "penalty_count_invalid"
