"""The tournament document (TOURNAMENTS.md T-82) and the standings it gives (T-83).

`documents/spring-open.json`: nine entrants, two rounds of one tour each and a third only planned. Two tours are
played, each twice: [Q] PC-6 with Dan at seat 0 (round changes +60, -4, -28, -28: scores 84, 4, -44, -44), and
four alliances won with six tricks and no bonus (-2, +4, -2, 0: scores -18, 28, -18, 8).
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import EngineError, RuleSet, settle_document
from scorekeeper.engine.tournament.document import parse_tournament, score, standings_document, tournament_json
from tests.engine.tournament.examples import SPRING, random_document


@pytest.fixture
def spring() -> dict:
    return json.loads(SPRING.read_text())


def refusal(doc: dict) -> tuple[str, str | None]:
    with pytest.raises(EngineError) as refused:
        standings_document(doc)
    return refused.value.code, refused.value.field


def test_the_rounds_are_settled_and_scored(spring):
    out = standings_document(spring)
    assert out["format"] == "quadrille-standings/1"
    assert out["method"] == "placement+chips"
    round_1, round_2, round_3 = out["rounds"]
    assert round_1["tables"] == [
        {"table": 1, "changes": [60, -4, -28, -28], "scores": ["84", "4", "-44", "-44"]},
        {"table": 2, "changes": [-2, 4, -2, 0], "scores": ["-18", "28", "-18", "8"]},
    ]
    # Ivy's bye in round 1 is her average: she has played round 2 only, -18.
    assert round_1["byes"] == [{"entrant": 9, "score": "-18"}]
    assert round_2["byes"] == [{"entrant": 4, "score": "84"}]
    assert round_3 == {
        "round": 3,
        "tables": [{"table": 1, "changes": None, "scores": None}, {"table": 2, "changes": None, "scores": None}],
        "byes": [{"entrant": 9, "score": None}],
    }


def test_the_standings_of_the_document(spring):
    out = standings_document(spring)
    # A round only planned makes the standings provisional.
    assert out["provisional"] is True
    assert [(r["place"], r["name"], r["total"], r["scores"]) for r in out["standings"]] == [
        ("1", "Dan", "168", ["84", "84"]),
        ("2", "Ann", "88", ["4", "84"]),
        ("3", "Eve", "10", ["-18", "28"]),
        ("4", "Gus", "-10", ["-18", "8"]),
        ("5", "Fay", "-16", ["28", "-44"]),
        ("6", "Ivy", "-36", ["-18", "-18"]),  # ahead of Hal on chips, -2 > -28
        ("7", "Hal", "-36", ["8", "-44"]),
        ("8", "Cat", "-40", ["-44", "4"]),
        ("9", "Ben", "-62", ["-44", "-18"]),
    ]
    ivy = out["standings"][5]
    assert ivy == {
        "place": "6",
        "entrant": 9,
        "name": "Ivy",
        "total": "-36",
        "scores": ["-18", "-18"],
        "played": 1,
        "byes": 1,
        "absences": 0,
        "firsts": 0,
        "chips": -2,
        "tops": None,
        "withdrawn_after": None,
    }
    assert out["teams"] == [
        {"place": "1", "team": "Kings", "members": [4, 5], "total": "178"},
        {"place": "2", "team": "Aces", "members": [1, 9], "total": "52"},
    ]


def test_fractions_are_shown_as_mixed_fractions(spring):
    spring["tournament"] = {"tournament.method": "placement", "placement.points": "top_heavy"}
    out = standings_document(spring)
    # Round 1, table 1: Dan first 4, Ann second 2, Ben and Cat share third and fourth: 1/2 each.
    assert out["rounds"][0]["tables"][0]["scores"] == ["4", "2", "1/2", "1/2"]
    rows = {r["name"]: r for r in out["standings"]}
    assert rows["Cat"]["total"] == "2 1/2"  # 1/2, then second at the alliances' table (2)
    assert rows["Ben"]["total"] == "1"  # 1/2 and 1/2
    # Ivy's bye: the average of 1/2 rounded to 1 (half away from zero).
    assert rows["Ivy"]["scores"] == ["1", "1/2"]


def test_the_standings_after_round_1(spring):
    out = standings_document(spring, through_round=1)
    assert [r["round"] for r in out["rounds"]] == [1]
    rows = {r["name"]: r for r in out["standings"]}
    # Ivy has played nothing yet: her bye scores 0.
    assert rows["Ivy"]["scores"] == ["0"]
    assert rows["Dan"]["place"] == "1" and rows["Dan"]["total"] == "84"


def test_a_finished_tournament_is_not_provisional(spring):
    spring["rounds"] = spring["rounds"][:2]
    assert standings_document(spring)["provisional"] is False


def test_a_table_still_playing_is_provisional_and_counts_its_deals(spring):
    spring["options"] = {"session.tours": 2}
    out = standings_document(spring)
    assert out["provisional"] is True
    assert out["rounds"][0]["tables"][0]["changes"] == [60, -4, -28, -28]


def test_a_short_table_ends_after_a_whole_tour(spring):
    spring["options"] = {"session.tours": 2}
    spring["rounds"] = spring["rounds"][:2]
    for r in spring["rounds"]:
        for t in r["tables"]:
            t["short"] = True
    assert standings_document(spring)["provisional"] is False
    spring["rounds"][1]["tables"][1]["deals"].pop()
    assert refusal(spring) == ("document_invalid", "rounds[1].tables[1].short")


def test_a_short_table_with_no_deal_has_round_changes_of_zero(spring):
    spring["rounds"] = spring["rounds"][:2]
    spring["rounds"][1]["tables"][1].update(deals=[], short=True)
    out = standings_document(spring)
    assert out["rounds"][1]["tables"][1] == {"table": 2, "changes": [0, 0, 0, 0], "scores": ["0", "0", "0", "0"]}


def test_a_started_table_without_a_deal_scores_nothing_yet(spring):
    spring["rounds"][1]["tables"][1]["deals"] = [{"dealer": 0, "void": True}]
    out = standings_document(spring)
    assert out["rounds"][1]["tables"][1] == {"table": 2, "changes": None, "scores": None}
    ann = next(r for r in out["standings"] if r["name"] == "Ann")
    assert (ann["scores"], ann["played"]) == (["4"], 1)


def test_the_substitute_scores_for_the_entrant_or_as_an_absence(spring):
    ben = next(r for r in standings_document(spring)["standings"] if r["name"] == "Ben")
    assert (ben["total"], ben["played"]) == ("-62", 2)
    spring["tournament"]["substitute.score"] = "absent"
    ben = next(r for r in standings_document(spring)["standings"] if r["name"] == "Ben")
    assert (ben["total"], ben["played"], ben["absences"]) == ("-44", 1, 1)


def test_contracts_from_the_document(spring):
    spring["tournament"] = {"tournament.method": "contracts"}
    out = standings_document(spring)
    # §9.7: the PC-6 tour scores Ann 0, Ben -20, Cat 0, Dan 120; seats here are Dan, Ann, Ben, Cat.
    assert out["rounds"][0]["tables"][0]["scores"] == ["120", "0", "-20", "0"]
    # Four alliances won: each side's two players score 50 + 5, the defenders 0.
    assert out["rounds"][0]["tables"][1]["scores"] == ["55", "220", "55", "110"]


def test_the_seed_is_checked_against_its_commitment(spring):
    spring["seed"] = "3F9C2A7E5B1D4C6A8E0F2B4D6A8C0E1F"
    assert parse_tournament(spring).seed == "3f9c2a7e5b1d4c6a8e0f2b4d6a8c0e1f"
    spring["seed"] = "3f9c2a7e5b1d4c6a8e0f2b4d6a8c0e10"
    assert refusal(spring) == ("document_invalid", "seed")


def test_the_lot_uses_the_revealed_seed(spring):
    spring["rounds"] = spring["rounds"][:1]
    spring["tournament"]["tiebreak.last"] = "lot"
    spring["seed"] = "3f9c2a7e5b1d4c6a8e0f2b4d6a8c0e1f"
    places = {r["name"]: r["place"] for r in standings_document(spring)["standings"]}
    # Ben and Cat (-44, no first, chips -28, met and tied) are separated by the lot alone.
    assert places["Ben"] != places["Cat"] and {places["Ben"], places["Cat"]} == {"8", "9"}
    spring["seed"] = None
    places = {r["name"]: r["place"] for r in standings_document(spring)["standings"]}
    assert places["Ben"] == places["Cat"] == "=8"


def test_withdrawn_entrants_in_the_document(spring):
    spring["rounds"] = spring["rounds"][:2]
    spring["rounds"][1]["byes"] = []
    spring["entrants"][3]["withdrawn_after"] = 1  # Dan
    row = next(r for r in standings_document(spring)["standings"] if r["name"] == "Dan")
    assert (row["place"], row["total"], row["absences"], row["withdrawn_after"]) == ("2", "84", 1, 1)
    spring["tournament"]["withdrawn"] = "unranked"
    out = standings_document(spring)["standings"]
    assert (out[-1]["name"], out[-1]["place"]) == ("Dan", "")
    # Unranked, his total still counts for his team (T-83).
    assert standings_document(spring)["teams"][0] == {"place": "1", "team": "Kings", "members": [4, 5], "total": "94"}
    spring["rounds"][1]["byes"] = [4]
    assert refusal(spring) == ("document_invalid", "rounds[1].byes[0]")


def test_the_parsed_tournament_keeps_what_an_export_needs(spring):
    tournament = parse_tournament(spring)
    assert (tournament.name, tournament.date, tournament.session.start) == ("Spring open", "2026-04-18", 40)
    assert tournament.teams == (("Aces", (1, 9)), ("Kings", (4, 5)))
    assert tournament.keep_apart == ((2, 8),)
    assert tournament.rounds[1].tables[0].substitutes[0].name == "Zoe"
    assert tournament.rounds[2].started is False and tournament.rounds[2].session == 2
    assert len(score(tournament).rounds) == 3


def test_a_document_written_back_reads_the_same(spring):
    spring["entrants"][3]["withdrawn_after"] = 3
    spring["rounds"][0]["tables"][1]["short"] = False
    spring["tournament"] = {
        "tournament.method": "placement+chips",
        "placement.points": [5, 2, 0, 0],
        "withdrawn": "unranked",
    }
    spring["options"] = {"session.tours": 1, "favourite.mode": "drawn_card"}
    spring["favourite_suit"] = "H"
    tournament = parse_tournament(spring)
    written = tournament_json(tournament)
    assert parse_tournament(json.loads(json.dumps(written))) == tournament
    assert written["tournament"] == {"placement.points": [5, 2, 0, 0], "withdrawn": "unranked"}
    assert written["entrants"][3] == {"number": 4, "name": "Dan", "withdrawn_after": 3}
    assert written["rounds"][1]["tables"][0]["substitutes"] == [{"seat": 2, "name": "Zoe", "from_deal": 3}]
    assert written["rounds"][0]["tables"][0]["deals"] == spring["rounds"][0]["tables"][0]["deals"]
    assert standings_document(written) == standings_document(spring)


# --- Refused as a whole, with the field at fault ------------------------------------------------------------------


def test_a_deal_the_engine_refuses_is_named_by_round_table_and_deal(spring):
    spring["rounds"][1]["tables"][1]["deals"][2]["tricks"] = 11
    assert refusal(spring) == ("tricks_invalid", "rounds[1].tables[1].deals[2].tricks")


def test_a_deal_that_does_not_parse_is_named_too(spring):
    spring["rounds"][0]["tables"][1]["deals"][3]["contract"] = "grand"
    assert refusal(spring) == ("contract_invalid", "rounds[0].tables[1].deals[3].contract")
    spring["rounds"][0]["tables"][1]["deals"][3] = 7
    assert refusal(spring) == ("deal_invalid", "rounds[0].tables[1].deals[3]")


def test_seat_0_deals_first(spring):
    deals = spring["rounds"][0]["tables"][0]["deals"]
    spring["rounds"][0]["tables"][0]["deals"] = [{"dealer": 3, "void": True}, *deals]
    assert refusal(spring) == ("dealer_out_of_turn", "rounds[0].tables[0].deals[0].dealer")


def test_a_table_round_has_no_more_than_its_deals(spring):
    spring["rounds"][0]["tables"][0]["deals"].append(spring["rounds"][0]["tables"][1]["deals"][0])
    assert refusal(spring) == ("document_invalid", "rounds[0].tables[0].deals")


@pytest.mark.parametrize(
    ("key", "value"),
    [("pc.session_end_pot", "carry_over"), ("pc.session_end_pot", "play_on_until_won")],
)
def test_an_end_rule_other_than_split_equally_is_refused(spring, key, value):
    spring["options"][key] = value
    assert refusal(spring) == ("tournament_end_rule", f"options.{key}")


def test_an_option_outside_appendix_t_is_refused_by_name(spring):
    spring["tournament"]["bye.score"] = "median"
    assert refusal(spring) == ("document_invalid", "tournament.bye.score")
    spring["tournament"] = {"seating.by_standings": 4}
    assert refusal(spring) == ("document_invalid", "tournament.seating.by_standings")


def test_interchange_codes_for_what_the_interchange_defines(spring):
    assert refusal({**spring, "ruleset": "whist"}) == ("ruleset_invalid", "ruleset")
    assert refusal({**spring, "options": {"pc.ante": "all_in"}}) == ("option_invalid", "options.pc.ante")
    assert refusal({**spring, "start": "forty"}) == ("start_invalid", "start")
    assert refusal({**spring, "format": "quadrille-deals/1"}) == ("format_invalid", "format")
    drawn = {**spring, "options": {"session.tours": 1, "favourite.mode": "drawn_card"}}
    assert refusal(drawn) == ("favourite_suit_required", "favourite_suit")
    assert standings_document({**drawn, "favourite_suit": "H"})["rounds"][0]["tables"][0]["changes"] == [
        60,
        -4,
        -28,
        -28,
    ]


def test_a_duplicate_tournament_needs_each_deals_board_and_duplicate_options(spring):
    spring["tournament"] = {"tournament.format": "duplicate"}
    assert refusal(spring) == ("document_invalid", "rounds[0].tables[0].deals[0].board")
    spring["options"]["paulans"] = "last_tour"
    assert refusal(spring) == ("duplicate_option", "options.paulans")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["rounds"][0]["tables"][1]["seats"].__setitem__(0, 1), "rounds[0].tables[1].seats[0]"),
        (lambda d: d["rounds"][0]["tables"][1]["seats"].__setitem__(0, 10), "rounds[0].tables[1].seats[0]"),
        (lambda d: d["rounds"][0]["byes"].append(1), "rounds[0].byes[1]"),
        (lambda d: d["rounds"][0].__setitem__("byes", [9, 10, 11, 12]), "rounds[0].byes[1]"),
        (lambda d: d["keep_apart"].append([4, 3]), "rounds[0].tables[0].seats"),
        (lambda d: d["teams"].__setitem__("Aces", [1, 2]), "rounds[0].tables[0].seats"),
        (lambda d: d["teams"].__setitem__("Jacks", [6, 7, 8]), "teams.Jacks"),
        (lambda d: d["teams"].__setitem__("Jacks", [5, 6]), "teams.Jacks"),
        (lambda d: d["rounds"][1].__setitem__("round", 3), "rounds[1].round"),
        (lambda d: d["rounds"][0].__setitem__("round", True), "rounds[0].round"),
        (lambda d: d["rounds"][1].__setitem__("session", 3), "rounds[1].session"),
        (
            lambda d: d["rounds"][2]["tables"][0].__setitem__("deals", [{"dealer": 0, "void": True}]),
            "rounds[2].tables[0]",
        ),
        (lambda d: d["rounds"][0].__setitem__("started", False), "rounds[0].tables[0]"),
        (lambda d: d["rounds"].append({"round": 4, "session": 2, "tables": []}), "rounds[3].started"),
        (
            lambda d: d["rounds"][1]["tables"][0]["substitutes"][0].__setitem__("from_deal", 6),
            "rounds[1].tables[0].substitutes[0].from_deal",
        ),
        (lambda d: d["rounds"][1]["tables"][0].__setitem__("host", "Ann"), "rounds[1].tables[0].host"),
        (lambda d: d["entrants"].append({"number": 3, "name": "Cy"}), "entrants[9].number"),
        (lambda d: d["entrants"][0].__setitem__("name", " "), "entrants[0].name"),
        (lambda d: d.__setitem__("date", "18/04/2026"), "date"),
        (lambda d: d.__setitem__("boards", [{"board": 1}]), "boards"),
        (lambda d: d.__setitem__("venue", "Club"), "venue"),
    ],
)
def test_a_bad_document_is_refused_with_the_field_at_fault(spring, change, field):
    doc = copy.deepcopy(spring)
    change(doc)
    code, at = refusal(doc)
    assert (code, at) == ("document_invalid", field)


def test_a_byes_count_beyond_three_is_refused(spring):
    spring["entrants"] += [{"number": n, "name": f"E{n}"} for n in (10, 11, 12)]
    spring["rounds"][0]["byes"] = [9, 10, 11, 12]
    assert refusal(spring) == ("document_invalid", "rounds[0].byes")


# --- Invariants over random documents -----------------------------------------------------------------------------

SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)
RULESETS = st.sampled_from(list(RuleSet))
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(SEEDED, RULESETS)
def test_round_changes_are_the_interchange_s_closing_balances(rng, ruleset):
    doc = random_document(rng, ruleset)
    out = standings_document(doc)
    for raw, scored in zip(doc["rounds"], out["rounds"], strict=True):
        for table, result in zip(raw["tables"], scored["tables"], strict=True):
            ledger = settle_document(
                {
                    "format": "quadrille-deals/1",
                    "ruleset": doc["ruleset"],
                    "options": doc["options"],
                    "players": [str(s) for s in table["seats"]],
                    "start": 40,
                    "close": True,
                    "deals": table["deals"],
                }
            )
            assert result["changes"] == [b - 40 for b in ledger.closing.balances]


@PROPERTY
@given(SEEDED, RULESETS, st.sampled_from(["chips", "placement", "placement+chips", "contracts"]))
def test_a_random_document_reads_back_and_ranks_everyone(rng, ruleset, method):
    doc = random_document(rng, ruleset)
    doc["tournament"] = {"tournament.method": method}
    tournament = parse_tournament(doc)
    assert parse_tournament(json.loads(json.dumps(tournament_json(tournament)))) == tournament
    out = standings_document(doc)
    assert out["provisional"] is False
    assert sorted(r["entrant"] for r in out["standings"]) == list(range(1, 9))
    # Linear place points are zero-sum at every table; chips only where the rule set is (T-7).
    if method == "placement" or (method != "contracts" and ruleset.zero_sum):
        assert sum(score(tournament).standings.row(n).total for n in range(1, 9)) == 0
