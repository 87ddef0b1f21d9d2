"""Two phones on deal 2's page of PC-6 (QUADRILLE-SCORING.md), 390 x 844: the first corrects it to 5 tricks (a
remise: 32 / 24 / 8 / 96), the second, from its page opened before, to 6 tricks. The second is refused with the deal
shown as it is now and its entries kept; saved again from the page it got, it is made on purpose (6 tricks: Ben's
solo won at S = 12, then Cat's remise at S = 4 and Dan's win at S = 12: 32 / 48 / 32 / 48)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Deal
from tests.browser.shots import keep
from tests.browser.test_phone_at_the_table import table_with
from tests.browser.test_table_entry import balances, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tricks(table) -> list[int]:
    return [d.to_record().tricks for d in Deal.objects.filter(table=table).order_by("position")]


def corrected_on_one_of_two_pages(live_server, page: Page, position: int, reason: str):
    """PC-6 played four times; deal `position`'s page opened on two phones, and corrected to 5 tricks with `reason`
    on the first (`page`). Returns the table and the second phone's page, still as it was opened."""
    table = table_with(4, tours=10)
    deal_page = f"{live_server.url}/t/{table.token}/deals/{position}/"
    phone_b = page.context.new_page()
    page.goto(deal_page)
    phone_b.goto(deal_page)
    tap(page, "tricks", "5")
    page.get_by_label("Reason for the correction").fill(reason)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text(f"Deal {position} corrected; every later deal was settled again.")).to_be_visible()
    return table, phone_b


def test_a_correction_from_a_page_opened_before_another_phones_is_refused_and_kept(live_server, page: Page):
    table, phone_b = corrected_on_one_of_two_pages(live_server, page, 2, "Ben had five tricks")
    assert balances(page) == ["32", "24", "8", "96"]

    tap(phone_b, "tricks", "6")  # the live preview answers the form alone: it says the table moved
    form = phone_b.locator("#correction-form")
    expect(form).to_contain_text("reload it to see the deal as it is now before you save")
    phone_b.get_by_label("Reason for the correction").fill("Ben had six tricks")
    phone_b.get_by_role("button", name="Save the correction").click()
    expect(phone_b.locator(".messages")).to_contain_text("your correction was not saved")
    expect(phone_b.locator(".messages")).to_be_in_viewport()  # where the page opens, above the deal as it is now
    expect(form).to_contain_text("Your entries are kept")
    expect(phone_b.locator(".audit")).to_contain_text("Ben had five tricks")  # the deal as it is now
    expect(form.locator("#f-tricks").get_by_role("radio", name="6", exact=True)).to_be_checked()
    expect(phone_b.get_by_label("Reason for the correction")).to_have_value("Ben had six tricks")
    keep(phone_b, "stale-correction-refused.png")
    assert tricks(table) == [5, 5, 5, 6]

    phone_b.get_by_role("button", name="Save the correction").click()
    expect(phone_b.get_by_text("Deal 2 corrected; every later deal was settled again.")).to_be_visible()
    assert balances(phone_b) == ["32", "48", "32", "48"]
    assert tricks(table) == [5, 6, 5, 6]
    assert re.fullmatch(rf"{re.escape(live_server.url)}/t/{table.token}/", phone_b.url)


def test_a_strike_from_a_page_opened_before_a_correction_is_refused(live_server, page: Page):
    # Dan's solo at S = 60 made a remise with 5 tricks: −1 − 60 = −61 from 41.
    table, phone_b = corrected_on_one_of_two_pages(live_server, page, 4, "Dan had five tricks")
    assert balances(page) == ["36", "12", "12", "-20"]

    phone_b.get_by_label("Reason", exact=True).fill("tapped by mistake")
    phone_b.get_by_role("button", name="Strike out").click()
    expect(phone_b.locator(".messages")).to_contain_text("nothing was struck out")
    expect(phone_b.locator(".audit")).to_contain_text("Dan had five tricks")
    expect(phone_b.get_by_label("Reason", exact=True)).to_have_value("tapped by mistake")
    keep(phone_b, "stale-strike-refused.png")
    assert tricks(table) == [5, 3, 5, 5]

    phone_b.get_by_role("button", name="Strike out").click()  # now on purpose, from the page as it is now
    expect(phone_b.get_by_text("Deal 4 was struck out; later deals were settled again.")).to_be_visible()
    assert balances(phone_b) == ["37", "13", "13", "41"]  # after PC-6's deal 3


def test_a_reason_typed_while_the_preview_is_on_its_way_is_kept(live_server, page: Page):
    # A slow network: the live preview of the tap on 5 tricks comes back after the reason is typed. The form it
    # brings must not wipe what the scorer typed meanwhile (the save would then be refused for want of a reason).
    table = table_with(4, tours=10)
    page.goto(f"{live_server.url}/t/{table.token}/deals/2/")

    held = []  # the preview's request, held back until the reason is typed

    def hold_the_preview(route):
        if route.request.headers.get("hx-request"):
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r".*/deals/2/$"), hold_the_preview)
    page.locator("#f-tricks").get_by_role("radio", name="5", exact=True).click()  # its preview held back
    page.get_by_label("Reason for the correction").fill("Ben had five tricks")
    assert len(held) == 1
    held[0].continue_()
    expect(page.get_by_role("heading", name="With this correction")).to_be_visible()  # the preview swapped in
    expect(page.get_by_label("Reason for the correction")).to_have_value("Ben had five tricks")
    page.unroute(re.compile(r".*/deals/2/$"))
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 2 corrected; every later deal was settled again.")).to_be_visible()
    assert tricks(table)[1] == 5
