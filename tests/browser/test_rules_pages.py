"""The rules and the interchange format, linked from the home page, read as pages on a 390 px phone: headings,
paragraphs and tables, not raw Markdown laid out 980 px wide."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fit import phone_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    "link,heading",
    [
        ("scoring specification", "Quadrille (four-handed Ombre): scoring and settlement specification"),
        ("interchange format", "Deal interchange format, version 1"),
    ],
)
def test_the_rules_pages_read_on_a_phone(live_server, page: Page, screenshot_dir, link, heading):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name=link).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    assert page.evaluate("window.innerWidth") == 390  # laid out for the phone, not 980 px wide
    assert page.locator("main table").count() > 0 or page.locator("main pre").count() > 0
    assert "## " not in page.locator("main").inner_text()
    page.screenshot(path=str(screenshot_dir / f"28-13-{link.split()[-1]}.png"))
    assert phone_problems(page) == []
