"""Two phones on one deal's page: a correction or a strike made from a page older than the table is refused with the
deal shown as it is now and the entries kept; nothing stored changes. The same correction or strike tapped twice is
answered as already made."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_table
from tests.tables.pc6 import BASE, PC6, PC6_POSTS
from tests.tables.test_correction_preview import preview_rows

pytestmark = pytest.mark.django_db

# PC-6 with deal 2 (Ben's solo, 3 tricks: codille) corrected to 5 tricks, by hand: after deal 1 Ann 35, the others
# 39, pot 8; deal 2 S = 12, a remise: Ben −1 − 12 = −13, the others −1 (34 / 26 / 38 / 38, pot 24, as before it);
# deals 3 and 4 settle as in PC-6 (−1 −1 −29 −1, −1 −1 −1 +59).
FIVE_TRICKS = (32, 24, 8, 96)
# Corrected to 6 tricks instead: deal 2 is won, Ben −1 + 12 = +11, the others −1, pot 0 (34 / 50 / 38 / 38); deal 3
# at S = 4 is Cat's remise, −5 and −1 each, pot 8 (33 / 49 / 33 / 37); deal 4 at S = 12 is won by Dan, +11 and −1.
SIX_TRICKS = (32, 48, 32, 48)


def pc6_table():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def deal_url(table, position, name="deal"):
    return reverse(name, kwargs={"token": table.token, "position": position})


def hidden(html: str, form_class: str, name: str) -> str | None:
    """The value of the hidden input `name` in the page's form of class `form_class` (None: no such form)."""
    form = re.search(rf'<form[^>]*class="[^"]*\b{form_class}\b.*?</form>', html, re.S)
    return None if form is None else re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', form[0])[1]


def opened(client, table, position):
    """A phone opens deal `position`'s page: what its correction and strike forms carry."""
    html = client.get(deal_url(table, position)).content.decode()
    return {
        "correction": {n: hidden(html, "deal-form", n) for n in ("revision", "deal")},
        "strike": {n: hidden(html, "strike", n) for n in ("revision", "deal")},
    }


def correction(tricks, reason, page, **extra):
    return {**BASE, **PC6_POSTS[1], "tricks": str(tricks), "position": "2", "reason": reason, **page, **extra}


def test_a_correction_from_a_page_older_than_the_table_is_refused_with_the_entries_kept(client):
    table = pc6_table()
    phone_a = opened(client, table, 2)["correction"]
    phone_b = opened(client, table, 2)["correction"]
    saved = client.post(deal_url(table, 2), correction(5, "Ben had 5", phone_a))
    assert saved.status_code == 302
    assert table_ledger(table=table).state.balances == FIVE_TRICKS

    refused = client.post(deal_url(table, 2), correction(6, "Ben had 6", phone_b))
    assert refused.status_code == 409
    html = refused.content.decode()
    assert "This table was changed from another phone since you opened this page: your correction was not saved." in (
        html.replace("\n", " ")
    )
    assert re.search(r'<input type="radio" name="tricks" value="6"[^>]*\bchecked\b', html)  # B's entries kept
    assert "Your entries are kept: check them against the deal as it is now" in html
    assert 'value="Ben had 6"' in html
    assert "“Ben had 5”" in html  # the deal as it is now: A's correction in its history
    # B's entries previewed against the table as it is now: deal 2 won (Ben +11), balances now → after.
    assert preview_rows(html) == [
        ("Ann", "-1", "32", "32"),
        ("Ben", "+11", "24", "48"),
        ("Cat", "-1", "8", "32"),
        ("Dan", "-1", "96", "48"),
    ]
    assert table_ledger(table=table).state.balances == FIVE_TRICKS
    assert Deal.objects.get(table=table, position=2).tricks == 5
    assert DealChange.objects.filter(action=DealChange.Action.CORRECTED).count() == 1

    # The page answered is drawn now: saved from it, the correction is made on purpose.
    again = {n: hidden(html, "deal-form", n) for n in ("revision", "deal")}
    assert again["revision"] != phone_b["revision"]
    assert client.post(deal_url(table, 2), correction(6, "Ben had 6", again)).status_code == 302
    assert table_ledger(table=table).state.balances == SIX_TRICKS
    assert list(DealChange.objects.filter(action="corrected").values_list("reason", flat=True)) == [
        "Ben had 5",
        "Ben had 6",
    ]


def test_a_correction_is_refused_after_a_later_deal_was_recorded_from_another_phone(client):
    table = pc6_table()
    page = opened(client, table, 2)["correction"]
    client.post(reverse("table-misdeal", kwargs={"token": table.token}), {"position": "5"})  # another phone
    refused = client.post(deal_url(table, 2), correction(5, "Ben had 5", page))
    assert refused.status_code == 409
    assert table_ledger(table=table).state.balances == (36, 12, 12, 100)  # PC-6 as the spec gives it
    assert not DealChange.objects.filter(action=DealChange.Action.CORRECTED).exists()


def test_a_fresh_correction_is_saved(client):
    table = pc6_table()
    page = opened(client, table, 2)["correction"]
    response = client.post(deal_url(table, 2), correction(5, "Ben had 5", page), follow=True)
    assert "Deal 2 corrected; every later deal was settled again." in response.content.decode()
    assert table_ledger(table=table).state.balances == FIVE_TRICKS


