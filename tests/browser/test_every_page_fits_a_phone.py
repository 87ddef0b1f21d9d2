"""Every page of the app on a 390 x 844 phone: no horizontal scroll, every control at least 44 px tall.

A club of nine with an evening of two tables (eight random valid deals each, one player sitting out), seen by
the director, by a table's phone, and by anybody (the login page and the documents)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from playwright.sync_api import Page

from scorekeeper.clubs.services import player_create, player_link_get
from scorekeeper.engine import Options, RuleSet, Session
from scorekeeper.engine.simulate import random_table
from scorekeeper.events.services import event_close, event_create
from scorekeeper.public.services import club_site_set, event_link_make
from scorekeeper.tables.services import deal_record, table_create
from tests.browser.fit import phone_problems
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Ann Aldridge",
    "Ben Bellweather",
    "Rosalind d'Arcy-Featherstonehaugh",
    "Dan",
    "Eve",
    "Fay Fortescue-Smythe",
    "Gus",
    "Hal",
    "Ivy",
]


def an_evening():
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    players = [player_create(club=club, name=name) for name in NAMES]
    # A name of one long word, as typed by mistake or in a language of long compounds: it wraps, never widens a page.
    player_create(club=club, name="Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen")
    event = event_create(
        club=club, name="Thursday at the Assembly Rooms", date=dt.date(2026, 11, 19), ruleset="parlett-chips"
    )
    rng = random.Random(16)
    tables = []
    for number, seated in enumerate((players[0:4], players[4:8]), start=1):
        deals = [deal for deal, _ in random_table(rng, Session(RuleSet.PARLETT_CHIPS, Options()), 8, void_rate=0)]
        table = table_create(event=event, number=number, players=seated, first_dealer=deals[0].dealer)
        for position, deal in enumerate(deals, start=1):
            deal_record(table=table, position=position, record=deal)
        tables.append(table)
    return club, players, event, tables


def log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{url}/director/")


def visit(page: Page, url: str, name: str, screenshot_dir) -> list[str]:
    response = page.goto(url)
    assert response is not None and response.status == 200, (url, response and response.status)
    # The rules (about 88,000 px at this width) are pictured by their first screen: a whole-page picture of them takes
    # seconds, and on a busy machine past the screenshot's time-out.
    tall = page.evaluate("document.documentElement.scrollHeight") > 20_000
    page.screenshot(path=str(screenshot_dir / f"fit-{name}.png"), full_page=not tall)
    return phone_problems(page)


def test_every_page_fits_a_phone(live_server, page: Page, screenshot_dir):
    club, players, event, tables = an_evening()
    link = event_link_make(event=event)
    # Another evening of the club the same night: its check-in roll says where each seated player plays.
    other = event_create(club=club, name="Friday club evening", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    base = live_server.url
    anybody = {
        "public-standings": f"/p/{link.token}/",
        "public-live": f"/p/{link.token}/live/",
        "home": "/",
        "login": "/accounts/login/",
        "rules": "/docs/rules/",
        "interchange": "/docs/interchange/",
    }
    phone = {
        "table": f"/t/{tables[0].token}/",
        "deal": f"/t/{tables[0].token}/deals/1/",
    }
    director = {
        "director-home": "/director/",
        "event": f"/events/{event.pk}/",
        "event-beside-a-running-one": f"/events/{other.pk}/",
        "standings": f"/events/{event.pk}/standings/",
        "standings-round": f"/events/{event.pk}/standings/?round=1",
        "live": f"/events/{event.pk}/live/",
        "event-new": f"/clubs/{club.pk}/events/new/",
        "players": f"/clubs/{club.pk}/players/",
        "season": f"/clubs/{club.pk}/season/?year=2026",
        "season-by-rating": f"/clubs/{club.pk}/season/?year=2026&by=rating",
        "player": f"/clubs/{club.pk}/players/{players[5].pk}/",
        "event-analysis": f"/events/{event.pk}/analysis/",
        "table-as-director": f"/t/{tables[1].token}/",
        "table-seats": f"/events/{event.pk}/tables/{tables[0].pk}/seats/",
        "tournament-new": f"/clubs/{club.pk}/tournaments/new/",
    }
    problems = {}
    for name, path in {**anybody, **phone}.items():
        problems[name] = visit(page, base + path, name, screenshot_dir)
    log_in(page, base)
    for name, path in director.items():
        problems[name] = visit(page, base + path, name, screenshot_dir)
    # Once the evening is closed: the club's results site and a player's own page.
    club_site_set(club=club, published=True)
    event_close(event=event)
    results = {
        "own-page": f"/me/{player_link_get(player=players[5]).token}/",
        "club-site": f"/results/{club.pk}/",
        "club-site-event": f"/results/{club.pk}/events/{event.pk}/",
        "club-site-season": f"/results/{club.pk}/season/2026/",
        "club-site-player": f"/results/{club.pk}/players/{players[0].pk}/",
        "event-closed": f"/events/{event.pk}/",
    }
    for name, path in results.items():
        problems[name] = visit(page, base + path, name, screenshot_dir)
    failing = {name: found for name, found in problems.items() if found}
    assert failing == {}, "\n".join(f"{name}: {'; '.join(found)}" for name, found in failing.items())
