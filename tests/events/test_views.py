from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.services import player_create
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.models import CheckIn, Event, EventLog, HouseRules
from scorekeeper.events.services import checkin_set, event_create, seat_draw
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import deal_record, table_create, table_end_round, table_sign
from tests.factories import make_club, make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


@pytest.fixture
def setup(client):
    director = make_user()
    club = make_club(directors=[director])
    players = [player_create(club=club, name=n) for n in NAMES]
    event = event_create(
        club=club, name="Thursday", date=dt.date(2026, 11, 19), ruleset="parlett-chips", options={"session.tours": 1}
    )
    client.force_login(director)
    return client, club, players, event


def test_director_pages_need_a_login_and_the_right_club(client, setup):
    _, club, _, event = setup
    client.logout()
    for name, kwargs in (
        ("event", {"event_id": event.pk}),
        ("event-standings", {"event_id": event.pk}),
        ("event-live", {"event_id": event.pk}),
        ("players", {"club_id": club.pk}),
        ("season", {"club_id": club.pk}),
        ("event-new", {"club_id": club.pk}),
    ):
        assert client.get(reverse(name, kwargs=kwargs))["Location"].startswith("/accounts/login/")
    client.force_login(make_user())
    assert client.get(reverse("event", kwargs={"event_id": event.pk})).status_code == 404
    assert client.post(reverse("event-draw", kwargs={"event_id": event.pk})).status_code == 404


def test_check_in_draw_and_sit_outs(setup):
    client, _, players, event = setup
    client.post(reverse("event-checkin", kwargs={"event_id": event.pk}), {"present": [p.pk for p in players]})
    assert CheckIn.objects.filter(event=event).count() == 6
    response = client.post(reverse("event-draw", kwargs={"event_id": event.pk}), {"method": "cards"}, follow=True)
    html = response.content.decode()
    assert "1 table seated; 2 players sitting out." in html and "Sitting out:" in html
    assert Table.objects.filter(event=event, round=1).count() == 1
    (table,) = Table.objects.filter(event=event, round=1)
    deal_record(table=table, position=1, record=DealRecord(dealer=table.first_dealer, void=True))
    again = client.post(reverse("event-draw", kwargs={"event_id": event.pk}), {"method": "random"}, follow=True)
    assert "Every table must end the current round" in again.content.decode()


def test_a_table_ends_its_round_after_a_whole_tour(setup):
    client, _, players, event = setup
    for p in players[:4]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    end = reverse("event-table-end", kwargs={"event_id": event.pk, "table_id": table.pk})
    assert "cannot end yet" in client.post(end, {"confirm": "1"}, follow=True).content.decode()
    for position in range(1, 5):
        dealer = (table.first_dealer + position - 1) % 4
        deal_record(
            table=table,
            position=position,
            record=DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=dealer, trump="S", tricks=6),
        )
    assert "has ended its round" in client.post(end, {"confirm": "1"}, follow=True).content.decode()
    table.refresh_from_db()
    assert table.ended_at is not None


def test_standings_show_ranks_and_the_tie_break_rule_and_live_refreshes_a_fragment(setup):
    client, _, players, event = setup
    for p in players:
        checkin_set(event=event, player=p, present=True)
    html = client.get(reverse("event-standings", kwargs={"event_id": event.pk})).content.decode()
    assert "Ties are broken by the result of the latest round played" in html
    assert html.count("<td>1</td>") == 6  # everyone level: they share first place
    live = client.get(reverse("event-live", kwargs={"event_id": event.pk}), headers={"HX-Request": "true"})
    assert "<html" not in live.content.decode() and "Ann" in live.content.decode()
    full = client.get(reverse("event-live", kwargs={"event_id": event.pk})).content.decode()
    assert 'hx-trigger="every 4s"' in full


def test_each_name_on_the_standings_opens_that_players_report(setup):
    client, _, players, event = setup
    for p in players:
        checkin_set(event=event, player=p, present=True)
    html = client.get(reverse("event-standings", kwargs={"event_id": event.pk})).content.decode()
    for p in players:
        report = reverse("player-report", kwargs={"event_id": event.pk, "player_id": p.pk})
        assert f'<a href="{report}" target="_blank">{p.name}</a>' in html


