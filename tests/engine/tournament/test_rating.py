"""The games a tournament gives the rating (TOURNAMENTS.md §8, T-77 … T-79)."""

from __future__ import annotations

import json

from scorekeeper.engine import RuleSet
from scorekeeper.engine.tournament.document import parse_tournament, score
from scorekeeper.engine.tournament.rating import Game, rating_games
from scorekeeper.engine.tournament.scores import (
    RoundResult,
    ScoredRound,
    ScoredTable,
    TableResult,
    TournamentOptions,
    score_rounds,
)
from tests.engine.tournament.examples import ROUNDS, SPRING

PC = RuleSet.PARLETT_CHIPS


def games(rounds, options=None):
    options = options or TournamentOptions()
    return rating_games(score_rounds(rounds, options, PC), options)


def test_each_table_round_is_a_game_ranked_by_round_change():
    assert games(ROUNDS)[:2] == (
        Game(1, 1, (1, 3, 5, 7), (8, -24, -16, 32)),
        Game(1, 2, (2, 4, 6, 8), (4, -4, 24, -24)),
    )
    assert [(g.round, g.table) for g in games(ROUNDS)] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]


def test_under_contracts_the_table_order_is_by_contract_points():
    table = TableResult(1, (4, 1, 2, 3), (60, -4, -28, -28), (120, 0, -20, 0), valid_deals=4)
    assert games([RoundResult(1, (table,))], TournamentOptions(method="contracts")) == (
        Game(1, 1, (4, 1, 2, 3), (1440, 0, -240, 0)),
    )


def test_unfinished_tables_and_tables_without_a_whole_tour_are_not_rated():
    seats = (1, 2, 3, 4)
    rounds = [
        RoundResult(1, (TableResult(1, seats, (0, 0, 0, 0), valid_deals=0, short=True),)),
        RoundResult(2, (TableResult(1, seats, (4, -4, 0, 0), valid_deals=4, short=True),)),
        RoundResult(3, (TableResult(1, seats, (4, -4, 0, 0), valid_deals=6, complete=False),)),
        RoundResult(4, (TableResult(1, seats, None, complete=False),), started=False),
    ]
    assert games(rounds) == (Game(2, 1, seats, (4, -4, 0, 0)),)


def test_a_substitute_is_rated_when_he_held_the_seat_for_most_deals():
    doc = json.loads(SPRING.read_text())
    # Zoe took Ben's seat for deals 3 and 4 of four: equal counts, so Ben, who started, is rated.
    table = score(parse_tournament(doc)).rounds[1].tables[0]
    assert table.holders == (9, 5, 2, 7)
    doc["rounds"][1]["tables"][0]["substitutes"][0]["from_deal"] = 2
    result = score(parse_tournament(doc))
    found = rating_games(result.rounds, result.tournament.options)
    assert found[2] == Game(2, 1, (9, 5, "Zoe", 7), (-2, 4, -2, 0))
    assert len(found) == 4  # round 3 is only planned


def test_a_duplicate_round_is_one_game_of_everyone_who_played_it():
    tables = (
        ScoredTable(1, (1, 2, 3, 4), None, (350, 50, 350, 50), None, None),
        ScoredTable(2, (5, 6, 7, 8), None, (50, 350, 50, 350), None, None, holders=(5, 6, "Zoe", 8)),
    )
    options = TournamentOptions.from_mapping({"tournament.format": "duplicate"})
    assert rating_games([ScoredRound(1, tables)], options) == (
        Game(1, None, (1, 2, 3, 4, 5, 6, "Zoe", 8), (350, 50, 350, 50, 50, 350, 50, 350)),
    )
