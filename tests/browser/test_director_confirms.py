"""A director on a phone without JavaScript: a new event with its options, check-in and draw in one step, and
closing through the confirm page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.clubs.services import player_create
from scorekeeper.events.models import Event
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_new_event_draw_in_one_step_and_close_after_a_confirm_page(
    live_server, browser: Browser, browser_context_args, screenshot_dir
):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    for name in ["Ann", "Ben", "Cat", "Dan"]:
        player_create(club=club, name=name)
    page = browser.new_context(**browser_context_args, java_script_enabled=False).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="New event").click()
    page.get_by_role("textbox", name="Name").fill("Points night")
    page.get_by_role("combobox", name=re.compile("^Rule set")).select_option("parlett-points")
    page.locator("summary", has_text="Parlett points").click()  # opens the group of its options
    page.get_by_role("combobox", name=re.compile("^pp.multiplier_scope")).select_option("player")
    page.screenshot(path=str(screenshot_dir / "event-new-options.png"), full_page=True)
    page.get_by_role("button", name="Create the event").click()
    event = Event.objects.get(name="Points night")
    assert event.start == 0 and event.options == {"pp.multiplier_scope": "player"}

    for name in ["Ann", "Ben", "Cat", "Dan"]:
        page.get_by_role("checkbox", name=name).check()
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_text("1 table seated; 0 players sitting out.")).to_be_visible()

    page.get_by_role("button", name="Close the event").click()
    expect(page.get_by_role("heading", name="Close Points night?")).to_be_visible()
    expect(page.get_by_text("Table 1 (round 1): 0 deals, 0 still on the table.")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "close-confirm.png"), full_page=True)
    page.get_by_role("button", name="Close the event").click()
    expect(page.get_by_text("The event is closed: table links no longer write.")).to_be_visible()
    event.refresh_from_db()
    assert not event.is_open
