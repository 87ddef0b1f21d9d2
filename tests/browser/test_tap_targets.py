"""Every control on the table's phone is at least 44 × 44 px (WCAG 2.5.5), measured in Chromium at 390 × 844:
the deal form with its penalties opened, the ledger and its links, the round-complete panel with its signature
buttons, and a deal's page with the correction and strike forms."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.tables.services import deal_record
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIN = 44
MEASURE = """(minTap) => {
  const small = [];
  for (const el of document.querySelectorAll(
      'main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary')) {
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.width < minTap || box.height < minTap) {
      small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || '').trim().slice(0, 30)}" `
        + `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""


def too_small(page: Page) -> list[str]:
    for details in page.locator("main details").all():
        details.evaluate("d => d.open = true")
    return page.evaluate(MEASURE, MIN)


def test_every_control_of_the_table_phone_is_44_px_square(live_server, page: Page, screenshot_dir):
    table = make_table(options={"session.tours": 2})
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    url = f"{live_server.url}/t/{table.token}/"
    page.goto(url)
    page.locator("#f-tricks").get_by_role("radio", name="7", exact=True).click()  # premiers, vole appear
    page.wait_for_load_state("networkidle")
    assert too_small(page) == []
    page.screenshot(path=str(screenshot_dir / "tap-targets-table.png"), full_page=True)

    page.goto(f"{url}deals/4/")
    assert too_small(page) == []

    for position, record in enumerate(PC6, start=5):  # the second tour: the round is complete
        deal_record(
            table=table, position=position, record=record.__class__(**{f: getattr(record, f) for f in record.__slots__})
        )
    page.goto(url)
    assert page.get_by_role("heading", name="Round complete").is_visible()
    assert too_small(page) == []
    page.screenshot(path=str(screenshot_dir / "tap-targets-round-complete.png"), full_page=True)
