from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import Player
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import deal_record
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import PhysicalTable, PlannedTable, Tournament
from tests.factories import make_club, make_user
from tests.tournaments.builders import (
    NAMES,
    SEED,
    end_round_tables,
    make_tournament,
    new_tournament_post,
    round_one_table,
)

pytestmark = pytest.mark.django_db


def change(client, tournament, action: str, data: dict | None = None, **kwargs):
    """POST one of the director's changes, as the tournament page's forms do."""
    url = reverse("tournament-change", args=[tournament.event_id])
    return client.post(url, {"action": action, **(data or {})}, **kwargs)


@pytest.fixture
def director(client):
    user = make_user()
    club = make_club(directors=[user])
    client.force_login(user)
    return client, club


def test_the_director_creates_a_tournament_and_sees_the_preview_with_its_figures(director):
    client, club = director
    response = client.post(reverse("tournament-new", args=[club.pk]), new_tournament_post())
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament", args=[tournament.event_id])
    assert tournament.event.kind == Event.Kind.TOURNAMENT
    assert [e.player.name for e in tournament.entrants.select_related("player")] == NAMES[:16]
    page = client.get(response["Location"]).content.decode()
    assert "67212462231402852f818d095bb0c2bf1f422ede8b9025878ff2a89fc383f6ef" in page
    assert "Confirm the plan" in page
    assert "The plan meets its target." in page
    # the evening page sends a tournament to its own page
    assert client.get(reverse("event", args=[tournament.event_id]))["Location"] == response["Location"]


