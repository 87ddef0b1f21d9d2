"""The main pages load with no console error and no failed request (a missing favicon was one on every page)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scorekeeper.clubs.models import Club
from scorekeeper.tables.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_main_pages_log_no_console_error(live_server, page: Page, screenshot_dir):
    call_command("demo")
    event = Club.objects.get().events.get(kind="evening")
    table = Table.objects.filter(event=event).order_by("number").first()
    problems: list[str] = []
    page.on(
        "console",
        lambda message: problems.append(f"console {message.type}: {message.text}") if message.type == "error" else None,
    )
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    # A request the next navigation cuts short (the favicon, while the test moves on) is no fault of the page;
    # a missing file is a 404 below, an unreachable one another network error.
    page.on(
        "requestfailed",
        lambda request: (
            problems.append(f"failed: {request.url} {request.failure}")
            if request.failure != "net::ERR_ABORTED"
            else None
        ),
    )
    page.on(
        "response",
        lambda response: problems.append(f"{response.status}: {response.url}") if response.status >= 400 else None,
    )

    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("heading", name="Quadrille scorekeeper")).to_be_visible()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("quadrille")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_server.url}/director/")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.get_by_role("heading", name=event.name)).to_be_visible()
    # On localhost the event page says its links cannot reach a phone.
    expect(page.get_by_role("alert").filter(has_text="phones cannot open them")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "event-loopback-warning.png"), full_page=True)
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.get_by_text("Ann Carlisle").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert problems == []


def test_404_page_is_the_site_page_without_debug_text(live_server, page: Page, screenshot_dir):
    response = page.goto(f"{live_server.url}/no/such/page/")
    assert response.status == 404
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    assert "URLconf" not in page.content()
    page.screenshot(path=str(screenshot_dir / "404.png"), full_page=True)
