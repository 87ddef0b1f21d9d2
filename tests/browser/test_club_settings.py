"""A director sets the club's language and date format on a page (not only in the admin); a reader whose own
language the app does not speak gets the club's, and a reader whose browser asks for British English gets British
dates."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from scorekeeper.clubs.models import Club
from tests.browser.fit import phone_problems
from tests.browser.test_every_page_fits_a_phone import log_in
from tests.factories import make_table, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_director_sets_the_clubs_language_on_a_page(
    live_server, page: Page, browser: Browser, browser_context_args, screenshot_dir
):
    director = make_user("director", "a-long-test-password")
    table = make_table()
    club = table.event.club
    club.directors.add(director)
    table.event.date = dt.date(2026, 11, 24)
    table.event.save()
    log_in(page, live_server.url)
    page.get_by_role("link", name="Club settings").click()
    page.get_by_label("Language and date format of printed documents").select_option("da")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("The club's settings are saved.")
    page.screenshot(path=str(screenshot_dir / "28-8-club-settings.png"), full_page=True)
    assert phone_problems(page) == []
    assert Club.objects.get(pk=club.pk).language == "da"

    sheet = f"{live_server.url}/t/{table.token}/sheet.pdf"
    reader = browser.new_context(**{**browser_context_args, "locale": "ja-JP"}).new_page()
    danish = text_of(reader.request.get(sheet, headers={"Accept-Language": "ja-JP,ja;q=0.9"}).body())
    assert "24. november 2026" in danish
    british = text_of(page.request.get(sheet, headers={"Accept-Language": "en-GB,en;q=0.9"}).body())
    assert "Score sheet" in british and "24 November 2026" in british
