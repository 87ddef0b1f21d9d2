"""A 16-entrant, 5-round tournament run from a phone-sized page: the plan seats nobody twice with the same
opponent, and the link on table 3's card, taken before round 1, opens table 3 of round 5."""

from __future__ import annotations

import itertools
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from scorekeeper.tables.models import Table
from tests.browser.fit import phone_problems
from tests.browser.shots import keep
from tests.factories import make_club, make_user
from tests.tournaments.builders import NAMES, SEED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shoot(page: Page, name: str) -> None:
    keep(page, f"25-{name}.png")


def test_sixteen_entrants_five_rounds_never_meet_twice_and_a_card_link_lasts(
    live_server, page: Page, browser: Browser, browser_context_args
):
    director = make_user("director", "a-long-test-password")
    make_club("Bath Quadrille Circle", directors=[director])
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="New tournament").click()

    page.get_by_label("Name", exact=True).fill("Spring open")
    page.get_by_label("Tours per round").fill("1")
    page.get_by_label("Rounds per session").fill("3, 2")
    page.get_by_label("Entrants, one name a line").fill("\n".join(NAMES[:16]))
    page.get_by_label("Seed").fill("not a seed")
    page.get_by_role("button", name="Plan the tournament").click()
    expect(page.get_by_text("A seed is at least 32 hexadecimal digits (0-9, a-f), or left empty.")).to_be_visible()
    expect(page.get_by_label("Entrants, one name a line")).to_have_value("\n".join(NAMES[:16]))
    shoot(page, "new-refused")
    page.get_by_label("Seed").fill(SEED)
    page.get_by_role("button", name="Plan the tournament").click()

    expect(page.get_by_role("heading", name="The plan, before you confirm it")).to_be_visible()
    expect(page.get_by_role("row", name="repeated meetings 0")).to_be_visible()
    expect(page.get_by_text("The plan meets its target.")).to_be_visible()
    expect(page.get_by_text("67212462231402852f818d095bb0c2bf1f422ede8b9025878ff2a89fc383f6ef")).to_be_visible()
    assert phone_problems(page) == []
    shoot(page, "preview")
    page.get_by_role("button", name="Confirm the plan").click()
    expect(page.get_by_text("The plan is confirmed.")).to_be_visible()
    page.locator("summary", has_text=re.compile(r"^Table 3$")).click()
    card_link = page.get_by_role("link", name="Open table 3").get_attribute("href")
    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(f"{live_server.url}{card_link}")
    expect(phone.get_by_text("No round is being played at this table now.")).to_be_visible()
    assert phone_problems(phone) == []
    shoot(phone, "card-link-before-round-1")

    event_url = page.url
    for number in range(1, 6):
        page.get_by_role("button", name=f"Open round {number}").click()
        expect(page.get_by_text(f"Round {number} is open")).to_be_visible()
        expect(page.get_by_text("4 tables still playing")).to_be_visible()
        if number == 1:
            shoot(page, "round-1-open")
            assert phone_problems(page) == []
        if number < 5:  # the round played to its end at every table (what the scorers' phones would do)
            Table.objects.filter(event__name="Spring open", round=number).update(ended_at=timezone.now())
            page.goto(event_url)

    met: dict[frozenset, int] = {}
    for rnd in range(5):
        for line in page.locator("details ol.seating").nth(rnd).locator("li").all_text_contents():
            seats = [int(n) for n in re.findall(r"\((\d+)\)", line)]
            assert len(seats) == 4
            for pair in itertools.combinations(seats, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    assert len(met) == 120  # every pair of the 16 met ...
    assert max(met.values()) == 1  # ... exactly once

    phone.goto(f"{live_server.url}{card_link}")
    table = Table.objects.get(event__name="Spring open", round=5, number=3)
    assert phone.url == f"{live_server.url}/t/{table.token}/"
    expect(phone.get_by_role("heading", name="Table 3")).to_be_visible()
    expect(phone.locator(".progress")).to_contain_text("Tour 1 of 1 · deal 1 · 0 of 4 played, 4 to play")
    shoot(phone, "card-link-in-round-5")
    phone.close()
