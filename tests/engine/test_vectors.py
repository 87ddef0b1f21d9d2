"""Every worked example of the spec, through the Python API and through the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.engine import EngineError, ledger_json, settle_document
from tests.engine.conftest import load_rulings, load_vectors

VECTORS = load_vectors()
RULINGS = load_rulings()


def summary(output: dict) -> dict:
    deals = output["deals"]
    return {
        "deltas": [d["deltas"] for d in deals],
        "balances": output["balances"],
        "store": output["store"],
        "outcomes": [d["outcome"] for d in deals],
        "lines": [d["line"] for d in deals],
        "stakes": [d["stake"] for d in deals],
        "multipliers": [d["multiplier"] for d in deals],
        "factors": [d["factor"] for d in deals],
    }


def test_every_vector_file_is_loaded():
    names = {v["name"].split()[0] for v in VECTORS}
    assert {"PC-1", "PC-2", "PC-2b", "PC-3", "PC-4", "PC-4b", "PC-5", "PC-6", "PC-7", "PC-8", "PC-9"} <= names
    assert sum(len(v["input"]["deals"]) for v in VECTORS) == 41  # BC 13, MC 6, PC 15, PP 7


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector_through_the_api(vector):
    output = ledger_json(settle_document(vector["input"]))
    expect = vector["expect"]
    assert {k: v for k, v in summary(output).items() if k in expect} == expect


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector_through_the_command_line(vector):
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", "-"],
        input=json.dumps(vector["input"]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["format"] == "quadrille-ledger/1"
    assert output["ruleset"] == vector["input"]["ruleset"]
    expect = vector["expect"]
    assert {k: v for k, v in summary(output).items() if k in expect} == expect
    assert [d["position"] for d in output["deals"]] == list(range(1, len(output["deals"]) + 1))
    assert output["closing"] is None


def test_every_ruling_is_loaded():
    sections = [v["name"].split()[0] for v in RULINGS]
    assert {"A-64", "A-65", "A-69", "A-70"} <= set(sections)


def settle_through_the_command_line(document: dict) -> tuple[int, dict]:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", "-"],
        input=json.dumps(document),
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize("vector", RULINGS, ids=[v["name"].split(":")[0] for v in RULINGS])
def test_ruling_through_the_api(vector):
    expect = vector["expect"]
    if "error" in expect:
        with pytest.raises(EngineError) as caught:
            settle_document(vector["input"])
        error = caught.value
        assert {"position": error.position, "field": error.field, "code": error.code} == expect["error"]
    else:
        assert summary(ledger_json(settle_document(vector["input"]))) == expect


@pytest.mark.parametrize("vector", RULINGS, ids=[v["name"].split(":")[0] for v in RULINGS])
def test_ruling_through_the_command_line(vector):
    status, output = settle_through_the_command_line(vector["input"])
    expect = vector["expect"]
    if "error" in expect:
        assert status == 2
        assert {k: output["error"][k] for k in ("position", "field", "code")} == expect["error"]
    else:
        assert status == 0
        assert summary(output) == expect
