"""A phone that loses the Wi-Fi loses no deal: saved with no connection, a deal waits on the phone and is sent,
once, in order, when the server answers again. The deals are PC-6's (QUADRILLE-SCORING.md), whose changes the
spec works out by hand: -5 -1 -1 -1; +3 -25 +3 +3; -1 -1 -29 -1, so 37 / 13 / 13 / 41 after three."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.events.services import table_link_renew
from scorekeeper.tables.models import Deal
from scorekeeper.tables.services import deal_record
from tests.browser.test_table_entry import PC6_TAPS, tap
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AFTER_THREE = ["37", "13", "13", "41"]


def tap_deal(page: Page, taps: list[str]) -> None:
    """Tap one deal's choices and Save, with or without a server behind the page (nothing waits on it)."""
    groups = iter(["hombre", "contract", "trump", "ally", "tricks"])
    for label in taps:
        group = next(groups)
        if group == "contract" and label not in ("Solo", "Vole", "Own king"):
            group = next(groups)  # alliance is preselected: no tap
        if group == "ally" and label.isdigit():
            group = next(groups)
        page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
    page.get_by_role("button", name="Save", exact=True).click()


def status(page: Page):
    return page.locator("#offline-queue")


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    expect(status(page)).to_have_attribute("data-state", "sent")  # the queue has looked: nothing waits
    # The service worker has kept this page and its files: a reload with no connection will open it.
    expect(status(page)).to_have_attribute("data-offline-ready", "true")


def balances(page: Page) -> list[str]:
    return [b.inner_text() for b in page.locator(".seats .balance").all()]


def played(records) -> list[tuple]:
    """What the scorer tapped for each deal, in play order."""
    return [(r.dealer, r.hombre, r.contract, r.trump, r.ally, r.tricks) for r in records]


def stored(table) -> list[tuple]:
    return played(deal.to_record() for deal in Deal.objects.filter(table=table).order_by("position"))


def test_three_deals_saved_offline_survive_a_reload_and_are_sent_once_in_order(
    live_server, page: Page, context: BrowserContext, screenshot_dir
):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    open_table(page, f"{live_server.url}/t/{table.token}/")

    context.set_offline(True)
    for n, taps in enumerate(PC6_TAPS[:3], start=1):
        tap_deal(page, taps)
        expect(status(page)).to_contain_text(f"{n} deal{'s' if n > 1 else ''} waiting to send")
        expect(page.get_by_role("heading", name=f"Deal {n + 1}", exact=True)).to_be_visible()
    expect(status(page)).to_have_text(re.compile(r"^Offline since \d\d:\d\d · 3 deals waiting to send$"))
    expect(page.locator("#preview")).to_have_text("Offline: the settlement will be shown when the connection returns.")
    assert stored(table) == []

    # Reloaded with no connection: the kept page opens, with the three deals still waiting, in order.
    page.reload()
    expect(status(page)).to_have_text(re.compile(r"^Offline since \d\d:\d\d · 3 deals waiting to send$"))
    waiting = page.locator("#waiting-deals li")
    expect(waiting).to_have_text(
        [
            "1. Ann · Solo · ♠ · 5 waiting to send",
            "2. Ben · Solo · ♠ · 3 waiting to send",
            "3. Cat · Alliance · ♠ · Dan · 5 waiting to send",
        ]
    )
    expect(page.get_by_role("heading", name="Deal 4", exact=True)).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "offline-three-waiting.png"), full_page=True)

    context.set_offline(False)
    expect(status(page)).to_have_text("All deals sent", timeout=15_000)
    expect(waiting).to_have_count(0)
    assert stored(table) == played(PC6[:3])
    assert Deal.objects.filter(table=table).values("idempotency_key").distinct().count() == 3
    expect(page.locator(".progress")).to_contain_text("Tour 1 of 10 · deal 4")
    assert balances(page) == AFTER_THREE
    page.screenshot(path=str(screenshot_dir / "offline-all-sent.png"), full_page=True)
    assert missing == []


