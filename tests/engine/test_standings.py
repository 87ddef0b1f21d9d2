"""The evening's standings over plain table results (engine.standings), worked by hand."""

from __future__ import annotations

from scorekeeper.engine.standings import TableResult, evening_standings

# Two rounds from 40 each. Round 1: PC-6 at players 1-4 (36 12 12 100), a table of 5-8 that ends level.
# Round 2: players 1, 5, 2, 6 (50 30 40 40); 7 and 8 sit out; 9 is checked in and sits out both rounds.
RESULTS = (
    TableResult(round=1, players=(1, 2, 3, 4), balances=(36, 12, 12, 100), deals=4),
    TableResult(round=1, players=(5, 6, 7, 8), balances=(40, 40, 40, 40), deals=4),
    TableResult(round=2, players=(1, 5, 2, 6), balances=(50, 30, 40, 40), deals=8),
)
SITOUTS = {7: 1, 8: 1, 9: 2}


def _places(standings):
    return [(s.player, s.rank) for s in standings]


def test_the_overall_standings_add_each_players_tables_and_break_ties_by_the_latest_round_then_sit_outs():
    standings = evening_standings(start=40, results=RESULTS, players=range(1, 10), sitouts=SITOUTS)
    # 4: +60; 1: -4 +10; 6, 7, 8, 9 level at 0 (6 sat out nothing, 7 and 8 once, 9 twice); 5: -10;
    # 2 and 3 at -28, 2's latest round (0) better than 3's (-28).
    assert _places(standings) == [(4, 1), (1, 2), (6, 3), (7, 4), (8, 4), (9, 6), (5, 7), (2, 8), (3, 9)]
    first = standings[1]
    assert (first.account, first.change, first.by_round, first.deals) == (46, 6, ((1, -4), (2, 10)), 12)
    assert standings[5].by_round == () and standings[5].account == 40 and standings[5].sitouts == 2


def test_a_rounds_standings_rank_that_rounds_changes():
    standings = evening_standings(start=40, results=RESULTS, players=range(1, 10), sitouts=SITOUTS, round=2)
    # Round 2: 1 +10; then 0 for everyone but 5 (-10), ordered by the latest round played: 4's +60 first, then
    # 0 for 2 and 6 (no sit-out), 7 and 8 (one), 9 (two, no round played), then 3's -28; 5 last.
    assert _places(standings) == [(1, 1), (4, 2), (2, 3), (6, 3), (7, 5), (8, 5), (9, 7), (3, 8), (5, 9)]


def test_players_who_share_a_place_are_listed_in_the_order_asked_for():
    names = {5: "Zoë", 6: "Abel", 7: "Mia", 8: "Ben"}
    results = RESULTS[1:2]
    standings = evening_standings(start=40, results=results, order=names.__getitem__)
    assert [s.player for s in standings] == [6, 8, 7, 5] and {s.rank for s in standings} == {1}


def test_the_accounts_and_what_is_on_the_tables_add_up_to_the_chips_brought():
    standings = evening_standings(start=40, results=RESULTS, players=range(1, 10))
    assert sum(s.account for s in standings) == 9 * 40
