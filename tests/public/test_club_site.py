"""A club's results site: opt-in, its closed events with final standings and the evening's report, the season
ladder, each player's page; and `publish_club`, which writes the same pages as files."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import event_close, event_create
from scorekeeper.public.services import club_site_set
from scorekeeper.tables.services import deal_record, table_create
from tests.factories import make_club, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def play(club, seats, date, name, close=True, ruleset="parlett-chips"):
    event = event_create(club=club, name=name, date=date, ruleset=ruleset)
    table = table_create(event=event, number=1, players=seats, first_dealer=3)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    if close:
        event_close(event=event)
    return event


@pytest.fixture
def club_history():
    """Two closed evenings of PC-6 (Ann -4, Ben -28, Cat -28, Dan +60 each) and tonight's, still open."""
    director = make_user()
    club = make_club("Bath Quadrille Circle", directors=[director])
    ann, ben, cat, dan = (player_create(club=club, name=n) for n in ("Ann", "Ben", "Cat", "Dan"))
    march = play(club, [ann, ben, cat, dan], dt.date(2026, 3, 5), "March")
    april = play(club, [ann, ben, cat, dan], dt.date(2026, 4, 2), "April")
    tonight = play(club, [ann, ben, cat, dan], dt.date(2026, 5, 7), "Tonight <b>live</b>", close=False)
    return {"club": club, "director": director, "march": march, "april": april, "tonight": tonight, "dan": dan}


def test_the_site_is_opt_in(client, club_history):
    club = club_history["club"]
    assert client.get(reverse("club-site", args=[club.pk])).status_code == 404
    client.force_login(club_history["director"])
    client.post(reverse("club-site-switch", args=[club.pk]), {"action": "publish"})
    client.logout()
    assert client.get(reverse("club-site", args=[club.pk])).status_code == 200
    club_site_set(club=club, published=False)
    assert client.get(reverse("club-site", args=[club.pk])).status_code == 404


def test_closed_events_with_final_standings_and_the_evenings_report(client, club_history):
    club = club_history["club"]
    club_site_set(club=club, published=True)
    index = client.get(reverse("club-site", args=[club.pk])).content.decode()
    assert "March" in index and "April" in index and "Tonight" not in index  # only final standings
    tonight = reverse("club-site-event", args=[club.pk, club_history["tonight"].pk])
    assert client.get(tonight).status_code == 404
    page = client.get(reverse("club-site-event", args=[club.pk, club_history["april"].pk])).content.decode()
    assert page.index("Dan") < page.index("Ann") < page.index("Ben")  # 100, 36, 12, 12
    assert "+60" in page and '<svg role="img"' in page
    # PC-6's contracts, counted by hand: alliance 1 played 0 made; solo 3 played 1 made.
    assert '<td>alliance</td><td class="num">1</td><td class="num">0</td>' in page
    assert '<td>solo</td><td class="num">3</td><td class="num">1</td>' in page
    season = client.get(reverse("club-site-season", args=[club.pk, 2026])).content.decode()
    # Two closed evenings of +60: tonight's, still open, counts once it is closed (as the list of events).
    assert "Dan" in season and "+120" in season and "+180" not in season
    dan = client.get(reverse("club-site-player", args=[club.pk, club_history["dan"].pk])).content.decode()
    assert "Dan" in dan and "Chips won, event after event" in dan
    assert "Tonight" not in dan  # his history lists the finished events only
    for name, args in (("club-site", [club.pk]), ("club-site-season", [club.pk, 2026])):
        assert client.post(reverse(name, args=args)).status_code == 405


def test_publish_club_writes_the_same_pages_as_files(tmp_path, club_history):
    club = club_history["club"]
    with pytest.raises(CommandError):
        call_command("publish_club", str(club.pk), str(tmp_path))
    club_site_set(club=club, published=True)
    call_command("publish_club", club.name, str(tmp_path))
    names = sorted(p.name for p in tmp_path.iterdir())
    march, april, dan = club_history["march"].pk, club_history["april"].pk, club_history["dan"].pk
    assert {"index.html", "app.css", f"event-{march}.html", f"event-{april}.html", "season-2026.html"} <= set(names)
    assert len([n for n in names if n.startswith("player-")]) == 4
    index = (tmp_path / "index.html").read_text()
    assert f'href="event-{april}.html"' in index and 'href="app.css"' in index
    event = (tmp_path / f"event-{april}.html").read_text()
    assert f'href="player-{dan}.html"' in event and "<svg" in event and "/static/" not in event


def test_a_points_evening_s_chart_counts_in_points(client, club_history):
    club = club_history["club"]
    club_site_set(club=club, published=True)
    seats = list(club.players.order_by("name"))
    points = play(club, seats, dt.date(2026, 6, 4), "June", ruleset="parlett-points")
    page = client.get(reverse("club-site-event", args=[club.pk, points.pk])).content.decode()
    chart = page.split("<svg")[1]
    assert ">points</text>" in chart and ">chips</text>" not in chart
    march = client.get(reverse("club-site-event", args=[club.pk, club_history["march"].pk])).content.decode()
    assert ">chips</text>" in march.split("<svg")[1]
