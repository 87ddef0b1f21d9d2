"""`python -m scorekeeper.engine standings FILE` end to end (TOURNAMENTS.md §10): JSON out, or one JSON error,
one line on standard error and exit status 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine.tournament.examples import SPRING


def standings(*args: str, text: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "standings", *args],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_standings_of_a_document_file():
    done = standings(str(SPRING))
    assert (done.returncode, done.stderr) == (0, "")
    out = json.loads(done.stdout)
    assert (out["format"], out["method"], out["provisional"]) == ("quadrille-standings/1", "placement+chips", True)
    assert [(r["place"], r["entrant"], r["total"]) for r in out["standings"]] == [
        ("1", 4, "168"),
        ("2", 1, "88"),
        ("3", 5, "10"),
        ("4", 7, "-10"),
        ("5", 6, "-16"),
        ("6", 9, "-36"),
        ("7", 8, "-36"),
        ("8", 3, "-40"),
        ("9", 2, "-62"),
    ]
    assert out["rounds"][1]["tables"][0] == {"table": 1, "changes": [-2, 4, -2, 0], "scores": ["-18", "28", "-18", "8"]}
    assert [t["team"] for t in out["teams"]] == ["Kings", "Aces"]


def test_standard_input_and_the_standings_after_a_round():
    done = standings("--after-round", "1", "-", text=SPRING.read_text())
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert [r["round"] for r in out["rounds"]] == [1]
    assert out["standings"][0] == {
        "place": "1",
        "entrant": 4,
        "name": "Dan",
        "total": "84",
        "scores": ["84"],
        "played": 1,
        "byes": 0,
        "absences": 0,
        "firsts": 1,
        "chips": 60,
        "tops": None,
        "withdrawn_after": None,
    }


def refused(done: subprocess.CompletedProcess) -> dict:
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert len(done.stdout.splitlines()) == 1
    return json.loads(done.stdout)["error"]


def test_a_deal_at_fault_is_named_and_nothing_else_is_written():
    doc = json.loads(SPRING.read_text())
    doc["rounds"][1]["tables"][1]["deals"][2]["tricks"] = 11
    error = refused(standings("-", text=json.dumps(doc)))
    assert (error["position"], error["field"], error["code"]) == (
        None,
        "rounds[1].tables[1].deals[2].tricks",
        "tricks_invalid",
    )


def test_an_end_rule_that_outlives_the_round_is_refused():
    doc = json.loads(SPRING.read_text())
    doc["options"]["pc.session_end_pot"] = "carry_over"
    done = standings("-", text=json.dumps(doc))
    error = refused(done)
    assert (error["code"], error["field"]) == ("tournament_end_rule", "options.pc.session_end_pot")
    assert done.stderr.startswith("error: options.pc.session_end_pot: ")
    assert done.stderr.rstrip().endswith("[tournament_end_rule]")


@pytest.mark.parametrize(
    ("args", "text", "code"),
    [
        (["-"], "{not json", "json_invalid"),
        (["-"], "[]", "document_invalid"),
        (["/nonexistent/tournament.json"], None, "file_unreadable"),
        (["--after-round", "4", str(SPRING)], None, "round_invalid"),
    ],
)
def test_bad_input_is_one_json_error(args, text, code):
    assert refused(standings(*args, text=text))["code"] == code


def test_a_deeply_nested_document_is_refused_without_a_traceback():
    assert refused(standings("-", text="[" * 100000 + "]" * 100000))["code"] in ("json_invalid", "document_invalid")
