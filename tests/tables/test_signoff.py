"""The table signs off: once the round is complete each player taps their name; the director sees who signed;
a correction or strike afterwards clears the signatures and says so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.tables.models import Signature
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import RoundNotComplete, deal_record, table_sign
from tests.factories import make_table, make_user
from tests.tables.pc6 import BASE, PC6

pytestmark = pytest.mark.django_db


def complete_table(tours=1):
    table = make_table(options={"session.tours": tours})
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def sign(client, table, seat):
    return client.post(reverse("table-sign", kwargs={"token": table.token}), {"seat": str(seat)}, follow=True)


def test_each_player_taps_their_name_and_who_and_when_is_recorded(client):
    table = complete_table()
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        assert f'<button type="submit" class="secondary">{name}</button>' in page
    assert "Ben agrees with the balances." in sign(client, table, 1).content.decode()
    sign(client, table, 1)  # a second tap keeps the first signature
    signature = Signature.objects.get(table=table)
    assert (signature.seat, signature.player.name, signature.cleared_at) == (1, "Ben", None)
    table.refresh_from_db()
    assert signature.signed_at is not None and signature.revision == table.revision
    for seat in (0, 2, 3):
        sign(client, table, seat)
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert "Signed by all four players." in page and 'class="sign"' not in page
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    event_page = client.get(reverse("event", kwargs={"event_id": table.event.pk})).content.decode()
    assert '<span class="tag">signed</span>' in event_page


def test_signing_waits_for_the_round_to_be_complete(client):
    table = complete_table(tours=2)
    with pytest.raises(RoundNotComplete):
        table_sign(table=table, seat=0)
    assert "once the round is complete" in sign(client, table, 0).content.decode()
    assert not Signature.objects.exists()


def test_a_correction_after_signing_clears_the_signatures_and_says_so(client):
    table = complete_table()
    for seat in range(4):
        table_sign(table=table, seat=seat)
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    response = client.post(
        reverse("deal", kwargs={"token": table.token, "position": 2}),
        {**BASE, "hombre": "1", "contract": "solo", "trump": "S", "tricks": "4", "position": "2", "reason": "4 tricks"},
        follow=True,
    )
    assert "signatures were cleared" in response.content.decode()
    assert Signature.objects.filter(cleared_at__isnull=True).count() == 0
    assert Signature.objects.filter(cleared_at__isnull=False).count() == 4  # kept: who signed, and when it was cleared
    assert table_ledger(table=table).signatures == ()


def test_a_strike_after_signing_clears_the_signatures(client):
    table = complete_table()
    table_sign(table=table, seat=2)
    response = client.post(
        reverse("deal-strike", kwargs={"token": table.token, "position": 4}), {"reason": "wrong table"}, follow=True
    )
    assert "signatures were cleared" in response.content.decode()
    assert not Signature.objects.filter(cleared_at__isnull=True).exists()
