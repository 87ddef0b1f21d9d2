"""The evening's standings over plain table results (engine.standings), worked by hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

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


@st.composite
def _evenings(draw):
    """Up to four rounds of one or two tables among ten players, balances close together so that ties abound."""
    start = draw(st.sampled_from((0, 40, 100)))
    results = []
    for round_ in range(1, draw(st.integers(1, 4)) + 1):
        seated = draw(st.permutations(range(1, 11)))
        for first in range(0, 4 * draw(st.integers(1, 2)), 4):
            balances = tuple(start + draw(st.integers(-2, 2)) for _ in range(4))
            results.append(TableResult(round_, tuple(seated[first : first + 4]), balances, draw(st.integers(0, 9))))
    checked = draw(st.lists(st.integers(1, 12), unique=True))
    sitouts = draw(st.dictionaries(st.integers(1, 12), st.integers(1, 3)))
    return start, results, checked, sitouts, draw(st.sampled_from((None, 1, 2)))


@settings(max_examples=300, deadline=None)
@given(_evenings())
def test_each_player_is_placed_one_below_those_strictly_ahead_of_him_and_listed_by_place(evening):
    start, results, checked, sitouts, round_ = evening
    standings = evening_standings(start=start, results=results, players=checked, sitouts=sitouts, round=round_)
    by_round: dict[int, dict[int, int]] = {player: {} for player in checked}
    for result in results:
        for player, balance in zip(result.players, result.balances, strict=True):
            changes = by_round.setdefault(player, {})
            changes[result.round] = changes.get(result.round, 0) + balance - start
    assert sorted(s.player for s in standings) == sorted(by_round)

    def worth(player):  # smaller is better: the score, then the latest round played, then fewer sit-outs
        changes = by_round[player]
        score = changes.get(round_, 0) if round_ else sum(changes.values())
        return (-score, -changes[max(changes)] if changes else 0, sitouts.get(player, 0))

    for s in standings:
        assert s.account == start + sum(by_round[s.player].values())
        assert s.rank == 1 + sum(worth(other) < worth(s.player) for other in by_round)
    assert [s.rank for s in standings] == sorted(s.rank for s in standings)
