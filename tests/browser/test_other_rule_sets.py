"""Analysis, "Under other rule sets": where the evening's records lack what another rule set needs (Britannica
counters needs the hombre's own tricks in an alliance; PC-6 never recorded them), the page says so in words
instead of giving that rule set a column of dashes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.services import deal_record
from tests.browser.test_every_page_fits_a_phone import log_in
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_rule_set_the_records_cannot_settle_is_said_in_words(live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    table = make_table()
    table.event.club.directors.add(director)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{table.event.pk}/analysis/")
    section = page.locator("#rulesets")
    headers = [" ".join(text.split()) for text in section.locator("thead th").all_text_contents()]
    assert headers == ["Player", "Parlett chips played", "Parlett points", "Modern chips"]
    assert "–" not in section.locator("tbody").inner_text()
    expect(section).to_contain_text(
        "Britannica counters: not settled. This evening's records do not have the hombre's own tricks in an "
        "alliance, which Britannica counters needs."
    )
    expect(section).to_contain_text(
        "Round 1 · table 1, deal 3: the records do not have the hombre's own tricks in an alliance. "
        "The table is left out."
    )
    section.screenshot(path=str(screenshot_dir / "28-14-other-rule-sets.png"))
