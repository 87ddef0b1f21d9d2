"""The analysis pages on a small hand-worked history: three evenings at which the PC-6 deals of the spec are
played (changes -4 / -28 / -28 / +60 for seats 1 to 4), with Eve in seat 1 at the second 2026 evening.

    2025-10-01  Ann  Ben  Cat  Dan
    2026-03-05  Ann  Ben  Cat  Dan
    2026-04-02  Eve  Ben  Cat  Dan
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.analysis.models import TableDigest
from scorekeeper.analysis.selectors import event_analysis, ladder, player_analysis
from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import event_create
from scorekeeper.reports import gather
from scorekeeper.tables.services import deal_correct, deal_record, table_create
from tests.factories import make_club, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def play_evening(club, date, seats, name="Evening"):
    event = event_create(club=club, name=name, date=date, ruleset="parlett-chips")
    table = table_create(event=event, number=1, players=seats, first_dealer=3)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return event, table


@pytest.fixture
def history():
    director = make_user()
    club = make_club(directors=[director])
    ann, ben, cat, dan, eve = (player_create(club=club, name=n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))
    play_evening(club, dt.date(2025, 10, 1), [ann, ben, cat, dan], "October")
    march, _ = play_evening(club, dt.date(2026, 3, 5), [ann, ben, cat, dan], "March")
    april, table = play_evening(club, dt.date(2026, 4, 2), [eve, ben, cat, dan], "April")
    people = {"ann": ann, "ben": ben, "cat": cat, "dan": dan, "eve": eve}
    return {"director": director, "club": club, "march": march, "april": april, "table": table, **people}


def test_season_ladder(history):
    board = ladder(club=history["club"], year=2026)
    lines = [(line.rank, line.player.name, line.chips, line.deals, line.events) for line in board.sections[0].lines]
    assert lines == [
        (1, "Dan", 120, 8, 2),
        (2, "Ann", -4, 4, 1),  # level with Eve on chips and events: they share the place
        (2, "Eve", -4, 4, 1),
        (4, "Ben", -56, 8, 2),
        (4, "Cat", -56, 8, 2),
    ]
    assert (board.events, board.tables, board.deals) == (2, 2, 8)
    assert board.sections[0].lines[0].per_deal == 15
    # Dan won all three tables (2025 included): the best rating, and it rose over 2026.
    (by_rating,) = (s.lines for s in ladder(club=history["club"], year=2026, order="rating").sections)
    assert by_rating[0].player.name == "Dan" and by_rating[0].rating_change > 0
    assert by_rating[0].rating.value > max(line.rating.value for line in by_rating[1:])
    # The season's chart: from the rating each had before 2026, then after March and after April.
    series = board.rating_series
    assert sorted(series) == ["Ann", "Ben", "Cat", "Dan", "Eve"] and all(len(v) == 3 for v in series.values())
    assert series["Dan"][0] < series["Dan"][1] < series["Dan"][2]
    assert series["Eve"][:2] == [0, 0]  # new in April
    assert series["Ann"][1] == series["Ann"][2]  # did not play in April: carried


def test_player_figures_over_every_event_and_one_season(history):
    cat = player_analysis(player=history["cat"])
    f = cat.figures
    assert (len(f.events), f.tables, f.deals, f.chips, f.hombre) == (3, 3, 12, -84, 3)
    assert (f.contracts["alliance"].played, f.contracts["alliance"].remise) == (3, 3)
    [dan] = cat.called
    assert (dan.player.name, dan.results.played, dan.results.made, dan.results.remise, dan.results.chips) == (
        "Dan",
        3,
        0,
        3,
        -87,
    )
    assert [(e.name, chips) for e, chips in cat.chips_history] == [("October", -28), ("March", -56), ("April", -84)]
    assert [e.name for e, _ in cat.rating_history] == ["October", "March", "April"]
    assert cat.years == [2026, 2025]
    season = player_analysis(player=history["cat"], year=2026)
    assert (len(season.figures.events), season.figures.chips) == (2, -56)
    assert [e.name for e, _ in season.rating_history] == ["March", "April"]
    dan_page = player_analysis(player=history["dan"])
    assert [(p.player.name, p.results.played, p.results.chips) for p in dan_page.called_by] == [("Cat", 3, -3)]
    assert dan_page.rating_rank == 1 and dan_page.rated_players == 5


def test_a_correction_is_seen_at_once(history):
    ladder(club=history["club"], year=2026)  # digests made
    deal = history["table"].deals.get(position=2)
    deal_correct(deal=deal, record=dataclasses.replace(PC6[1], tricks=5), reason="five tricks, not three")
    # PC-6 with deal 2 a remise: 32 / 24 / 8 / 96 (worked in the table-entry tests).
    (chips,) = ladder(club=history["club"], year=2026).sections
    lines = {line.player.name: line.chips for line in chips.lines}
    assert lines == {"Eve": -8, "Ann": -4, "Ben": -28 - 16, "Cat": -28 - 32, "Dan": 60 + 56}


def test_event_analysis_splits_each_change(history):
    a = event_analysis(event=history["april"])
    assert [(line.player.name, line.figures.chips, line.made) for line in a.players] == [
        ("Dan", 60, "1/1"),
        ("Eve", -4, "0/1"),
        ("Ben", -28, "0/1"),
        ("Cat", -28, "0/1"),
    ]
    # Stakes are each change less the deal's change on a fresh table (-5 -1 -1 -1; -1 -9 -1 -1; -1 -1 -5 -1;
    # -1 -1 -1 +3, worked in test_figures): Eve +4 (Ben's codille shared out), Ben -16 (his 12 taken), Cat -20
    # (the 4 shared, 24 more put up), Dan +60 (the 4 shared and the 56 carried). The parts add up to the change.
    stakes = {line.player.name: line.figures.split.stakes for line in a.players}
    assert stakes == {
        "Dan": pytest.approx(60),
        "Eve": pytest.approx(4),
        "Ben": pytest.approx(-16),
        "Cat": pytest.approx(-20),
    }
    for line in a.players:
        assert line.figures.split.total == pytest.approx(line.figures.chips)
    assert a.reference_deals == 48
    eve = next(line.figures for line in a.players if line.player.name == "Eve")
    assert (eve.roles["hombre"].average, eve.roles["opponent"].chips, eve.roles["ally"].average) == (-5, 1, None)
    assert (a.premiers, a.voles_tried, a.voles_won) == (0, 0, 0)
    [t] = a.tables
    assert (t.deals, t.remises, t.codilles, t.largest_stake) == (4, 2, 1, 60)
    assert t.people == [("Eve", -4), ("Ben", -28), ("Cat", -28), ("Dan", 60)]


def count_queries(fn) -> int:
    with CaptureQueriesContext(connection) as queries:
        fn()
    return len(queries)


def test_pages_cost_the_same_queries_whatever_the_history(client, history):
    client.force_login(history["director"])
    club = history["club"]
    pages = [
        reverse("season", kwargs={"club_id": club.pk}) + "?year=2026",
        reverse("player", kwargs={"club_id": club.pk, "player_id": history["cat"].pk}),
        reverse("event-analysis", kwargs={"event_id": history["april"].pk}),
    ]
    for url in pages:
        client.get(url)  # digests made
    small = [count_queries(lambda url=url: client.get(url)) for url in pages]
    people = [history[n] for n in ("ann", "ben", "cat", "dan")]
    for month in range(5, 12):
        play_evening(club, dt.date(2026, month, 1), people)
    cold = [count_queries(lambda url=url: client.get(url)) for url in pages]
    large = [count_queries(lambda url=url: client.get(url)) for url in pages]
    assert large == small
    # Seven stale tables remade in four more queries, not seven times more; the rule set's averages in one.
    assert cold[0] <= small[0] + 4 and cold[2] <= small[2] + 1
    assert TableDigest.objects.count() == 10


def test_pages_render_for_a_director_only(client, history):
    club = history["club"]
    urls = [
        reverse("season", kwargs={"club_id": club.pk}),
        reverse("player", kwargs={"club_id": club.pk, "player_id": history["cat"].pk}),
        reverse("event-analysis", kwargs={"event_id": history["april"].pk}),
    ]
    for url in urls:
        assert client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(make_user())
    for url in urls:
        assert client.get(url).status_code == 404
    client.force_login(history["director"])
    season = client.get(urls[0] + "?year=2026").content.decode()
    assert "Dan" in season and "+120" in season and "15.00" in season
    player = client.get(urls[1]).content.decode()
    assert player.count('<svg role="img"') == 2 and 'id="chips-clip"' in player and 'id="rating-clip"' in player
    assert "-84" in player and "Allies called" in player
    assert client.get(urls[1] + "?year=abc").status_code == 200
    event = client.get(urls[2]).content.decode()
    assert "Luck and skill" in event and "solo 3, alliance 1" in event


def test_refresh_digests_command_makes_every_digest(history):
    TableDigest.objects.all().delete()
    out = io.StringIO()
    call_command("refresh_digests", stdout=out)
    assert "3 tables up to date" in out.getvalue()
    assert TableDigest.objects.count() == 3
    assert sorted(d.changes for d in TableDigest.objects.all()) == [[-4, -28, -28, 60]] * 3


def play_points_in_may(history) -> None:
    """PC-6 played again in May under Parlett points, where the hombre alone scores: Ann -20 (a remise), Ben -80 (a
    codille), Cat -30 (her alliance's remise), Dan +40."""
    may = event_create(club=history["club"], name="May", date=dt.date(2026, 5, 7), ruleset="parlett-points")
    seats = [history[name] for name in ("ann", "ben", "cat", "dan")]
    table = table_create(event=may, number=1, players=seats, first_dealer=3)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)


