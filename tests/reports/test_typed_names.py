"""Names are typed by people: every PDF prints them as text, never as reportlab markup."""

from __future__ import annotations

import dataclasses
import io
import random

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scorekeeper.engine.simulate import random_deal
from scorekeeper.events.services import checkin_set
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_club, make_table, make_user

pytestmark = pytest.mark.django_db

HOSTILE = ("Kit <Marlowe", "<b>Bold", "R&D <font size=80>X</font>", '<img src="/etc/hostname">')


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_typed_names_print_literally_in_every_pdf(client, paper):
    director = make_user()
    club = make_club(name="<b>Club & Co", directors=[director])
    table = make_table(names=HOSTILE, club=club)
    event = table.event
    event.name = "R&D <font size=80>Night</font>"
    event.save()
    rng = random.Random(5)
    for position in range(1, 9):
        view = table_ledger(table=table, explain=False)
        state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
        deal_record(table=table, position=position, record=random_deal(rng, view.session, state, void_rate=0))
    for player in table.players:
        checkin_set(event=event, player=player, present=True)
    client.force_login(director)
    player = table.players[3]
    urls = {
        "sheet": reverse("table-sheet", kwargs={"token": table.token}),
        "blank": reverse("table-blank", kwargs={"token": table.token}),
        "event": reverse("event-report", kwargs={"event_id": event.pk}),
        "player": reverse("player-report", kwargs={"event_id": event.pk, "player_id": player.pk}),
        "season": reverse("player-season", kwargs={"club_id": club.pk, "player_id": player.pk}) + "?year=2026",
    }
    for kind, url in urls.items():
        response = client.get(url, {"paper": paper})
        assert response.status_code == 200, kind
        reader = PdfReader(io.BytesIO(response.content))
        width = round(float(reader.pages[0].mediabox[2]))
        assert width == (595 if paper == "a4" else 612), kind
        text = text_of(response.content)
        assert "<b>Club & Co" in text, kind
        names = HOSTILE if kind in ("sheet", "blank", "event") else (player.name,)
        for name in names:
            assert name in text, (kind, name)
        if kind != "season":
            assert "R&D <font size=80>Night</font>" in text, kind
        assert "&amp;" not in text and "R&D;" not in text, kind
