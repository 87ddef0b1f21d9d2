"""A duplicate tournament of 3 tables × 2 rounds run end to end through the pages: the director creates it on the
new-tournament form, confirms the plan, deals each round's boards and downloads the folder sheet, opens the rounds;
each table's phone (390 × 844), reached through its table card's link, enters the boards the movement brings, and
the players sign; matchpoints and IMPs are shown, and the hand records and travellers are published only once every
table has played the round."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.tables.models import Table
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import PlannedTable, Tournament
from tests.browser.fit import phone_problems
from tests.factories import make_club, make_user
from tests.tournaments.builders import NAMES, SEED
from tests.tournaments.duplicate_play import tricks_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shot(page: Page, screenshot_dir: Path, name: str) -> None:
    page.screenshot(path=str(screenshot_dir / name), full_page=True)


def _planned(tournament: Tournament, number: int, table: int) -> PlannedTable:
    return PlannedTable.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=number, number=table
    )


def _enter_boards(
    phone: Page, card_link: str, planned: PlannedTable, *, no_result: int | None = None, screenshot_dir=None
) -> None:
    """The scorer opens the table card's link and enters every board the movement brings, as the page says which
    is next: a solo in spades by the eldest hand, 6 tricks at table 1 and 5 (remise) at the others. Board
    `no_result`, marked fouled by the director, cannot be played: the scorer records it with no result."""
    names = [p.name for p in planned.table.players]
    phone.goto(card_link)  # the card's link opens this round's table, which sends a duplicate table to its boards
    for board in duplicate.table_boards(planned=planned).order:
        dealer = (board - 1) % 4
        expect(phone.get_by_role("heading", name=f"Board {board}", exact=True)).to_be_visible()
        expect(phone.get_by_text(f"Dealt by {names[dealer]} (seat {dealer + 1})")).to_be_visible()
        if board == no_result:
            expect(phone.get_by_text("The director marked this board fouled at this table")).to_be_visible()
            assert phone_problems(phone) == []
            _shot(phone, screenshot_dir, "27-board-no-result.png")
            phone.get_by_role("button", name=f"Board {board}: no result").click()
            saved = f"Board {board} has no result at this table: it scores the average."
            expect(phone.get_by_text(saved)).to_be_visible()
            continue
        hombre, tricks = names[(dealer + 1) % 4], str(tricks_at(planned.number))
        for group, label in (("hombre", hombre), ("contract", "Solo"), ("trump", "♠"), ("tricks", tricks)):
            phone.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
            phone.wait_for_load_state("networkidle")  # the form comes back with what applies (htmx)
        expect(phone.locator("#f-ally")).to_have_count(0)  # a solo has no ally
        phone.get_by_role("button", name="Save", exact=True).click()
        expect(phone.get_by_text(f"Board {board} saved.")).to_be_visible()
    expect(phone.get_by_role("heading", name="Every board is played at this table")).to_be_visible()


def _sign(phone: Page, planned: PlannedTable, screenshot_dir: Path | None = None) -> None:
    """The four players sign the sheet on the phone: the table's round then ends on its own."""
    phone.get_by_role("link", name="The table's sheet, to sign").click()
    panel = phone.locator("#round-complete")
    # Boards are scored against the other tables: the players agree with what was recorded, not with chips.
    expect(panel).to_contain_text("Every board of the round is recorded.")
    expect(panel).not_to_contain_text("balances")
    if screenshot_dir is not None:
        panel.screenshot(path=str(screenshot_dir / "27-sign-boards.png"))
    for player in planned.table.players:
        panel.get_by_role("button", name=player.name, exact=True).click()
        expect(phone.get_by_text(f"{player.name} agrees with the boards as recorded.")).to_be_visible()
    expect(phone.get_by_text("Signed by all four players.")).to_be_visible()


def _folder_sheet(page: Page, url: str, tmp_path: Path, screenshot_dir: Path) -> int:
    """The round's folder preparation sheet downloaded from the director's page: a PDF; its pages rendered, the first
    kept as a picture. Returns its number of pages."""
    link = page.get_by_role("link", name="Folder preparation sheet (PDF)").first
    pdf = page.request.get(url + link.get_attribute("href"))
    assert pdf.headers["content-type"] == "application/pdf" and pdf.body().startswith(b"%PDF")
    path = tmp_path / "folders.pdf"
    path.write_bytes(pdf.body())
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(tmp_path / "f")], check=True)
    rendered = sorted(tmp_path.glob("f*.png"))
    (screenshot_dir / "27-folder-sheet.png").write_bytes(rendered[0].read_bytes())
    return len(rendered)