def test_the_live_board_a_projector_polls_is_one_screen_of_players_and_asks_for_the_next(setup):
    client, _, players, event = setup
    for p in players:
        checkin_set(event=event, player=p, present=True)
    live = reverse("event-live", kwargs={"event_id": event.pk})
    # Six players level at 40, listed by name: screens of four hold Ann to Dan, then Eve and Fay.
    first = client.get(live, {"rows": "4"}, headers={"HX-Request": "true"}).content.decode()
    assert [n for n in NAMES if f">{n}</a>" in first] == ["Ann", "Ben", "Cat", "Dan"]
    assert "Players, screen 1 of 2" in first
    assert f'hx-get="{live}?screen=2&amp;rows=4"' in first
    second = client.get(live, {"screen": "2", "rows": "4"}, headers={"HX-Request": "true"}).content.decode()
    assert [n for n in NAMES if f">{n}</a>" in second] == ["Eve", "Fay"]
    assert f'hx-get="{live}?screen=1&amp;rows=4"' in second  # round again
    # Anything else typed in the address is the first screen of ten: all six here, and no screen line.
    whole = client.get(live, {"screen": "x²", "rows": "-3"}, headers={"HX-Request": "true"}).content.decode()
    assert [n for n in NAMES if f">{n}</a>" in whole] == NAMES
    assert "Players, screen" not in whole
    # A screen is never shorter than three rows.
    short = client.get(live, {"rows": "1"}, headers={"HX-Request": "true"}).content.decode()
    assert [n for n in NAMES if f">{n}</a>" in short] == ["Ann", "Ben", "Cat"]


def test_a_live_board_asked_for_a_number_of_thousands_of_digits_answers_with_the_nearest_screen(setup):
    client, _, players, event = setup
    for p in players:
        checkin_set(event=event, player=p, present=True)
    live = reverse("event-live", kwargs={"event_id": event.pk})
    huge = "9" * 5000  # more digits than int() reads
    # Rows above 60 are 60: the six players on one screen.
    whole = client.get(live, {"rows": huge}, headers={"HX-Request": "true"})
    assert whole.status_code == 200
    assert [n for n in NAMES if f">{n}</a>" in whole.content.decode()] == NAMES
    # A screen above 10,000 is the 10,000th, which with two screens of four is the second: Eve and Fay.
    last = client.get(live, {"screen": huge, "rows": "0004"}, headers={"HX-Request": "true"})
    assert last.status_code == 200
    assert [n for n in NAMES if f">{n}</a>" in last.content.decode()] == ["Eve", "Fay"]


def test_the_event_page_card_of_a_table_says_how_far_it_played_and_who_signed(client):
    table = make_table(names=("Ann <b>", "Ben", "Cat", "Dan"), options={"session.tours": 1})
    director = make_user()
    table.event.club.directors.add(director)
    for position, record in enumerate(PC6, start=1):  # PC-6's four deals: one tour, the pot won back to 0
        deal_record(table=Table.objects.get(pk=table.pk), position=position, record=record)
    for seat in (0, 1):
        table_sign(table=Table.objects.get(pk=table.pk), seat=seat)
    Table.objects.filter(pk=table.pk).update(drawn_cards="KQJA")
    client.force_login(director)
    page = client.get(reverse("event", kwargs={"event_id": table.event.pk})).content.decode()
    card = page[page.index('<div class="table-card">') :]
    card = card[: card.index("</div>")]
    assert '<h3>Table 1 <span class="tag">2 of 4 signed</span></h3>' in card
    assert "<p>Ann &lt;b&gt; (K) · Ben (Q) · Cat (J) · Dan (A)</p>" in card  # the name is text, not markup
    assert '<p class="muted">Tour 1 of 1 done · 4 deals</p>' in card  # nothing left on the table, no tour unfinished
    assert f'<a href="{reverse("table", args=[table.token])}">Open the table</a>' in card
    end = reverse("event-table-end", args=[table.event.pk, table.pk])
    assert f'<form method="post" action="{end}"><input type="hidden" name="csrfmiddlewaretoken"' in card
    assert "End this table&#x27;s round</button>" in card and "Play one more tour</button>" in card
    assert f'<a href="{reverse("event-table-seats", args=[table.event.pk, table.pk])}">Seats and link</a>' in card
    assert 'alt="QR code of the entry link of table 1"' in card
    # A table imported with fewer drawn cards than seats still names its four players.
    Table.objects.filter(pk=table.pk).update(drawn_cards="KQ")
    page = client.get(reverse("event", kwargs={"event_id": table.event.pk})).content.decode()
    assert "<p>Ann &lt;b&gt; (K) · Ben (Q) · Cat · Dan</p>" in page


