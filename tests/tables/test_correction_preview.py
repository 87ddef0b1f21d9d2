"""A correction shows, before it is saved, the corrected deal's settlement and every final balance before → after;
the Preview button works without JavaScript and saves nothing."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.tables.forms import CorrectionForm
from scorekeeper.tables.models import DealChange
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_table
from tests.tables.pc6 import BASE, PC6

pytestmark = pytest.mark.django_db


def pc6_table():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def preview_rows(html: str) -> list[tuple[str, ...]]:
    block = html.split('id="correction-preview"')[1].split("</table>")[0]
    return re.findall(
        r'<th scope="row">(\w+)</th><td[^>]*>([+-]\d+)</td><td class="muted">(\d+)</td><td>→ (\d+)</td>', block
    )


def test_preview_of_a_correction_shows_the_deal_and_the_final_balances_before_and_after(client):
    table = pc6_table()
    url = reverse("deal", kwargs={"token": table.token, "position": 1})
    # PC-6 deal 1: Ann's solo took 5 tricks (remise). Corrected to 6 it is won: §4.1.4, S = 4, Ann −1 + 4 = +3,
    # each opponent −1.
    fields = {**BASE, "hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "position": "1"}
    response = client.post(url, {**fields, "action": "preview"})
    assert response.status_code == 200
    rows = preview_rows(response.content.decode())
    assert [(name, delta, before) for name, delta, before, _after in rows] == [
        ("Ann", "+3", "36"),
        ("Ben", "-1", "12"),
        ("Cat", "-1", "12"),
        ("Dan", "-1", "100"),  # PC-6's final balances now
    ]
    assert not DealChange.objects.filter(action=DealChange.Action.CORRECTED).exists()
    after = [int(a) for *_rest, a in rows]
    saved = client.post(url, {**fields, "action": "save", "reason": "Ann had six tricks"})
    assert saved.status_code == 302
    assert list(table_ledger(table=table).state.balances) == after  # the preview said what the save did
    assert sum(after) == 160  # PC keeps every chip: 4 × 40


def test_a_preview_does_not_need_a_reason_but_a_save_does(client):
    table = pc6_table()
    url = reverse("deal", kwargs={"token": table.token, "position": 2})
    fields = {**BASE, "hombre": "1", "contract": "solo", "trump": "S", "tricks": "3", "position": "2"}
    assert "With this correction" in client.post(url, {**fields, "action": "preview"}).content.decode()
    html = client.post(url, {**fields, "action": "save"}).content.decode()
    assert 'class="error"' in html and "Say why this deal is corrected" in html


def test_a_correction_form_that_makes_its_reason_optional_leaves_the_next_one_asking_for_it():
    # A table's deal forms share their fields; a page that makes a form's reason optional changes that form only.
    table = make_table()
    session = table.session()
    fields = {**BASE, "hombre": "1", "contract": "solo", "trump": "S", "tricks": "5", "position": "2"}
    first = CorrectionForm(fields, session=session)
    first.fields["reason"].required = False
    assert first.is_valid()
    second = CorrectionForm(fields, session=session)
    assert not second.is_valid()
    assert second.errors["reason"] == ["Say why this deal is corrected: the reason is kept in its history."]
