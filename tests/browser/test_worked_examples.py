"""Every worked example of QUADRILLE-SCORING.md §4 that a new event can hold (its options, no chips already on
the table), tapped in through the phone form on a 390 × 844 screen: the page shows the spec's final balances.
MC-2 and MC-6 (a solo's and a vole's matadors under modern chips) are among them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import Contract, parse_document
from scorekeeper.engine.model import NONE_HELD
from tests.engine.conftest import load_vectors
from tests.factories import make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OPENING = {"pot", "k", "board", "beasts", "held", "eligible"}
VECTORS = [v for v in load_vectors() if not OPENING & set(v["input"])]
CONTRACTS = {
    Contract.SOLO: "Solo",
    Contract.VOLE_BID: "Vole",
    Contract.FORCED: "All passed: forced spadille",
    Contract.SELF_CALL: "Own king",
    Contract.MEDIATEUR: "Médiateur",
}
SUITS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}


def settle(page: Page) -> None:
    """Wait until the form the server sent back is in place: a tap on the form being replaced would be lost."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def tap(page: Page, group: str, label: str) -> None:
    """Tap a choice: the radio button lies over its pill, where the finger lands. A group that a live preview
    should have brought but did not (the preview gave up on a slow server) comes with the Preview button."""
    if page.locator(f"#f-{group}").count() == 0:
        page.get_by_role("button", name="Preview", exact=True).click()
        settle(page)
    page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
    settle(page)


def shown(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0 and page.locator(selector).first.is_visible()


def choose(page: Page, field: str, value: str) -> None:
    page.locator(f"#deal-form [name={field}]").select_option(value)
    settle(page)


def open_more(page: Page) -> None:
    details = page.locator("#deal-form details.more")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def tap_in(page: Page, record, players) -> None:
    """One record, tapped as a scorer would: only what the form shows, then Save."""
    if record.void:
        page.get_by_role("button", name="Misdeal (same dealer deals again)").click()
        settle(page)
        return
    tap(page, "hombre", players[record.hombre])
    if record.contract in CONTRACTS:
        tap(page, "contract", CONTRACTS[record.contract])
    tap(page, "trump", SUITS[record.trump])
    tap(page, "tricks", str(record.tricks))
    # The Preview button (the page without JavaScript) brings what applies to this contract and these tricks,
    # whether or not the live preview has come back yet.
    page.get_by_role("button", name="Preview", exact=True).click()
    settle(page)
    if record.ally is not None:
        tap(page, "ally", players[record.ally])
    if record.mediateur_giver is not None:
        tap(page, "mediateur_giver", players[record.mediateur_giver])
    if record.hombre_tricks is not None and shown(page, "#f-hombre_tricks"):
        tap(page, "hombre_tricks", str(record.hombre_tricks))
    if record.run_side and shown(page, "#deal-form [name=run_side]"):
        choose(page, "run_side", str(record.run_side))
    if record.run_hombre and shown(page, "#deal-form [name=run_hombre]"):
        choose(page, "run_hombre", str(record.run_hombre))
    if record.premiers:
        page.locator("#deal-form [name=premiers]").check()
        settle(page)
    if record.vole_attempted and shown(page, "#deal-form [name=vole_attempted]"):
        page.locator("#deal-form [name=vole_attempted]").check()
        settle(page)
    if record.remainder_winner is not None:
        label = "nobody holds a trump: to the board" if record.remainder_winner == NONE_HELD else None
        tap(page, "remainder_winner", label or players[record.remainder_winner])
    if record.called:
        open_more(page)
        if shown(page, "#deal-form [name=called]"):
            choose(page, "called", record.called)
    for slot, penalty in zip(("", "_2"), record.penalties, strict=False):
        open_more(page)
        choose(page, f"penalty_kind{slot}", penalty.kind.value)
        open_more(page)
        choose(page, f"penalty_seat{slot}", str(penalty.seats[0]))
        if penalty.count != 1:
            open_more(page)
            page.locator(f"#deal-form [name=penalty_count{slot}]").fill(str(penalty.count))
    page.get_by_role("button", name="Save", exact=True).click()
    settle(page)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"].split(" (")[0] for v in VECTORS])
def test_worked_example_tapped_in_gives_the_spec_balances(live_server, page: Page, screenshot_dir, vector):
    session, records, _close = parse_document(vector["input"])
    table = make_table(
        ruleset=session.ruleset.value,
        options=session.options.as_mapping(changed_only=True),
        start=session.start,
        first_dealer=records[0].dealer,
    )
    page.goto(f"{live_server.url}/t/{table.token}/")
    for position, record in enumerate(records, start=1):
        tap_in(page, record, session.players)
        assert page.locator("#deal-form .error, #deal-form .errors").count() == 0, (position, record)
    expected = [str(b) for b in vector["expect"]["balances"]]
    expect(page.locator(".seats .balance")).to_have_text(expected)
    if session.ruleset.value == "modern-chips":
        page.screenshot(path=str(screenshot_dir / "worked-example-mc.png"), full_page=True)
