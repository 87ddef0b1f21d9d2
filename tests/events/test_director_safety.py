"""The director's evening cannot be corrupted: admin locks, merges, imports, closing, draws, seats and links."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.services import player_create
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.models import CheckIn, Event, EventLog, HouseRules, PlayerMerge, SitOut
from scorekeeper.events.selectors import event_summary
from scorekeeper.events.services import MergeRefused, checkin_set, event_create, player_merge, seat_draw
from scorekeeper.tables.models import Deal, DealChange, ReplacedDeals, Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_club, make_table, make_user

pytestmark = pytest.mark.django_db


def codilles(table, count: int = 4) -> None:
    """Solo with four tricks, `count` times: each a codille (hand-checked: 480 chips left in the pot after four)."""
    done = table.deals.count()
    for position in range(done + 1, done + count + 1):
        dealer = (table.first_dealer + position - 1) % 4
        record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=4)
        deal_record(table=table, position=position, record=record)


@pytest.fixture
def director(client):
    user = make_user()
    client.force_login(user)
    return user


def evening(director, names, tours: int = 1):
    club = make_club(directors=[director])
    players = [player_create(club=club, name=n) for n in names]
    event = event_create(
        club=club,
        name="Thursday",
        date=dt.date(2026, 11, 19),
        ruleset="parlett-chips",
        options={"session.tours": tours},
    )
    return club, players, event


# --- the admin -----------------------------------------------------------------------------------------------


def test_admin_keeps_rule_set_options_seats_and_end_of_a_played_event(client, admin_user):
    client.force_login(admin_user)
    table = make_table(options={"session.tours": 1})
    event = table.event
    url = reverse("admin:events_event_change", args=[event.pk])
    form = {"name": "Renamed", "date": "2026-11-19", "kind": "evening", "ruleset": "modern-chips",
            "options": '{"session.tours": 3}', "favourite_suit": "", "start": "40", "rounds": "1",
            "log-TOTAL_FORMS": "0", "log-INITIAL_FORMS": "0"}  # fmt: skip
    assert client.post(url, form).status_code == 302  # before any deal the rule set may still change
    event.refresh_from_db()
    assert event.ruleset == "modern-chips"
    event.ruleset, event.options = "parlett-chips", {"session.tours": 1}
    event.save()
    codilles(table, 1)
    page = client.get(url).content.decode()
    assert 'name="ruleset"' not in page and 'name="options"' not in page and 'name="start"' not in page
    client.post(url, {**form, "name": "Again"})
    event.refresh_from_db()
    assert (event.name, event.ruleset, event.options, event.start) == (
        "Again",
        "parlett-chips",
        {"session.tours": 1},
        40,
    )
    table_page = client.get(reverse("admin:tables_table_change", args=[table.pk])).content.decode()
    for field in ("seat_0", "seat_1", "seat_2", "seat_3", "ended_at", "first_dealer"):
        assert f'name="{field}"' not in table_page
    assert client.get(reverse("admin:tables_table_add")).status_code == 403
    # Nor changed there: a save from the page would write back the revision and snapshot it read.
    assert client.post(reverse("admin:tables_table_change", args=[table.pk]), {"extra_tours": "3"}).status_code == 403
    table.refresh_from_db()
    assert table.extra_tours == 0
    assert client.get(reverse("admin:events_event_changelist")).status_code == 200
    assert client.get(reverse("admin:events_playermerge_changelist")).status_code == 200


# --- merging players -----------------------------------------------------------------------------------------


def test_merge_is_refused_when_the_two_sat_at_one_table(client, director):
    club, players, event = evening(director, ["Ann", "Anne", "Ben", "Cat"])
    for p in players:
        checkin_set(event=event, player=p, present=True)
    seat_draw(event=event)
    with pytest.raises(MergeRefused):
        player_merge(player=players[1], into=players[0])
    url = reverse("players", kwargs={"club_id": club.pk})
    page = client.post(url, {"action": "merge", "player": players[1].pk, "into": players[0].pk, "confirm": "1"},
                       follow=True).content.decode()  # fmt: skip
    assert "sat at the same table (Thursday, round 1, table 1)" in page and "Nothing was merged" in page
    assert Player.objects.get(pk=players[1].pk).active and not PlayerMerge.objects.exists()


def test_merge_is_logged_with_what_moved_and_can_be_undone(client, director):
    club, players, event = evening(director, ["Ann", "Anne", "Ben", "Cat", "Dan", "Eve"])
    ann, anne = players[0], players[1]
    for p in players[1:5]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    checkin_set(event=event, player=ann, present=True)  # both checked in: Anne's check-in is dropped
    codilles(table, 2)
    seat = [p.pk for p in table.players].index(anne.pk)
    before = table_ledger(table=table).state.balances
    url = reverse("players", kwargs={"club_id": club.pk})
    client.post(url, {"action": "merge", "player": anne.pk, "into": ann.pk, "confirm": "1"})
    table.refresh_from_db()
    assert table.players[seat] == ann and table_ledger(table=table).state.balances == before
    assert list(CheckIn.objects.filter(event=event, player=anne)) == []
    log = EventLog.objects.get(event=event, action="merged")
    assert log.note == f"Anne merged into Ann: round 1 table 1 seat {seat + 1}, check-in"
    merge = PlayerMerge.objects.get()
    assert merge.moved["seats"] == [[table.pk, f"seat_{seat}"]] and merge.moved["checkins_dropped"] == [event.pk]
    anne.refresh_from_db()
    assert not anne.active and anne.name == "Anne (merged into Ann)"

    players_page = client.get(url).content.decode()
    assert "Anne merged into Ann" in players_page
    undo = reverse("merge-undo", kwargs={"club_id": club.pk, "merge_id": merge.pk})
    assert "Undo the merge of Anne into Ann?" in client.post(undo).content.decode()
    client.post(undo, {"confirm": "1"})
    table.refresh_from_db()
    anne.refresh_from_db()
    assert table.players[seat] == anne and anne.active and anne.name == "Anne"
    assert (
        CheckIn.objects.filter(event=event, player=anne).exists()
        and CheckIn.objects.filter(event=event, player=ann).exists()
    )
    assert EventLog.objects.filter(event=event, action="merge undone").count() == 1
    assert "already undone" in client.post(undo, {"confirm": "1"}, follow=True).content.decode()


# --- imports ---------------------------------------------------------------------------------------------------


def export_of(client, table) -> bytes:
    return client.get(reverse("table-export-json", kwargs={"token": table.token})).content


def post_import(client, table, content: bytes, **extra):
    upload = SimpleUploadedFile("table.json", content, content_type="application/json")
    return client.post(reverse("table-import", kwargs={"token": table.token}), {"file": upload, **extra}, follow=True)


def test_import_into_a_table_with_deals_needs_replace_and_keeps_the_replaced_deals(client, director):
    table = make_table(options={"session.tours": 1})
    table.event.club.directors.add(director)
    codilles(table, 4)
    own = export_of(client, table)
    page = post_import(client, table, own).content.decode()
    assert "this table already has 4 deals" in page and Deal.objects.filter(table=table).count() == 4
    document = json.loads(own)
    document["deals"] = document["deals"][:2]
    first = Deal.objects.get(table=table, position=1)
    page = post_import(client, table, json.dumps(document).encode(), replace="1").content.decode()
    assert "2 deals imported." in page
    assert Deal.objects.filter(table=table).count() == 2
    (replaced,) = ReplacedDeals.objects.filter(table=table)
    assert [d["position"] for d in replaced.deals] == [1, 2, 3, 4]
    assert replaced.deals[0]["record"] == DealChange.objects.get(deal__table=table, deal__position=1).after
    assert replaced.deals[0]["changes"][0]["action"] == "recorded" and replaced.who == director.username
    assert not Deal.objects.filter(pk=first.pk).exists()


def test_imports_are_bounded_in_size_deals_and_nesting(client, director):
    table = make_table()
    table.event.club.directors.add(director)
    big = b'{"format": "quadrille-deals/1", "padding": "' + b"x" * 1_000_001 + b'"}'
    assert "larger than 1 MB" in post_import(client, table, big).content.decode()
    deep = b"[" * 100_000 + b"]" * 100_000
    page = post_import(client, table, deep)
    assert page.status_code == 200 and "nested too deeply" in page.content.decode()
    document = json.loads(export_of(client, table))
    document["deals"] = [{"dealer": (3 + i) % 4, "void": True} for i in range(501)]
    assert "at most 500 deals" in post_import(client, table, json.dumps(document).encode()).content.decode()
    assert Deal.objects.count() == 0


# --- closing ---------------------------------------------------------------------------------------------------


def test_closing_shows_what_is_on_each_table_and_splits_it_on_confirmation(client, director):
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan"])
    for p in players:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    codilles(table, 4)
    assert event_summary(event=event).on_tables == 480
    url = reverse("event-close", kwargs={"event_id": event.pk})
    ask = client.post(url).content.decode()
    assert "Table 1 (round 1): 4 deals, 480 still on the table." in ask and 'name="confirm"' in ask
    event.refresh_from_db()
    assert event.is_open
    client.post(url, {"confirm": "1"})
    event.refresh_from_db()
    table.refresh_from_db()
    summary = event_summary(event=event)
    assert not event.is_open and table.ended_at is not None
    assert summary.on_tables == 0 and summary.balanced  # 480 split equally: 120 each
    folded = table_ledger(table=table).state.balances
    assert sorted(a.account for a in summary.accounts) == sorted(b + 120 for b in folded)
    assert EventLog.objects.get(event=event, action="closed").note == "ended round 1 table 1"


def test_the_language_switch_on_the_closing_question_goes_back_to_the_event(client, director):
    # The question before closing is the answer to a form: its address takes only a post, and the switch used to
    # send the director there (405). It goes back to the page that asked, in the language chosen.
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan"])
    event_page = f"http://testserver{reverse('event', kwargs={'event_id': event.pk})}"
    ask = client.post(reverse("event-close", kwargs={"event_id": event.pk}), headers={"Referer": event_page})
    nexts = re.findall(r'name="next" value="([^"]*)"', ask.content.decode())
    assert nexts == [event_page]
    switched = client.post(reverse("set_language"), {"language": "fr", "next": nexts[0]})
    assert switched.status_code == 302 and switched["Location"] == event_page
    assert client.get(switched["Location"]).status_code == 200
    event.refresh_from_db()
    assert event.is_open


# --- the draw --------------------------------------------------------------------------------------------------


def test_check_in_and_draw_in_one_step_and_redo_the_draw_until_the_first_deal(client, director):
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    url = reverse("event-checkin", kwargs={"event_id": event.pk})
    client.post(url, {"present": [p.pk for p in players], "action": "draw", "method": "cards"})
    assert CheckIn.objects.filter(event=event).count() == 8
    first = set(Table.objects.filter(event=event).values_list("token", flat=True))
    assert len(first) == 2
    ask = client.post(url, {"present": [p.pk for p in players[:4]], "action": "draw", "method": "random"})
    assert "Draw round 1 again?" in ask.content.decode()
    client.post(url, {"present": [p.pk for p in players[:4]], "action": "draw", "method": "random", "confirm": "1"})
    tables = list(Table.objects.filter(event=event))
    assert len(tables) == 1 and tables[0].round == 1 and tables[0].token not in first
    codilles(tables[0], 1)
    again = client.post(url, {"present": [p.pk for p in players], "action": "draw", "confirm": "1"}, follow=True)
    assert "Every table must end the current round" in again.content.decode()
    assert Table.objects.filter(event=event).count() == 1
    page = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    assert "Late arrival" in page


def test_a_late_arrival_joins_three_sitting_out_or_sits_out_once_the_round_has_begun(client, director):
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"])
    for p in players[:7]:
        checkin_set(event=event, player=p, present=True)
    (table,), out = seat_draw(event=event)
    assert len(out) == 3
    codilles(table, 1)
    url = reverse("event-late", kwargs={"event_id": event.pk})
    page = client.post(url, {"player": players[7].pk}, follow=True).content.decode()
    assert "Hal and the three players sitting out make a new table." in page
    new = Table.objects.get(event=event, number=2)
    assert {p.pk for p in new.players} == {p.pk for p in out} | {players[7].pk} and new.round == 1
    assert not SitOut.objects.filter(event=event).exists()
    page = client.post(url, {"player": players[8].pk}, follow=True).content.decode()
    assert "Ivy sits out this round" in page
    assert SitOut.objects.filter(event=event, round=1, player=players[8]).exists()


def test_the_draw_method_is_offered_every_round(client, director):
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan"])
    for p in players:
        checkin_set(event=event, player=p, present=True)
    page = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    assert 'name="method"' in page and "the old way" in page
    (table,), _ = seat_draw(event=event)
    codilles(table, 4)
    client.post(reverse("event-table-end", kwargs={"event_id": event.pk, "table_id": table.pk}), {"confirm": "1"})
    page = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    assert "Seat round 2" in page and 'name="method"' in page and "by standings" in page


# --- seats and links -------------------------------------------------------------------------------------------


def test_seats_change_only_through_audited_actions_that_replay_the_table(client, director):
    club, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan", "Eve"])
    for p in players[:4]:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    codilles(table, 2)
    balances = table_ledger(table=table).state.balances
    url = reverse("event-table-seats", kwargs={"event_id": event.pk, "table_id": table.pk})
    seated = table.players
    assert "Swap" in client.post(url, {"action": "swap", "first": 0, "second": 2}).content.decode()
    client.post(url, {"action": "swap", "first": 0, "second": 2, "confirm": "1"})
    table.refresh_from_db()
    assert table.players == (seated[2], seated[1], seated[0], seated[3])
    assert table_ledger(table=table).state.balances == balances  # the records are by seat: the seats' figures stay
    client.post(url, {"action": "replace", "seat": 1, "player": players[4].pk, "confirm": "1"})
    table.refresh_from_db()
    assert table.players[1] == players[4] and CheckIn.objects.filter(event=event, player=players[4]).exists()
    refused = client.post(url, {"action": "replace", "seat": 0, "player": players[4].pk, "confirm": "1"}, follow=True)
    assert "cannot take this seat" in refused.content.decode()
    notes = list(EventLog.objects.filter(event=event).values_list("action", "note"))
    assert notes == [
        ("seats swapped", f"round 1 table 1: {seated[0].name} (seat 1) and {seated[2].name} (seat 3)"),
        ("seat replaced", f"round 1 table 1 seat 2: Eve replaces {seated[1].name}"),
    ]


def test_a_seat_is_replaced_from_a_page_of_its_own_offering_the_players_not_seated(client, director):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    club, players, event = evening(director, names)
    for p in players[:8]:
        checkin_set(event=event, player=p, present=True)
    first, second = seat_draw(event=event)[0]
    event_page = client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    # The event's page links to each table's seats and link; its one player select is the late arrival's.
    url = reverse("event-table-seats", kwargs={"event_id": event.pk, "table_id": first.pk})
    assert f'href="{url}"' in event_page and 'name="first"' not in event_page
    assert event_page.count('<select name="player">') == 1 and "Seat the late arrival" in event_page
    page = client.get(url).content.decode()
    assert "Replace a player at table 1" in page and "Swap seats" in page and "Issue a new link" in page
    offered = re.findall(r'<option value="(\d+)">', page.split('name="player"')[1].split("</select>")[0])
    assert [int(pk) for pk in offered] == [players[8].pk]  # Ivy: the one player not seated in round 1
    client.post(url, {"action": "replace", "seat": 2, "player": players[8].pk, "confirm": "1"})
    first.refresh_from_db()
    assert first.players[2] == players[8] and second.pk != first.pk


def test_a_new_link_stops_the_old_one_and_the_audit_names_the_link(client, director):
    _, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan"])
    for p in players:
        checkin_set(event=event, player=p, present=True)
    (table,), _ = seat_draw(event=event)
    old = table.token
    client.post(reverse("event-table-link", kwargs={"event_id": event.pk, "table_id": table.pk}), {"confirm": "1"})
    table.refresh_from_db()
    assert table.token != old
    client.logout()
    assert client.get(reverse("table", kwargs={"token": old})).status_code == 404
    assert client.get(reverse("table", kwargs={"token": table.token})).status_code == 200
    codilles(table, 1)
    assert DealChange.objects.get().who == f"link:{table.token[:6]}"
    assert (
        EventLog.objects.get(action="new link").note == f"round 1 table 1: link {old[:6]} replaced by {table.token[:6]}"
    )


def test_head_answers_as_get(client, director):
    club, players, event = evening(director, ["Ann", "Ben", "Cat", "Dan"])
    table = make_table(event=event, names=("Wyn", "Xan", "Yul", "Zed"))
    for url in (
        reverse("director"),
        reverse("event", kwargs={"event_id": event.pk}),
        reverse("event-standings", kwargs={"event_id": event.pk}),
        reverse("players", kwargs={"club_id": club.pk}),
        reverse("event-new", kwargs={"club_id": club.pk}),
        reverse("season", kwargs={"club_id": club.pk}),
        reverse("table", kwargs={"token": table.token}),
        reverse("table-sheet", kwargs={"token": table.token}),
        reverse("home"),
    ):
        assert client.head(url).status_code == 200, url


# --- new events and house rules --------------------------------------------------------------------------------


def test_new_events_start_from_the_rule_set_and_take_appendix_a_options(client, director):
    club = make_club(directors=[director])
    url = reverse("event-new", kwargs={"club_id": club.pk})
    page = client.get(url).content.decode()
    assert "pc.ante" in page and "The ante: one chip from each player, or four from the dealer (A-11)." in page
    assert "default: each_one" in page and "Britannica counters" in page
    base = {"name": "Points", "date": "2026-12-01", "tours": "4", "rounds": "1", "ruleset": "parlett-points"}
    client.post(url, base)
    assert Event.objects.get(name="Points").start == 0  # the spec's PP totals start at 0
    client.post(url, {**base, "name": "Counters", "ruleset": "britannica-counters", "option_bc__mark": "5",
                      "option_pc__ante": "dealer_four", "option_favourite__turk": "true"})  # fmt: skip
    counters = Event.objects.get(name="Counters")
    assert counters.start == 400  # 40 fish, as §4.4.1 suggests
    # Another rule set's option is not kept; the rest are stored as they differ from the defaults.
    assert counters.options == {"bc.mark": 5, "favourite.turk": True, "session.tours": 4}
    bad = client.post(url, {**base, "name": "Bad", "ruleset": "britannica-counters", "option_bc__vole": "0",
                            "option_pc__ante": "everyone", "start": "9" * 5000, "rounds": "40000"})  # fmt: skip
    html = bad.content.decode()
    assert bad.status_code == 200 and not Event.objects.filter(name="Bad").exists()
    assert "Ensure this value is greater than or equal to 1." in html  # bc.vole is a positive integer
    assert "Select a valid choice." in html and "Enter a whole number up to 50." in html
    assert 'value="Bad"' in html  # the entries are kept


def test_directors_edit_house_rules_on_their_own_pages(client, director):
    club = make_club(directors=[director])
    new = reverse("house-rules-new", kwargs={"club_id": club.pk})
    client.post(new, {"name": "Bath rules", "ruleset": "britannica-counters", "option_bc__mark": "20"})
    preset = HouseRules.objects.get(club=club)
    assert (preset.name, preset.ruleset, preset.options) == ("Bath rules", "britannica-counters", {"bc.mark": 20})
    edit = reverse("house-rules-edit", kwargs={"club_id": club.pk, "preset_id": preset.pk})
    assert 'value="20"' in client.get(edit).content.decode()
    client.post(edit, {"name": "Bath rules", "ruleset": "britannica-counters", "option_bc__mark": "10"})
    preset.refresh_from_db()
    assert preset.options == {}  # 10 is the default: only differences are kept
    assert (
        "already has house rules"
        in client.post(new, {"name": "bath rules", "ruleset": "parlett-chips"}).content.decode()
    )
    delete = reverse("house-rules-delete", kwargs={"club_id": club.pk, "preset_id": preset.pk})
    assert "Delete the house rules" in client.post(delete).content.decode()
    client.post(delete, {"confirm": "1"})
    assert not HouseRules.objects.exists()
    other = make_club()
    assert client.get(reverse("house-rules", kwargs={"club_id": other.pk})).status_code == 404