def _log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()


def test_duplicate_tournament_of_three_tables_and_two_rounds(
    live_server, page: Page, browser: Browser, browser_context_args, screenshot_dir, tmp_path
):
    director = make_user("director", "a-long-test-password")
    make_club("Bath Quadrille Circle", directors=[director])
    _log_in(page, live_server.url)

    # The new-tournament form: duplicate with placement scoring is refused beside the method, the entries kept.
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name", exact=True).fill("Duplicate open")
    page.get_by_label("Tours per round").fill("2")
    page.get_by_label("Rounds per session").fill("2")
    page.get_by_label("Entrants, one name a line").fill("\n".join(NAMES[:12]))
    page.get_by_label("Seed").fill(SEED)
    page.get_by_label(re.compile(r"^Format")).select_option("duplicate")
    page.get_by_label(re.compile(r"^Scoring method")).select_option("placement")
    page.get_by_role("button", name="Plan the tournament").click()
    refused = "A duplicate tournament is scored by matchpoints or IMPs, not by placement."
    expect(page.get_by_text(refused)).to_be_visible()
    expect(page.get_by_label("Entrants, one name a line")).to_have_value("\n".join(NAMES[:12]))
    assert phone_problems(page) == []
    _shot(page, screenshot_dir, "27-new-refused.png")
    page.get_by_label(re.compile(r"^Scoring method")).select_option("matchpoints")
    page.get_by_role("button", name="Plan the tournament").click()
    expect(page.get_by_role("heading", name="The plan, before you confirm it")).to_be_visible()
    page.get_by_role("button", name="Confirm the plan").click()
    expect(page.get_by_text("The plan is confirmed.")).to_be_visible()
    tournament = Tournament.objects.get(event__name="Duplicate open")
    assert tournament.options == {"tournament.format": "duplicate"}  # matchpoints: the default in duplicate
    tournament_url = page.url

    # The table cards' links, printed before round 1, open each round's table at that place.
    cards = {}
    for number in (1, 2, 3):
        page.locator("summary", has_text=re.compile(rf"^Table {number}$")).click()
        cards[number] = live_server.url + page.get_by_role("link", name=f"Open table {number}").get_attribute("href")
    page.get_by_role("button", name="Make a public link").click()
    public = page.get_by_role("link", name="Public standings").get_attribute("href")  # /p/<token>/
    results_url = f"{live_server.url}{public}duplicate/"

    # The boards of round 1, dealt and stored before the round; their folder sheet printed.
    page.get_by_role("link", name="Boards", exact=True).click()
    page.get_by_role("button", name="Deal the boards of round 1").click()
    expect(page.get_by_text("12 boards dealt for round 1.")).to_be_visible()
    # Boards 1-8 on page 1, 9-12 on page 2 (eight a page, by set), and the list of where each set starts.
    assert _folder_sheet(page, live_server.url, tmp_path, screenshot_dir) == 3

    page.goto(tournament_url)
    page.get_by_role("button", name="Open round 1").click()
    expect(page.get_by_text("Round 1 is open")).to_be_visible()
    phone = browser.new_context(**browser_context_args).new_page()

    # A board the movement sends elsewhere is refused, saying where it goes; nothing is recorded.
    phone.goto(cards[1])
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

    for number in (1, 2, 3):
        planned = _planned(tournament, 1, number)
        _enter_boards(phone, cards[number], planned)
        _sign(phone, planned, screenshot_dir if number == 1 else None)
        if number < 3:  # boards 1-8 still wait for table 3: no hand record or traveller is shown yet
            assert phone.goto(f"{results_url}boards/1/").status == 404
    assert all(t.ended_at is not None for t in Table.objects.filter(event=tournament.event, round=1))

    # Round 1 played: each board twice (top 2). Table 1's hombre tops his boards, its defenders score 0; boards
    # 9-12 (tables 2 and 3, both remise) are 1 each: 25 % for table 1's entrants, 62.50 % for the others.
    page.goto(tournament_url)
    page.get_by_role("link", name="Boards", exact=True).click()
    board_5 = page.get_by_role("table", name="Board 5")
    # Board 5 (dealer seat 1, hombre seat 2) at table 1, solo won: +3 to him, -1 to each defender (PC, split
    # equally); at table 2, remise: -3 and +1. Differences 6 and -2 are 5 and -2 IMPs (T-73, step 1).
    names = [p.name for p in _planned(tournament, 1, 1).table.players]
    rows = board_5.locator("tbody tr")
    expect(rows.nth(0).get_by_role("cell")).to_have_text(["1", names[0], "-1", "0.00", "−2.00"])
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["", names[1], "3", "2.00", "5.00"])
    expect(page.get_by_role("table").last).to_contain_text("62.50")
    expect(page.get_by_role("table").last).to_contain_text("25.00")
    assert phone_problems(page) == []
    _shot(page, screenshot_dir, "27-director.png")

    # Published: the hand record and the traveller of board 1, every table's contract, result and score on it.
    phone.goto(results_url)
    phone.get_by_role("link", name="Board 1", exact=True).click()
    phone.wait_for_load_state("load")
    expect(phone.get_by_role("heading", name="Hand record")).to_be_visible()
    expect(phone.get_by_role("table", name="Table 1: solo by seat 2, ♠ · 6 tricks · won")).to_be_visible()
    expect(phone.get_by_role("table", name="Table 3: solo by seat 2, ♠ · 5 tricks · remise")).to_be_visible()
    expect(phone.get_by_role("table").last).to_contain_text("solo by seat 2, ♠")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-traveller.png")

    # A score card: the entrant's boards with his seat's matchpoints and percentages; 62.50 % over round 1.
    phone.goto(results_url)
    expect(phone.get_by_role("table").first).to_contain_text("62.50")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-results.png")
    phone.get_by_role("table").first.get_by_role("link").first.click()
    expect(phone.get_by_text("62.50 %")).to_be_visible()
    phone.wait_for_load_state("load")  # the stylesheet applied before the page is measured
    expect(phone.get_by_role("table").first).to_contain_text("100.00")
    assert phone_problems(phone) == []
    _shot(phone, screenshot_dir, "27-score-card.png")

    # Round 2: its boards (13-24) dealt from the director's page, its tables reached by the same card links.
    page.get_by_role("button", name="Deal the boards of round 2").click()
    expect(page.get_by_text("12 boards dealt for round 2.")).to_be_visible()
    page.goto(tournament_url)
    page.get_by_role("button", name="Open round 2").click()
    expect(page.get_by_text("Round 2 is open")).to_be_visible()
    # Board 14's pockets at table 1 cannot be played (a card missing): the director marks it fouled there, and
    # table 1 records it with no result and plays on; it scores the average, and the standings say so (T-63).
    page.get_by_role("link", name="Boards", exact=True).click()
    round_2 = page.get_by_role("region", name="Round 2")
    round_2.get_by_role("combobox", name=re.compile(r"^Table")).select_option("1")
    round_2.get_by_role("spinbutton", name="Board").fill("30")  # a slip: refused beside the board, nothing lost
    round_2.get_by_label("Why (wrong cards in a pocket, …)").fill("KC missing from pocket 3")
    round_2.get_by_role("button", name="Mark fouled").click()
    round_2 = page.get_by_role("region", name="Round 2")
    expect(round_2.get_by_text("Board 30 is not played in this round: its boards are 13 to 24.")).to_be_in_viewport()
    expect(round_2.get_by_role("spinbutton", name="Board")).to_be_focused()
    expect(round_2.get_by_label("Why (wrong cards in a pocket, …)")).to_have_value("KC missing from pocket 3")
    expect(round_2.get_by_role("combobox", name=re.compile(r"^Table"))).to_have_value("1")
    _shot(page, screenshot_dir, "27-foul-refused.png")
    round_2.get_by_role("spinbutton", name="Board").fill("14")
    round_2.get_by_role("button", name="Mark fouled").click()
    expect(page.get_by_text("Board 14 is marked fouled at table 1")).to_be_visible()
    for number in (1, 2, 3):
        planned = _planned(tournament, 2, number)
        _enter_boards(
            phone, cards[number], planned, no_result=14 if number == 1 else None, screenshot_dir=screenshot_dir
        )
        _sign(phone, planned)
    fouled = "Round 2, board 14 at table 1: fouled, no result; the average."
    phone.goto(results_url)
    expect(phone.get_by_text(fouled)).to_be_visible()
    phone.goto(f"{results_url}boards/13/")
    expect(phone.get_by_role("heading", name="Traveller")).to_be_visible()
    page.goto(tournament_url)
    page.get_by_role("link", name="Boards", exact=True).click()
    expect(page.get_by_role("table", name="Board 24")).to_be_visible()
    expect(page.get_by_text(fouled)).to_be_visible()
    expect(page.get_by_text("Published: every table has played every board of this round.")).to_have_count(2)
