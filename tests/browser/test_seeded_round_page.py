"""A tournament whose last round is seated by the standings (T-29), seen on a phone-sized page: before the round
opens, the page says it is seated by the standings when it opens instead of showing a provisional seating; once it
opens, its tables are the standings' places 1-4, 5-8 and 9-12."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fit import phone_problems
from tests.browser.shots import keep
from tests.factories import make_user
from tests.tournaments.test_seeded_rounds import POINTS, make_pp_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_last_round_is_shown_as_seated_by_the_standings_then_opened_by_them(live_server, page: Page):
    director = make_user("director", "a-long-test-password")
    tournament = make_pp_tournament(entrants=12, sessions=(4,), options={"seating.by_standings": 1})
    tournament.event.club.directors.add(director)
    for number in (1, 2, 3):
        play_round(tournament, number, {e: points[number - 1] for e, points in POINTS.items()})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/tournaments/{tournament.event_id}/")

    page.locator("summary", has_text="Round 4 · session 1").click()
    expect(page.get_by_text("Seated by the standings when it opens, after round 3 has ended")).to_be_visible()
    round_four = page.locator("details", has_text="Round 4 · session 1")
    expect(round_four.locator("ol.seating")).to_have_count(0)  # no provisional seating shown as if final
    assert phone_problems(page) == []
    keep(page, "seeded-round-before.png")

    page.get_by_role("button", name="Open round 4").click()
    expect(page.get_by_text("Round 4 is open: drawn by the standings after round 3.")).to_be_visible()
    # The round being played is shown open. Standings after round 3 (tests/tournaments/test_seeded_rounds.py):
    # Ben, Hal, Dan, Jo | Fay, Lou, Kit, Gus | Cat, Ida, Eve, Ann.
    first = round_four.locator("ol.seating li").first
    expect(first).to_be_visible()
    for name in ("Ben", "Hal", "Dan", "Jo"):
        expect(first).to_contain_text(name)
    assert phone_problems(page) == []
    keep(page, "seeded-round-opened.png")