def test_close_and_reopen_are_recorded(setup):
    client, _, _, event = setup
    client.post(reverse("event-close", kwargs={"event_id": event.pk}), {"confirm": "1"})
    client.post(reverse("event-reopen", kwargs={"event_id": event.pk}), {"note": "a score was missing"})
    event.refresh_from_db()
    assert event.is_open
    assert list(EventLog.objects.values_list("action", "note")) == [("closed", ""), ("reopened", "a score was missing")]


def test_a_reopened_evening_s_tables_play_on_but_one_ended_before_stays_ended(setup):
    client, _, players, event = setup
    playing = table_create(event=event, number=1, players=players[:4], first_dealer=3)
    ended = make_table(event=event, number=2, names=("Gus", "Hal", "Ida", "Jo"))
    for position, record in enumerate(PC6, start=1):  # a whole tour, and the director ends its round
        deal_record(table=ended, position=position, record=record)
    table_end_round(table=ended)
    deal_record(table=playing, position=1, record=PC6[0])
    client.post(reverse("event-close", kwargs={"event_id": event.pk}), {"confirm": "1"})
    closed = client.get(reverse("table", kwargs={"token": playing.token})).content.decode()
    assert "This event is closed: the sheet is final." in closed
    client.post(reverse("event-reopen", kwargs={"event_id": event.pk}), {"note": "a score was missing"})
    playing.refresh_from_db()
    ended.refresh_from_db()
    assert playing.ended_at is None and ended.ended_at is not None
    page = client.get(reverse("table", kwargs={"token": playing.token})).content.decode()
    assert "Deal 2" in page and "round has ended" not in page  # the missing score can be entered
    deal_record(table=playing, position=2, record=PC6[1])
    assert Table.objects.get(pk=playing.pk).deals.count() == 2


def test_new_event_from_house_rules_is_frozen_and_bad_input_is_explained(setup):
    client, club, _, _ = setup
    preset = HouseRules.objects.create(
        club=club, name="Bath rules", ruleset="britannica-counters", options={"bc.mark": 5}
    )
    url = reverse("event-new", kwargs={"club_id": club.pk})
    bad = client.post(
        url,
        {
            "name": "",
            "date": "yesterday",
            "start": "many",
            "rounds": "0",
            "tours": "x",
            "ruleset": "whist",
            "rules": "999",
        },
    )
    html = bad.content.decode()
    assert bad.status_code == 200
    for text in (
        "Give the event a name.",
        "Enter a date such as",
        "Enter a whole number from 0.",
        "Choose one of the club&#x27;s house rules.",
    ):
        assert text in html
    ok = client.post(
        url,
        {
            "name": "Cup",
            "date": "2026-12-01",
            "start": "400",
            "rounds": "2",
            "tours": "5",
            "ruleset": "parlett-chips",
            "rules": str(preset.pk),
        },
    )
    event = Event.objects.get(name="Cup")
    assert ok["Location"] == reverse("event", kwargs={"event_id": event.pk})
    assert event.ruleset == "britannica-counters" and event.options == {"bc.mark": 5, "session.tours": 5}
    preset.options = {"bc.mark": 20}
    preset.save()
    event.refresh_from_db()
    assert event.options["bc.mark"] == 5  # frozen at creation


def test_players_similar_names_are_caught_and_duplicates_merge_without_losing_deals(setup):
    client, club, players, event = setup
    url = reverse("players", kwargs={"club_id": club.pk})
    caught = client.post(url, {"action": "add", "name": "Anne"}).content.decode()
    assert "Similar names exist" in caught and not Player.objects.filter(name="Anne").exists()
    client.post(url, {"action": "add", "name": "Anne", "confirm": "1"})
    anne = Player.objects.get(name="Anne")
    assert "already a player" in client.post(url, {"action": "add", "name": "ann"}).content.decode()
    for p in players[1:4] + [anne]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    deal_record(
        table=table,
        position=1,
        record=DealRecord(dealer=table.first_dealer, contract=Contract.SOLO, hombre=0, trump="S", tricks=6),
    )
    asked = client.post(url, {"action": "merge", "player": anne.pk, "into": players[0].pk})
    assert "Merge Anne into Ann?" in asked.content.decode() and anne in Table.objects.get(pk=table.pk).players
    client.post(url, {"action": "merge", "player": anne.pk, "into": players[0].pk, "confirm": "1"})
    table.refresh_from_db()
    assert players[0] in table.players and anne not in table.players
    assert table.deals.count() == 1
    anne.refresh_from_db()
    assert not anne.active
    assert "Ann" in client.get(url + "?q=an").content.decode()


