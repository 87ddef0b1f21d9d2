from __future__ import annotations

import dataclasses
import html
import importlib
import json
import re
import subprocess
import sys
import time

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.clubs.services import player_rename
from scorekeeper.engine import Contract, DealRecord, Penalty, PenaltyKind
from scorekeeper.events.models import EventLog
from scorekeeper.events.services import event_close
from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import BASE, PC6, PC6_POSTS

pytestmark = pytest.mark.django_db


def checked(html: str, field: str, value: str) -> bool:
    """Whether the radio button `field=value` is ticked in the page."""
    return re.search(rf'<input type="radio" name="{field}" value="{value}"[^>]*\bchecked\b', html) is not None


def url(table, name="table", **kwargs):
    return reverse(name, kwargs={"token": table.token, **kwargs})


def post_deal(client, table, position, fields, **headers):
    return client.post(url(table), {**BASE, **fields, "position": str(position)}, **headers)


def test_table_page_shows_the_seats_dealer_and_progress(client):
    table = make_table()
    html = client.get(url(table)).content.decode()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        assert name in html
    assert "Tour 1 of 10 · deal 1" in html
    assert "pot 0" in html
    assert 'class="seat is-dealer"' in html  # Dan deals first


def test_entering_pc6_without_javascript_gives_the_spec_balances(client):
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        response = post_deal(client, table, position, fields)
        assert response.status_code == 302
    html = client.get(url(table)).content.decode()
    assert "Deal 4 saved." in html
    assert table_ledger(table=table).state.balances == (36, 12, 12, 100)
    assert "Tour 2 of 10 · deal 5" in html and "pot 0" in html


