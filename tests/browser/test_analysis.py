"""A director reads the season ladder, a player's page and an evening's analysis on a phone."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.clubs.services import player_create
from scorekeeper.engine import Options, RuleSet, Session
from scorekeeper.engine.simulate import random_table
from scorekeeper.events.services import event_create
from scorekeeper.tables.services import deal_record, table_create, table_end_round
from tests.factories import make_club, make_table, make_user
from tests.reports.test_end_of_round_pot import DEALS as POT_LEFT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def season_of_evenings(club, players, evenings: int, rng: random.Random):
    """Evenings of one table of 8 random valid deals, the five players taking turns to sit out."""
    events = []
    for n in range(evenings):
        event = event_create(club=club, name=f"Evening {n + 1}", date=dt.date(2026, 1 + n, 7), ruleset="parlett-chips")
        seated = [p for i, p in enumerate(players) if i != n % len(players)]
        deals = [deal for deal, _ in random_table(rng, Session(RuleSet.PARLETT_CHIPS, Options()), 8, void_rate=0)]
        table = table_create(event=event, number=1, players=seated, first_dealer=deals[0].dealer)
        for position, deal in enumerate(deals, start=1):
            deal_record(table=table, position=position, record=deal)
        events.append(event)
    return events


def fits_the_phone(page: Page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth") <= 390


def test_ladder_player_and_evening_pages_on_a_phone(live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    players = [player_create(club=club, name=name) for name in NAMES]
    events = season_of_evenings(club, players, 6, random.Random(7))

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/clubs/{club.pk}/season/?year=2026")
    expect(page.get_by_text("6 events, 6 tables, 48 deals.")).to_be_visible()
    rows = page.locator("table.ladder tbody tr")
    expect(rows).to_have_count(5)
    assert fits_the_phone(page)
    page.screenshot(path=str(screenshot_dir / "season-ladder.png"), full_page=True)

    leader = rows.first.locator("td").nth(1).inner_text()
    rows.first.get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(leader)
    chips = page.get_by_role("img", name="Chips won, event after event")
    expect(chips).to_be_visible()
    box = chips.bounding_box()
    assert box is not None and 300 <= box["width"] <= 370  # the chart takes the width of the phone
    expect(page.get_by_role("img", name="Rating after each event")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "player-page.png"), full_page=True)
    assert fits_the_phone(page)

    page.goto(f"{live_server.url}/events/{events[-1].pk}/analysis/")
    expect(page.get_by_role("heading", name="Luck and skill")).to_be_visible()
    assert fits_the_phone(page)
    page.screenshot(path=str(screenshot_dir / "event-analysis.png"), full_page=True)


def test_the_pot_shared_at_the_end_of_the_round_is_its_own_part_on_a_phone(live_server, page: Page, screenshot_dir):
    """tests/reports/test_end_of_round_pot.py's table: one tour, 8 chips left in the pot, shared 2 each."""
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    table = make_table(club=club, options={"session.tours": 1})
    for position, record in enumerate(POT_LEFT, start=1):
        deal_record(table=table, position=position, record=record)
    table_end_round(table=table)

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/clubs/{club.pk}/players/{table.seat_0.pk}/")
    roles = page.get_by_role("table").filter(has=page.get_by_role("columnheader", name="Per deal"))
    # Ann: hombre +3, opponent -3, and 2 from the pot: her +2.
    expect(roles.get_by_role("row", name="end of round (pot shared out)")).to_contain_text("+2")
    expect(roles.get_by_role("row", name="hombre")).to_contain_text("+3")
    expect(roles.get_by_role("row", name="opponent")).to_contain_text("-3")
    assert fits_the_phone(page)
    page.screenshot(path=str(screenshot_dir / "player-page-pot-shared.png"), full_page=True)

    page.goto(f"{live_server.url}/events/{table.event.pk}/analysis/")
    luck = page.get_by_role("table").filter(has=page.get_by_role("columnheader", name="Hands"))
    expect(luck.get_by_role("columnheader", name="End of round")).to_be_visible()
    expect(luck.get_by_role("row", name="Dan")).to_contain_text("+2")
    assert fits_the_phone(page)
    # Its five columns in sight, the last one included, without scrolling the table sideways.
    assert luck.evaluate("table => table.parentElement.scrollWidth <= table.parentElement.clientWidth")
    page.screenshot(path=str(screenshot_dir / "event-analysis-pot-shared.png"), full_page=True)


def test_a_season_of_two_units_shows_a_ladder_for_each_on_a_phone(client, live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    players = [player_create(club=club, name=name) for name in NAMES]
    season_of_evenings(club, players, 3, random.Random(7))
    points = event_create(club=club, name="Points", date=dt.date(2026, 6, 7), ruleset="parlett-points")
    session = Session(RuleSet.PARLETT_POINTS, Options())
    deals = [deal for deal, _ in random_table(random.Random(8), session, 8, void_rate=0)]
    table = table_create(event=points, number=1, players=players[:4], first_dealer=deals[0].dealer)
    for position, deal in enumerate(deals, start=1):
        deal_record(table=table, position=position, record=deal)
    client.force_login(director)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/clubs/{club.pk}/season/?year=2026")
    expect(page.get_by_role("heading", name="Parlett chips")).to_be_visible()
    expect(page.get_by_role("heading", name="Parlett points")).to_be_visible()
    expect(page.locator("table.ladder")).to_have_count(2)
    expect(page.locator("table.ladder").nth(1).locator("th").nth(2)).to_have_text("Points")
    expect(page.locator("table.ladder").nth(1).locator("tbody tr")).to_have_count(4)
    assert fits_the_phone(page)
    page.screenshot(path=str(screenshot_dir / "season-ladder-two-units.png"), full_page=True)
    # A player of both: his page counts the unit he played most, and offers the other.
    page.locator("table.ladder").nth(0).get_by_role("link", name=NAMES[0]).click()
    expect(page.get_by_text("Only the events played in Parlett chips are counted here")).to_be_visible()
    page.get_by_role("link", name="Parlett points", exact=True).click()
    expect(page.locator("dl.figures dt").nth(1)).to_have_text("Points")
    expect(page.get_by_role("heading", name="Points over time")).to_be_visible()
    assert fits_the_phone(page)
    page.screenshot(path=str(screenshot_dir / "player-two-units.png"), full_page=True)
