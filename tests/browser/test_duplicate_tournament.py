"""A duplicate tournament of 3 tables × 2 rounds end to end on phones: the director deals the boards and downloads
the folder sheet, each table enters its boards on its phone page, matchpoints and IMPs are shown, and the hand
records and travellers are published once every table has played the round."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.public.services import event_link_make
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import PlannedTable
from scorekeeper.tournaments.services import round_open
from tests.browser.fit import phone_problems
from tests.factories import make_user
from tests.tournaments.builders import end_round_tables
from tests.tournaments.duplicate_play import make_duplicate, play_round, tricks_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/helpers/shots")


def _shot(page: Page, screenshot_dir: Path, name: str) -> None:
    page.screenshot(path=str(screenshot_dir / name), full_page=True)
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / name), full_page=True)


def _enter_boards(phone: Page, url: str, planned: PlannedTable) -> None:
    """The scorer enters every board the movement brings, as the page says which is next: a solo in spades by
    the eldest hand, 6 tricks at table 1 and 5 (remise) at the others."""
    names = [p.name for p in planned.table.players]
    phone.goto(f"{url}/t/{planned.table.token}/")  # the table's link opens its board page
    for board in duplicate.table_boards(planned=planned).order:
        dealer = (board - 1) % 4
        expect(phone.get_by_role("heading", name=f"Board {board}", exact=True)).to_be_visible()
        expect(phone.get_by_text(f"Dealt by {names[dealer]} (seat {dealer + 1})")).to_be_visible()
        hombre, tricks = names[(dealer + 1) % 4], str(tricks_at(planned.number))
        for group, label in (("hombre", hombre), ("contract", "Solo"), ("trump", "♠"), ("tricks", tricks)):
            phone.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
            phone.wait_for_load_state("networkidle")  # the form comes back with what applies (htmx)
        expect(phone.locator("#f-ally")).to_have_count(0)  # a solo has no ally
        phone.get_by_role("button", name="Save", exact=True).click()
        expect(phone.get_by_text(f"Board {board} saved.")).to_be_visible()
    expect(phone.get_by_role("heading", name="Every board is played at this table")).to_be_visible()


def test_duplicate_tournament_of_three_tables_and_two_rounds(
    live_server, page: Page, browser: Browser, browser_context_args, screenshot_dir, tmp_path
):
    director = make_user("director", "a-long-test-password")
    tournament, _ = make_duplicate()
    tournament.event.club.directors.add(director)
    event = tournament.event

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/events/{event.pk}/duplicate/")
    page.get_by_role("button", name="Deal the boards of round 1").click()
    expect(page.get_by_text("12 boards dealt for round 1.")).to_be_visible()

    folders = page.get_by_role("link", name="Folder preparation sheet (PDF)").first
    pdf = page.request.get(live_server.url + folders.get_attribute("href"))
    assert pdf.headers["content-type"] == "application/pdf" and pdf.body().startswith(b"%PDF")
    (tmp_path / "folders.pdf").write_bytes(pdf.body())
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(tmp_path / "folders.pdf"), str(tmp_path / "f")],
        check=True,
    )
    rendered = next(tmp_path.glob("f*.png"))
    for folder in (screenshot_dir, SHOTS):
        if folder.is_dir():
            (folder / "27-folder-sheet.png").write_bytes(rendered.read_bytes())

    round_open(tournament=tournament, number=1)
    tables = list(
        PlannedTable.objects.select_related("table", "round__tournament")
        .filter(round__tournament=tournament, round__number=1)
        .order_by("number")
    )
    phone = browser.new_context(**browser_context_args).new_page()

    # A board the movement sends elsewhere is refused, saying where it goes; nothing is recorded.
    phone.goto(f"{live_server.url}/t/{tables[0].table.token}/board/")
    phone.get_by_label("Board", exact=True).fill("9")
    phone.locator("#f-hombre").get_by_role("radio").nth(1).click()
    for group, label in (("contract", "Solo"), ("trump", "♠"), ("tricks", "6")):
        phone.wait_for_load_state("networkidle")
        phone.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
    phone.wait_for_load_state("networkidle")
    phone.get_by_role("button", name="Save", exact=True).click()
    expect(
        phone.get_by_text("Board 9 is not played at table 1: it goes to table 3 at stage 1, table 2 at stage 2.")
    ).to_be_visible()
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-board-refused.png")

    link = event_link_make(event=event)
    for planned in tables:
        _enter_boards(phone, live_server.url, planned)
        if planned.number == 1:  # boards 1-8 are waiting for tables 2 and 3: nothing is published yet
            assert phone.goto(f"{live_server.url}/p/{link.token}/duplicate/boards/1/").status == 404

    # Round 1 played: matchpoints and IMPs on the director's page, 25 % at table 1 and 62.50 % elsewhere.
    page.goto(f"{live_server.url}/events/{event.pk}/duplicate/")
    board_5 = page.get_by_role("table", name="Board 5")
    expect(board_5).to_contain_text("2.00")
    expect(page.get_by_role("table").last).to_contain_text("62.50")
    expect(page.get_by_role("table").last).to_contain_text("25.00")
    assert phone_problems(page) == []
    _shot(page, screenshot_dir, "27-director.png")

    # Published: the hand record and the traveller of board 1, every table's contract, result and score.
    phone.goto(f"{live_server.url}/p/{link.token}/duplicate/")
    phone.get_by_role("link", name="Board 1", exact=True).click()
    phone.wait_for_load_state("load")
    expect(phone.get_by_role("heading", name="Hand record")).to_be_visible()
    expect(phone.get_by_role("table", name="Table 1: solo by seat 2, ♠ · 6 tricks · won")).to_be_visible()
    expect(phone.get_by_role("table", name="Table 3: solo by seat 2, ♠ · 5 tricks · remise")).to_be_visible()
    expect(phone.get_by_role("table").last).to_contain_text("solo by seat 2, ♠")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-traveller.png")

    # A score card: the entrant's boards with his seat's matchpoints and percentages; 62.50 % over round 1.
    phone.goto(f"{live_server.url}/p/{link.token}/duplicate/")
    expect(phone.get_by_role("table").first).to_contain_text("62.50")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-results.png")
    phone.get_by_role("table").first.get_by_role("link").first.click()
    expect(phone.get_by_text("62.50 %")).to_be_visible()
    phone.wait_for_load_state("load")  # the stylesheet applied before the page is measured
    expect(phone.get_by_role("table").first).to_contain_text("100.00")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-score-card.png")

    # Round 2: its boards dealt from the director's page, its tables played, its boards published in turn.
    end_round_tables(tournament, 1)
    page.goto(f"{live_server.url}/events/{event.pk}/duplicate/")
    page.get_by_role("button", name="Deal the boards of round 2").click()
    expect(page.get_by_text("12 boards dealt for round 2.")).to_be_visible()
    round_open(tournament=tournament, number=2)
    play_round(tournament, 2)
    phone.goto(f"{live_server.url}/p/{link.token}/duplicate/boards/13/")
    expect(phone.get_by_role("heading", name="Traveller")).to_be_visible()
    page.goto(f"{live_server.url}/events/{event.pk}/duplicate/")
    expect(page.get_by_role("table", name="Board 24")).to_be_visible()
