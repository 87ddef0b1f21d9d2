"""The live preview answers the settlement alone while the form's fields stay as the phone shows them (issue 24),
and the whole form whenever they change, a field has an error, or the phone's claim about them does not hold."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.tables.models import Deal
from tests.factories import make_table
from tests.tables.pc6 import BASE, PC6_POSTS

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
ROW = r'<th scope="row">(.*?)</th>\s*<td class="(\w*)">([+-]\d+)</td>\s*<td class="muted">(\d+)</td>'


def preview(client, table, fields, **extra):
    data = {**BASE, "position": "1", **fields, **extra}
    return client.post(reverse("table-preview", kwargs={"token": table.token}), data, headers=HTMX)


def shown(html: str) -> str:
    """The fingerprint of the fields a page's form shows, as the phone posts it back."""
    return re.search(r'<input type="hidden" name="shown" value="([^"]*)">', html)[1]


def whole_form(response) -> bool:
    html = response.content.decode()
    return "HX-Retarget" not in response and 'id="deal-form"' in html and 'name="hombre"' in html


def test_a_tap_that_keeps_the_fields_gets_the_settlement_alone_with_the_figures_worked_by_hand(client):
    table = make_table()
    # The scorer has picked Ann, solo, spades: the whole form comes back, showing what a solo needs.
    first = preview(client, table, {"hombre": "0", "contract": "solo", "trump": "S"})
    assert whole_form(first)
    key = shown(first.content.decode())
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    # Then 5 tricks: the same fields, so only the settlement. PC-6's first deal, worked out in the rules: Ann's
    # remise costs her 5 (1 to the pot, 4 put up), each other player 1; 40 each before; pot 0 + 4 + 4 = 8.
    answer = preview(client, table, PC6_POSTS[0], shown=key)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert answer["HX-Retarget"] == "#preview" and answer["HX-Reswap"] == "innerHTML"
    assert "<form" not in html and "<input" not in html and 'id="preview"' not in html
    assert re.findall(ROW, html) == [
        ("Ann", "loss", "-5", "35"),
        ("Ben", "loss", "-1", "39"),
        ("Cat", "loss", "-1", "39"),
        ("Dan", "loss", "-1", "39"),
    ]
    assert '<p class="store">After the deal: pot 8</p>' in html
    assert "Ann plays solo, 5 tricks: remise." in html
    assert Deal.objects.count() == 0


def test_the_page_carries_the_same_fingerprint_as_a_preview_of_the_same_fields(client):
    table = make_table()
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    again = client.get(reverse("table", kwargs={"token": table.token})).content.decode()  # the cached fields
    # The empty form shows an alliance's fields; a tap on a hombre keeps them: the settlement alone (none yet).
    assert shown(page) == shown(again) != ""
    answer = preview(client, table, {"hombre": "1"}, shown=shown(page))
    assert answer["HX-Retarget"] == "#preview"
    assert answer.content.decode().strip() == ""


def test_a_contract_that_shows_the_ally_gets_the_whole_form(client):
    table = make_table()
    key = shown(preview(client, table, {"hombre": "2", "contract": "solo", "trump": "S"}).content.decode())
    answer = preview(client, table, {"hombre": "2", "contract": "alliance", "trump": "S"}, shown=key)
    assert whole_form(answer)
    html = answer.content.decode()
    assert 'name="ally"' in html
    assert shown(html) not in ("", key)


def test_an_error_gets_the_whole_form_with_the_error_beside_its_field_and_the_entries_kept(client):
    table = make_table()
    fields = {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "premiers": "on"}
    key = shown(preview(client, table, fields).content.decode())
    answer = preview(client, table, {**fields, "tricks": "7"}, shown=key)
    assert whole_form(answer)
    html = answer.content.decode()
    assert "With premiers and no vole, play stopped at six tricks." in html.split('id="f-tricks"')[1]
    assert re.search(r'name="tricks" value="7"[^>]*\bchecked\b', html)
    assert re.search(r'name="premiers"[^>]*\bchecked\b', html)
    # A form showing an error claims no fingerprint: the tap that corrects it gets the whole form again, without it.
    assert shown(html) == ""
    fixed = preview(client, table, fields, shown="")
    assert whole_form(fixed) and "play stopped at six tricks" not in fixed.content.decode()


@pytest.mark.parametrize("forged", ["0123456789abcdef", "x" * 5000, "<script>", " "])
def test_a_forged_fingerprint_gets_the_whole_form(client, forged):
    table = make_table()
    answer = preview(client, table, PC6_POSTS[0], shown=forged)
    assert answer.status_code == 200 and whole_form(answer)
    assert "<script>" not in answer.content.decode()
    assert re.findall(ROW, answer.content.decode())[0] == ("Ann", "loss", "-5", "35")


def test_another_forms_fingerprint_gets_the_whole_form(client):
    table = make_table()
    # An alliance's fields posted as if the phone showed them for a solo (or the other way round): whole form.
    alliance = shown(preview(client, table, {"hombre": "2", "contract": "alliance"}).content.decode())
    assert whole_form(preview(client, table, PC6_POSTS[0], shown=alliance))
    solo = shown(preview(client, table, PC6_POSTS[0]).content.decode())
    assert whole_form(preview(client, table, {**PC6_POSTS[2]}, shown=solo))


def test_a_form_for_a_deal_another_phone_recorded_gets_the_whole_form(client):
    table = make_table()
    key = shown(preview(client, table, {"hombre": "0", "contract": "solo", "trump": "S"}).content.decode())
    saved = client.post(reverse("table", kwargs={"token": table.token}), {**BASE, **PC6_POSTS[0], "position": "1"})
    assert saved.status_code == 302
    # This phone's form still numbers deal 1: the whole form, headed with the deal the table is at now.
    answer = preview(client, table, PC6_POSTS[1], shown=key)
    assert whole_form(answer) and "<h2>Deal 2</h2>" in answer.content.decode()


def test_without_htmx_the_preview_address_answers_the_whole_page(client):
    table = make_table()
    key = shown(preview(client, table, {"hombre": "0", "contract": "solo", "trump": "S"}).content.decode())
    page = client.post(
        reverse("table-preview", kwargs={"token": table.token}), {**BASE, **PC6_POSTS[0], "position": "1", "shown": key}
    )
    assert "HX-Retarget" not in page and "<html" in page.content.decode()