def test_the_event_page_links_each_table_of_the_round_to_its_own_addresses(setup):
    client, _, players, event = setup
    for p in players[:4]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    for position in range(1, 5):  # a whole tour: the table may end its round, and its one tour is played
        dealer = (table.first_dealer + position - 1) % 4
        deal_record(
            table=table,
            position=position,
            record=DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=dealer, trump="S", tricks=6),
        )
    html = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    assert f'<a href="/t/{table.token}/">' in html
    assert f'src="/t/{table.token}/qr.svg"' in html
    for action in ("end", "extend"):
        assert f'action="/events/{event.pk}/tables/{table.pk}/{action}/"' in html
    assert f'<a href="/events/{event.pk}/tables/{table.pk}/seats/">' in html


def test_the_standings_heading_follows_each_languages_punctuation(setup):
    client, _, _, event = setup
    url = reverse("event-standings", kwargs={"event_id": event.pk})
    english = client.get(url).content.decode()
    assert f"<h1>Standings: {event.name}</h1>" in english
    french = client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert f"<h1>Classement : {event.name}</h1>" in french  # French sets a space before the colon
    german = client.get(url, headers={"accept-language": "de"}).content.decode()
    assert f"<h1>Rangliste: {event.name}</h1>" in german


def test_the_seats_page_shows_the_tables_entry_address_as_text_beside_its_code(setup):
    client, _, players, event = setup
    for p in players[:4]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    html = client.get(reverse("event-table-seats", args=[event.pk, table.pk])).content.decode()
    address = f"http://testserver/t/{table.token}/"
    assert f'<a href="{address}">{address}</a>' in html
    assert f'src="/t/{table.token}/qr.svg"' in html


def test_the_check_in_roll_says_who_is_playing_at_a_running_table_of_another_event(setup):
    client, club, players, event = setup
    other = event_create(
        club=club, name="<b>Cup</b>", date=dt.date(2026, 11, 19), ruleset="parlett-chips", options={"session.tours": 1}
    )
    for p in players[:4]:
        checkin_set(event=other, player=p, present=True)
    (table,), _ = seat_draw(event=other)
    html = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    for p in players[:4]:
        assert (
            f'value="{p.pk}"> {p.name} <span class="muted">(playing at table 1 of &lt;b&gt;Cup&lt;/b&gt;)</span>'
            in html
        )
    for p in players[4:]:
        assert f'value="{p.pk}"> {p.name}</label>' in html
    french = client.get(reverse("event", kwargs={"event_id": event.pk}), headers={"accept-language": "fr"})
    assert "(joue à la table 1 de &lt;b&gt;Cup&lt;/b&gt;)" in french.content.decode()
    Event.objects.filter(pk=other.pk).update(name="Open d'hiver")
    french = client.get(reverse("event", kwargs={"event_id": event.pk}), headers={"accept-language": "fr"})
    assert "(joue à la table 1 d&#x27;Open d&#x27;hiver)" in french.content.decode()  # French elides before a vowel
    table.ended_at = dt.datetime(2026, 11, 19, 22, tzinfo=dt.UTC)  # the director ended its round
    table.save(update_fields=["ended_at"])
    assert "playing at table" not in client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()


def test_the_late_arrival_list_shows_a_player_at_a_running_table_of_another_event_but_does_not_offer_him(setup):
    client, club, players, event = setup
    players += [player_create(club=club, name=name) for name in ("Gus", "Hal", "Ida")]
    other = event_create(
        club=club, name="<b>Cup</b>", date=dt.date(2026, 11, 19), ruleset="parlett-chips", options={"session.tours": 1}
    )
    for p in players[:4]:
        checkin_set(event=other, player=p, present=True)
    seat_draw(event=other)
    for p in players[4:8]:
        checkin_set(event=event, player=p, present=True)
    seat_draw(event=event)
    late = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode().split('name="player">')[1]
    late = late.split("</select>")[0]
    cup = "(playing at table 1 of &lt;b&gt;Cup&lt;/b&gt;)"
    for p in players[:4]:
        assert f'<option value="{p.pk}" disabled>{p.name} {cup}</option>' in late
    assert f'<option value="{players[8].pk}">Ida</option>' in late
    assert all(f'value="{p.pk}"' not in late for p in players[4:8])  # checked in here already
