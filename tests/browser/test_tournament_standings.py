"""A 16-entrant tournament's final standings on a phone: a place column, totals in T-3's form, and a total that
opens, on a tap, to the rounds that make it."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.clubs.services import player_rename
from scorekeeper.public.services import event_link_make
from scorekeeper.tournaments.services import tournament_close
from scorekeeper.tournaments.standings import tournament_standings
from tests.browser.fit import phone_problems
from tests.factories import make_club, make_user
from tests.tournaments.builders import make_tournament
from tests.tournaments.played import play_rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_final_standings_fit_a_phone_and_a_total_shows_its_rounds(live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    tournament, _schedule, _players = make_tournament(club=club)
    play_rounds(tournament, range(1, 6), random.Random(26))
    event = tournament_close(tournament=tournament).event
    view = tournament_standings(event=event)
    leader = view.standings.rows[0]

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.get_by_role("heading", name="Spring open")).to_be_visible()
    expect(page.get_by_text("final standings")).to_be_visible()

    assert phone_problems(page) == []
    # The leader's total, by its accessible name, opens to his five rounds.
    rounds = page.locator("td.total").first.locator("ul.made-of li")
    expect(rounds.first).to_be_hidden()
    page.locator("td.total summary").first.click()
    expect(rounds).to_have_count(5)
    first = leader.entries[0]
    expect(rounds.first).to_have_text(f"R1 · T{first.table} {view.display(first.score)}")
    expect(page.locator("td.total summary").first).to_have_accessible_name(
        f"{leader.entrant.name}: total {view.display(leader.total)}, the rounds that make it"
    )
    shot = screenshot_dir / "tournament-final-standings.png"
    page.screenshot(path=str(shot), full_page=True)


def test_score_card_and_live_board_fit_a_phone(live_server, page: Page, screenshot_dir):
    director = make_user("director", "a-long-test-password")
    club = make_club("Bath Quadrille Circle", directors=[director])
    tournament, _schedule, _players = make_tournament(club=club)
    play_rounds(tournament, range(1, 4), random.Random(26))
    event = tournament.event
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.get_by_role("heading", name="Ann")).to_be_visible()
    expect(page.locator("table.score-card tbody tr").first).to_be_visible()
    assert phone_problems(page) == []
    shot = screenshot_dir / "tournament-score-card.png"
    page.screenshot(path=str(shot), full_page=True)

    page.goto(f"{live_server.url}/events/{event.pk}/live/")
    expect(page.get_by_role("heading", name="Round 3: the tables")).to_be_visible()
    assert phone_problems(page) == []

    # The director's board and the public link's are one markup: after a refresh, each leads to its own cards.
    token = event_link_make(event=event).token
    for live, card in (
        (f"/events/{event.pk}/tournament/live/", r"/events/\d+/tournament/cards/\d+/$"),
        (f"/p/{token}/live/", rf"/p/{token}/cards/\d+/$"),
    ):
        page.goto(f"{live_server.url}{live}")
        with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
            pass  # the board's next poll, swapped in place
        page.locator("#board").get_by_role("link", name="Ann", exact=True).click()
        expect(page.get_by_role("heading", name="Ann")).to_be_visible()
        expect(page).to_have_url(re.compile(card))


def test_a_long_name_wraps_and_leaves_the_totals_in_sight(live_server, page: Page, screenshot_dir):
    tournament, _schedule, players = make_tournament()
    player_rename(player=players[0], name="Maximilian-Alexander Wolfeschlegelsteinhausenbergerdorff")
    play_rounds(tournament, range(1, 3), random.Random(26))
    token = event_link_make(event=tournament.event).token
    page.goto(f"{live_server.url}/p/{token}/")
    expect(page.locator("table.tournament-standings").get_by_role("link", name="Maximilian-Alexander")).to_be_visible()
    assert phone_problems(page) == []
    # Nothing to scroll sideways inside the table's own scroller: the Total column is on the screen.
    for table in ("tournament-standings", "round-tables"):
        scroller = page.locator(f".scroll-x:has(table.{table})")
        assert scroller.evaluate("s => s.scrollWidth <= s.clientWidth"), table
    page.screenshot(path=str(screenshot_dir / "tournament-long-name.png"), full_page=True)
