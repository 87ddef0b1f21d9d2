"""One player, one open event: a director who checks in a player already checked in to another open event is
warned, and a seat in a second event's running round is refused, with who and where, until that round ends."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import checkin_set, event_close, event_create, seat_draw
from scorekeeper.tables.models import Table
from tests.browser.test_every_page_fits_a_phone import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_in_a_running_round_is_not_seated_in_a_second_event(live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    players = {name: player_create(club=club, name=name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")}
    friday = event_create(club=club, name="Friday ladder", date=dt.date(2026, 11, 20), ruleset="parlett-chips")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        checkin_set(event=friday, player=players[name], present=True)
    seat_draw(event=friday)
    saturday = event_create(club=club, name="Saturday cup", date=dt.date(2026, 11, 21), ruleset="parlett-chips")

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{saturday.pk}/")
    for name in ("Ann", "Eve", "Fay", "Gus"):
        page.get_by_role("checkbox", name=name).check()
    page.get_by_role("button", name="Save check-in").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Also checked in to another open event: Ann (Friday ladder). A player is seated in one running round at a time."
    )
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Nobody was seated: Ann (Friday ladder, table 1) is playing a round of another event that is still running."
    )
    page.screenshot(path=str(screenshot_dir / "28-6-seat-refused.png"), full_page=True)
    assert not Table.objects.filter(event=saturday).exists()

    # Friday is closed, its round with it: Ann may be seated on Saturday.
    event_close(event=friday)
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_role("status")).to_contain_text("1 table seated; 0 players sitting out.")
    saturday_table = Table.objects.get(event=saturday)
    assert {p.name for p in saturday_table.players} == {"Ann", "Eve", "Fay", "Gus"}
