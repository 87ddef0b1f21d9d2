"""The command line of INTERCHANGE.md: exactly the ledger on success, exit 2 and a JSON error otherwise."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PC1 = {
    "format": "quadrille-deals/1",
    "ruleset": "parlett-chips",
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "start": 40,
    "deals": [
        {
            "dealer": 3,
            "contract": "alliance",
            "hombre": 0,
            "ally": 2,
            "called": "KH",
            "trump": "S",
            "tricks": 6,
            "premiers": True,
            "vole_attempted": False,
            "run_side": 3,
            "run_hombre": 0,
        }
    ],
}


def settle(text: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", *args, "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


def test_output_is_exactly_the_interchange_example():
    done = settle(json.dumps(PC1))
    assert done.returncode == 0
    assert json.loads(done.stdout) == {
        "format": "quadrille-ledger/1",
        "ruleset": "parlett-chips",
        "deals": [
            {
                "position": 1,
                "number": 1,
                "tour": 1,
                "void": False,
                "outcome": "won",
                "line": "premiers",
                "stake": 4,
                "multiplier": 1,
                "factor": 1,
                "deltas": [5, -5, 5, -5],
                "balances": [45, 35, 45, 35],
                "store": {"pot": 0},
            }
        ],
        "balances": [45, 35, 45, 35],
        "store": {"pot": 0},
        "closing": None,
    }


def test_reads_a_file(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(PC1))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["balances"] == [45, 35, 45, 35]


def test_explain_adds_a_readable_sentence():
    done = settle(json.dumps(PC1), "--explain")
    text = json.loads(done.stdout)["deals"][0]["explanation"]
    assert text.startswith("Ann calls Cat, 6 tricks: won with premiers. Each player puts 1 into the pot.")
    assert "Stake 4: Ann and Cat take 4 (2 each)." in text


@pytest.mark.parametrize(
    ("text", "code", "position", "field"),
    [
        ("not json", "json_invalid", None, None),
        ("[]", "document_invalid", None, None),
        (json.dumps({**PC1, "ruleset": "whist"}), "ruleset_invalid", None, "ruleset"),
        (json.dumps({**PC1, "options": {"pc.ante": "everyone_two"}}), "option_invalid", None, "options.pc.ante"),
        (json.dumps({**PC1, "options": {"pc.colour": "red"}}), "option_unknown", None, "options.pc.colour"),
        (json.dumps({**PC1, "players": ["Ann", "Ben"]}), "players_invalid", None, "players"),
        (json.dumps({**PC1, "close": "yes"}), "close_invalid", None, "close"),
        (json.dumps({**PC1, "board": 10}), "opening_unexpected", None, "board"),
        (json.dumps({**PC1, "deals": {"dealer": 0}}), "deals_invalid", None, "deals"),
        (json.dumps({**PC1, "deals": [{**PC1["deals"][0], "tricks": 7}]}), "premiers_without_six", 1, "tricks"),
        (json.dumps({**PC1, "deals": [{**PC1["deals"][0], "tricks": "six"}]}), "tricks_invalid", 1, "tricks"),
        (json.dumps({**PC1, "deals": [PC1["deals"][0], 5]}), "deal_invalid", 2, None),
    ],
)
def test_bad_input_exits_2_with_a_json_error_and_one_line_on_stderr(text, code, position, field):
    done = settle(text)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["code"] == code
    assert error["position"] == position
    assert error["field"] == field
    assert error["message"]
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_unreadable_file_is_a_json_error_not_a_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "file_unreadable"


def test_deeply_nested_json_is_refused_cleanly():
    done = settle("[" * 100000 + "]" * 100000)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
