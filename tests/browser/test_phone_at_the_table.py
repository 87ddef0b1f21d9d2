"""The phone at the table on a 390 x 844 screen: the round's end, its length, a double tap on Save, a correction's
live preview. The deals are PC-6's (QUADRILLE-SCORING.md): after its four deals the balances are 36 / 12 / 12 /
100 from 40 each, and with deal 2 made a remise (5 tricks) instead of a codille 32 / 24 / 8 / 96."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Deal
from scorekeeper.tables.services import deal_record, table_end_round
from tests.browser.shots import keep
from tests.browser.test_offline_entry import open_table, tap_deal
from tests.browser.test_table_entry import PC6_TAPS, balances, tap
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def table_with(deals: int, tours: int):
    """A table of `tours` tours with PC-6's deals recorded `deals` times over (its dealers turn round)."""
    table = make_table(options={"session.tours": tours})
    for position in range(1, deals + 1):
        deal_record(table=table, position=position, record=PC6[(position - 1) % 4])
    return table


def tap_choices(page: Page, taps: list[str]) -> None:
    groups = iter(["hombre", "contract", "trump", "ally", "tricks"])
    for label in taps:
        group = next(groups)
        if group == "contract" and label not in ("Solo", "Vole", "Own king"):
            group = next(groups)
        if group == "ally" and label.isdigit():
            group = next(groups)
        tap(page, group, label)


def recorded(table) -> int:
    return Deal.objects.filter(table=table).count()


# ---- 1. the round's end


def test_the_last_deal_of_the_round_switches_the_phone_to_the_sign_off(live_server, page: Page):
    table = table_with(3, tours=1)
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator(".progress")).to_contain_text("deal 4")
    tap_choices(page, PC6_TAPS[3])
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Deal 4 saved.")
    keep(page, "28-1-last-deal-saved.png")

    round_complete = page.locator("#round-complete")
    expect(round_complete).to_be_visible()
    expect(round_complete).to_contain_text("1 tour played")
    expect(round_complete.get_by_role("heading", name="Sign the sheet")).to_be_visible()
    # No form for a deal that cannot be recorded, no misdeal: only the sign-off.
    expect(page.locator("#deal-form")).to_have_count(0)
    expect(page.locator("form.misdeal")).to_have_count(0)
    expect(page.locator(".progress")).to_contain_text("Round complete")
    assert balances(page) == ["36", "12", "12", "100"]
    assert recorded(table) == 4


def test_a_stale_form_for_the_last_deal_says_another_phone_ended_the_round(live_server, page: Page):
    table = table_with(3, tours=1)
    page.goto(f"{live_server.url}/t/{table.token}/")
    tap_choices(page, PC6_TAPS[3])
    deal_record(table=table, position=4, record=PC6[3])  # the other phone was quicker
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Deal 4 was already recorded from another phone")
    keep(page, "28-1-stale-form-other-phone.png")
    expect(page.locator(".messages")).to_contain_text("the round is complete")
    expect(page.locator(".messages")).not_to_contain_text("kept below")
    expect(page.locator("#round-complete").get_by_role("heading", name="Sign the sheet")).to_be_visible()
    expect(page.locator("#deal-form")).to_have_count(0)
    assert recorded(table) == 4


def test_a_round_the_director_ended_early_says_the_tours_played(live_server, page: Page):
    table = table_with(4, tours=3)
    page.goto(f"{live_server.url}/t/{table.token}/")
    tap_choices(page, PC6_TAPS[0])
    table_end_round(table=table)  # the director ends the round after one tour of three
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("This table's round has ended")
    keep(page, "28-1-round-ended-by-director.png")
    round_complete = page.locator("#round-complete")
    expect(round_complete).to_contain_text("1 tour played")
    expect(round_complete).not_to_contain_text("3 tours played")
    expect(page.locator("#deal-form")).to_have_count(0)
    assert recorded(table) == 4


# ---- 2. the round's length