@pytest.mark.parametrize(
    ("changes", "field_error"),
    [
        ({"entrants": "Ann\nBen\nCat"}, "A tournament needs at least four entrants: one table."),
        ({"seed": "xyz"}, "A seed is at least 32 hexadecimal digits (0-9, a-f), or left empty."),
        ({"sessions": "3, x"}, "Give the number of rounds of each session, such as 3, 2."),
        (
            {"entrants": "\n".join(NAMES[:8]), "teams": "Aces: Ann, Ben, Cat"},
            "No seating can keep these entrants apart (team Aces)",
        ),
        (
            {"option_pc__session_end_pot": "carry_over"},
            "A tournament table shares out what is left on it at the end of its round (split equally)",
        ),
    ],
)
def test_a_refused_tournament_says_why_beside_the_field_and_keeps_the_entries(director, changes, field_error):
    client, club = director
    data = new_tournament_post(**changes)
    response = client.post(reverse("tournament-new", args=[club.pk]), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert field_error in page
    assert data["entrants"].split("\n")[0] in page  # what was typed is kept
    assert not Tournament.objects.exists()
    assert not Player.objects.filter(club=club).exists()


def test_rounds_open_and_a_round_past_the_plan_is_refused(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    url = reverse("tournament", args=[tournament.event_id])
    change(client, tournament, "confirm")
    assert PhysicalTable.objects.filter(event=tournament.event).count() == 4
    response = change(client, tournament, "open", {"round": "9"})
    assert response.status_code == 400
    assert "The plan has no round 9." in response.content.decode()
    response = change(client, tournament, "open", {"round": "2"})
    assert "Round 1 is the next to open." in response.content.decode()
    assert change(client, tournament, "open", {"round": "1"})["Location"] == url
    page = client.get(url).content.decode()
    assert "4 tables still playing" in page
    assert "0 of 1 tours, 0 of 4 deals" in page
    assert Table.objects.filter(event=tournament.event, round=1).count() == 4


def test_a_late_arrival_after_the_last_round_is_refused_beside_the_field(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club, sessions=(1,))
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    response = change(client, tournament, "late", {"name": "Zed"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Every round has started: a late arrival has no round left to play." in page
    # Said at the top too, where the director lands, screens above the form.
    top = page.index('<ul class="messages"')
    assert "Nothing was changed: the reason is beside the form, under “Changes”." in page[top : top + 300]
    assert top < page.index("Every round has started")
    assert not Player.objects.filter(name="Zed").exists()


def test_a_substitute_for_a_seat_with_no_player_is_refused(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    planned = tournament.planned_rounds.get(number=1).tables.get(number=1)
    response = change(
        client, tournament, "substitute", {"table": planned.pk, "seat": "5", "name": "Zoe", "from_deal": "1"}
    )
    assert response.status_code == 400
    assert "This seat has no player to replace." in response.content.decode()
    assert not planned.substitutes.exists()
    # The tables are offered with who sits where: the seat's number is chosen beside its player's name.
    assert [tournament.entrants.get(number=n).player.name for n in planned.seats] == ["Ann", "Gus", "Oda", "Ned"]
    page = client.get(reverse("tournament", kwargs={"event_id": tournament.event_id})).content.decode()
    assert f'<option value="{planned.pk}">Table 1: 1 Ann · 2 Gus · 3 Oda · 4 Ned</option>' in page


def test_the_table_card_link_opens_the_current_round_and_waits_between(client):
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    place = services.physical_tables_ensure(event=tournament.event, count=4)[1]
    page = client.get(reverse("place", args=[place.token]))
    assert page.status_code == 200
    assert "No round is being played at this table now." in page.content.decode()
    for number in (1, 2):
        services.round_open(tournament=tournament, number=number)
        table = Table.objects.get(event=tournament.event, round=number, number=2)
        assert client.get(reverse("place", args=[place.token]))["Location"] == reverse("table", args=[table.token])
        end_round_tables(tournament, number)
    assert client.get(reverse("place-qr", args=[place.token]))["Content-Type"] == "image/svg+xml"
    assert client.get(reverse("place", args=["not-a-token"])).status_code == 404


def test_table_cards_and_seating_lists_are_pdfs_for_the_director(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    services.tournament_confirm(tournament=tournament)
    cards = client.get(reverse("event-table-cards", args=[tournament.event_id]))
    assert cards["Content-Type"] == "application/pdf" and cards.content.startswith(b"%PDF")
    seating = client.get(reverse("event-seating", args=[tournament.event_id, 1]))
    assert seating["Content-Type"] == "application/pdf"
    assert client.get(reverse("event-seating", args=[tournament.event_id, 9])).status_code == 404
    client.logout()
    assert client.get(reverse("event-table-cards", args=[tournament.event_id])).status_code == 302


def test_an_unknown_change_is_refused_with_nothing_done(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    response = change(client, tournament, "explode", follow=True)
    assert "Choose what to do." in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).confirmed_at is None


def test_another_clubs_director_cannot_see_the_tournament(director):
    client, _ = director
    tournament, _, _ = make_tournament()
    assert client.get(reverse("tournament", args=[tournament.event_id])).status_code == 404
    assert change(client, tournament, "confirm").status_code == 404


def test_closing_asks_first_then_reveals_the_seed_on_the_public_standings(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    asked = change(client, tournament, "close")
    assert asked.status_code == 200 and "Close Spring open?" in asked.content.decode()
    tournament.refresh_from_db()
    assert tournament.seed_revealed_at is None and tournament.event.is_open
    change(client, tournament, "close", {"confirm": "1"})
    tournament.refresh_from_db()
    assert tournament.seed_revealed_at is not None and not tournament.event.is_open
    assert tournament.record["seed"] == SEED
    page = client.get(reverse("tournament", args=[tournament.event_id])).content.decode()
    assert f'<code class="commitment">{SEED}</code>' in page


def test_an_impossible_keep_apart_pair_is_refused_beside_the_field_with_nothing_changed(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club, entrants=8, sessions=(2,))
    one, two, three = (tournament.entrants.get(number=n) for n in (1, 2, 3))
    services.keep_apart_add(tournament=tournament, first=one, second=two)
    services.keep_apart_add(tournament=tournament, first=one, second=three)
    before = [list(t.seats) for t in PlannedTable.objects.filter(round__tournament=tournament).order_by("pk")]
    # Two tables and no bye: Ann, Ben and Cat cannot all sit at different tables.
    response = change(client, tournament, "keep_apart", {"first": two.pk, "second": three.pk})
    assert response.status_code == 400
    assert "No seating can keep these entrants apart" in response.content.decode()
    assert tournament.keep_apart.count() == 2
    after = [list(t.seats) for t in PlannedTable.objects.filter(round__tournament=tournament).order_by("pk")]
    assert after == before


def test_verify_draws_the_schedule_again_from_its_record_after_rounds_and_a_late_arrival(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    end_round_tables(tournament, 1)
    services.late_arrival_by_name(tournament=tournament, name="Zed")
    services.round_open(tournament=tournament, number=2)
    response = change(client, tournament, "verify", follow=True)
    assert "every round is the same" in response.content.decode()
    # A record whose later round was changed by hand no longer verifies.
    tournament.refresh_from_db()
    record = tournament.record
    record["rounds"][3]["tables"][0], record["rounds"][3]["tables"][1] = (
        record["rounds"][3]["tables"][1],
        record["rounds"][3]["tables"][0],
    )
    Tournament.objects.filter(pk=tournament.pk).update(record=record)
    response = change(client, tournament, "verify", follow=True)
    assert "differs in round(s) 4" in response.content.decode()


def test_the_scoring_options_of_appendix_t_are_kept_when_they_differ_from_the_defaults(director):
    client, club = director
    data = new_tournament_post(
        **{"tournament_tournament__method": "chips", "tournament_withdrawn": "unranked", "tournament_bye__score": ""}
    )
    client.post(reverse("tournament-new", args=[club.pk]), data)
    assert Tournament.objects.get().options == {"tournament.method": "chips", "withdrawn": "unranked"}
    response = client.post(
        reverse("tournament-new", args=[club.pk]), new_tournament_post(tournament_tiebreak__last="coin")
    )
    assert response.status_code == 400
    assert Tournament.objects.count() == 1


def test_the_director_creates_a_duplicate_tournament_scored_by_imps_on_the_form(director):
    client, club = director
    data = new_tournament_post(
        entrants="\n".join(NAMES[:12]),
        tours="2",
        sessions="2",
        tournament_tournament__format="duplicate",
        tournament_tournament__method="imps",
    )
    response = client.post(reverse("tournament-new", args=[club.pk]), data)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert tournament.options == {"tournament.format": "duplicate", "tournament.method": "imps"}
    page = client.get(response["Location"]).content.decode()
    assert reverse("duplicate-director", args=[tournament.event_id]) in page  # the Boards link


def test_a_duplicate_tournament_left_at_the_default_method_is_scored_by_matchpoints(director):
    client, club = director
    data = new_tournament_post(
        entrants="\n".join(NAMES[:8]), tours="2", sessions="1", tournament_tournament__format="duplicate"
    )
    assert client.post(reverse("tournament-new", args=[club.pk]), data).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {"tournament.format": "duplicate"}
    page = client.get(reverse("duplicate-director", args=[tournament.event_id])).content.decode()
    assert "Scored by matchpoints." in page


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        (
            {"tournament_tournament__method": "placement"},
            "tournament_tournament__method",
            "A duplicate tournament is scored by matchpoints or IMPs, not by placement.",
        ),
        (
            {"entrants": "\n".join(NAMES[:7])},
            "entrants",
            "A duplicate tournament needs at least eight entrants, two tables",
        ),
        ({"tours": "1"}, "tours", "In duplicate a round needs at least two tours"),
        (
            {"option_favourite__mode": "first_deal_trump"},
            "option_favourite__mode",
            "Not in duplicate: every table must settle a board alike",
        ),
        ({"option_paulans": "last_deal"}, "option_paulans", "there are no paulans"),
        (
            {"tournament_tournament__format": "", "tournament_tournament__method": "matchpoints"},
            "tournament_tournament__method",
            "matchpoints scores the boards of a duplicate tournament: choose the duplicate format as well.",
        ),
    ],
)
def test_a_duplicate_tournament_the_rules_refuse_is_refused_beside_the_field(director, changes, field, words):
    client, club = director
    data = new_tournament_post(
        entrants="\n".join(NAMES[:12]), tours="2", sessions="2", tournament_tournament__format="duplicate"
    )
    data.update(changes)
    response = client.post(reverse("tournament-new", args=[club.pk]), data)
    assert response.status_code == 400
    assert words in " ".join(str(e) for e in response.context["form"].errors[field])
    assert data["entrants"].split("\n")[0] in response.content.decode()  # what was typed is kept
    assert not Tournament.objects.exists()


def test_the_imp_step_is_kept_for_a_duplicate_scored_by_imps_and_refused_beside_it_otherwise(director):
    client, club = director
    duplicate = {
        "entrants": "\n".join(NAMES[:8]),
        "tours": "2",
        "sessions": "1",
        "tournament_tournament__format": "duplicate",
        "tournament_duplicate__imp_step": "2",
    }
    refused = client.post(reverse("tournament-new", args=[club.pk]), new_tournament_post(**duplicate))
    assert refused.status_code == 400  # matchpoints, the default, has no IMP step
    assert refused.context["form"].errors["tournament_duplicate__imp_step"] == [
        "The IMP step belongs to a duplicate tournament scored by IMPs: leave it empty otherwise."
    ]
    zero = client.post(
        reverse("tournament-new", args=[club.pk]),
        new_tournament_post(
            **{**duplicate, "tournament_tournament__method": "imps", "tournament_duplicate__imp_step": "0"}
        ),
    )
    assert zero.context["form"].errors["tournament_duplicate__imp_step"] == [
        "Give the IMP step as a whole number from 1, or leave it empty."
    ]
    assert not Tournament.objects.exists()
    data = new_tournament_post(**{**duplicate, "tournament_tournament__method": "imps"})
    assert client.post(reverse("tournament-new", args=[club.pk]), data).status_code == 302
    assert Tournament.objects.get().options == {
        "tournament.format": "duplicate",
        "tournament.method": "imps",
        "duplicate.imp_step": 2,
    }


def test_the_new_tournament_form_names_its_scoring_options_in_words_in_the_directors_language(director):
    client, club = director
    english = client.get(reverse("tournament-new", args=[club.pk])).content.decode()
    for label in ("Format", "Scoring method", "Points for places", "Last tie-break", "IMP step"):
        assert f'<label class="select">{label} <' in english, label
    assert "<code>tournament.method</code>" not in english
    french = client.get(reverse("tournament-new", args=[club.pk]), headers={"accept-language": "fr"}).content.decode()
    assert '<label class="select">Méthode de marque <' in french
    assert '<label class="select">Pas d&#x27;IMP <' in french


def test_the_forms_option_choices_are_words_in_the_readers_language(director):
    client, club = director
    url = reverse("tournament-new", args=[club.pk])
    english = client.get(url).content.decode()
    assert '<option value="top_heavy">4, 2, 1, 0</option>' in english
    assert '<option value="" selected>default: places and chips, or matchpoints in duplicate</option>' in english
    assert '<option value="unranked">listed after the others</option>' in english
    assert ">top_heavy<" not in english and ">placement+chips<" not in english
    german = client.get(url, headers={"accept-language": "de"}).content.decode()
    assert '<option value="lot">Los ziehen</option>' in german
    assert '<option value="top_heavy">4, 2, 1, 0</option>' in german


def test_a_round_whose_tables_have_all_ended_is_said_ended(director):
    client, club = director
    tournament, _, _ = make_tournament(club=club)
    services.tournament_confirm(tournament=tournament)
    services.round_open(tournament=tournament, number=1)
    end_round_tables(tournament, 1)
    services.round_open(tournament=tournament, number=2)
    page = client.get(reverse("tournament", kwargs={"event_id": tournament.event_id})).content.decode()
    summaries = [" ".join(s.split()) for s in re.findall(r"<summary>(.*?)</summary>", page, re.DOTALL)]
    assert summaries[:3] == ["Round 1 · session 1 · ended", "Round 2 · session 1 · started", "Round 3 · session 1"]


def test_a_substitute_s_first_deal_is_the_deal_the_phone_numbers(director):
    # Deal 1, a misdeal, deal 2: the positions are 1, 2, 3, and deal 3, the next, will be position 4.
    client, club = director
    planned = round_one_table(club=club)
    table, tournament = planned.table, planned.round.tournament
    first, second = table.first_dealer, (table.first_dealer + 1) % 4
    for position, record in enumerate(
        [
            DealRecord(dealer=first, contract=Contract.SOLO, hombre=0, trump="S", tricks=6),
            DealRecord(dealer=second, void=True),
            DealRecord(dealer=second, contract=Contract.SOLO, hombre=1, trump="S", tricks=6),
        ],
        start=1,
    ):
        deal_record(table=table, position=position, record=record)
    for seat, name, number in ((2, "Zoe", "2"), (3, "Yann", ""), (1, "Xia", "3")):
        response = change(
            client, tournament, "substitute", {"table": planned.pk, "seat": seat, "name": name, "from_deal": number}
        )
        assert response.status_code == 302
    assert list(planned.substitutes.order_by("seat").values_list("seat", "name", "from_deal")) == [
        (1, "Xia", 4),  # deal 3: the next
        (2, "Zoe", 3),  # deal 2, after the misdeal
        (3, "Yann", 4),  # empty: the next deal
    ]


def test_a_substitute_already_in_the_seat_is_not_added_again(director):
    client, club = director
    planned = round_one_table(club=club)
    tournament = planned.round.tournament
    deal = DealRecord(dealer=planned.table.first_dealer, contract=Contract.SOLO, hombre=0, trump="S", tricks=6)
    deal_record(table=planned.table, position=1, record=deal)
    first = {"table": planned.pk, "seat": "2", "name": "Sam", "from_deal": "1"}
    assert change(client, tournament, "substitute", first).status_code == 302
    again = change(client, tournament, "substitute", {**first, "from_deal": ""})  # the same Sam, from deal 2
    assert again.status_code == 400
    assert "This substitute already plays this seat: nothing to add." in again.content.decode()
    someone_else = change(client, tournament, "substitute", {**first, "name": "Tess", "from_deal": ""})
    assert someone_else.status_code == 302
    assert list(planned.substitutes.values_list("name", "from_deal")) == [("Sam", 1), ("Tess", 2)]


def test_an_entrant_typed_as_a_substitute_is_refused_beside_the_name(director):
    client, club = director
    planned = round_one_table(club=club)
    tournament = planned.round.tournament
    sitting = planned.table.seat_0.name  # an entrant, at this very table
    typed = "  " + sitting.upper().replace(" ", "   ") + " "
    posted = {"table": planned.pk, "seat": "2", "name": typed, "from_deal": ""}
    answer = change(client, tournament, "substitute", posted)
    assert answer.status_code == 400
    assert (
        "This is an entrant of the tournament, who plays his own seat: a substitute is someone not entered."
        in answer.content.decode()
    )
    assert not planned.substitutes.exists()
