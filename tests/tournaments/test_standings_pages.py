"""The standings pages of a tournament: the director's after each round, the live board, the public link and the
score cards, all read from the tables' snapshots."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.public.services import event_link_make
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_by_token, table_screen
from scorekeeper.tables.services import deal_record
from scorekeeper.tournaments.imports import tournament_import
from tests.factories import make_club, make_user
from tests.tournaments.documents import tournament_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_event(client):
    director = make_user()
    club = make_club(directors=[director])
    event = tournament_import(raw=tournament_document(), club=club)
    client.force_login(director)
    return event


def _rows(html: str) -> list[tuple[str, str, str]]:
    """(place, name, total) of each row of the standings table."""
    body = html.split('class="standings tournament-standings"')[1].split("</table>")[0]
    found = []
    for row in re.findall(r"<tr[^>]*><td>(.*?)</td>\s*<td>(.*?)</td>.*?<summary[^>]*>(.*?)</summary>", body, re.S):
        name = re.sub(r"<[^>]+>", "", row[1]).split("·")[0].strip()
        found.append((row[0], name, row[2]))
    return found


def test_the_event_standings_of_a_tournament_are_its_standings_after_a_round(client, director_event):
    response = client.get(reverse("event-standings", args=[director_event.pk]), {"round": 1}, follow=True)
    assert response.status_code == 200
    rows = _rows(response.content.decode())
    # Round 1 by hand: Ida's table 3 changes 124 -> 124 + 3·8 = 148, first; Quin's bye before any round played
    # is his average over no rounds, 0.
    assert rows[0] == ("1", "Ida", "148")
    assert ("Quin" in [name for _, name, _ in rows]) and len(rows) == 17
    html = response.content.decode()
    assert "Round 1: the tables" in html
    assert "firsts at a table" in html  # the tie-break chain in words


def test_a_total_lists_the_rounds_that_make_it(client, director_event):
    html = client.get(reverse("tournament-standings", args=[director_event.pk]), {"round": 2}).content.decode()
    ann = html.split("Ann: total")[1].split("</details>")[0]
    # Ann: round 1 at table 1 (-16 chips, fourth: -16 - 24 = -40), round 2 at table 1 (-20, fourth: -44).
    assert re.findall(r"<li>(.*?)</li>", ann) == ["R1 · T1 <b>-40</b>", "R2 · T1 <b>-44</b>"]
    assert '">-84</summary>' in ann


def test_the_score_card_shows_how_each_score_was_made(client, director_event):
    html = client.get(reverse("tournament-card", args=[director_event.pk, 1])).content.decode()
    assert "Cat, Eve, Gus" in html
    assert "= -16 chips + -3 place points × 8" in html
    assert '<td class="num">-16</td><td class="num">-40</td><td class="num">4</td>' in html


def test_the_live_board_shows_who_is_still_playing(client, director_event):
    response = client.get(reverse("event-live", args=[director_event.pk]), follow=True)
    html = response.content.decode()
    assert "Round 3: the tables" in html
    assert "playing, 7/8" in html  # round 3's table 1, one deal short
    board = client.get(reverse("tournament-live", args=[director_event.pk]), headers={"HX-Request": "true"})
    assert "<html" not in board.content.decode() and "Round 3: the tables" in board.content.decode()


def test_the_public_link_shows_the_tournament_standings_and_score_cards(client, director_event):
    link = event_link_make(event=director_event)
    client.logout()
    html = client.get(reverse("public-standings", args=[link.token])).content.decode()
    assert _rows(html)[0][1]
    assert _card_links(html, reverse("public-standings", args=[link.token]))["Ann"] == f"/p/{link.token}/cards/1/"
    assert "Download" not in html
    card = client.get(reverse("public-card", args=[link.token, 1])).content.decode()
    assert "= -16 chips + -3 place points × 8" in card
    assert client.get(reverse("public-card", args=[link.token, 99])).status_code == 404
    live = client.get(reverse("public-live", args=[link.token]))
    assert live.status_code == 200 and b"<svg" in live.content


def _card_links(html: str, page: str) -> dict[str, str]:
    """Where each entrant's link leads from the page at path `page`, by his name."""
    return {name: urljoin(page, href) for href, name in re.findall(r'<td><a href="([^"]+)">([^<]+)</a>', html)}


def test_each_reader_s_entrants_lead_to_his_own_score_cards(client, director_event):
    """The director's pages and the public link's draw their boards alike: each link leads to the score card
    seen the way the page was, and opens it."""
    token = event_link_make(event=director_event).token
    # Ann is entrant 1, Ida entrant 9.
    director_cards = {
        name: reverse("tournament-card", args=[director_event.pk, n]) for name, n in (("Ann", 1), ("Ida", 9))
    }
    public_cards = {name: reverse("public-card", args=[token, n]) for name, n in (("Ann", 1), ("Ida", 9))}
    pages = {
        reverse("tournament-standings", args=[director_event.pk]): director_cards,
        reverse("tournament-live", args=[director_event.pk]): director_cards,
        reverse("public-standings", args=[token]): public_cards,
        reverse("public-live", args=[token]): public_cards,
    }
    for htmx in (False, True):
        for page, cards in pages.items():
            html = client.get(page, headers={"HX-Request": "true"} if htmx else {}).content.decode()
            links = _card_links(html, page)
            assert len(links) == 17 and {name: links[name] for name in cards} == cards, page
    assert "= -16 chips + -3 place points × 8" in client.get(director_cards["Ann"]).content.decode()
    client.logout()
    assert "= -16 chips + -3 place points × 8" in client.get(public_cards["Ann"]).content.decode()


