"""`python -m scorekeeper.engine boards --first B --count N` (TOURNAMENTS.md T-84, errors as INTERCHANGE.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.engine.tournament.boards import PACK, parse_hand_record


def boards(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "boards", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_prints_n_valid_hand_records_numbered_from_b():
    done = boards("--first", "9", "--count", "6")
    assert done.returncode == 0 and done.stderr == ""
    output = json.loads(done.stdout)
    assert set(output) == {"format", "boards"} and output["format"] == "quadrille-boards/1"
    assert [b["board"] for b in output["boards"]] == [9, 10, 11, 12, 13, 14]
    assert [b["dealer"] for b in output["boards"]] == [0, 1, 2, 3, 0, 1]
    for board in output["boards"]:
        record = parse_hand_record(board)
        assert sorted(card for hand in record.hands for card in hand) == sorted(PACK)


def test_ten_thousand_boards_is_the_most():
    done = boards("--first", "1", "--count", "10000")
    assert done.returncode == 0
    assert len(json.loads(done.stdout)["boards"]) == 10_000


def test_two_runs_deal_different_boards():
    # 40!/(10!)^4 deals: two equal runs of four boards would mean the generator is not random at all.
    first, second = (json.loads(boards("--first", "1", "--count", "4").stdout) for _ in range(2))
    assert first != second


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--first", "0", "--count", "1"], "first"),
        (["--first", "-2", "--count", "1"], "first"),
        (["--first", "1", "--count", "0"], "count"),
        (["--first", "1", "--count", "10001"], "count"),
        (["--first", "one", "--count", "1"], "first"),
        (["--first", "1.5", "--count", "1"], "first"),
        (["--first", "1", "--count", "9" * 5000], "count"),
        (["--count", "3"], "first"),
        (["--first", "3"], "count"),
    ],
)
def test_a_bad_request_is_one_json_error_one_line_and_status_2(args, field):
    done = boards(*args)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "request_invalid" and error["field"] == field and error["position"] is None
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {field}: ")
