"""A duplicate table's board page on a phone that loses its connection (390 x 844): Save sends nothing and leaves
the entries on the screen, saying so, instead of the browser's "no internet" page; saved again online, the board
is recorded once."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.tables.models import Deal
from scorekeeper.tournaments.models import PlannedTable
from tests.tournaments.duplicate_play import make_duplicate, open_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_board_saved_with_no_connection_keeps_its_entries(live_server, page: Page, context: BrowserContext):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    table = PlannedTable.objects.get(round__tournament=tournament, round__number=1, number=1).table
    board_page = f"{live_server.url}/t/{table.token}/board/"
    page.goto(board_page)
    expect(page.get_by_role("heading", name="Board 1", exact=True)).to_be_visible()
    eldest = table.players[1].name  # board 1 is dealt by seat 1: the eldest hand plays a solo in spades, 6 tricks
    for group, label in (("hombre", eldest), ("contract", "Solo"), ("trump", "♠"), ("tricks", "6")):
        page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
        page.wait_for_load_state("networkidle")
    context.set_offline(True)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text(
        "No connection: nothing was sent, and your entries are still here."
    )
    assert page.url == board_page
    expect(page.locator("#f-hombre").get_by_role("radio", name=eldest, exact=True)).to_be_checked()
    assert not Deal.objects.filter(table=table).exists()

    context.set_offline(False)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".progress")).to_contain_text("1 board recorded: 1")
    assert Deal.objects.filter(table=table).count() == 1