def test_the_refresh_after_a_send_never_takes_the_kept_copy_for_the_servers_page(
    live_server, page: Page, context: BrowserContext
):
    # After its deals are sent the page reads the table again; a kept copy answered there (the worker's network
    # lagging behind the page's) would put back the ledger from before the deals. The worker lets that request
    # through to the network, where it fails with no connection; a reload still gets the kept copy.
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    url = f"{live_server.url}/t/{table.token}/"
    open_table(page, url)
    context.set_offline(True)
    fetch = """async (headers) => {
        try {
            const page = await (await fetch(location.href, { headers, cache: "no-store" })).text();
            return page.includes("quadrille-offline-copy") ? "kept copy" : "server";
        } catch (error) { return "no answer"; }
    }"""
    assert page.evaluate(fetch, {"X-Table-Refresh": "1"}) == "no answer"
    assert page.evaluate(fetch, {}) == "kept copy"
    context.set_offline(False)
    assert page.evaluate(fetch, {"X-Table-Refresh": "1"}) == "server"


def test_a_deal_whose_answer_is_lost_is_sent_again_and_stored_once(live_server, page: Page):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    url = f"{live_server.url}/t/{table.token}/"
    open_table(page, url)

    # The server stores the deal, but its answer never reaches the phone (the Wi-Fi dropped on the way back).
    def lose_the_answer(route):
        route.fetch()
        route.abort()

    page.route(url, lambda route: lose_the_answer(route) if route.request.method == "POST" else route.fallback())
    tap_deal(page, PC6_TAPS[0])
    expect(status(page)).to_contain_text("1 deal waiting to send")
    assert stored(table) == played(PC6[:1])
    page.unroute(url)

    # Sent again with its key when the retry comes round: the server knows it, nothing is doubled.
    expect(status(page)).to_have_text("All deals sent", timeout=15_000)
    assert stored(table) == played(PC6[:1])
    expect(page.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible()


def recorded_first_elsewhere(live_server, browser, offline_taps: list[str]):
    """Two phones at one table: the first, with no connection, keeps `offline_taps` as deal 1 while the second
    records Ann's solo of 5 tricks (PC-6's deal 1) first. The first phone is still offline. Returns the table, its
    address, both browser contexts and the first phone's page."""
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    url = f"{live_server.url}/t/{table.token}/"
    phone = {"viewport": {"width": 390, "height": 844}, "locale": "en-GB"}
    offline_context, online_context = browser.new_context(**phone), browser.new_context(**phone)
    offline_phone, online_phone = offline_context.new_page(), online_context.new_page()
    open_table(offline_phone, url)
    online_phone.goto(url)
    offline_context.set_offline(True)
    tap_deal(offline_phone, offline_taps)
    expect(status(offline_phone)).to_contain_text("1 deal waiting to send")
    tap_deal(online_phone, PC6_TAPS[0])
    expect(online_phone.get_by_text("Deal 1 saved.")).to_be_visible()
    return table, url, offline_context, online_context, offline_phone


def test_two_phones_record_the_same_deal_and_the_offline_one_is_refused(live_server, browser, screenshot_dir):
    table, url, offline_context, online_context, offline_phone = recorded_first_elsewhere(
        live_server,
        browser,
        PC6_TAPS[1],  # Ben solo, 3 tricks, as deal 1
    )
    offline_context.set_offline(False)
    refused = offline_phone.locator("#waiting-deals li")
    expect(refused).to_contain_text("Deal 1 was already recorded from another phone.", timeout=15_000)
    expect(status(offline_phone)).to_have_text("1 deal refused: see the ledger")
    # The refused deal stays beside the one recorded, which the phone's ledger now shows.
    expect(offline_phone.locator(".ledger-table").first).to_contain_text("1. Ann solo ♠, 5: remise")
    offline_phone.screenshot(path=str(screenshot_dir / "offline-refused.png"), full_page=True)
    assert stored(table) == played(PC6[:1])

    # The scorer says it was the next deal: it goes in as deal 2, once.
    refused.get_by_role("button", name="Enter it as the next deal").click()
    expect(status(offline_phone)).to_have_text("All deals sent", timeout=15_000)
    # Ben's solo as deal 2, dealt by Ann as PC-6's deal 2 is.
    assert stored(table) == played(PC6[:2])
    offline_context.close()
    online_context.close()


def test_a_refresh_lost_after_a_refusal_is_tried_again(live_server, browser):
    # The refused deal's answer arrives, the page read after it does not (the Wi-Fi drops again): the phone asks
    # once more, and its ledger shows the deal the other phone recorded.
    table, url, offline_context, online_context, offline_phone = recorded_first_elsewhere(
        live_server, browser, PC6_TAPS[1]
    )

    lost = []

    def lose_the_first_refresh(route):
        if route.request.headers.get("x-table-refresh") and not lost:
            lost.append(route.request.url)
            route.abort()
        else:
            route.fallback()

    offline_phone.route(url, lose_the_first_refresh)
    offline_context.set_offline(False)
    expect(offline_phone.locator("#waiting-deals li")).to_contain_text("Deal 1 was already recorded", timeout=15_000)
    expect(offline_phone.locator(".ledger-table").first).to_contain_text("1. Ann solo ♠, 5: remise", timeout=10_000)
    assert lost == [url]
    offline_context.close()
    online_context.close()


@pytest.mark.parametrize(
    "offline_taps",
    [PC6_TAPS[1], PC6_TAPS[0]],
    ids=["another-deal-discarded", "the-same-deal-discarded"],
)
def test_a_deal_recorded_twice_is_stored_once(live_server, browser, offline_taps):
    """Another phone's deal in its place, or the very same deal recorded on the other phone first: this phone
    did not record it, it is told so, and the scorer discards it."""
    table, _url, offline_context, online_context, offline_phone = recorded_first_elsewhere(
        live_server, browser, offline_taps
    )
    offline_context.set_offline(False)
    waiting = offline_phone.locator("#waiting-deals li")
    expect(waiting).to_contain_text("Deal 1 was already recorded from another phone.", timeout=15_000)
    waiting.get_by_role("button", name="Discard").click()
    expect(status(offline_phone)).to_have_text("All deals sent", timeout=15_000)
    expect(waiting).to_have_count(0)
    assert stored(table) == played(PC6[:1])
    expect(offline_phone.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible()
    offline_context.close()
    online_context.close()


def test_without_javascript_the_form_posts_as_before(live_server, browser):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(status(page)).to_be_hidden()
    for group, label in (("hombre", "Ann"), ("contract", "Solo"), ("trump", "♠"), ("tricks", "5")):
        tap(page, group, label)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    assert stored(table) == played(PC6[:1])
    context.close()


def test_the_table_page_stays_light_and_a_kept_reload_costs_only_the_page(live_server, page: Page, context):
    """Bytes over the wire for a table of 17 deals (PC-6 four times and its first deal again): the first load,
    and a reload once the worker keeps the styles and scripts (the page itself still comes from the server)."""
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    for position, record in enumerate((PC6 * 5)[:17], start=1):
        deal_record(table=table, position=position, record=record)
    wire: dict[str, int] = {}

    def count(request) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return  # answered by the worker from what it keeps: nothing crossed the network
        sizes = request.sizes()
        wire[request.url] = wire.get(request.url, 0) + sizes["responseBodySize"] + sizes["responseHeadersSize"]

    context.on("requestfinished", count)
    open_table(page, f"{live_server.url}/t/{table.token}/")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("heading", name="Deal 18", exact=True)).to_be_visible()
    first = dict(wire)
    wire.clear()
    page.reload()
    expect(status(page)).to_have_text("All deals sent")
    page.wait_for_load_state("networkidle")
    reload = dict(wire)
    report = [f"{sum(first.values())} bytes on the first load:"]
    report += [f"  {size:7d} {url.removeprefix(live_server.url)}" for url, size in sorted(first.items())]
    report += [f"{sum(reload.values())} bytes on a reload:"]
    report += [f"  {size:7d} {url.removeprefix(live_server.url)}" for url, size in sorted(reload.items())]
    print("\n".join(report))
    page_url = f"{live_server.url}/t/{table.token}/"
    # The page itself is about 24 KB with 17 deals; everything else is static and kept after the first load.
    assert first[page_url] < 40_000
    # About 25 kB with its comments (the queue, the refused deals, the refresh and its retries, a replaced link).
    assert first[f"{live_server.url}/static/js/offline.js"] < 26_000
    # Once kept, a reload downloads the page alone: no style, script or icon crosses the network again.
    assert {url for url, size in reload.items() if size} == {page_url}


def test_on_plain_http_over_the_lan_the_queue_works_without_a_service_worker(live_server, browser_type, settings):
    """A phone at http://192.168.x.y is not a secure context, so no service worker runs there; the queue lives in
    the page and keeps the deals all the same. The browser reaches the test server by a LAN-like name."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "club.lan"]
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    port = live_server.url.rsplit(":", 1)[1]
    browser = browser_type.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP club.lan 127.0.0.1"]
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"http://club.lan:{port}/t/{table.token}/")
    expect(status(page)).to_have_attribute("data-state", "sent")
    expect(status(page)).to_be_hidden()  # no deal yet, a connection: nothing to say (not "All deals sent")
    assert page.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]

    context.set_offline(True)
    tap_deal(page, PC6_TAPS[0])
    tap_deal(page, PC6_TAPS[1])
    expect(status(page)).to_have_text(re.compile(r"^Offline since \d\d:\d\d · 2 deals waiting to send$"))
    # A misdeal must go in after the waiting deals, so it waits for the server: the page says so.
    page.get_by_role("button", name="Misdeal (same dealer deals again)").click()
    expect(page.get_by_text("A misdeal can be recorded when the connection returns.")).to_be_visible()
    context.set_offline(False)
    expect(status(page)).to_have_text("All deals sent", timeout=15_000)
    assert stored(table) == played(PC6[:2])
    browser.close()


def test_a_penalty_chosen_with_no_connection_asks_for_its_offender_and_is_sent_with_it(
    live_server, page: Page, context: BrowserContext
):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    open_table(page, f"{live_server.url}/t/{table.token}/")
    context.set_offline(True)
    for group, label in (("hombre", "Ann"), ("contract", "Solo"), ("trump", "♠"), ("tricks", "6")):
        page.locator(f"#f-{group}").get_by_role("radio", name=label, exact=True).click()
    page.get_by_text("Called card, penalties, late claims").click()
    offender = page.locator("select[name=penalty_seat]")
    expect(offender).to_be_hidden()
    page.locator("select[name=penalty_kind]").select_option("renounce")
    expect(offender).to_be_visible()
    expect(page.locator("select[name=penalty_other]")).to_be_hidden()
    expect(page.locator("select[name=penalty_kind_2]")).to_be_visible()
    offender.select_option(label="Cat")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(status(page)).to_contain_text("1 deal waiting to send")

    context.set_offline(False)
    expect(status(page)).to_have_text("All deals sent", timeout=15000)
    (deal,) = Deal.objects.filter(table=table)
    (penalty,) = deal.to_record().penalties
    assert (penalty.kind.value, penalty.seats, penalty.count) == ("renounce", (2,), 1)


def test_a_deal_saved_on_a_link_the_director_replaced_is_kept_with_its_entries(live_server, page: Page):
    # The director issued a new link (a lost phone, a link shared too widely): the old one opens nothing. A deal
    # saved on a phone still showing it is kept on that phone, said why, its entries left on the screen.
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    open_table(page, f"{live_server.url}/t/{table.token}/")
    table_link_renew(table=table)
    tap_deal(page, PC6_TAPS[0])
    waiting = page.locator("#waiting-deals li")
    expect(waiting).to_contain_text("This link no longer opens the table: the director has issued a new one.")
    expect(status(page)).to_have_text("1 deal refused: see the ledger")
    expect(page.locator("#f-hombre").get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    assert stored(table) == []


def test_deals_waiting_when_the_director_replaced_the_link_are_all_refused_and_kept(
    live_server, page: Page, context: BrowserContext
):
    # Two deals wait on a phone that lost its connection; meanwhile the director issues a new link. Back online,
    # both are refused with the new link's words (not the first alone, the second "waiting" for ever), and a deal
    # saved after that is refused at once, not queued as if the server did not answer.
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), first_dealer=3)
    open_table(page, f"{live_server.url}/t/{table.token}/")
    context.set_offline(True)
    for n, taps in enumerate(PC6_TAPS[:2], start=1):
        tap_deal(page, taps)
        expect(status(page)).to_contain_text(f"{n} deal{'s' if n > 1 else ''} waiting to send")
    table_link_renew(table=table)
    context.set_offline(False)
    expect(status(page)).to_have_text("2 deals refused: see the ledger", timeout=15_000)
    waiting = page.locator("#waiting-deals li")
    expect(waiting).to_have_count(2)
    for deal in waiting.all():
        expect(deal).to_contain_text("This link no longer opens the table: the director has issued a new one.")
    tap_deal(page, PC6_TAPS[2])
    expect(status(page)).to_have_text("3 deals refused: see the ledger")
    expect(page.get_by_text("No connection")).to_have_count(0)
    assert stored(table) == []
