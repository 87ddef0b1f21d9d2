"""A simulated club evening: 14 players (three tables of four, two sit out each round), two rounds of two
tours, random valid deals through the same services as the pages."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random

import pytest

from scorekeeper.clubs.services import player_create
from scorekeeper.engine.simulate import random_deal
from scorekeeper.events.models import SitOut
from scorekeeper.events.selectors import event_summary, seats_history
from scorekeeper.events.services import (
    NotEnoughPlayers,
    RoundNotFinished,
    checkin_set,
    event_close,
    event_create,
    seat_draw,
)
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record, table_end_round
from tests.factories import make_club

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kay", "Lou", "Max", "Ned"]


def play_tours(table, rng, tours: int, after_each) -> None:
    while table_ledger(table=table, explain=False).state.number < 4 * tours:
        view = table_ledger(table=table, explain=False)
        state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
        deal_record(table=table, position=view.next_position, record=random_deal(rng, view.session, state))
        after_each()


def evening(ruleset: str, start: int, seed: int, options=None):
    club = make_club()
    players = [player_create(club=club, name=n) for n in NAMES]
    event = event_create(
        club=club,
        name="Evening",
        date=dt.date(2026, 11, 19),
        ruleset=ruleset,
        start=start,
        options={"session.tours": 2, **(options or {})},
        rounds=2,
    )
    for p in players:
        checkin_set(event=event, player=p, present=True)
    return event, players, random.Random(seed)


@pytest.mark.parametrize(
    ("ruleset", "start", "options"),
    [
        ("parlett-chips", 40, None),
        (
            "parlett-chips",
            40,
            {"pc.session_end_pot": "carry_over", "pc.codille_three_indivisible": "floor_remainder_stays"},
        ),
        ("modern-chips", 40, None),
        ("britannica-counters", 400, None),
        ("britannica-counters", 400, {"bc.same_deal_beasts": "separate", "bc.session_end": "carry_over"}),
    ],
)
def test_every_chip_is_accounted_for_at_every_moment(ruleset, start, options):
    event, players, rng = evening(ruleset, start, seed=len(ruleset) + start, options=options)

    def check() -> None:
        summary = event_summary(event=event)
        assert summary.chips_brought == 14 * start
        assert sum(a.account for a in summary.accounts) + summary.on_tables == 14 * start

    for method in ("random", "standings"):
        tables, out = seat_draw(event=event, method=method, rng=rng)
        assert len(tables) == 3 and len(out) == 2
        check()
        for table in tables:
            play_tours(table, rng, 2, check)
            table_end_round(table=table)
            check()
    summary = event_summary(event=event)
    assert [t.deals for t in summary.tables] == [8] * 6
    if not options:  # split_equally: nothing is left on the tables once every round has ended
        assert summary.on_tables == 0
    event_close(event=event)
    check()


def test_parlett_points_accounts_add_each_tables_points():
    event, players, rng = evening("parlett-points", 0, seed=7)
    for method in ("random", "random"):
        tables, _ = seat_draw(event=event, method=method, rng=rng)
        for table in tables:
            play_tours(table, rng, 2, lambda: None)
            table_end_round(table=table)
    summary = event_summary(event=event)
    total_points = 0
    for t in summary.tables:
        total_points += sum(table_ledger(table=t.table, explain=False).state.balances)
    assert sum(a.account for a in summary.accounts) == total_points  # points are made, not moved
    assert summary.on_tables == 0


def test_seat_draw_seats_everyone_spreads_sit_outs_and_avoids_repeated_foursomes():
    event, players, rng = evening("parlett-chips", 40, seed=3)
    seen_out: list[int] = []
    for _ in range(4):
        tables, out = seat_draw(event=event, method="random", rng=rng)
        seated = [p.pk for t in tables for p in t.players]
        assert sorted(seated + [p.pk for p in out]) == sorted(p.pk for p in players)
        assert len(set(seated)) == 12
        seen_out += [p.pk for p in out]
        for table in tables:
            table.ended_at = dt.datetime(2026, 11, 19, 22, tzinfo=dt.UTC)
            table.save()
    counts = [seen_out.count(p.pk) for p in players]
    assert sorted(counts) == [0] * 6 + [1] * 8  # 8 sit-outs over 4 rounds: nobody twice
    history = seats_history(event=event)
    foursomes = [g for groups in history.values() for g in groups]
    assert len(foursomes) == len(set(foursomes))


def test_cards_draw_seats_king_queen_knave_ace_and_the_ace_deals():
    event, players, rng = evening("parlett-chips", 40, seed=11)
    tables, _ = seat_draw(event=event, method="cards", rng=rng)
    for table in tables:
        table.refresh_from_db()
        assert table.drawn_cards == "KQJA" and table.first_dealer == 3


def test_a_new_round_waits_for_every_table_and_tables_end_only_after_whole_tours():
    event, players, rng = evening("parlett-chips", 40, seed=5)
    tables, _ = seat_draw(event=event, method="random", rng=rng)
    with pytest.raises(RoundNotFinished):
        seat_draw(event=event, method="random", rng=rng)
    view = table_ledger(table=tables[0], explain=False)
    deal_record(
        table=tables[0],
        position=1,
        record=random_deal(
            rng, view.session, dataclasses.replace(view.state, next_dealer=view.next_dealer), void_rate=0
        ),
    )
    from scorekeeper.engine import EngineError

    with pytest.raises(EngineError) as caught:
        table_end_round(table=tables[0])
    assert caught.value.code == "tour_unfinished"
    summary = event_summary(event=event)
    assert summary.tables[0].unfinished_tour and not summary.tables[0].can_end
    assert SitOut.objects.filter(event=event).count() == 2


def test_fewer_than_four_players_cannot_be_seated():
    club = make_club()
    event = event_create(club=club, name="Quiet", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    for name in ("Ann", "Ben", "Cat"):
        checkin_set(event=event, player=player_create(club=club, name=name), present=True)
    with pytest.raises(NotEnoughPlayers):
        seat_draw(event=event)
