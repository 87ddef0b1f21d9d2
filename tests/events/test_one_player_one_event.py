"""A player seated in a running round of one open event is refused a seat in another's: by the draw, as a late
arrival, and as a replacement; once that round has ended (or its event closed) the seat is his."""

from __future__ import annotations

import datetime as dt

import pytest

from scorekeeper.clubs.services import player_create
from scorekeeper.events.selectors import checked_in_elsewhere, seated_elsewhere
from scorekeeper.events.services import (
    SeatedElsewhere,
    checkin_set,
    event_close,
    event_create,
    seat_draw,
    seat_late_arrival,
    table_seat_replace,
)
from scorekeeper.tables.models import Table
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_events():
    club = make_club()
    players = {
        name: player_create(club=club, name=name) for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    }
    friday = event_create(club=club, name="Friday", date=dt.date(2026, 11, 20), ruleset="parlett-chips")
    saturday = event_create(club=club, name="Saturday", date=dt.date(2026, 11, 21), ruleset="parlett-chips")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        checkin_set(event=friday, player=players[name], present=True)
    seat_draw(event=friday)
    return players, friday, saturday


def test_the_draw_is_refused_while_a_player_sits_in_another_events_running_round(two_events):
    players, friday, saturday = two_events
    for name in ("Ann", "Eve", "Fay", "Gus"):
        checkin_set(event=saturday, player=players[name], present=True)
    assert checked_in_elsewhere(event=saturday, players=[players["Ann"], players["Eve"]]) == {players["Ann"]: friday}
    with pytest.raises(SeatedElsewhere) as refused:
        seat_draw(event=saturday)
    assert refused.value.seated == {players["Ann"]: Table.objects.get(event=friday)}
    assert not Table.objects.filter(event=saturday).exists()
    event_close(event=friday)
    assert seated_elsewhere(event=saturday, players=[players["Ann"]]) == {}
    tables, _out = seat_draw(event=saturday)
    assert {p.name for p in tables[0].players} == {"Ann", "Eve", "Fay", "Gus"}


def test_a_late_arrival_and_a_replacement_from_a_running_round_are_refused(two_events):
    players, _friday, saturday = two_events
    for name in ("Eve", "Fay", "Gus", "Hal"):
        checkin_set(event=saturday, player=players[name], present=True)
    (table,), _out = seat_draw(event=saturday)
    with pytest.raises(SeatedElsewhere):
        seat_late_arrival(event=saturday, player=players["Ben"])
    with pytest.raises(SeatedElsewhere):
        table_seat_replace(table=table, seat=0, player=players["Cat"])
    assert not saturday.checkins.filter(player=players["Ben"]).exists()
    table.refresh_from_db()
    assert {p.name for p in table.players} == {"Eve", "Fay", "Gus", "Hal"}


def test_a_late_arrival_is_told_in_the_directors_language(client):
    """The late-arrival messages were worded once, in English, when the module was imported."""
    director = make_user()
    club = make_club(directors=[director])
    event = event_create(club=club, name="Jeudi", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    player = player_create(club=club, name="Ann")
    client.force_login(director)
    client.cookies["django_language"] = "fr"
    page = client.post(f"/events/{event.pk}/late/", {"player": player.pk}, follow=True).content.decode()
    assert "Ann est pointé." in page and "Ann is checked in." not in page
