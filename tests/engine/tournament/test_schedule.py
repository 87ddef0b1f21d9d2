"""Schedule documents (docs/TOURNAMENTS.md T-26 … T-28, T-81): the request, the record, the seed and verify."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.tournament.schedule import (
    RECORD_FORMAT,
    draw_seed,
    parse_request,
    plan_document,
    request_json,
    seed_commitment,
    verify,
)

SEED = "9f86d081884c7d659a2feaa0c55ad015"
# sha256sum of the seed's 32 characters, computed outside Python.
COMMITMENT = "67212462231402852f818d095bb0c2bf1f422ede8b9025878ff2a89fc383f6ef"

REQUEST = {
    "format": "quadrille-schedule-request/1",
    "seed": SEED.upper(),
    "sessions": [3, 2],
    "entrants": [{"number": n, "name": f"P{n}"} for n in range(1, 14)]
    + [{"number": 14, "name": "Jo", "from_round": 2}],
    "teams": {"Aces": [1, 2]},
    "keep_apart": [[3, 9]],
    "bye_choice": "planner",
    "started": [{"round": 1, "tables": [[1, 3, 5, 7], [2, 4, 6, 8], [9, 10, 11, 12]], "byes": [13]}],
}


def run_plan(text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "plan", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


def test_seed_commitment_is_sha256_of_the_seed_text():
    assert seed_commitment(SEED) == COMMITMENT


def test_drawn_seeds_are_128_bits_of_lowercase_hex():
    seed = draw_seed()
    assert len(seed) == 32 and seed == seed.lower() and int(seed, 16) >= 0
    assert draw_seed() != seed


def test_record_keeps_started_rounds_and_plans_the_rest():
    record = plan_document(REQUEST)
    assert record["format"] == "quadrille-schedule/1"
    assert record["seed"] is None and record["seed_sha256"] == COMMITMENT  # a seed in capitals is lowercased first
    assert [r["round"] for r in record["rounds"]] == [1, 2, 3, 4, 5]
    assert [r["session"] for r in record["rounds"]] == [1, 1, 1, 2, 2]
    assert [r["started"] for r in record["rounds"]] == [True, False, False, False, False]
    first = record["rounds"][0]
    assert first["tables"] == [[1, 3, 5, 7], [2, 4, 6, 8], [9, 10, 11, 12]]
    assert first["byes"] == [13] and first["absent"] == [14]
    for rnd in record["rounds"][1:]:
        assert len(rnd["byes"]) == 2 and rnd["absent"] == []
        for table in rnd["tables"]:
            assert not {1, 2} <= set(table) and not {3, 9} <= set(table)
    assert record["measures"]["keep_apart_violations"] == 0
    assert set(record["measures"]) == {
        "repeats", "triples", "distinct_repeated_pairs", "back_to_back", "dealer_spread",
        "neighbour_repeats", "bye_spread", "keep_apart_violations", "lower_bound",
    }  # fmt: skip
    assert record["target"] is None
    assert record["entrants"][13] == {"number": 14, "name": "Jo", "from_round": 2}


def test_entrants_as_a_count_and_the_target():
    record = plan_document({"seed": SEED, "sessions": [2, 3], "entrants": 16})
    assert record["target"] == 0 and record["measures"]["repeats"] == 0
    assert [e["number"] for e in record["entrants"]] == list(range(1, 17))


def test_verify_recomputes_the_record_and_checks_the_commitment():
    record = plan_document(REQUEST)
    result = verify(record, SEED)
    assert result.ok and result.commitment_matches and result.same_version and result.differing_rounds == ()
    assert not verify(record, "0" * 32).commitment_matches
    tampered = copy.deepcopy(record)
    tampered["rounds"][2]["tables"][0], tampered["rounds"][2]["tables"][1] = (
        tampered["rounds"][2]["tables"][1],
        tampered["rounds"][2]["tables"][0],
    )
    assert verify(tampered, SEED).differing_rounds == (3,)


def test_verify_still_holds_after_more_rounds_start():
    record = plan_document(REQUEST)
    record["rounds"][1]["started"] = True  # round 2 opened as planned: nothing is re-planned
    assert verify(record, SEED).ok


def test_the_request_written_without_its_seed_reads_back_as_the_same_request():
    request = parse_request({**REQUEST, "bye_choice": "lowest_standing", "standings": list(range(14, 0, -1))})
    written = request_json(request)
    assert "seed" not in written
    assert parse_request({**written, "seed": SEED}) == request


def test_verify_recomputes_a_round_opened_from_an_earlier_plan_by_its_own_request():
    # Round 2 is opened from a plan made with standings after round 1 (14 best, 1 worst); the record is planned
    # again afterwards, round 2 fixed: only the request kept in `draws` can recompute round 2.
    seeded = {**REQUEST, "bye_choice": "lowest_standing", "standings": list(range(14, 0, -1))}
    opened = plan_document(seeded)
    started = [*REQUEST["started"], {"round": 2, "tables": opened["rounds"][1]["tables"], "byes": [1, 2]}]
    # 14 present (Jo from round 2): two byes among those who played round 1, 1 … 12, the lowest two (T-16, T-18).
    assert opened["rounds"][1]["byes"] == [1, 2]
    record = plan_document({**REQUEST, "started": started})
    record["draws"] = [{"round": 2, "request": request_json(parse_request(seeded))}]
    assert verify(record, SEED).ok
    # Drawn again from other standings, round 2 would have another bye: the kept round 2 is not theirs.
    record["draws"][0]["request"]["standings"] = list(range(1, 15))
    assert verify(record, SEED).differing_rounds == (2,)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": "not hex at all"}, "seed"),
        ({"seed": "abc123"}, "seed"),
        ({"sessions": []}, "sessions"),
        ({"sessions": [0]}, "sessions[0]"),
        ({"entrants": [{"number": 1}, {"number": 1}]}, "entrants[1].number"),
        ({"entrants": [{"number": 1, "from_round": 6}]}, "entrants[0].from_round"),
        ({"keep_apart": [[3, 3]]}, "keep_apart[0]"),
        ({"keep_apart": [[3, 99]]}, "keep_apart[0][1]"),
        ({"teams": {"Aces": [1, 2], "Kings": [2, 3]}}, "teams.Kings"),
        ({"bye_choice": "random"}, "bye_choice"),
        ({"colour": "red"}, "colour"),
        ({"started": [{"round": 2, "tables": [], "byes": []}]}, "started[0].round"),
        (
            {"started": [{"round": 1, "tables": [[1, 2, 5, 7], [3, 4, 6, 8], [9, 10, 11, 12]], "byes": [13]}]},
            "started[0].tables[0]",
        ),
        (
            {"started": [{"round": 1, "tables": [[1, 3, 5, 7], [2, 4, 6, 8], [9, 10, 11, 13]], "byes": [12, 14]}]},
            "started[0]",
        ),
        (
            {"started": [{"round": 1, "tables": [[1, 3, 5, 7], [2, 4, 6, 8], [9, 10, 11]], "byes": [12, 13]}]},
            "started[0].tables[2]",
        ),
    ],
)
def test_bad_requests_are_refused_naming_the_field(change, field):
    doc = {**REQUEST, **change}
    with pytest.raises(EngineError) as error:
        plan_document(doc)
    assert error.value.code == "request_invalid"
    assert error.value.field == field


def test_command_line_prints_the_record():
    result = run_plan(json.dumps(REQUEST))
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record == plan_document(REQUEST)  # the same inputs give the same schedule
    assert result.stderr == ""


def test_command_line_refuses_infeasible_keep_apart_with_json_and_one_line():
    result = run_plan(json.dumps({"seed": SEED, "sessions": [3], "entrants": 8, "teams": {"Aces": [1, 2, 3]}}))
    assert result.returncode == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "keep_apart_infeasible" and error["field"] == "teams.Aces" and error["position"] is None
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("text", "code"),
    [("{not json", "json_invalid"), ("[1, 2]", "request_invalid"), ('{"seed": "ab"}', "request_invalid")],
)
def test_command_line_errors_never_show_a_traceback(text, code):
    result = run_plan(text)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["code"] == code
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_parse_request_reads_presence_and_defaults():
    request = parse_request(REQUEST)
    assert request.rounds == 5 and request.sessions == (3, 2)
    assert request.present(1) == tuple(range(1, 14)) and request.present(2) == tuple(range(1, 15))
    assert request.seed == SEED and request.bye_choice == "planner"
    assert request.apart_pairs() == ((1, 2), (3, 9))


@pytest.mark.parametrize(
    "changes",
    [
        {"teams": [1]},
        {"entrants": {"1": "P1"}},
        {"rounds": "none"},
        {"draws": [{"round": 1, "request": []}]},
        {"sessions": None},
    ],
)
def test_the_verify_command_refuses_a_record_of_another_shape_in_one_line(tmp_path, changes):
    record = {"format": RECORD_FORMAT, "seed": SEED, "sessions": [1], "rounds": [], "entrants": [], **changes}
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "verify", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert json.loads(done.stdout)["error"]["code"] == "record_invalid"
