"""A director's evening: log in, check players in, draw seats, and watch the live standings follow a deal
entered on a table's phone."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import event_create
from scorekeeper.tables.models import Table
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def test_director_checks_in_draws_seats_and_standings_follow_a_deal(
    live_server, page: Page, browser: Browser, browser_context_args, screenshot_dir
):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    for name in NAMES:
        player_create(club=club, name=name)
    event = event_create(club=club, name="Thursday", date=dt.date(2026, 11, 19), ruleset="parlett-chips")

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Thursday").click()

    for name in NAMES:
        page.get_by_role("checkbox", name=name).check()
    page.get_by_role("button", name="Save check-in").click()
    expect(page.get_by_text("5 players checked in.")).to_be_visible()
    page.get_by_label("How").select_option("cards")
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_text("1 table seated; 1 player sitting out.")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "event-after-draw.png"), full_page=True)

    table = Table.objects.get(event=event)
    hombre = table.players[0].name
    page.goto(f"{live_server.url}/events/{event.pk}/live/")
    board = page.locator("#board")
    expect(board).to_contain_text("Ties are broken")
    expect(board.locator("tbody tr").first).to_contain_text("40")

    # A scorer at the table: the king (seat 1) plays solo and wins six tricks.
    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(f"{live_server.url}/t/{table.token}/")
    for group, label in (("hombre", hombre), ("contract", "Solo"), ("trump", "♥"), ("tricks", "6")):
        phone.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
        phone.wait_for_load_state("networkidle")
    phone.get_by_role("button", name="Save", exact=True).click()
    expect(phone.get_by_text("Deal 1 saved.")).to_be_visible()

    # The projector page refreshes itself: the winner (+3: the stake of 4 less his ante) leads, no reload.
    page.evaluate("window.reloadMarker = 1")
    # One check for both: the board goes round its screens, and a screen's first row is the leader on the first.
    expect(board.locator("tbody tr").first).to_contain_text(re.compile(re.escape(hombre) + "43"), timeout=10000)
    assert page.evaluate("window.reloadMarker") == 1
    page.set_viewport_size({"width": 1280, "height": 720})
    page.screenshot(path=str(screenshot_dir / "live-standings.png"))
