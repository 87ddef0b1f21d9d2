"""An event's public link: the standings and the live page read without a login, nothing written through it,
and a revoked link refused."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.events.selectors import live_screen
from scorekeeper.events.services import checkin_set
from scorekeeper.public.models import EventLink
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(client):
    """PC-6 at one table (final balances Ann 36, Ben 12, Cat 12, Dan 100), a director logged in on `client`."""
    director = make_user()
    table = make_table()
    table.event.club.directors.add(director)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    for player in table.players:
        checkin_set(event=table.event, player=player, present=True)
    client.force_login(director)
    return table.event


def make_link(client, event) -> str:
    response = client.post(reverse("event-public-link", args=[event.pk]), {"action": "make"})
    assert response.status_code == 302
    return EventLink.objects.get(event=event).token


def test_the_public_link_reads_the_standings_and_the_live_page_without_a_login(client, evening):
    token = make_link(client, evening)
    assert len(token) >= 24  # 18 random bytes
    client.logout()
    page = client.get(reverse("public-standings", args=[token]))
    assert page.status_code == 200
    text = page.content.decode()
    assert text.index("Dan") < text.index("Ann") < text.index("Ben")  # 100, 36, 12 and 12
    assert "+60" in text and "-28" in text
    assert re.findall(r'<form [^>]*action="([^"]*)"', text) == ["/i18n/setlang/"]  # only the language switch
    live = client.get(reverse("public-live", args=[token]))
    assert live.status_code == 200 and "<svg" in live.content.decode()  # the QR code in the corner
    htmx = client.get(reverse("public-live", args=[token]), headers={"HX-Request": "true"})
    assert htmx.content.decode().lstrip().startswith('<div id="board"')
    assert client.get(reverse("public-qr", args=[token]))["Content-Type"] == "image/svg+xml"


def test_nothing_is_written_through_the_public_link(client, evening):
    token = make_link(client, evening)
    client.logout()
    for name in ("public-standings", "public-live", "public-qr"):
        assert client.post(reverse(name, args=[token]), {"action": "revoke"}).status_code == 405
    # Nor does the token open the director's pages or switch the link itself.
    assert client.post(reverse("event-public-link", args=[evening.pk]), {"action": "revoke"}).status_code == 302
    assert EventLink.objects.get(event=evening).token == token
    assert client.get(reverse("event-standings", args=[evening.pk])).status_code == 302  # to the login page


def test_a_revoked_link_is_refused_and_a_new_one_differs(client, evening):
    token = make_link(client, evening)
    client.post(reverse("event-public-link", args=[evening.pk]), {"action": "revoke"})
    for name in ("public-standings", "public-live", "public-qr"):
        assert client.get(reverse(name, args=[token])).status_code == 404
    again = make_link(client, evening)
    assert again != token
    assert client.get(reverse("public-standings", args=[token])).status_code == 404
    assert client.get(reverse("public-standings", args=[again])).status_code == 200


def test_another_clubs_director_cannot_make_a_link(client, evening):
    client.force_login(make_user())
    assert client.post(reverse("event-public-link", args=[evening.pk]), {"action": "make"}).status_code == 404
    assert not EventLink.objects.exists()


def test_the_live_page_goes_through_every_player_a_screen_at_a_time():
    players = list(range(23))
    screens = [live_screen(players, number=n, rows=10) for n in (1, 2, 3, 4)]
    assert [(s.number, s.count, len(s.accounts), s.following) for s in screens] == [
        (1, 3, 10, 2),
        (2, 3, 10, 3),
        (3, 3, 3, 1),
        (1, 3, 10, 2),  # round again
    ]
    assert live_screen([], number=5, rows=10).count == 1
