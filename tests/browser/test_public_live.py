"""The public live page on a projector (1280 x 800): no login, a screen of players at a time, the next screen and
fresh figures through htmx without a reload, and the QR code of the public standings in a corner."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.public.services import event_link_make
from tests.browser.test_every_page_fits_a_phone import an_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_live_page_goes_through_every_player_and_keeps_current(
    live_server, browser: Browser, browser_context_args, screenshot_dir
):
    _club, _players, event, _tables = an_evening()
    link = event_link_make(event=event)
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 800}})
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{link.token}/live/?rows=3")  # eight players seated: three screens
    board = page.locator("#board")
    expect(board).to_contain_text("screen 1 of 3")
    first = board.locator("tbody tr").all_inner_texts()
    assert len(first) == 3
    qr = page.locator(".live-qr svg")
    box = qr.bounding_box()
    assert box is not None and box["x"] > 1000 and box["y"] > 500  # the bottom right corner
    page.screenshot(path=str(screenshot_dir / "public-live-projector.png"))
    page.evaluate("window.loadedOnce = true")  # gone if the page reloaded
    expect(board).to_contain_text("screen 2 of 3", timeout=15_000)
    assert board.locator("tbody tr").all_inner_texts() != first
    expect(board).to_contain_text("screen 3 of 3", timeout=15_000)
    assert board.locator("tbody tr").count() == 2
    assert page.evaluate("window.loadedOnce") is True
    context.close()
