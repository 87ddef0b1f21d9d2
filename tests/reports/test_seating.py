"""Table cards and a round's seating lists: what they print, checked by reading the PDF's text."""

from __future__ import annotations

import os
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.reports import seating
from scorekeeper.tournaments import services
from tests.tournaments.builders import make_tournament

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def keep(pdf: bytes, name: str) -> None:
    """Leave the PDF where a person can render and look at it (SEATING_PDF_DIR), when asked."""
    folder = os.environ.get("SEATING_PDF_DIR")
    if folder:
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(pdf)


def test_the_first_rounds_seating_lists_tables_dealer_first_names_and_the_commitment():
    tournament, _, _ = make_tournament(entrants=17)
    services.tournament_confirm(tournament=tournament)
    found = seating.seating_for(tournament.event, 1)
    planned = tournament.planned_rounds.get(number=1)
    names = {e.number: e.player.name for e in tournament.entrants.select_related("player")}
    first = planned.tables.get(number=3)
    assert found.tables[2].seats == tuple((s, names[n]) for s, n in enumerate(first.seats))
    assert found.byes == tuple(names[n] for n in planned.byes) and len(found.byes) == 1
    with translation.override("en"):
        pdf = seating.seating_list(found)
    keep(pdf, "seating-en.pdf")
    text = text_of(pdf)
    assert "Round 1 · session 1" in text
    assert tournament.seed_sha256 in text.replace("\n", "")
    dealer = names[first.seats[0]]
    second = names[first.seats[1]]
    assert f"{dealer} → table 3, seat 1 · deals first" in text
    assert f"{second} → table 3, seat 2" in text
    assert f"{found.byes[0]} → bye" in text
    # the second round's sheet carries no commitment
    assert seating.seating_for(tournament.event, 2).commitment == ""


def test_the_seating_speaks_the_clubs_language():
    tournament, _, _ = make_tournament()
    with translation.override("fr"):
        text = text_of(seating.seating_list(seating.seating_for(tournament.event, 1)))
    assert "Par table" in text and "Par nom" in text and "place 1" in text


def test_a_table_card_for_each_table_with_its_lasting_link():
    tournament, _, _ = make_tournament()
    places = services.physical_tables_ensure(event=tournament.event, count=4)
    cards = seating.cards_for(tournament.event, places, lambda p: f"http://club.example/at/{p.token}/")
    with translation.override("en"):
        pdf = seating.table_cards(cards)
    keep(pdf, "cards-en.pdf")
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 4
    third = [line.strip() for line in reader.pages[2].extract_text().splitlines()]
    assert third[1:3] == ["Table", "3"]
    assert f"http://club.example/at/{places[2].token}/" in third