def test_a_season_of_chips_and_points_ranks_each_unit_apart(client, history):
    club = history["club"]
    play_points_in_may(history)
    board = ladder(club=history["club"], year=2026)
    chips, points = board.sections
    # The chips are the two chips evenings' alone, as test_season_ladder has them.
    assert (chips.unit, chips.rulesets) == ("chips", ["parlett-chips"])
    assert (chips.events, chips.tables, chips.deals) == (2, 2, 8)
    assert [(line.player.name, line.chips, line.events) for line in chips.lines] == [
        ("Dan", 120, 2),
        ("Ann", -4, 1),
        ("Eve", -4, 1),
        ("Ben", -56, 2),
        ("Cat", -56, 2),
    ]
    assert (points.unit, points.events, points.tables, points.deals) == ("points", 1, 1, 4)
    assert [(line.rank, line.player.name, line.chips) for line in points.lines] == [
        (1, "Dan", 40),
        (2, "Ann", -20),
        (3, "Cat", -30),
        (4, "Ben", -80),
    ]
    assert (board.events, board.tables, board.deals) == (3, 3, 12)
    client.force_login(history["director"])
    html = client.get(reverse("season", args=[club.pk]) + "?year=2026").content.decode()
    assert "<h2>Parlett chips</h2>" in html and "<h2>Parlett points</h2>" in html
    assert html.count("+120") == 1 and ">+40<" in html
    assert "Chips, points and counters are never added together" in html


