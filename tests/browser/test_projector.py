"""The live pages on a projector size their screens to the projector: at 1280 x 800 and 1024 x 768 every row of
every screen is in sight (not below the fold, not under the QR code), and the screens together show every player;
the director's live page too."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import checkin_set, event_create
from scorekeeper.public.services import event_link_make
from tests.browser.test_every_page_fits_a_phone import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [f"Player {letter}" for letter in "ABCDEFGHIJKLMNOPQRSTU"]  # 21: more than two screens at any size

# Each cell of each row: is the point at its centre the cell itself (in the viewport, nothing over it)?
ROWS_IN_SIGHT = """() => [...document.querySelectorAll('#board tbody tr')].map(row => ({
  name: row.cells[1].textContent.trim(),
  seen: [...row.cells].every(cell => {
    const box = cell.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && cell.contains(top);
  }),
}))"""


def a_crowded_evening():
    club = make_club("Bath Quadrille Circle")
    event = event_create(club=club, name="Thursday", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    for name in NAMES:
        checkin_set(event=event, player=player_create(club=club, name=name), present=True)
    return event


def screens_seen(page: Page) -> tuple[set[str], list[str]]:
    """Go through the screens with the "next players" link; every player seen, and any row out of sight."""
    board = page.locator("#board")
    expect(board).to_contain_text("screen 1 of")
    count = int(re.search(r"screen 1 of (\d+)", board.inner_text()).group(1))
    seen, hidden = set(), []
    for number in range(1, count + 1):
        expect(board).to_contain_text(f"screen {number} of {count}")
        for row in page.evaluate(ROWS_IN_SIGHT):
            if row["seen"]:
                seen.add(row["name"])
            else:
                hidden.append(row["name"])
        if number < count:
            board.get_by_role("link", name="next players").click()
    return seen, hidden


@pytest.mark.parametrize("width,height", [(1280, 800), (1024, 768)])
def test_every_player_is_in_sight_on_a_projector(
    live_server, browser: Browser, browser_context_args, screenshot_dir, width, height
):
    event = a_crowded_evening()
    link = event_link_make(event=event)
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": width, "height": height}})
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{link.token}/live/")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(screenshot_dir / f"28-5-projector-{width}.png"))
    seen, hidden = screens_seen(page)
    context.close()
    assert hidden == []
    assert seen == set(NAMES)


def test_the_directors_live_page_shows_every_player_a_screen_at_a_time(
    live_server, browser: Browser, browser_context_args
):
    event = a_crowded_evening()
    director = make_user("director", "a-long-test-password")
    event.club.directors.add(director)
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 800}})
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event.pk}/live/")
    board = page.locator("#board")
    expect(board).to_contain_text("Players, screen 1 of")
    count = int(re.search(r"screen 1 of (\d+)", board.inner_text()).group(1))
    seen, hidden = set(), []
    for number in range(1, count + 1):
        expect(board).to_contain_text(f"Players, screen {number} of {count}", timeout=10_000)
        for row in page.evaluate(ROWS_IN_SIGHT.replace("tbody tr')]", "tbody tr')].filter(r => !r.hidden)")):
            if row["seen"]:
                seen.add(row["name"])
            else:
                hidden.append(row["name"])
    context.close()
    assert hidden == []
    assert seen == set(NAMES)


def test_the_directors_live_page_on_a_phone_shows_every_column_of_its_rows(live_server, page: Page):
    event = a_crowded_evening()
    director = make_user("director", "a-long-test-password")
    event.club.directors.add(director)
    log_in(page, live_server.url)  # the session's phone: 390 x 844
    page.goto(f"{live_server.url}/events/{event.pk}/live/")
    expect(page.locator("#board")).to_contain_text("Players, screen 1 of")
    rows = page.evaluate(ROWS_IN_SIGHT.replace("tbody tr')]", "tbody tr')].filter(r => !r.hidden)"))
    assert rows, "no row shown"
    # Every cell of every row shown, the change column at the right included, is on the screen.
    assert [row["name"] for row in rows if not row["seen"]] == []
