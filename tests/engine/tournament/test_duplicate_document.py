"""A duplicate tournament document (TOURNAMENTS.md T-82) and its standings (T-83's duplicate additions).

`documents/duplicate-example.json` is §9.6 as a tournament: three tables of three tours, boards 1 and 2 played as the
example says (board 2 fouled at table 3), the rest of round 1 still to play; Max (13) has a bye, round 2 is planned.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.document import parse_tournament, score, standings_document, tournament_json

EXAMPLE = Path(__file__).resolve().parent / "documents" / "duplicate-example.json"


@pytest.fixture
def example() -> dict:
    return json.loads(EXAMPLE.read_text())


def refusal(doc: dict) -> EngineError:
    with pytest.raises(EngineError) as refused:
        standings_document(doc)
    return refused.value


def test_each_rounds_boards_carry_the_values_and_matchpoints_of_the_example(example):
    out = standings_document(example)
    assert (out["method"], out["provisional"]) == ("matchpoints", True)
    round_1, round_2 = out["rounds"]
    assert round_1["boards"] == [
        {
            "board": 1,
            "tables": [
                {"table": 1, "values": [-1, 1, -1, 1], "scores": ["2.00", "2.00", "2.00", "1.00"]},
                {"table": 2, "values": [1, -3, 1, 1], "scores": ["4.00", "0.00", "4.00", "1.00"]},
                {"table": 3, "values": [-5, 5, -5, 5], "scores": ["0.00", "4.00", "0.00", "4.00"]},
            ],
        },
        {
            "board": 2,
            "tables": [
                {"table": 1, "values": [-1, -1, 3, -1], "scores": ["0.50", "0.50", "3.50", "0.50"]},
                {"table": 2, "values": [2, 2, -6, 2], "scores": ["3.50", "3.50", "0.50", "3.50"]},
                {"table": 3, "values": None, "scores": ["2.00", "2.00", "2.00", "2.00"]},
            ],
        },
    ]
    # A duplicate table has no round changes; its scores are the seats' sums of board scores.
    assert round_1["tables"] == [
        {"table": 1, "changes": None, "scores": ["2.50", "2.50", "5.50", "1.50"]},
        {"table": 2, "changes": None, "scores": ["7.50", "3.50", "4.50", "4.50"]},
        {"table": 3, "changes": None, "scores": ["2.00", "6.00", "2.00", "6.00"]},
    ]
    # Max has played no round yet: his bye averages nothing, 0.
    assert round_1["byes"] == [{"entrant": 13, "score": "0.00"}]
    assert round_2["boards"] == [] and round_2["tables"][0] == {"table": 1, "changes": None, "scores": None}


def test_the_standings_rank_by_matchpoints_then_tops_with_percentages(example):
    rows = standings_document(example)["standings"]
    # Two boards of top 4 each: Eve's 7.50 is 7.50 / 8 = 93.75 %. Tops: Jo and Lou each beat every table on
    # board 1; so did Gus (board 1) and Hal (board 2): they stay level and share.
    assert [(r["place"], r["name"], r["total"], r["percent"], r["tops"]) for r in rows] == [
        ("1", "Eve", "7.50", "93.75", 2),
        ("=2", "Jo", "6.00", "75.00", 1),
        ("=2", "Lou", "6.00", "75.00", 1),
        ("4", "Cat", "5.50", "68.75", 1),
        ("=5", "Gus", "4.50", "56.25", 1),
        ("=5", "Hal", "4.50", "56.25", 1),
        ("7", "Fay", "3.50", "43.75", 1),
        ("=8", "Ann", "2.50", "31.25", 0),
        ("=8", "Ben", "2.50", "31.25", 0),
        ("=10", "Ivy", "2.00", "25.00", 0),
        ("=10", "Kit", "2.00", "25.00", 0),
        ("12", "Dan", "1.50", "18.75", 0),
        ("13", "Max", "0.00", None, None),
    ]
    eve = rows[0]
    # Chips for the tie-break are the board values: +1 on board 1, +2 on board 2.
    assert (eve["scores"], eve["chips"], eve["played"], eve["byes"]) == (["7.50"], 3, 1, 0)


def test_under_imps_the_scores_are_cross_imps_and_no_percentage(example):
    example["tournament"]["tournament.method"] = "imps"
    out = standings_document(example)
    assert out["rounds"][0]["tables"][0]["scores"] == ["-2.00", "-3.00", "7.00", "-5.00"]
    assert out["rounds"][0]["boards"][0]["tables"][1]["scores"] == ["3.50", "-5.00", "3.50", "-2.00"]
    assert all("percent" not in row for row in out["standings"])
    # Cat: 1 + 6; Eve: 7/2 + 3; Jo: 5 + 0 on the board fouled at his table.
    assert [(r["place"], r["name"], r["total"]) for r in out["standings"]][:3] == [
        ("1", "Cat", "7.00"),
        ("2", "Eve", "6.50"),
        ("3", "Jo", "5.00"),
    ]


@pytest.mark.parametrize(
    ("change", "code", "field", "words"),
    [
        (
            lambda d: d["boards"][0]["hands"][2].__setitem__(9, "AS"),
            "document_invalid",
            "boards[0].hands[2][9]",
            "AS is in pocket 1 and in pocket 2",
        ),
        (
            lambda d: d["boards"][1]["hands"][3].pop(),
            "document_invalid",
            "boards[1].hands",
            "6H is in no pocket",
        ),
        (lambda d: d["boards"][1].__setitem__("dealer", 0), "document_invalid", "boards[1].dealer", "seat 1"),
        (lambda d: d["boards"].append(d["boards"][0]), "document_invalid", "boards[2].board", "two hand records"),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0].__setitem__("run_side", 3),
            "document_invalid",
            "rounds[0].tables[0].deals[0].run_side",
            "a run of 0 with spades trumps",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0].__setitem__("board", 5),
            "document_invalid",
            "rounds[0].tables[0].deals[0].board",
            "board 5 has no hand record",
        ),
        (
            lambda d: d["rounds"][0]["tables"][1]["deals"][1].__setitem__("dealer", 2),
            "document_invalid",
            "rounds[0].tables[1].deals[1].dealer",
            "board 2 is dealt by seat 1",
        ),
        (
            lambda d: d["rounds"][0]["tables"][1]["deals"][1].__setitem__("tricks", 11),
            "tricks_invalid",
            "rounds[0].tables[1].deals[1].tricks",
            "",
        ),
        (
            lambda d: d["rounds"][0]["tables"][1]["deals"][1].__setitem__("remainder_winner", 0),
            "remainder_winner_unexpected",
            "rounds[0].tables[1].deals[1].remainder_winner",
            "",
        ),
        (
            lambda d: d["rounds"][0]["tables"][1]["deals"][1].pop("board"),
            "document_invalid",
            "rounds[0].tables[1].deals[1].board",
            "names its board",
        ),
        (
            lambda d: d["rounds"][0]["tables"][2].__setitem__("fouled", [2, 2]),
            "document_invalid",
            "rounds[0].tables[2].fouled",
            "once each",
        ),
        (lambda d: d["options"].__setitem__("paulans", "last_deal"), "duplicate_option", "options.paulans", ""),
        (
            lambda d: d["options"].__setitem__("favourite.mode", "first_deal_trump"),
            "duplicate_option",
            "options.favourite.mode",
            "",
        ),
    ],
)
def test_a_bad_duplicate_document_is_refused_where_it_is_wrong(example, change, code, field, words):
    doc = copy.deepcopy(example)
    change(doc)
    error = refusal(doc)
    assert (error.code, error.field) == (code, field)
    assert words in error.message


def test_a_board_at_a_table_the_movement_did_not_send_it_to(example):
    # Two tables of one tour: table 1 plays set 1 (boards 1-4), table 2 set 2 (boards 5-8).
    example["options"]["session.tours"] = 1
    example["entrants"] = example["entrants"][:8]
    del example["rounds"][1]
    round_1 = example["rounds"][0]
    round_1["byes"] = []
    round_1["tables"] = round_1["tables"][:2]
    error = refusal(example)
    assert (error.code, error.field) == ("document_invalid", "rounds[0].tables[1].deals[0].board")
    assert error.message == "board 1 is not played at table 2: it goes to table 1 at stage 1"


def test_fouled_boards_belong_to_duplicate(example):
    example["tournament"] = {}
    for table in example["rounds"][0]["tables"]:
        for deal in table["deals"]:
            del deal["board"]
    del example["boards"]
    error = refusal(example)
    assert (error.code, error.field) == ("document_invalid", "rounds[0].tables[2].fouled")


def test_a_substitute_who_held_a_seat_for_most_deals_is_its_holder(example):
    # T-78, for the rating: Zoe held Cat's seat at table 1 from its first deal.
    example["rounds"][0]["tables"][0]["substitutes"] = [{"seat": 2, "name": "Zoe", "from_deal": 1}]
    table = score(parse_tournament(example)).rounds[0].tables[0]
    assert (table.holders, table.valid_deals) == ((1, 2, "Zoe", 4), 2)
    # Under the default substitute.score = entrant, Cat keeps the seat's score.
    assert standings_document(example)["standings"][3]["name"] == "Cat"


def test_the_document_written_back_reads_back_the_same(example):
    tournament = parse_tournament(example)
    written = tournament_json(tournament)
    assert parse_tournament(json.loads(json.dumps(written))) == tournament
    assert written["boards"] == example["boards"]
    assert written["rounds"][0]["tables"][2]["fouled"] == [2]
    assert written["rounds"][0]["tables"][0]["deals"] == example["rounds"][0]["tables"][0]["deals"]
    assert standings_document(written) == standings_document(example)


def test_the_command_line_scores_the_document():
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "standings", str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    out = json.loads(done.stdout)
    assert out["standings"][0] == {
        "place": "1",
        "entrant": 5,
        "name": "Eve",
        "total": "7.50",
        "scores": ["7.50"],
        "played": 1,
        "byes": 0,
        "absences": 0,
        "firsts": 1,
        "chips": 3,
        "tops": 2,
        "withdrawn_after": None,
        "percent": "93.75",
    }


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


EXAMPLE_PATHS = [path for path in _paths(json.loads(EXAMPLE.read_text())) if path]
JUNK = [None, True, -1, 0, 2, 99, 10**12, 1.5, "x", "AS", [], ["AS"], [[]], {}, {"board": 1}]


@settings(max_examples=300, deadline=None)
@given(changes=st.lists(st.tuples(st.sampled_from(EXAMPLE_PATHS), st.sampled_from(JUNK)), min_size=1, max_size=3))
def test_any_value_anywhere_is_scored_or_refused_with_an_engine_error(changes):
    doc = json.loads(EXAMPLE.read_text())
    for path, value in changes:
        node = doc
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = copy.deepcopy(value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took the path away
    doc = json.loads(json.dumps(doc))  # what a file can hold: object keys are text
    try:
        out = standings_document(doc)
    except EngineError as error:  # refused as a whole, with a stable code and words for people
        assert error.code.isidentifier() and error.message
    else:
        assert out["format"] == "quadrille-standings/1" and len(out["standings"]) == len(doc["entrants"])
