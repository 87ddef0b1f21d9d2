"""The club's results site written by publish_club, opened from disk in Chromium on a phone: pages link to each
other as files, the charts are drawn (inline SVG), and every page fits the phone."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scorekeeper.public.services import club_site_set
from tests.browser.fit import phone_problems
from tests.public.test_club_site import club_history  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def test_the_exported_site_opens_from_disk_with_its_charts(page: Page, tmp_path, club_history, screenshot_dir):  # noqa: F811
    club_site_set(club=club_history["club"], published=True)
    call_command("publish_club", str(club_history["club"].pk), str(tmp_path))

    page.goto((tmp_path / "index.html").as_uri())
    expect(page.get_by_role("heading", name="Results of Bath Quadrille Circle")).to_be_visible()
    assert phone_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "export-index.png"), full_page=True)

    page.get_by_role("link", name="April").click()
    expect(page.get_by_role("heading", name="April")).to_be_visible()
    chart = page.get_by_role("img", name="Each player's account, deal after deal")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200  # drawn, phone-wide
    assert page.locator("svg.chart polyline, svg.chart path").count() >= 4  # a line for each player
    assert phone_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "export-event.png"), full_page=True)

    page.get_by_role("link", name="Dan").click()
    expect(page.get_by_role("heading", name="Dan")).to_be_visible()
    expect(page.get_by_role("img", name="Chips won, event after event")).to_be_visible()
    assert phone_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "export-player.png"), full_page=True)

    page.get_by_role("link", name="All results").click()
    page.get_by_role("link", name="2026").click()
    expect(page.get_by_role("img", name="The five best rated, event after event")).to_be_visible()
    assert phone_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "export-season.png"), full_page=True)
