from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_renders_on_a_phone(live_server, page: Page, screenshot_dir):
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", name="Quadrille scorekeeper")).to_be_visible()
    # The stylesheet is served locally (no CDN): the top bar takes the felt colour from app.css.
    bar_colour = page.locator("header.topbar").evaluate("el => getComputedStyle(el).backgroundColor")
    assert bar_colour == "rgb(31, 92, 58)"
    # htmx comes from django-htmx's bundled copy, served by this server.
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.viewport_size == {"width": 390, "height": 844}
    page.screenshot(path=str(screenshot_dir / "home.png"), full_page=True)