def test_the_phone_says_how_much_of_the_round_is_left(live_server, page: Page):
    table = table_with(8, tours=3)
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator(".progress")).to_contain_text("Tour 3 of 3 · deal 9 · 8 of 12 played, 4 to play")
    tap_choices(page, PC6_TAPS[0])
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".progress")).to_contain_text("Tour 3 of 3 · deal 10 · 9 of 12 played, 3 to play")

    deal_record(table=table, position=10, record=PC6[1])
    deal_record(table=table, position=11, record=PC6[2])
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator(".progress")).to_contain_text("Tour 3 of 3 · deal 12 · 11 of 12 played, 1 to play")


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("fr", "Tour 3 sur 3 · coup 9 · 8 sur 12 joués, 4 à jouer"),
        ("de", "Tour 3 von 3 · Spiel 9 · 8 von 12 gespielt, noch 4"),
        ("da", "Tur 3 af 3 · spil 9 · 8 af 12 spillet, 4 tilbage"),
        ("es", "Vuelta 3 de 3 · mano 9 · 8 de 12 jugadas, quedan 4"),
    ],
)
def test_the_round_length_in_each_language(live_server, browser, language, line):
    table = table_with(8, tours=3)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator(".progress")).to_contain_text(line)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


# ---- 3. a double tap on Save


def double_tap(page: Page, x: float, y: float, gap: int) -> None:
    """Two taps where the finger is, `gap` ms apart, as a scorer's quick double tap."""
    page.mouse.click(x, y)
    page.wait_for_timeout(gap)
    page.mouse.click(x, y)


def test_a_double_tap_on_save_records_one_deal_and_stays_on_the_table(live_server, page: Page):
    table = table_with(4, tours=10)  # a ledger under the form: its rows link to the corrections
    url = f"{live_server.url}/t/{table.token}/"
    page.goto(url)
    # A quick double tap is 100 to 250 ms: the second tap comes before, or just after, the save's answer.
    for n, taps, gap in zip((5, 6, 7), PC6_TAPS, (100, 150, 250), strict=False):
        expect(page.get_by_role("heading", name=f"Deal {n}")).to_be_visible()
        tap_choices(page, taps)
        expect(page.locator("#preview .changes")).to_be_visible()  # the live preview has answered the last tap
        save = page.get_by_role("button", name="Save", exact=True)
        save.scroll_into_view_if_needed()  # the scorer scrolls down to it: the finger lands where it shows
        box = save.bounding_box()
        if n == 5:
            keep(page, "28-3-save-under-the-finger.png")
        double_tap(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, gap)
        page.wait_for_timeout(1200)
        page.wait_for_load_state("networkidle")
        if n == 5:
            keep(page, "28-3-after-double-tap.png")
        assert re.fullmatch(re.escape(url), page.url), f"deal {n}: the second tap opened {page.url}"
        expect(page.get_by_role("heading", name=f"Deal {n + 1}")).to_be_visible()
        assert recorded(table) == n
    assert recorded(table) == 7


# ---- 4. a correction's live preview


def test_a_correction_previews_live_and_asks_the_reason_only_to_save(live_server, page: Page):
    table = table_with(4, tours=10)
    page.goto(f"{live_server.url}/t/{table.token}/deals/2/")
    expect(page.get_by_role("heading", name="Correct this deal")).to_be_visible()
    tap(page, "tricks", "5")  # Ben's solo made a remise, not a codille: no reason typed, no Preview pressed
    preview = page.locator("#correction-preview")
    expect(preview).to_be_visible()
    for name, after in zip(("Ann", "Ben", "Cat", "Dan"), ("32", "24", "8", "96"), strict=True):
        expect(preview.get_by_role("row", name=re.compile(name))).to_contain_text(f"→ {after}")

    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#reason-error")).to_contain_text("Say why this deal is corrected")
    # The question is where the scorer looks, not at the foot of a page come back at its top.
    expect(page.locator("#reason-error")).to_be_in_viewport()
    expect(page.get_by_label("Reason for the correction")).to_be_focused()
    expect(page.locator("#f-tricks").get_by_role("radio", name="5", exact=True)).to_be_checked()
    expect(preview.get_by_role("row", name=re.compile("Ben"))).to_contain_text("→ 24")  # still shown
    assert [d.to_record().tricks for d in Deal.objects.filter(table=table).order_by("position")] == [5, 3, 5, 6]

    page.get_by_label("Reason for the correction").fill("Ben had five tricks")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 2 corrected; every later deal was settled again.")).to_be_visible()
    assert balances(page) == ["32", "24", "8", "96"]


