"""The live board's markup and figures are kept in the cache under the digest of what the standings are made of
(the snapshots' stored JSON among them): whatever changes the standings makes a new key, so the board shows what a
server with an empty cache would show. Each test changes one part of the key."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from scorekeeper.clubs.services import player_rename
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.public.services import event_link_make
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Deal, DealChange, Table
from scorekeeper.tables.services import deal_correct, deal_record
from scorekeeper.tables.snapshot import snapshot_read
from scorekeeper.tournaments.imports import tournament_import
from scorekeeper.tournaments.models import Entrant, PlannedTable, Substitute, Team
from scorekeeper.tournaments.standings import tournament_standings
from tests.factories import make_club, make_user
from tests.tournaments.documents import tournament_document

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["each process its own", "shared by the workers"])
def board(request, client, settings, tmp_path):
    """The tournament of tests/tournaments/documents.py (round 3 being played), and its live board as htmx polls
    it, without the time it was made; the standings kept in memory, or in files as gunicorn's
    workers share them."""
    if request.param == "shared by the workers":
        shared = {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path)}
        settings.CACHES = {**settings.CACHES, "standings": shared}
    director = make_user()
    event = tournament_import(raw=tournament_document(), club=make_club(directors=[director]))
    client.force_login(director)
    url = reverse("tournament-live", args=[event.pk])

    def read(**headers) -> str:
        html = client.get(url, headers={"HX-Request": "true", **headers}).content.decode()
        return re.sub(r"\d\d:\d\d:\d\d", "", html)  # the time it was made, in any language

    read.event = event
    return read


def _fresh(board, **headers) -> str:
    """The board as a server that has kept nothing would make it."""
    for cache in caches.all():
        cache.clear()
    return board(**headers)


def _solo(table: Table, tricks: int) -> DealRecord:
    """The table's next deal: the seat on the dealer's right plays a solo in spades and makes `tricks` tricks."""
    dealer = snapshot_read(table=table).state.next_dealer
    return DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=tricks)


def test_the_board_follows_a_new_deal(board):
    before = board()
    assert "playing, 7/8" in before  # round 3's table 1, one deal short
    table = Table.objects.get(event=board.event, round=3, number=1)
    deal_record(table=table, position=table.deals.count() + 1, record=_solo(table, tricks=5))
    after = board()
    assert "playing, 7/8" not in after
    assert after == _fresh(board)


def test_the_board_follows_a_correction(board):
    before = board()
    table = Table.objects.get(event=board.event, round=3, number=1)
    last = table.deals.order_by("position").last()
    record = DealRecord(dealer=last.dealer, contract=Contract.SOLO, hombre=(last.dealer + 1) % 4, trump="S", tricks=0)
    deal_correct(deal=last, record=record, reason="the tricks were miscounted")
    after = board()
    assert after != before
    assert after == _fresh(board)


def test_the_board_after_a_restore_shows_the_restored_deals(board):
    """A restore can bring a table back to a revision it had with other deals: the board must not show what it
    kept for that revision before the restore."""
    table = Table.objects.get(event=board.event, round=3, number=1)
    revision = table.revision
    kept = Table.objects.filter(pk=table.pk).values(*SNAPSHOT_FIELDS).get()
    deal_record(table=table, position=table.deals.count() + 1, record=_solo(table, tricks=5))
    won = board()
    assert "playing, 7/8" not in won  # the table's eighth deal ended it
    # The restore: the table, its deals and its snapshot as they were before that deal.
    added = Deal.objects.filter(table=table).order_by("position").last()
    DealChange.objects.filter(deal=added).delete()
    added.delete()
    Table.objects.filter(pk=table.pk).update(revision=revision, ended_at=None, **kept)
    # Then the table plays on, and its eighth deal is another: the same revision as before the restore.
    table = Table.objects.get(pk=table.pk)
    deal_record(table=table, position=table.deals.count() + 1, record=_solo(table, tricks=0))
    assert Table.objects.get(pk=table.pk).revision == revision + 1
    lost = board()
    assert lost != won
    assert lost == _fresh(board)


def test_the_board_follows_a_withdrawal(board):
    before = board()
    # What entrant_withdraw writes after round 3 (it also plans round 4 again, from a seed an imported tournament
    # that is still running does not hold).
    Entrant.objects.filter(tournament__event=board.event, number=1).update(withdrawn_after=3)
    after = board()
    ann = re.search(r"<tr[^>]*><td>[^<]*</td>\s*<td><a [^>]*>Ann</a>(.*?)</td>", after).group(1)
    assert "withdrawn" in ann and "withdrawn" not in re.search(r">Ann</a>(.*?)</td>", before).group(1)
    assert after == _fresh(board)


def test_the_board_follows_a_rename(board):
    assert ">Ann</a>" in board()
    entrant = Entrant.objects.select_related("player").get(tournament__event=board.event, number=1)
    player_rename(player=entrant.player, name="Annabel")
    after = board()
    assert ">Annabel</a>" in after and ">Ann</a>" not in after
    assert after == _fresh(board)


def test_the_board_is_kept_for_each_reader_s_language(board):
    english = board()
    german = board(**{"Accept-Language": "de"})
    assert "Durchgang 3: die Tische" in german
    assert german != english
    assert board() == english
    assert german == _fresh(board, **{"Accept-Language": "de"})


def _page(client, url: str) -> str:
    """The content of the page at `url` (its section: the rest holds a new CSRF token each time)."""
    return re.search(r"<section.*</section>", client.get(url).content.decode(), re.S).group()


def test_a_score_card_follows_a_substitute(board, client):
    """The cards read the figures kept under the digest: a substitute at round 3's table 1 (Fay's seat, the table
    still being played) is in it."""
    url = reverse("tournament-card", args=[board.event.pk, 6])
    before = _page(client, url)
    assert "substituted" not in before
    planned = PlannedTable.objects.get(round__tournament__event=board.event, round__number=3, number=1)
    # What substitute_add writes (it also plans the rounds not started again, from a seed an imported tournament
    # that is still running does not hold).
    Substitute.objects.create(planned_table=planned, seat=1, from_deal=3, name="Yves")
    after = _page(client, url)
    assert re.search(r"<td>3 · T1</td><td>[^<]*<span class=\"muted\">· substituted</span>", after)
    for cache in caches.all():
        cache.clear()
    assert after == _page(client, url)


def test_the_standings_follow_a_team_s_members(board, client):
    url = reverse("tournament-standings", args=[board.event.pk])
    assert 'Aces <span class="muted">(Ann, Ben)</span>' in _page(client, url)
    kings = Team.objects.get(tournament__event=board.event, name="Kings")
    Entrant.objects.filter(tournament__event=board.event, number=2).update(team=kings)
    after = _page(client, url)
    assert 'Aces <span class="muted">(Ann)</span>' in after and "(Ben, Cat, Dan)" in after
    for cache in caches.all():
        cache.clear()
    assert after == _page(client, url)


def test_the_public_link_s_board_is_the_one_the_director_s_made(board, client):
    """The director's projector and the phones on the public link draw one board a change: its links are relative,
    and each reader's lead to his own score cards (test_standings_pages)."""
    token = event_link_make(event=board.event).token
    public_url = reverse("public-live", args=[token])

    def public() -> str:
        html = client.get(public_url, headers={"HX-Request": "true"}).content.decode()
        return re.sub(r"\d\d:\d\d:\d\d", "", html)

    directors = board()
    assert public() == directors
    Entrant.objects.filter(tournament__event=board.event, number=1).update(withdrawn_after=3)
    assert public() != directors
    assert public() == board()
    for cache in caches.all():
        cache.clear()
    assert public() == board()


def test_the_pages_rank_as_the_document_does_without_the_seats_of_rounds_not_started(board):
    """The pages leave the tables of a round not started unread (round 4 here): the standings, the teams and the
    started rounds' tables are those the standings document (T-83) is made from."""
    every = tournament_standings(event=board.event)
    shown = tournament_standings(event=board.event, every_round=False)
    assert shown.standings == every.standings and shown.teams == every.teams
    assert [r for r in shown.rounds if r.started] == [r for r in every.rounds if r.started]
    assert [len(r.tables) for r in every.rounds] == [4, 4, 4, 4]
    assert [len(r.tables) for r in shown.rounds] == [4, 4, 4, 0]
    assert shown.standings.provisional  # round 4 is still to come