def test_another_club_director_gets_404(client, director_event):
    client.force_login(make_user())
    assert client.get(reverse("tournament-standings", args=[director_event.pk])).status_code == 404
    assert client.get(reverse("tournament-document", args=[director_event.pk])).status_code == 404
    live = reverse("tournament-live", args=[director_event.pk])
    assert client.get(live).status_code == 404
    assert client.get(live, headers={"HX-Request": "true"}).status_code == 404


def test_the_document_downloads(client, director_event):
    response = client.get(reverse("tournament-document", args=[director_event.pk]))
    assert response["Content-Disposition"].startswith('attachment; filename="tournament-2026-04-18-')
    assert response.json()["format"] == "quadrille-tournament/1"


def test_a_tournament_not_started_yet_shows_its_entrants(client):
    director = make_user()
    doc = tournament_document()
    for planned in doc["rounds"]:
        planned["started"] = False
        for table in planned["tables"]:
            table.pop("deals", None)
            table.pop("substitutes", None)
            table.pop("short", None)
    event = tournament_import(raw=doc, club=make_club(directors=[director]))
    client.force_login(director)
    for query in ({}, {"round": 3}, {"round": "x"}):
        response = client.get(reverse("tournament-standings", args=[event.pk]), query)
        assert response.status_code == 200
    rows = _rows(response.content.decode())
    # Nobody has played: all 17 share first place with 0.
    assert len(rows) == 17 and {(place, total) for place, _, total in rows} == {("=1", "0")}


def test_standings_after_a_round_not_yet_played_are_those_after_the_last_played(client, director_event):
    later = client.get(reverse("tournament-standings", args=[director_event.pk]), {"round": 4}).content.decode()
    third = client.get(reverse("tournament-standings", args=[director_event.pk]), {"round": 3}).content.decode()
    assert _rows(later) == _rows(third) and "Standings after round 3" in later


def test_the_club_results_site_ranks_a_closed_tournament_by_its_method(client):
    from scorekeeper.public.services import club_site_set

    club = make_club()
    event = tournament_import(raw=tournament_document(revealed=True), club=club)
    club_site_set(club=club, published=True)
    html = client.get(reverse("club-site-event", args=[club.pk, event.pk])).content.decode()
    rows = _rows(html)
    assert len(rows) == 17 and rows == _rows(
        client.get(reverse("public-standings", args=[event_link_make(event=event).token])).content.decode()
    )
    assert "firsts at a table" in html


def test_the_live_board_follows_each_new_deal_and_each_reader_s_language(client, director_event):
    """The board's markup is kept under the digest of what the standings are made of: a new deal is a new
    digest, and the language is part of the key."""
    from scorekeeper.engine import Contract, DealRecord
    from scorekeeper.tables.models import Table
    from scorekeeper.tables.services import deal_record
    from scorekeeper.tables.snapshot import snapshot_read

    url = reverse("tournament-live", args=[director_event.pk])
    before = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "playing, 7/8" in before  # round 3's table 1, one deal short
    french = client.get(url, headers={"HX-Request": "true", "Accept-Language": "fr"}).content.decode()
    assert "Tour 3 : les tables" in french and "Round 3: the tables" not in french
    table = Table.objects.get(event=director_event, round=3, number=1)
    snapshot = snapshot_read(table=table)
    dealer = snapshot.state.next_dealer
    # Its eighth valid deal: the seat on the dealer's right plays a solo and makes five tricks.
    record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=5)
    deal_record(table=table, position=snapshot.records + 1, record=record)
    after = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "playing, 7/8" not in after and "Round 3: the tables" in after
    assert _rows(after) != _rows(before)


def test_a_round_s_results_are_offered_so_far_while_one_of_its_tables_plays(client, director_event):
    now = client.get(reverse("tournament-standings", args=[director_event.pk])).content.decode()
    assert "Round 3 results so far (PDF)" in now  # round 3's table 1 is one deal short
    after_two = client.get(reverse("tournament-standings", args=[director_event.pk]), {"round": 2}).content.decode()
    assert "Round 2 results (PDF)" in after_two and "so far" not in after_two
    # Round 3's last deal played: the link drawn "so far" a moment ago (and kept in the cache) says final now.
    table = Table.objects.get(event=director_event, round=3, number=1)
    view = table_screen(table=table_by_token(token=table.token))
    last = DealRecord(dealer=view.next_dealer, contract=Contract.SOLO, hombre=view.eldest, trump="S", tricks=6)
    deal_record(table=table, position=view.next_position, record=last)
    now = client.get(reverse("tournament-standings", args=[director_event.pk])).content.decode()
    assert "Round 3 results (PDF)" in now and "so far" not in now