def test_a_player_s_figures_count_one_unit_at_a_time(client, history):
    club = history["club"]
    play_points_in_may(history)  # Dan +40 there
    dan = player_analysis(player=history["dan"], year=2026)
    assert (dan.unit, dan.figures.chips, dan.figures.deals) == ("chips", 120, 8)
    assert dan.units == [("chips", "Parlett chips"), ("points", "Parlett points")]
    in_points = player_analysis(player=history["dan"], year=2026, unit="points")
    assert (in_points.unit, in_points.ruleset, in_points.figures.chips, in_points.figures.deals) == (
        "points",
        "parlett-points",
        40,
        4,
    )
    assert [event.name for event, _ in in_points.chips_history] == ["May"]
    client.force_login(history["director"])
    address = reverse("player", args=[club.pk, history["dan"].pk])
    html = client.get(address, {"year": 2026}).content.decode()
    assert "+120" in html and "Only the events played in Parlett chips are counted here" in html
    html = client.get(address, {"year": 2026, "unit": "points"}).content.decode()
    assert "<dt>Points</dt>" in html and "+40" in html and "Points over time" in html
    season = gather.personal_season_for(club, history["dan"], 2026, unit="points")
    assert (season.scope, season.account, season.unit) == (
        "Season 2026: points won or lost over the year",
        40,
        "parlett-points",
    )
    assert gather.personal_season_for(club, history["dan"], 2026).account == 120  # chips, the unit he played most
