"""Names sort as a reader of the club's language expects, on the players page and the check-in list: Émile with
the Es, and in a Danish club Øster after Z; never by code point (Z before É)."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import event_create
from tests.browser.test_every_page_fits_a_phone import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Zoe", "Øster", "Émile", "Anders", "Eve", "Åse", "Nora"]


@pytest.mark.parametrize(
    "language,expected",
    [
        ("en", ["Anders", "Åse", "Émile", "Eve", "Nora", "Øster", "Zoe"]),
        ("da", ["Anders", "Émile", "Eve", "Nora", "Zoe", "Øster", "Åse"]),
    ],
)
def test_players_are_listed_in_the_clubs_language_order(live_server, page: Page, language, expected):
    director = make_user("director", "a-long-test-password")
    club = make_club("Aarhus Quadrille", directors=[director])
    club.language = language
    club.save()
    for name in NAMES:
        player_create(club=club, name=name)
    event = event_create(club=club, name="Torsdag", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/{club.pk}/players/")
    assert page.locator(".player-list > li > a").all_inner_texts() == expected
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert [text.strip() for text in page.locator(".checkin label").all_inner_texts()] == expected
