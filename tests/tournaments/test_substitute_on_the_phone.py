"""A substitute's name is on the table's phone, under the seat he holds (T-25): the scorer taps the entrant's name
for that seat, whose round it is, and sees who plays it."""

from __future__ import annotations

import re
import subprocess

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.reports import documents, gather
from scorekeeper.tables.services import deal_record
from scorekeeper.tournaments import services
from tests.factories import make_table
from tests.tournaments.builders import round_one_table

pytestmark = pytest.mark.django_db


def seat_lines(page: str) -> list[str]:
    """Each seat of the table's head as its text: name, the note under it, balance."""
    seats = re.search(r'<ol class="seats".*?</ol>', page, re.DOTALL).group(0)
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li.*?</li>", seats, re.DOTALL)]


def test_the_seat_a_substitute_holds_says_who_plays_it(client):
    planned = round_one_table()
    table = planned.table
    url = reverse("table", kwargs={"token": table.token})
    record = DealRecord(
        dealer=table.first_dealer, contract=Contract.SOLO, hombre=(table.first_dealer + 1) % 4, trump="S", tricks=6
    )
    deal_record(table=table, position=1, record=record)
    assert "played by" not in client.get(url).content.decode()

    services.substitute_add(planned_table=planned, seat=2, from_deal=2, name="Zoe <b>")
    lines = seat_lines(client.get(url).content.decode())
    assert len(lines) == 4 and [i for i, line in enumerate(lines) if "played by" in line] == [2]
    assert lines[2].startswith(f"{table.players[2].name} played by Zoe &lt;b&gt;")


def test_a_club_evenings_table_asks_nothing_more(client):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    url = reverse("table", kwargs={"token": table.token})
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    assert "played by" not in page
    assert not [q["sql"] for q in queries.captured_queries if "substitute" in q["sql"]]


def test_the_score_sheet_says_who_played_a_seat_from_which_deal(tmp_path):
    planned = round_one_table()
    table = planned.table
    first, second = table.first_dealer, (table.first_dealer + 1) % 4
    deal_record(
        table=table, position=1, record=DealRecord(dealer=first, contract=Contract.SOLO, hombre=0, trump="S", tricks=6)
    )
    deal_record(table=table, position=2, record=DealRecord(dealer=second, void=True))  # a misdeal: no number
    deal_record(
        table=table, position=3, record=DealRecord(dealer=second, contract=Contract.SOLO, hombre=1, trump="S", tricks=6)
    )
    # Positions 1, 2 (the misdeal), 3 are deals 1, -, 2; position 4, the next, will be deal 3.
    services.substitute_add(planned_table=planned, seat=2, from_deal=2, name="Zoe <b>")
    services.substitute_add(planned_table=planned, seat=0, from_deal=4, name="Yann")
    header = gather.sheet_for(table).header
    entrants = table.players
    assert header.substitutes == (
        f"Seat 1, {entrants[0].name}: played by Yann from deal 3.",
        f"Seat 3, {entrants[2].name}: played by Zoe <b> from deal 2.",
    )
    path = tmp_path / "sheet.pdf"
    path.write_bytes(documents.table_sheet(gather.sheet_for(table)))
    text = " ".join(
        subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout.split()
    )
    assert "played by Zoe <b> from deal 2." in text  # the name as typed, never markup
