"""Every page a club uses, in each of the five languages: the table page with its preview, the event page, the
standings and a printed score sheet, with no English left on them; and the language switch at the foot of a page."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from scorekeeper.engine import Contract, DealRecord, settle_deal
from scorekeeper.tables.presenters import explanation
from scorekeeper.tables.selectors import table_ledger
from tests.factories import make_club, make_table, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALE = Path(__file__).resolve().parent.parent.parent / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%|<[^>]+>|\{\{[^}]*\}\}")
NAMES = ("Ann", "Ben", "Cat", "Dan")


@cache
def english_phrases(language: str) -> tuple[str, ...]:
    """Pieces of English (two words or more) that the catalogue translates into something else: if one of them
    shows on a page in `language`, that page has a string the catalogue missed, or one shown untranslated."""
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    phrases = set()
    for entry in po:
        translated = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            for piece in PLACEHOLDER.split(msgid):
                piece = piece.strip(" .,;:()·*")
                if len(piece) >= 10 and " " in piece and piece not in translated:
                    phrases.add(piece)
    return tuple(sorted(phrases))


def left_in_english(text: str, language: str) -> list[str]:
    if language.startswith("en"):
        return []
    folded = " ".join(text.split())
    return [phrase for phrase in english_phrases(language) if phrase in folded]


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages).split())


@pytest.mark.parametrize(
    ("language", "date"),
    [
        ("en-GB", "19 November 2026"),
        ("fr", "19 novembre 2026"),
        ("de", "19. November 2026"),
        ("da", "19. november 2026"),
        ("es", "19 de noviembre de 2026"),
    ],
)
def test_the_club_pages_and_the_score_sheet_speak_the_browsers_language(
    live_server, browser: Browser, browser_context_args, screenshot_dir, language, date
):
    code = language.lower()
    director = make_user("director", "a-long-test-password")
    club = make_club("Cercle", directors=[director])
    club.language = code
    club.save()
    table = make_table(club=club, names=NAMES, options={"session.tours": 3, "pc.ante": "dealer_four"})
    event = table.event
    with translation.override(code):
        words = {w: gettext(w) for w in ("Solo", "Preview", "Save", "Score sheet", "Standings", "Ledger")}

    context = browser.new_context(**{**browser_context_args, "locale": language})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator("html")).to_have_attribute("lang", code)
    # Ann plays solo in spades and takes five tricks: a remise, previewed before saving.
    for group, label in (("hombre", "Ann"), ("contract", words["Solo"]), ("trump", "♠"), ("tricks", "5")):
        page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
        page.wait_for_load_state("networkidle")
    page.get_by_role("button", name=words["Preview"], exact=True).click()
    record = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=5)
    with translation.override(code):
        view = table_ledger(table=table)
        entry = settle_deal(view.session, view.state, record, 1, explain=True)
        expected = explanation(entry, NAMES)
    expect(page.locator("#preview")).to_contain_text(expected)
    page.screenshot(path=str(screenshot_dir / f"language-{code}-preview.png"), full_page=True)
    assert left_in_english(page.inner_text("body"), code) == []
    page.get_by_role("button", name=words["Save"], exact=True).click()
    page.wait_for_load_state("networkidle")
    assert left_in_english(page.inner_text("body"), code) == []

    # The director's pages: the event, with its date as the language writes it, and the standings.
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("director")
    page.locator("input[name=password]").fill("a-long-test-password")
    page.locator("main form").locator("button[type=submit], input[type=submit]").first.click()
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.locator("main")).to_contain_text(date)
    assert left_in_english(page.inner_text("body"), code) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # longer words wrap, not overflow
    page.screenshot(path=str(screenshot_dir / f"language-{code}-event.png"), full_page=True)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    assert left_in_english(page.inner_text("body"), code) == []

    # The score sheet prints in the club's language, options in words.
    sheet = pdf_text(page.request.get(f"{live_server.url}/t/{table.token}/sheet.pdf").body())
    assert words["Score sheet"] in sheet and date in sheet
    assert "session.tours" not in sheet and "dealer_four" not in sheet
    assert left_in_english(sheet, code) == []
    context.close()


def test_the_language_switch_is_remembered_from_page_to_page(live_server, page: Page):
    table = make_table(names=NAMES)
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")  # the browser's language until switched
    page.get_by_role("button", name="Dansk").click()
    expect(page.locator("html")).to_have_attribute("lang", "da")
    expect(page.get_by_role("button", name="Gem", exact=True)).to_be_visible()
    page.goto(f"{live_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "da")
    expect(page.get_by_role("button", name="Dansk")).to_have_attribute("aria-current", "true")
    cookie = next(c for c in page.context.cookies() if c["name"] == "django_language")
    assert cookie["value"] == "da" and cookie["expires"] > 0  # kept after the browser closes, not a session cookie