def test_a_tap_that_keeps_the_fields_changes_the_settlement_alone_and_keeps_the_focus(live_server, page: Page):
    table = make_table()
    open_table(page, f"{live_server.url}/t/{table.token}/")
    tap(page, "hombre", "Ann")
    tap(page, "contract", "Solo")  # a solo's fields replace the alliance's: the whole form, ally gone
    expect(page.locator("#f-ally")).to_have_count(0)
    page.evaluate("document.getElementById('deal-form').dataset.kept = 'yes'")
    tap(page, "trump", "♠")
    tap(page, "tricks", "5")
    # PC-6's first deal, worked out in the rules: -5 -1 -1 -1 from 40 each, pot 8.
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Ann plays solo, 5 tricks: remise.")
    worked = zip(("Ann", "Ben", "Cat", "Dan"), ("-5", "-1", "-1", "-1"), ("35", "39", "39", "39"), strict=True)
    for name, change, after in worked:
        expect(preview.get_by_role("row", name=re.compile(name))).to_have_text(re.compile(rf"{change}\s*{after}"))
    # The same form element, the tapped choice still focused: only the settlement was swapped in.
    assert page.evaluate("document.getElementById('deal-form').dataset.kept") == "yes"
    assert page.evaluate("[document.activeElement.name, document.activeElement.value]") == ["tricks", "5"]
    keep(page, "24-preview-settlement-alone.png")
    # Back to an alliance: the ally's choices appear, in a new form.
    page.locator("#f-contract").get_by_role("radio", name="Alliance", exact=True).click()
    expect(page.locator("#f-ally")).to_be_visible()
    assert page.evaluate("document.getElementById('deal-form').dataset.kept") is None
    expect(page.locator("#f-tricks").get_by_role("radio", name="5", exact=True)).to_be_checked()  # entries kept
    tap(page, "ally", "Ben")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    record = Deal.objects.get(table=table).to_record()
    assert (record.contract.value, record.hombre, record.ally, record.trump, record.tricks) == (
        "alliance",
        0,
        1,
        "S",
        5,
    )


