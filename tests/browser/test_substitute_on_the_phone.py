"""A substitute's name under the seat he holds, on a phone: it fits the seat's card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import PlannedTable
from tests.browser.fit import phone_problems
from tests.tournaments.builders import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_substitutes_name_fits_under_the_seat(live_server, page: Page, screenshot_dir):
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    planned = PlannedTable.objects.select_related("table").get(round__tournament=tournament, round__number=1, number=1)
    services.substitute_add(planned_table=planned, seat=2, from_deal=1, name="Bartholomew Featherstonehaugh-Smythe")
    page.goto(f"{live_server.url}/t/{planned.table.token}/")
    seat = page.locator("ol.seats li").nth(2)
    expect(seat).to_contain_text("played by Bartholomew Featherstonehaugh-Smythe")
    page.screenshot(path=str(screenshot_dir / "substitute-under-the-seat.png"), full_page=True)
    assert phone_problems(page) == []
