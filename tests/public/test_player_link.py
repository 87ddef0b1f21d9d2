"""Each player's own link: printed as a QR code on his report, opening his history, figures and charts without a
login; renewing it refuses the old one."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import PlayerLink
from scorekeeper.clubs.services import player_link_renew
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


@pytest.fixture
def dans_evening(client):
    director = make_user()
    table = make_table()
    table.event.club.directors.add(director)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    client.force_login(director)
    return table


def test_the_personal_report_prints_the_players_own_link_as_a_qr_code(client, dans_evening, tmp_path):
    table, dan = dans_evening, dans_evening.seat_3
    pdf = client.get(reverse("player-report", args=[table.event.pk, dan.pk]))
    assert pdf.status_code == 200
    link = "http://testserver" + reverse("player-page", args=[PlayerLink.objects.get(player=dan).token])
    (tmp_path / "dan.pdf").write_bytes(pdf.content)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-png", str(tmp_path / "dan.pdf"), str(tmp_path / "dan")],
        check=True,
    )
    assert shutil.which("zbarimg"), "zbarimg (Debian's zbar-tools) is needed: make test installs it"
    decoded = subprocess.run(
        ["zbarimg", "-q", "--raw", str(tmp_path / "dan-1.png")], capture_output=True, text=True, check=True
    )
    assert decoded.stdout.strip() == link
    # The season report prints the same link: one link a player.
    client.get(reverse("player-season", args=[table.event.club.pk, dan.pk]) + "?year=2026")
    assert PlayerLink.objects.filter(player=dan).count() == 1

    client.logout()
    page = client.get(link.removeprefix("http://testserver"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1>Dan</h1>" in text and "+60" in text and "Chips won, event after event" in text
    assert "Evening" in text  # his history: tonight's event, open or not


def test_a_renewed_link_refuses_the_old_one(client, dans_evening):
    dan = dans_evening.seat_3
    client.get(reverse("player-report", args=[dans_evening.event.pk, dan.pk]))
    old = PlayerLink.objects.get(player=dan).token
    new = player_link_renew(player=dan).token
    client.logout()
    assert new != old
    assert client.get(reverse("player-page", args=[old])).status_code == 404
    assert client.get(reverse("player-page", args=[new])).status_code == 200
    assert client.post(reverse("player-page", args=[new])).status_code == 405