def test_premiers_and_the_vole_show_on_the_tap_on_the_tricks_without_the_server(live_server, page: Page, context):
    table = make_table()
    open_table(page, f"{live_server.url}/t/{table.token}/")
    tap(page, "hombre", "Ann")
    tap(page, "contract", "Solo")
    tap(page, "trump", "♠")
    premiers = page.get_by_role("checkbox", name="Premiers (first six tricks)")
    vole = page.get_by_role("checkbox", name="Played for the vole")
    box = page.locator("#deal-form input[name=premiers]")  # found hidden too, as a role is not
    expect(box).to_have_count(1)  # on the page, hidden until six tricks
    expect(box).to_be_hidden()
    page.evaluate("document.getElementById('deal-form').dataset.kept = 'yes'")
    tap(page, "tricks", "6")
    expect(premiers).to_be_visible()
    expect(vole).to_be_visible()
    premiers.check()
    page.wait_for_load_state("networkidle")
    # §4.1.4, solo won with premiers, S = 4: Ann -1 + 4 + 3 = +6, each other player -1 - 1 = -2; in the same form.
    preview = page.locator("#preview")
    for name, change, after in (("Ann", "+6", "46"), ("Ben", "-2", "38"), ("Dan", "-2", "38")):
        row = preview.get_by_role("row", name=re.compile(name))
        expect(row).to_have_text(re.compile(rf"{re.escape(change)}\s*{after}"))
    assert page.evaluate("document.getElementById('deal-form').dataset.kept") == "yes"
    keep(page, "24-premiers-on-six-tricks.png")
    # Five tricks: premiers goes, unticked (it would contradict them), and PC-6's remise is the preview.
    tap(page, "tricks", "5")
    expect(box).to_be_hidden()
    expect(box).not_to_be_checked()
    expect(preview.get_by_role("row", name=re.compile("Ann"))).to_have_text(re.compile(r"-5\s*35"))
    assert page.evaluate("document.getElementById('deal-form').dataset.kept") == "yes"

    # Without a connection (no preview answers): the tap on the tricks still shows them, and the deal waits to send.
    context.set_offline(True)
    page.locator("#f-tricks").get_by_role("radio", name="8", exact=True).click()
    expect(premiers).to_be_visible()
    expect(vole).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    keep(page, "24-premiers-offline.png")
    premiers.check()
    vole.check()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#offline-queue")).to_contain_text("1 deal waiting to send")
    context.set_offline(False)
    expect(page.locator("#offline-queue")).to_have_text("All deals sent", timeout=15_000)
    record = Deal.objects.get(table=table).to_record()
    assert (record.hombre, record.tricks, record.premiers, record.vole_attempted) == (0, 8, True, True)
    # PC-4's figures with Ann as the hombre: premiers +1, the vole lost -2: everyone breaks even.
    expect(page.locator(".seats .balance")).to_have_text(["40", "40", "40", "40"])


# ---- 1. the round's end, for a deal kept on the phone while the server did not answer


def test_a_deal_kept_offline_when_the_round_ends_is_kept_refused_with_the_reason(live_server, page: Page, context):
    table = table_with(4, tours=3)
    open_table(page, f"{live_server.url}/t/{table.token}/")
    context.set_offline(True)
    tap_deal(page, PC6_TAPS[0])
    expect(page.locator("#offline-queue")).to_contain_text("1 deal waiting to send")
    table_end_round(table=table)  # the director ends the round after one tour of three meanwhile

    context.set_offline(False)
    waiting = page.locator("#waiting-deals li")
    expect(waiting).to_contain_text("5. Ann · Solo · ♠ · 5", timeout=15_000)
    expect(waiting).to_contain_text("This table's round has ended: nothing more can be recorded or changed here.")
    # Kept on the phone until the scorer discards it; no "enter as the next deal" where no deal can follow.
    expect(waiting.get_by_role("button")).to_have_text(["Discard"])
    expect(page.locator("#round-complete")).to_contain_text("1 tour played")
    expect(page.locator("#deal-form")).to_have_count(0)
    assert recorded(table) == 4
    keep(page, "28-1-offline-deal-refused-at-round-end.png")


def test_a_penalty_saved_without_its_offender_brings_the_question_into_view(live_server, page: Page):
    table = table_with(0, tours=1)
    page.goto(f"{live_server.url}/t/{table.token}/")
    tap_choices(page, ["Ann", "Solo", "♠", "6"])
    page.wait_for_load_state("networkidle")  # the preview of 6 tricks comes back before the penalties open
    page.get_by_text("Called card, penalties, late claims").click()
    page.locator("select[name=penalty_kind]").select_option("renounce")
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state("networkidle")
    # Not saved: the page comes back at the question, not at its top, with the entries kept.
    question = page.locator("#id_penalty_seat_error")
    expect(question).to_have_text("Who committed the penalty?")
    expect(question).to_be_in_viewport()
    expect(page.locator("select[name=penalty_seat]")).to_be_focused()
    expect(page.locator("select[name=penalty_kind]")).to_have_value("renounce")
    assert recorded(table) == 0