def test_the_same_correction_tapped_twice_is_saved_once(client):
    table = pc6_table()
    page = opened(client, table, 2)["correction"]
    assert client.post(deal_url(table, 2), correction(5, "Ben had 5", page)).status_code == 302
    again = client.post(deal_url(table, 2), correction(5, "Ben had 5", page), follow=True)
    assert again.status_code == 200
    assert "This correction of deal 2 was already saved." in again.content.decode()
    assert DealChange.objects.filter(action=DealChange.Action.CORRECTED).count() == 1
    assert table_ledger(table=table).state.balances == FIVE_TRICKS


def test_the_live_preview_keeps_the_revision_the_page_was_drawn_at(client):
    table = pc6_table()
    phone_b = opened(client, table, 2)["correction"]
    client.post(deal_url(table, 2), correction(5, "Ben had 5", opened(client, table, 2)["correction"]))
    preview = client.post(
        deal_url(table, 2), correction(6, "", phone_b, action="preview"), headers={"HX-Request": "true"}
    )
    html = preview.content.decode()
    assert hidden(html, "deal-form", "revision") == phone_b["revision"]  # a later save is still refused
    assert "reload it to see the deal as it is now before you save" in html.replace("\n", " ")
    assert client.post(deal_url(table, 2), correction(6, "Ben had 6", phone_b)).status_code == 409
    assert table_ledger(table=table).state.balances == FIVE_TRICKS


def test_a_correction_of_a_deal_struck_out_meanwhile_changes_nothing(client):
    table = pc6_table()
    page = opened(client, table, 4)["correction"]
    client.post(deal_url(table, 4, "deal-strike"), {"reason": "wrong table", **opened(client, table, 4)["strike"]})
    fields = {**BASE, **PC6_POSTS[3], "tricks": "5", "position": "4", "reason": "Dan had 5", **page}
    response = client.post(deal_url(table, 4), fields, follow=True)
    assert "This deal was struck out from another phone since you opened its page: nothing was changed." in (
        response.content.decode()
    )
    assert not DealChange.objects.filter(action=DealChange.Action.CORRECTED).exists()
    # After PC-6's deal 3: Ann 40 − 5 + 3 − 1, Ben 40 − 1 − 25 − 1, Cat 40 − 1 + 3 − 29, Dan 40 − 1 + 3 − 1.
    assert table_ledger(table=table).state.balances == (37, 13, 13, 41)


def test_a_strike_from_a_page_older_than_the_table_is_refused(client):
    table = pc6_table()
    page = opened(client, table, 4)["strike"]
    fields = {**BASE, **PC6_POSTS[3], "tricks": "5", "position": "4", "reason": "Dan had 5"}
    client.post(deal_url(table, 4), {**fields, **opened(client, table, 4)["correction"]})  # another phone
    # Dan's solo at S = 60 is now a remise: −1 − 60, the others −1, pot 56 + 4 + 60 = 120.
    corrected = (36, 12, 12, -20)
    assert table_ledger(table=table).state.balances == corrected
    refused = client.post(deal_url(table, 4, "deal-strike"), {"reason": "wrong table", **page})
    assert refused.status_code == 409
    html = refused.content.decode()
    assert "This table was changed from another phone since you opened this page: nothing was struck out." in (
        html.replace("\n", " ")
    )
    assert "Check the deal as it is now, then strike it out again only if you still mean to." in html
    assert 'value="wrong table"' in html and "“Dan had 5”" in html
    assert Deal.objects.filter(table=table).count() == 4 and not Deal.every.filter(struck_at__isnull=False).exists()
    assert table_ledger(table=table).state.balances == corrected


def test_the_same_strike_tapped_twice_strikes_once(client):
    table = pc6_table()
    page = opened(client, table, 4)["strike"]
    assert client.post(deal_url(table, 4, "deal-strike"), {"reason": "wrong table", **page}).status_code == 302
    again = client.post(deal_url(table, 4, "deal-strike"), {"reason": "wrong table", **page}, follow=True)
    assert "This deal was already struck out." in again.content.decode()
    assert Deal.every.filter(table=table, struck_at__isnull=False).count() == 1
    assert table_ledger(table=table).state.balances == (37, 13, 13, 41)


def test_a_strike_of_a_deal_struck_out_from_another_phone_changes_nothing_more(client):
    table = pc6_table()
    page = opened(client, table, 4)["strike"]
    client.post(deal_url(table, 4, "deal-strike"), {"reason": "wrong table", **opened(client, table, 4)["strike"]})
    response = client.post(deal_url(table, 4, "deal-strike"), {"reason": "tapped twice", **page}, follow=True)
    assert "The table changed meanwhile: nothing was struck out." in response.content.decode()
    assert [c.reason for c in DealChange.objects.filter(action=DealChange.Action.STRUCK)] == ["wrong table"]


def test_a_stale_save_without_its_reason_is_told_first_that_the_table_changed(client):
    table = pc6_table()
    phone_b = opened(client, table, 2)["correction"]
    client.post(deal_url(table, 2), correction(5, "Ben had 5", opened(client, table, 2)["correction"]))
    refused = client.post(deal_url(table, 2), correction(6, "", phone_b))
    assert refused.status_code == 409
    html = refused.content.decode()
    assert "your correction was not saved" in html and "Say why this deal is corrected" not in html
    assert table_ledger(table=table).state.balances == FIVE_TRICKS
