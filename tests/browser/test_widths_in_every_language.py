"""Nothing is wider than a 390 px phone in any of the five languages: the table and correction pages with their
called card and penalties open, the new-event page, and the season ladder with its rating column in sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.fit import phone_problems
from tests.browser.test_every_page_fits_a_phone import an_evening, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "fr", "de", "da", "es")
OPEN_EVERY_FOLD = "() => document.querySelectorAll('details').forEach((fold) => { fold.open = true; })"
# The rating column's right edge, and whether the ladder's own box scrolls sideways to show it.
RATING_IN_SIGHT = """() => {
  const box = document.querySelector('.scroll-x:has(table)');
  const last = box.querySelector('thead th:last-child').getBoundingClientRect();
  return {right: Math.round(last.right), edge: Math.round(box.getBoundingClientRect().right),
          scrolls: box.scrollWidth > box.clientWidth};
}"""


def test_no_page_is_wider_than_a_phone_in_any_language(live_server, browser: Browser, browser_context_args):
    club, _players, event, tables = an_evening()
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    log_in(page, live_server.url)
    pages = {
        "table": f"/t/{tables[0].token}/",
        "correction": f"/t/{tables[0].token}/deals/1/",
        "event-new": f"/clubs/{club.pk}/events/new/",
        "season-by-rating": f"/clubs/{club.pk}/season/?year=2026&by=rating",
    }
    problems = {}
    for language in LANGUAGES:
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, path in pages.items():
            page.goto(live_server.url + path)
            assert page.locator("html").get_attribute("lang") == language
            page.evaluate(OPEN_EVERY_FOLD)
            page.screenshot(path=f"screenshots/28-11-{name}-{language}.png", full_page=True)
            found = phone_problems(page)
            if name == "season-by-rating":
                rating = page.evaluate(RATING_IN_SIGHT)
                if rating["scrolls"] or rating["right"] > rating["edge"]:
                    found.append(
                        f"the rating column ends at {rating['right']} px, its box at {rating['edge']} px: "
                        "behind a sideways scroll"
                    )
            if found:
                problems[f"{name} ({language})"] = found
    context.close()
    assert problems == {}, "\n".join(f"{name}: {'; '.join(found)}" for name, found in problems.items())