def test_preview_with_htmx_returns_the_form_fragment_with_the_settlement(client):
    table = make_table()
    response = client.post(
        url(table, "table-preview"), {**BASE, **PC6_POSTS[0], "position": "1"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="deal-form"' in html
    assert "Ann plays solo, 5 tricks: remise. Each player puts 1 into the pot. Ann puts up 4 for the next deal." in html
    assert "pot 8" in html
    assert Deal.objects.count() == 0


def test_the_preview_answer_has_each_seats_change_by_hand_and_a_token_the_save_accepts():
    # PC-6's first deal (Ann's solo, remise): -5 -1 -1 -1 from 40 each. Ann's name here is markup, shown as text.
    table = make_table(names=('<b>Ann & "Kit"</b>', "Ben", "Cat", "Dan"))
    client = Client(enforce_csrf_checks=True)
    page = client.get(url(table)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    post = {**BASE, **PC6_POSTS[0], "position": "1"}
    answer = client.post(url(table, "table-preview"), post, headers={"HX-Request": "true", "X-CSRFToken": token})
    html = answer.content.decode()
    assert answer.status_code == 200 and answer["Content-Type"] == "text/html; charset=utf-8"
    assert html.startswith('\n<form id="deal-form"') and html.endswith("</form>\n")
    row = r'<th scope="row">(.*?)</th>\s*<td class="(\w*)">([+-]\d+)</td>\s*<td class="muted">(\d+)</td>'
    rows = re.findall(row, html)
    assert rows == [
        ("&lt;b&gt;Ann &amp; &quot;Kit&quot;&lt;/b&gt;", "loss", "-5", "35"),
        ("Ben", "loss", "-1", "39"),
        ("Cat", "loss", "-1", "39"),
        ("Dan", "loss", "-1", "39"),
    ]
    assert '<p class="store">After the deal: pot 8</p>' in html and "<h2>Deal 1</h2>" in html
    # The form the preview answers with saves (its own CSRF token), as a phone without JavaScript would.
    again = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]
    saved = client.post(url(table), {**post, "action": "save", "csrfmiddlewaretoken": again})
    assert saved.status_code == 302 and Deal.objects.filter(table=table).count() == 1


def test_the_preview_address_without_htmx_answers_the_whole_page_with_its_ledger(client):
    table = make_table()
    assert post_deal(client, table, 1, PC6_POSTS[0]).status_code == 302
    post = {**BASE, **PC6_POSTS[1], "position": "2"}
    fragment = client.post(url(table, "table-preview"), post, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in fragment and "Ann plays solo, 5 tricks: remise" not in fragment
    page = client.post(url(table, "table-preview"), post)
    html = page.content.decode()
    assert page.status_code == 200 and "<html" in html
    assert "<strong>1.</strong> Ann solo ♠, 5: remise" in html  # deal 1 in the ledger, under the form's preview
    assert Deal.objects.filter(table=table).count() == 1


def test_preview_button_without_javascript_saves_nothing(client):
    table = make_table()
    response = post_deal(client, table, 1, {**PC6_POSTS[0], "action": "preview"})
    assert response.status_code == 200
    assert "Ann puts up 4" in response.content.decode()
    assert Deal.objects.count() == 0


def test_what_applies_appears_as_the_entries_change(client):
    table = make_table()
    solo = client.post(
        url(table, "table-preview"), {**BASE, "contract": "solo", "position": "1"}, headers={"HX-Request": "true"}
    ).content.decode()
    # Premiers is on the page whatever the tricks, hidden until they make it apply (table.js shows it on the tap).
    assert 'name="ally"' not in solo and '<label class="check" data-tricks="6 7 8 9 10" hidden><input' in solo
    six = client.post(
        url(table, "table-preview"),
        {**BASE, "contract": "alliance", "tricks": "6", "position": "1"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert 'name="ally"' in six
    assert '<label class="check" data-tricks="6 7 8 9 10"><input type="checkbox" name="premiers"' in six


def test_a_missing_entry_is_shown_beside_its_field_and_the_entries_are_kept(client):
    table = make_table()
    response = post_deal(client, table, 1, {"hombre": "1", "contract": "solo", "trump": "H"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "This field is required." in html.split('id="f-tricks"')[1].split("</fieldset>")[0]
    assert checked(html, "hombre", "1") and checked(html, "contract", "solo") and checked(html, "trump", "H")
    assert Deal.objects.count() == 0


def test_an_impossible_deal_is_explained_in_words_beside_the_field(client):
    table = make_table()
    response = post_deal(
        client, table, 1, {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "7", "premiers": "on"}
    )
    html = response.content.decode()
    assert "With premiers and no vole, play stopped at six tricks." in html.split('id="f-tricks"')[1]
    assert checked(html, "tricks", "7") and checked(html, "hombre", "0")
    assert Deal.objects.count() == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"hombre": "9", "contract": "solo", "trump": "S", "tricks": "6"},
        {"hombre": "x", "contract": "misere", "trump": "Z", "tricks": "-3"},
        {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "run_side": "99"},
        {"hombre": "0", "contract": "alliance", "ally": "0", "trump": "S", "tricks": "6"},
        {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "penalty_kind": "renounce"},
        {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "position": "abc"},
    ],
)
def test_nothing_a_user_types_gives_a_server_error(client, fields):
    table = make_table()
    data = {**BASE, "position": "1", **fields}
    assert client.post(url(table), data).status_code in (200, 409)
    assert client.post(url(table, "table-preview"), data, headers={"HX-Request": "true"}).status_code == 200
    assert Deal.objects.count() == 0


def test_two_phones_saving_the_same_deal_store_one(client):
    table = make_table()
    assert post_deal(client, table, 1, PC6_POSTS[0]).status_code == 302
    other = post_deal(client, table, 1, {"hombre": "2", "contract": "solo", "trump": "H", "tricks": "7"})
    html = other.content.decode()
    assert other.status_code == 409
    assert "Deal 1 was already recorded from another phone" in html
    assert checked(html, "hombre", "2") and checked(html, "tricks", "7")  # the second phone's entries are kept
    assert 'name="position" value="2"' in html
    assert Deal.objects.count() == 1


def test_a_double_tap_on_save_creates_one_deal(client):
    table = make_table()
    assert post_deal(client, table, 1, PC6_POSTS[0]).status_code == 302
    assert post_deal(client, table, 1, PC6_POSTS[0]).status_code == 302
    assert Deal.objects.count() == 1


def test_misdeal_keeps_the_dealer(client):
    table = make_table()
    assert client.post(url(table, "table-misdeal"), {"position": "1"}).status_code == 302
    html = client.get(url(table)).content.decode()
    assert "Misdeal recorded: Dan deals again." in html
    assert post_deal(client, table, 2, PC6_POSTS[0]).status_code == 302
    assert [d.dealer for d in Deal.objects.order_by("position")] == [3, 3]


def test_correcting_a_deal_replays_and_shows_the_audit(client):
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        post_deal(client, table, position, fields)
    page = client.get(url(table, "deal", position=2)).content.decode()
    assert "Correct this deal" in page and checked(page, "tricks", "3") and checked(page, "hombre", "1")
    refused = client.post(url(table, "deal", position=2), {**BASE, **PC6_POSTS[1], "tricks": "5", "position": "2"})
    assert "Say why this deal is corrected" in refused.content.decode()  # the reason
    response = client.post(
        url(table, "deal", position=2), {**BASE, **PC6_POSTS[1], "tricks": "5", "position": "2", "reason": "Ben had 5"}
    )
    assert response.status_code == 302
    assert table_ledger(table=table).state.balances == (32, 24, 8, 96)
    page = client.get(url(table, "deal", position=2)).content.decode()
    assert "Corrected" in page or "corrected" in page
    assert "“Ben had 5”" in page and "table link" in page


def ledger_lines(response) -> list[str]:
    """What the ledger says of each deal, newest first, as a phone reads it."""
    html = response.content.decode().split('id="ledger"')[1]
    return [re.sub(r"<[^>]+>", "", line) for line in re.findall(r'<tr class="what">(.*?)</tr>', html)][:-1]


def test_a_ledger_line_follows_the_language_a_new_name_and_a_correction(client):
    # A deal's line is drawn once and kept: each of these draws it again. The words are PC-6's, worked out by hand:
    # Ann's solo with 5 tricks and Cat and Dan's alliance with 5 are short of 6 (remise), Ben's 3 lose to a
    # defender (codille), Dan's 6 win.
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        post_deal(client, table, position, fields)
    assert ledger_lines(client.get(url(table))) == [
        "4. Dan solo ♠, 6: won",
        "3. Cat + Dan alliance ♠, 5: remise",
        "2. Ben solo ♠, 3: codille",
        "1. Ann solo ♠, 5: remise",
    ]
    french = ledger_lines(client.get(url(table), HTTP_ACCEPT_LANGUAGE="fr"))
    assert french[0] == "4. Dan sans prendre ♠, 6: gagné" and french[2] == "2. Ben sans prendre ♠, 3: codille"
    player_rename(player=table.seat_0, name="Ada")  # her deal 1 is as it was: its line is drawn again for the name
    assert ledger_lines(client.get(url(table)))[3] == "1. Ada solo ♠, 5: remise"
    client.post(
        url(table, "deal", position=2), {**BASE, **PC6_POSTS[1], "tricks": "5", "position": "2", "reason": "Ben had 5"}
    )
    assert ledger_lines(client.get(url(table))) == [
        "4. Dan solo ♠, 6: won",
        "3. Cat + Dan alliance ♠, 5: remise",
        "2. Ben solo ♠, 5: remise corrected",
        "1. Ada solo ♠, 5: remise",
    ]


def test_a_closed_event_link_reads_but_writes_nothing(client):
    table = make_table()
    event_close(event=table.event)
    assert client.get(url(table)).status_code == 200
    assert post_deal(client, table, 1, PC6_POSTS[0]).status_code == 403
    assert client.post(url(table, "table-misdeal"), {"position": "1"}).status_code == 403
    assert Deal.objects.count() == 0


def test_a_table_link_reaches_only_its_own_table(client):
    mine = make_table()
    other = make_table(names=("Xan", "Yul", "Zoe", "Quin"))
    deal_record(
        table=other, position=1, record=DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6)
    )
    assert client.get(url(mine, "deal", position=1)).status_code == 404
    assert "Zoe" not in client.get(url(mine)).content.decode()
    assert client.get(reverse("table", kwargs={"token": "not-a-token"})).status_code == 404
    assert client.get(reverse("event", kwargs={"event_id": other.event.pk})).status_code == 302  # to the login


def test_director_pages_need_a_login_and_the_right_club(client):
    table = make_table()
    director = make_user()
    stranger = make_user()
    table.event.club.directors.add(director)
    event_url = reverse("event", kwargs={"event_id": table.event.pk})
    assert client.get(event_url)["Location"].startswith("/accounts/login/")
    client.force_login(stranger)
    assert client.get(event_url).status_code == 404
    client.force_login(director)
    html = client.get(event_url).content.decode()
    assert url(table) in html and url(table, "table-qr") in html
    assert client.post(reverse("event-close", kwargs={"event_id": table.event.pk}), {"confirm": "1"}).status_code == 302
    table.event.refresh_from_db()
    assert not table.event.is_open


def test_exports_are_the_interchange_format_and_a_csv(client):
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        post_deal(client, table, position, fields)
    doc = json.loads(client.get(url(table, "table-export-json")).content)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "settle", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["balances"] == [36, 12, 12, 100]
    rows = client.get(url(table, "table-export-csv")).content.decode().splitlines()
    assert rows[0].startswith("position,deal,tour,dealer,contract")
    assert rows[-1].endswith("-1,-1,-1,59,36,12,12,100")


def test_import_is_for_directors_and_refused_whole_when_invalid(client, tmp_path):
    table = make_table()
    director = make_user()
    table.event.club.directors.add(director)
    doc = {
        "format": "quadrille-deals/1",
        "ruleset": "parlett-chips",
        "players": ["A", "B", "C", "D"],
        "start": 40,
        "deals": [
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5},
            {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 12},
        ],
    }
    path = tmp_path / "paper.json"
    path.write_text(json.dumps(doc))
    with path.open("rb") as handle:
        assert client.post(url(table, "table-import"), {"file": handle}).status_code == 302
    assert Deal.objects.count() == 0  # anonymous: sent to the login page
    client.force_login(director)
    with path.open("rb") as handle:
        client.post(url(table, "table-import"), {"file": handle})
    assert Deal.objects.count() == 0
    assert "Nothing was imported. Deal 2:" in client.get(url(table)).content.decode()
    doc["deals"][1]["tricks"] = 3
    path.write_text(json.dumps(doc))
    with path.open("rb") as handle:
        client.post(url(table, "table-import"), {"file": handle})
    assert Deal.objects.count() == 2


def test_qr_code_is_an_svg_of_the_entry_link(client):
    table = make_table()
    response = client.get(url(table, "table-qr"))
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") or b"<svg" in response.content[:200]


def test_page_and_save_use_a_constant_number_of_queries(client):
    """Rendering the table and saving a deal cost the same number of queries with 1 deal or with 80 (<= 12)."""
    counts = {}
    for deals in (1, 80):
        names = tuple(f"{n}{deals}" for n in ("Ann", "Ben", "Cat", "Dan"))
        table = make_table(names=names, number=deals, options={"session.tours": 25})  # room for 81 deals
        for position in range(1, deals + 1):
            record = DealRecord(dealer=(2 + position) % 4, contract=Contract.SOLO, hombre=0, trump="S", tricks=6)
            deal_record(table=table, position=position, record=record)
        with CaptureQueriesContext(connection) as page:
            assert client.get(url(table)).status_code == 200
        fields = {"hombre": "1", "contract": "solo", "trump": "S", "tricks": "6"}
        with CaptureQueriesContext(connection) as save:
            assert post_deal(client, table, deals + 1, fields).status_code == 302
        counts[deals] = (len(page), len(save))
    assert counts[1] == counts[80]
    page_queries, save_queries = counts[1]
    assert page_queries <= 12 and save_queries <= 12


def test_the_entry_screen_speaks_french_to_a_french_phone(client):
    table = make_table()
    html = client.get(url(table), headers={"Accept-Language": "fr"}).content.decode()
    assert "Enregistrer" in html and "Levées du camp de l&#x27;hombre" in html and "Tour 1 sur 10 · coup 1" in html
    response = post_deal(
        client,
        table,
        1,
        {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "7", "premiers": "on"},
        headers={"Accept-Language": "fr"},
    )
    assert "Avec premières et sans vole, le jeu s&#x27;arrête à six levées." in response.content.decode()


def test_an_error_on_a_field_the_page_does_not_show_is_shown_at_the_top(client):
    table = make_table()
    response = post_deal(
        client, table, 1, {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "6", "run_hombre": "banana"}
    )
    html = response.content.decode()
    assert 'class="errors" role="alert">Select a valid choice.' in html
    assert Deal.objects.count() == 0


def test_import_refuses_a_number_out_of_bounds_at_once_and_names_it(client, tmp_path):
    # A renounce counted 10⁸ times used to hold a worker ~14 s and then import (INTERCHANGE.md, Bounds).
    table = make_table()
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    doc = {
        "format": "quadrille-deals/1",
        "ruleset": "parlett-chips",
        "players": ["A", "B", "C", "D"],
        "start": 40,
        "deals": [
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 6},
            {
                "dealer": 0,
                "contract": "solo",
                "hombre": 1,
                "trump": "S",
                "tricks": 6,
                "penalties": [{"kind": "renounce", "seats": [2], "count": 100_000_000}],
            },
        ],
    }
    path = tmp_path / "paper.json"
    path.write_text(json.dumps(doc))
    client.get(url(table))  # the first request of a process loads templates and catalogues
    started = time.perf_counter()
    with path.open("rb") as handle:
        client.post(url(table, "table-import"), {"file": handle})
    assert time.perf_counter() - started < 1
    assert Deal.objects.count() == 0
    page = client.get(url(table)).content.decode()
    assert "Nothing was imported. Deal 2: A number is out of range (deals[1].penalties[0].count)" in page
    path.write_text(json.dumps(doc).replace("100000000", "9" * 5000))
    with path.open("rb") as handle:
        client.post(url(table, "table-import"), {"file": handle})
    assert "Nothing was imported. The file is not valid JSON." in client.get(url(table)).content.decode()
    assert Deal.objects.count() == 0


@pytest.mark.parametrize("count", ["10", "100000000", "9" * 5000])
def test_the_deal_form_refuses_a_penalty_count_beyond_its_choices_beside_the_field(client, count):
    table = make_table()
    fields = {**PC6_POSTS[0], "penalty_kind": "renounce", "penalty_seat": "2", "penalty_count": count}
    response = post_deal(client, table, 1, fields)
    assert response.status_code == 200 and Deal.objects.count() == 0
    html = response.content.decode()
    # Django's own words ("Ensure this value is less than or equal to 9.", "Enter a whole number."), translated.
    assert re.search(r'id="id_penalty_count_error">[^<]*(9|whole number)[^<]*<', html), html


def test_a_deals_history_names_its_table_link_in_the_readers_language_whatever_the_phone_spoke(client):
    table = make_table()
    english_phone = Client(headers={"accept-language": "en"})
    assert english_phone.post(url(table, "table"), {**BASE, **PC6_POSTS[0], "position": "1"}).status_code == 302
    link = f"table link {table.token[:6]}"
    assert DealChange.objects.get().who == f"link:{table.token[:6]}"  # a mark, not the saving phone's words
    french = client.get(url(table, "deal", position=1), headers={"accept-language": "fr"}).content.decode()
    assert f"lien de table {table.token[:6]}" in french and link not in french
    german = client.get(url(table, "deal", position=1), headers={"accept-language": "de"}).content.decode()
    assert f"Tischlink {table.token[:6]}" in german


def test_authors_stored_in_words_are_stored_as_the_marks_the_pages_word():
    migration = importlib.import_module("scorekeeper.tables.migrations.0011_authors_as_marks")
    director = make_user()
    table = make_table()
    deal = deal_record(table=table, position=1, record=DealRecord(dealer=table.first_dealer, void=True))
    change = DealChange.objects.get(deal=deal)
    log = EventLog.objects.create(event=table.event, action="closed", who="system")
    for stored, mark in (
        ("table link gaMpk1", "link:gaMpk1"),
        ("lien de table gaMpk1", "link:gaMpk1"),
        ("Tischlink gaMpk1", "link:gaMpk1"),
        ("enlace de la mesa", "link:"),
        ("Lien de saisie : gaMpk1", "link:gaMpk1"),
        ("Entry link: gaMpk1", "link:gaMpk1"),
        ("bordlink", "link:"),
        ("system", "app:"),
        ("director-ann", "director-ann"),  # a user's name stays as it is
        ("lien de tablette", "lien de tablette"),
    ):
        DealChange.objects.filter(pk=change.pk).update(who=stored, user=None)
        EventLog.objects.filter(pk=log.pk).update(who=stored)
        migration.forwards(apps, None)
        assert DealChange.objects.get(pk=change.pk).who == mark
        assert EventLog.objects.get(pk=log.pk).who == mark
    # A change a user made keeps his name, whatever it is: "bordlink" is a valid username.
    DealChange.objects.filter(pk=change.pk).update(who="bordlink", user=director)
    migration.forwards(apps, None)
    assert DealChange.objects.get(pk=change.pk).who == "bordlink"


def test_the_ledger_line_of_a_deal_with_penalties_says_so(client):
    table = make_table()
    dealer = table.first_dealer
    fined = DealRecord(
        dealer=dealer,
        contract=Contract.SOLO,
        hombre=dealer,
        trump="S",
        tricks=6,
        penalties=(Penalty(PenaltyKind.RENOUNCE, ((dealer + 1) % 4,), 1),),
    )
    deal_record(table=table, position=1, record=fined)
    plain = DealRecord(dealer=(dealer + 1) % 4, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=6)
    deal_record(table=table, position=2, record=plain)
    twice = dataclasses.replace(
        fined,
        dealer=(dealer + 2) % 4,
        hombre=(dealer + 2) % 4,
        penalties=(
            Penalty(PenaltyKind.RENOUNCE, ((dealer + 3) % 4,), 1),
            Penalty(PenaltyKind.SHOWED_CARDS, (dealer,), 1),
        ),
    )
    deal_record(table=table, position=3, record=twice)
    page = client.get(url(table)).content.decode()
    lines = re.findall(r'<tr class="what"><td colspan="4">(<a href=.*?)</td></tr>', page)
    assert len(lines) == 3  # newest first
    assert lines[0].endswith('</a> <span class="tag">2 penalties</span>')
    assert "tag" not in lines[1]
    assert lines[2].endswith('</a> <span class="tag">penalty</span>')
    french = client.get(url(table), headers={"accept-language": "fr"}).content.decode()
    assert '<span class="tag">2 pénalités</span>' in french and '<span class="tag">pénalité</span>' in french


def test_an_import_another_table_or_event_made_says_what_differs(client, tmp_path):
    # PC-6 exported from a table whose first dealer is Dan (seat 4), of an evening of 10 tours.
    source = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=source, position=position, record=record)
    exported = client.get(url(source, "table-export-json"))
    assert exported["Content-Disposition"] == 'attachment; filename="2026-11-19-evening-round-1-table-1.json"'
    path = tmp_path / "exported.json"
    path.write_bytes(exported.content)
    director = make_user()
    client.force_login(director)

    def imported_into(table) -> str:
        """The table's page after the director imported the file there."""
        table.event.club.directors.add(director)
        with path.open("rb") as handle:
            client.post(url(table, "table-import"), {"file": handle})
        return html_text(client.get(url(table)))

    other_dealer = make_table(first_dealer=0)  # Ann deals first here
    assert (
        "Nothing was imported. The file’s first deal is dealt by seat 4, and this table’s first dealer is seat 1 "
        "(Ann): is the file another table’s?"
    ) in imported_into(other_dealer)
    two_tours = make_table(options={"session.tours": 2})
    assert (
        "Nothing was imported. This file’s options differ from the event’s (in the file / in the event): "
        "session.tours: 10 / 2."
    ) in imported_into(two_tours)
    assert Deal.objects.filter(table__in=[other_dealer, two_tours]).count() == 0


def html_text(response) -> str:
    """The page's text as a reader sees it (entities such as &#x27; read as the characters they stand for)."""
    return html.unescape(response.content.decode()).replace("'", "’")
