"""The rating's properties on small made-up histories, and its update against openskill's Plackett-Luce."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from scorekeeper.analysis.rating import NEW, Rating, plackett_luce, ranks, rate


def test_ranks_share_places_on_equal_changes():
    assert ranks([10, -4, 10, -16]) == [1, 3, 1, 4]
    assert ranks([0, 0, 0, 0]) == [1, 1, 1, 1]


def test_a_new_player_starts_at_zero_and_the_winner_gains():
    assert NEW.value == 0
    run = rate([("e1", ("a", "b", "c", "d"), (30, 0, -10, -20))])
    values = [run.of(p).value for p in "abcd"]
    assert values == sorted(values, reverse=True)
    assert run.of("a").mu > NEW.mu > run.of("d").mu
    assert run.of("a").sigma < NEW.sigma  # every game makes the model surer
    assert run.games == 1


def test_a_win_against_stronger_players_moves_the_rating_more():
    # Build strong players s1..s3 (they beat w1..w3 often) and keep the weak ones weak.
    history = [(f"e{i}", ("s1", "s2", "w1", "w2"), (20, 10, -10, -20)) for i in range(4)]
    history += [(f"f{i}", ("s3", "w3", "w1", "w2"), (20, 10, -10, -20)) for i in range(4)]
    base = rate(history)
    assert base.of("s1").mu > base.of("w1").mu
    # Two newcomers with identical records so far win one table each: x against the strong, y against the weak.
    strong = rate([*history, ("g", ("x", "s1", "s2", "s3"), (30, -10, -10, -10))])
    weak = rate([*history, ("g", ("y", "w1", "w2", "w3"), (30, -10, -10, -10))])
    assert strong.of("x").mu - NEW.mu > weak.of("y").mu - NEW.mu
    # and losing to the weak costs more than losing to the strong
    lose_strong = rate([*history, ("g", ("x", "s1", "s2", "s3"), (-30, 10, 10, 10))])
    lose_weak = rate([*history, ("g", ("y", "w1", "w2", "w3"), (-30, 10, 10, 10))])
    assert NEW.mu - lose_weak.of("y").mu > NEW.mu - lose_strong.of("x").mu


def test_only_the_order_at_the_table_counts():
    small = rate([("e", ("a", "b", "c", "d"), (3, 1, -1, -3))])
    large = rate([("e", ("a", "b", "c", "d"), (300, 1, -1, -300))])
    assert small.ratings == large.ratings


def test_history_keeps_one_point_per_event():
    run = rate(
        [
            ("e1", ("a", "b", "c", "d"), (4, 0, 0, -4)),
            ("e1", ("a", "b", "c", "d"), (4, 0, 0, -4)),  # a second round the same evening
            ("e2", ("a", "b", "c", "d"), (-4, 0, 0, 4)),
        ]
    )
    assert [event for event, _ in run.history["a"]] == ["e1", "e2"]
    assert run.history["a"][-1][1] == run.of("a").value
    assert run.history["a"][0][1] > run.history["a"][1][1]


def test_going_on_from_a_run_gives_the_same_ratings_as_one_run():
    games = [(f"e{i}", ("a", "b", "c", "d")[i % 2 :] + ("e", "f")[: i % 2], (i, 0, -i, 1)) for i in range(6)]
    whole = rate(games)
    first = rate(games[:4])
    kept = first.copy()
    assert rate(games[4:], first).ratings == whole.ratings
    assert kept.games == 4 and kept.ratings != whole.ratings  # the copy was left as it was


@pytest.mark.parametrize("seed", range(20))
def test_the_update_is_openskills_plackett_luce(seed):
    model = PlackettLuce()
    rng = random.Random(seed)
    ratings = [Rating(rng.uniform(15, 35), rng.uniform(1, 8.4)) for _ in range(4)]
    places = ranks([rng.choice((-20, -5, 0, 5, 20)) for _ in range(4)])  # ties included
    expected = model.rate([[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings], ranks=places)
    for mine, (theirs,) in zip(plackett_luce(ratings, places), expected, strict=True):
        assert mine.mu == pytest.approx(theirs.mu, abs=1e-9)
        assert mine.sigma == pytest.approx(theirs.sigma, abs=1e-9)
