"""The table's files: the CSV a spreadsheet opens without running anything a player's name says."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables.exports import text_cell
from scorekeeper.tables.services import deal_record
from tests.factories import make_table

pytestmark = pytest.mark.django_db


def test_text_beginning_like_a_formula_is_written_as_text():
    assert text_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert text_cell("+33 1 23") == "'+33 1 23"
    assert text_cell("-Ann") == "'-Ann"
    assert text_cell("@Ben") == "'@Ben"
    assert text_cell("Cat = 3") == "Cat = 3"
    assert text_cell(-5) == -5  # a loss is a number


def test_csv_cells_from_names_cannot_become_formulas(client):
    table = make_table(names=("=cmd|' /C calc'!A0", "+Ben", "-Cat", "@Dan"))
    deal_record(
        table=table,
        position=1,
        record=DealRecord(dealer=3, contract=Contract.ALLIANCE, hombre=0, ally=1, trump="S", tricks=6),
    )
    text = client.get(reverse("table-export-csv", kwargs={"token": table.token})).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][3:7] == ["'@Dan", "alliance", "'=cmd|' /C calc'!A0", "'+Ben"]
    # PC §4.1.4, alliance won, S = 4: each of the side −1 + S/2 = +1, each opponent −1.
    assert rows[1][-8:] == ["1", "1", "-1", "-1", "41", "41", "39", "39"]
