"""A scorer's evening on a phone: the four deals of PC-6 entered by tapping, then deal 2 corrected."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.selectors import table_ledger
from tests.factories import make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each deal as the taps a scorer makes: hombre, contract (alliance is preselected), trumps, ally, tricks.
PC6_TAPS = [
    ["Ann", "Solo", "♠", "5"],
    ["Ben", "Solo", "♠", "3"],
    ["Cat", "♠", "Dan", "5"],
    ["Dan", "Solo", "♠", "6"],
]


def tap(page: Page, group: str, label: str) -> None:
    """Tap a choice: the radio button lies over its pill, where the finger lands."""
    page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
    page.wait_for_load_state("networkidle")


def enter_deal(page: Page, taps: list[str]) -> int:
    """Tap one deal in and save it; returns the number of taps used (Save included)."""
    groups = iter(["hombre", "contract", "trump", "ally", "tricks"])
    for label in taps:
        group = next(groups)
        if group == "contract" and label not in ("Solo", "Vole", "Own king"):
            group = next(groups)  # alliance is preselected: no tap
        if group == "ally" and label.isdigit():
            group = next(groups)
        tap(page, group, label)
        page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state("networkidle")
    return len(taps) + 1


def balances(page: Page) -> list[str]:
    return [b.inner_text() for b in page.locator(".seats .balance").all()]


def test_pc6_entered_by_tapping_then_corrected(live_server, page: Page, screenshot_dir):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()

    # The first deal, with the live preview checked before saving.
    tap(page, "hombre", "Ann")
    tap(page, "contract", "Solo")
    tap(page, "trump", "♠")
    tap(page, "tricks", "5")
    expect(page.locator("#preview")).to_contain_text(
        "Ann plays solo, 5 tricks: remise. Each player puts 1 into the pot. Ann puts up 4 for the next deal."
    )
    expect(page.locator("#preview")).to_contain_text("pot 8")
    page.screenshot(path=str(screenshot_dir / "entry-preview.png"), full_page=True)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()

    taps = [enter_deal(page, t) for t in PC6_TAPS[1:]]
    assert taps[1] == 5  # the alliance deal: Cat, ♠, Dan, 5, Save
    expect(page.get_by_text("Deal 4 saved.")).to_be_visible()
    assert balances(page) == ["36", "12", "12", "100"]
    expect(page.locator(".progress")).to_contain_text("Tour 2 of 10 · deal 5 · 4 of 40 played, 36 to play · pot 0")
    page.screenshot(path=str(screenshot_dir / "entry-after-pc6.png"), full_page=True)

    # Correct deal 2: Ben made 5 tricks (a remise), not 3.
    page.get_by_role("link", name="2. Ben solo ♠, 3: codille").click()
    expect(page.get_by_role("heading", name="Correct this deal")).to_be_visible()
    tap(page, "tricks", "5")
    page.get_by_label("Reason for the correction").fill("Ben had five tricks")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 2 corrected; every later deal was settled again.")).to_be_visible()
    assert balances(page) == ["32", "24", "8", "96"]
    expect(page.locator(".ledger")).to_contain_text("corrected")
    page.screenshot(path=str(screenshot_dir / "ledger-after-correction.png"), full_page=True)
    assert table_ledger(table=table).state.balances == (32, 24, 8, 96)

    page.get_by_role("link", name="2. Ben solo ♠, 5: remise").click()
    expect(page.locator(".audit")).to_contain_text("“Ben had five tricks”")
    page.screenshot(path=str(screenshot_dir / "deal-audit.png"), full_page=True)


def test_live_preview_answers_each_tap_of_a_half_entered_deal(live_server, page: Page):
    table = make_table()
    page.goto(f"{live_server.url}/t/{table.token}/")
    tap(page, "hombre", "Ann")
    # Nothing chosen yet is not a mistake: no "required" beside the trumps the scorer has not reached.
    expect(page.locator("#f-trump")).not_to_contain_text("required")
    expect(page.locator("#f-ally")).to_be_visible()
    tap(page, "contract", "Solo")
    # The server answered the half-entered deal: a solo has no ally to name.
    expect(page.locator("#f-ally")).to_have_count(0)
    tap(page, "trump", "♠")
    tap(page, "tricks", "5")
    # PC-6 deal 1 without pressing Preview: Ann's solo with 5 tricks is a remise, she pays 5 into the pot.
    expect(page.locator("#preview .changes")).to_contain_text("-5")
    assert table_ledger(table=table).rows == ()


def test_a_refusal_beside_a_row_of_names_sits_under_it(live_server, page: Page, screenshot_dir):
    # The seats' row of pills (hombre, ally, the codille remainder's winner) shared its class with the table's
    # list of seats, a grid of two columns: its refusal was squeezed into a one-word column beside the names.
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.token}/")
    # Saved with nobody tapped as hombre: the server's refusal (the browser's own check taken off, as an older
    # phone's browser would not make it).
    page.evaluate("document.querySelectorAll('#deal-form [required]').forEach((e) => e.removeAttribute('required'))")
    page.get_by_role("button", name="Save", exact=True).click()
    hombre = page.locator("#f-hombre")
    error = hombre.locator(".error")
    expect(error).to_be_visible()
    row, said, whole = hombre.locator(".pill-row").bounding_box(), error.bounding_box(), hombre.bounding_box()
    page.screenshot(path=str(screenshot_dir / "refusal-under-the-names.png"), full_page=True)
    assert said["y"] >= row["y"] + row["height"]  # under the names, not beside them
    assert row["width"] == whole["width"] and said["width"] == whole["width"]  # each as wide as the form
