"""Rounds drawn by the standings in the app: byes to the lowest in the standings (T-18, `bye.choice =
lowest_standing`) and the last k rounds seated by them (T-29, `seating.by_standings = k`).

The deals are chosen so that the standings can be worked out by hand: Parlett point-score (PP, QUADRILLE-SCORING.md
§4.2), one tour a round, every deal a solo played by its dealer, so that each seat is hombre exactly once a round and
nobody else's score moves. The solo's lines score (k = 0, never a lost game, so never a multiplier): vole lost 5,
won 10, won with premiers 20, vole won 40. Under `tournament.method = chips` a round's table score is the round's
points, and the total is their sum (T-31, T-44).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys

import pytest
from django.urls import reverse

from scorekeeper.clubs.services import player_create
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record, table_end_round, table_sign
from scorekeeper.tournaments import services
from scorekeeper.tournaments.exports import tournament_document
from scorekeeper.tournaments.imports import tournament_import
from scorekeeper.tournaments.models import PlannedRound, PlannedTable, Tournament
from scorekeeper.tournaments.selectors import schedule_verification, standings_order, tournament_rounds
from tests.factories import make_club, make_user
from tests.tournaments.builders import NAMES, SEED, new_tournament_post

pytestmark = pytest.mark.django_db

# A solo's outcome by the points it scores its hombre in PP (the dealer plays it).
SOLO = {
    5: {"tricks": 8, "premiers": True, "vole_attempted": True},  # vole attempted and lost: 5
    10: {"tricks": 6},  # won: 10
    20: {"tricks": 6, "premiers": True},  # won with premiers, play stopped at six: 20
    40: {"tricks": 10, "premiers": True, "vole_attempted": True},  # vole won: 40
}


def make_pp_tournament(*, entrants: int, sessions, options: dict, club=None):
    club = club or make_club()
    players = [player_create(club=club, name=name) for name in NAMES[:entrants]]
    tournament, _schedule = services.tournament_create(
        club=club,
        name="Seeded open",
        date=dt.date(2026, 5, 2),
        ruleset="parlett-points",
        options={"session.tours": 1},
        start=0,
        sessions=sessions,
        tournament_options={"tournament.method": "chips", **options},
        players=players,
        seed=SEED,
    )
    services.tournament_confirm(tournament=tournament)
    return tournament


def play_round(tournament, number: int, points: dict[int, int]) -> None:
    """Open round `number` and play each table's tour: each dealer plays a solo scoring him `points[entrant]`."""
    services.round_open(tournament=tournament, number=number)
    for planned in PlannedTable.objects.filter(round__tournament=tournament, round__number=number):
        table = planned.table
        for _ in range(4):
            view = table_ledger(table=table, explain=False)
            dealer = view.next_dealer
            outcome = SOLO[points[planned.seats[dealer]]]
            record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=dealer, trump="S", **outcome)
            deal_record(table=table, position=view.next_position, record=record)
        for seat in range(4):
            table_sign(table=table, seat=seat)
        table_end_round(table=Table.objects.get(pk=table.pk))


def seats(tournament, number: int) -> list[list[int]]:
    tables = PlannedTable.objects.filter(round__tournament=tournament, round__number=number).order_by("number")
    return [list(t.seats) for t in tables]


# Each entrant's points in rounds 1, 2 and 3, and the totals they make (worked out by hand):
# 1: 5+5+5 = 15, 2: 40+40+40 = 120, 3: 5+10+20 = 35, 4: 10+40+40 = 90, 5: 5+5+10 = 20, 6: 10+20+40 = 70,
# 7: 5+20+20 = 45, 8: 20+40+40 = 100, 9: 5+10+10 = 25, 10: 5+40+40 = 85, 11: 5+10+40 = 55, 12: 5+20+40 = 65.
POINTS = {
    1: (5, 5, 5),
    2: (40, 40, 40),
    3: (5, 10, 20),
    4: (10, 40, 40),
    5: (5, 5, 10),
    6: (10, 20, 40),
    7: (5, 20, 20),
    8: (20, 40, 40),
    9: (5, 10, 10),
    10: (5, 40, 40),
    11: (5, 10, 40),
    12: (5, 20, 40),
}
# Best first: 120, 100, 90, 85, 70, 65, 55, 45, 35, 25, 20, 15 (every total different: no tie-break needed).
AFTER_THREE = (2, 8, 4, 10, 6, 12, 11, 7, 3, 9, 5, 1)


def twelve_seeded():
    tournament = make_pp_tournament(entrants=12, sessions=(4,), options={"seating.by_standings": 1})
    for number in (1, 2, 3):
        play_round(tournament, number, {e: points[number - 1] for e, points in POINTS.items()})
    return tournament


def test_the_last_round_is_seated_by_the_standings_after_the_round_before():
    tournament = twelve_seeded()
    assert standings_order(tournament=tournament, after_round=3) == AFTER_THREE
    services.round_open(tournament=tournament, number=4)
    # T-29: places 1-4 at table 1, 5-8 at table 2, 9-12 at table 3.
    assert [sorted(t) for t in seats(tournament, 4)] == [[2, 4, 8, 10], [6, 7, 11, 12], [1, 3, 5, 9]]
    # T-14 item 4 within each table: the first dealer is one who dealt first least often in rounds 1-3.
    dealt = {e: sum(t[0] == e for r in (1, 2, 3) for t in seats(tournament, r)) for e in range(1, 13)}
    for table in seats(tournament, 4):
        assert dealt[table[0]] == min(dealt[e] for e in table)
    # The tables are opened with those seats, seat 0 dealing first (T-11).
    opened = Table.objects.get(event=tournament.event, round=4, number=1)
    assert [p.pk for p in opened.players] == [
        tournament.entrants.get(number=n).player_id for n in seats(tournament, 4)[0]
    ]
    tournament.refresh_from_db()
    assert tournament.record["draws"][-1]["round"] == 4
    assert tournament.record["draws"][-1]["request"]["standings"] == list(AFTER_THREE)
    assert tournament.record["draws"][-1]["request"]["by_standings"] == 1


def test_verify_recomputes_every_round_and_fails_when_a_kept_round_is_altered():
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    tournament.refresh_from_db()
    assert [d["round"] for d in tournament.record["draws"]] == [1, 2, 3, 4]
    found = schedule_verification(tournament=tournament)
    assert found.ok and found.differing_rounds == ()
    # Entrants 2 and 6 change tables in round 4, in the rows kept for play.
    first, second = PlannedTable.objects.filter(round__tournament=tournament, round__number=4).order_by("number")[:2]
    first.seats = [6 if e == 2 else e for e in first.seats]
    second.seats = [2 if e == 6 else e for e in second.seats]
    first.save()
    second.save()
    found = schedule_verification(tournament=tournament)
    assert not found.ok and found.differing_rounds == (4,)


def test_verify_finds_a_round_that_its_own_standings_would_not_seat():
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    tournament.refresh_from_db()
    record = tournament.record
    # The standings kept for round 4 say 1 won: round 4 drawn again from them is not the round kept.
    record["draws"][-1]["request"]["standings"] = [1, *[e for e in AFTER_THREE if e != 1]]
    record["rounds"][3]["tables"] = seats(tournament, 4)
    Tournament.objects.filter(pk=tournament.pk).update(record=record)
    tournament.refresh_from_db()
    assert schedule_verification(tournament=tournament).differing_rounds == (4,)


def test_a_redraw_of_the_seeded_round_seats_it_the_same_way():
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    before = seats(tournament, 4)
    services.round_redraw(tournament=tournament)
    assert not PlannedRound.objects.get(tournament=tournament, number=4).started
    services.round_open(tournament=tournament, number=4)
    assert seats(tournament, 4) == before
    tournament.refresh_from_db()
    assert [d["round"] for d in tournament.record["draws"]] == [1, 2, 3, 4]
    assert schedule_verification(tournament=tournament).ok


def test_a_seeded_tournament_exported_imported_and_exported_again_is_the_same_document():
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    exported = tournament_document(event=tournament.event)
    assert exported["tournament"] == {"tournament.method": "chips", "seating.by_standings": 1}
    assert [sorted(t["seats"]) for t in exported["rounds"][3]["tables"]] == [
        [2, 4, 8, 10],
        [6, 7, 11, 12],
        [1, 3, 5, 9],
    ]
    again = tournament_import(raw=exported, club=make_club(name="Wells"))
    assert tournament_document(event=again) == exported


def test_a_late_arrival_and_a_keep_apart_pair_before_the_seeded_round():
    tournament = make_pp_tournament(entrants=12, sessions=(4,), options={"seating.by_standings": 1})
    for number in (1, 2, 3):
        play_round(tournament, number, {e: points[number - 1] for e, points in POINTS.items()})
    # 2 and 8 (places 1 and 2) are kept apart: T-29 moves 8, the lower placed, to table 2, swapping with the
    # highest placed there who makes no conflict, 6 (place 5).
    entrants = {e.number: e for e in tournament.entrants.all()}
    services.keep_apart_add(tournament=tournament, first=entrants[2], second=entrants[8])
    # A late arrival: 13, with no points, absences in rounds 1-3, so the round has one bye (T-16): he played
    # fewest, so the bye goes to the lowest in the standings among those who played most: 1 (15).
    services.late_arrival_by_name(tournament=tournament, name="Max")
    services.round_open(tournament=tournament, number=4)
    tournament.refresh_from_db()
    rnd = PlannedRound.objects.get(tournament=tournament, number=4)
    assert rnd.byes == [1]
    # Standings after round 3 with 13 (0) last: 2 8 4 10 | 6 12 11 7 | 3 9 5 13, then 8 and 6 swapped.
    assert [sorted(t) for t in seats(tournament, 4)] == [[2, 4, 6, 10], [7, 8, 11, 12], [3, 5, 9, 13]]
    assert schedule_verification(tournament=tournament).ok


def test_a_withdrawal_before_the_seeded_round_leaves_byes_to_the_lowest():
    tournament = twelve_seeded()
    # Ben (2), first after round 3, withdraws: 11 present, three byes (T-16), all of whom played three rounds; the
    # lowest three in the standings sit out: 1 (15), 5 (20), 9 (25). The rest in standing order fill two tables.
    services.entrant_withdraw(tournament=tournament, entrant=tournament.entrants.get(number=2))
    services.round_open(tournament=tournament, number=4)
    assert PlannedRound.objects.get(tournament=tournament, number=4).byes == [1, 5, 9]
    assert [sorted(t) for t in seats(tournament, 4)] == [[4, 6, 8, 10], [3, 7, 11, 12]]
    tournament.refresh_from_db()
    assert schedule_verification(tournament=tournament).ok


def test_thirteen_entrants_the_lowest_eligible_sits_out():
    tournament = make_pp_tournament(entrants=13, sessions=(3,), options={"bye.choice": "lowest_standing"})
    # Before round 1 everybody is level: the tie goes by the higher entrant number (T-18), so 13 sits out.
    rounds = {r.number: r for r in tournament_rounds(tournament=tournament)}
    assert rounds[1].byes == ((13, "Max"),)
    assert rounds[2].drawn_by == "byes"
    # Round 1: Dan (4) scores 5, every other player 10.
    play_round(tournament, 1, {e: 5 if e == 4 else 10 for e in range(1, 14)})
    # After round 1 13 stands lowest (a bye before any round played scores his average over none: 0), but he has
    # played fewer rounds than the others, so he may not sit out again (T-16): the lowest who may is 4.
    assert standings_order(tournament=tournament, after_round=1)[-2:] == (4, 13)
    services.round_open(tournament=tournament, number=2)
    assert PlannedRound.objects.get(tournament=tournament, number=2).byes == [4]
    tournament.refresh_from_db()
    assert schedule_verification(tournament=tournament).ok


def test_the_form_accepts_the_standings_options_and_refuses_a_count_beyond_the_rounds(client):
    user = make_user()
    club = make_club(directors=[user])
    client.force_login(user)
    data = new_tournament_post(entrants="\n".join(NAMES[:13]))
    url = reverse("tournament-new", args=[club.pk])
    refused = client.post(url, {**data, "tournament_seating__by_standings": "6"})
    assert refused.status_code == 400
    html = refused.content.decode()
    beside = re.search(
        r'<label[^>]*>Last rounds seated by the standings <input[^>]*value="6"[^>]*id="id_tournament_seating__by_'
        r'standings"[^>]*></label>\s*<p class="muted">[^<]*</p>\s*<p class="error" role="alert">(.*?)</p>',
        html,
    )
    assert beside is not None  # the error is beside its field, and what was typed (6) is kept
    assert beside.group(1) == "The tournament has 5 rounds: at most 5 can be seated by the standings."
    assert Tournament.objects.count() == 0
    made = client.post(
        url, {**data, "tournament_seating__by_standings": "2", "tournament_bye__choice": "lowest_standing"}
    )
    assert made.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {"bye.choice": "lowest_standing", "seating.by_standings": 2}
    page = client.get(made["Location"]).content.decode()
    assert page.count(" · seated by the standings</summary>") == 2  # rounds 4 and 5
    assert "Seated by the standings when it opens, after round 3 has ended" in page
    duplicate = client.post(
        url,
        {
            **data,
            "entrants": "\n".join(NAMES[:12]),
            "tours": "2",
            "tournament_tournament__format": "duplicate",
            "tournament_bye__choice": "lowest_standing",
        },
    )
    assert duplicate.status_code == 400
    assert "In duplicate the planner chooses who sits out" in duplicate.content.decode()


def run_verify(path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "verify", str(path), *extra],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_line_recomputes_every_round_of_the_downloaded_record(client, tmp_path):
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    user = make_user()
    tournament.event.club.directors.add(user)
    client.force_login(user)
    url = reverse("tournament-schedule", args=[tournament.event_id])
    before_close = tmp_path / "before.json"
    before_close.write_bytes(client.get(url).content)
    refused = run_verify(before_close)
    assert refused.returncode == 2 and json.loads(refused.stdout)["error"]["code"] == "seed_required"
    assert run_verify(before_close, "--seed", SEED).returncode == 0
    services.tournament_close(tournament=tournament)
    record = json.loads(client.get(url).content)
    assert record["seed"] == SEED and [d["round"] for d in record["draws"]] == [1, 2, 3, 4]
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(record))
    checked = run_verify(path)
    assert checked.returncode == 0
    assert json.loads(checked.stdout) == {
        "ok": True,
        "commitment_matches": True,
        "same_version": True,
        "same_schedule": True,
        "differing_rounds": [],
    }
    # Round 4 kept with 2 and 6 exchanged: the standings kept for it seat it otherwise.
    tables = record["rounds"][3]["tables"]
    tables[0] = [6 if e == 2 else e for e in tables[0]]
    tables[1] = [2 if e == 6 else e for e in tables[1]]
    path.write_text(json.dumps(record))
    altered = run_verify(path)
    assert altered.returncode == 1
    assert json.loads(altered.stdout)["differing_rounds"] == [4]
    assert altered.stderr == "verify: the schedule drawn again differs in round(s) 4\n"


def test_verify_of_an_imported_tournament_says_there_is_no_record(client):
    tournament = twelve_seeded()
    services.round_open(tournament=tournament, number=4)
    user = make_user()
    club = make_club(name="Wells", directors=[user])
    event = tournament_import(raw=tournament_document(event=tournament.event), club=club)
    client.force_login(user)
    url = reverse("tournament-change", args=[event.pk])
    response = client.post(url, {"action": "verify"}, follow=True)
    assert response.status_code == 200
    assert "there is no record of its draw" in response.content.decode()


def test_the_seating_list_of_a_round_the_standings_will_seat_waits_until_it_opens(client):
    director = make_user()
    club = make_club(directors=[director])
    client.force_login(director)
    tournament = make_pp_tournament(entrants=12, sessions=(4,), options={"seating.by_standings": 1}, club=club)
    url = reverse("event-seating", args=[tournament.event_id, 4])
    assert client.get(reverse("event-seating", args=[tournament.event_id, 1])).status_code == 200  # planned as drawn
    waits = client.get(url, follow=True)  # provisional: the standings after round 3 seat it
    assert waits.redirect_chain == [(reverse("tournament", args=[tournament.event_id]), 302)]
    assert "Round 4 is seated by the standings when it opens: its seating list is printed then." in (
        waits.content.decode()
    )
    for number in (1, 2, 3):
        play_round(tournament, number, {e: points[number - 1] for e, points in POINTS.items()})
    assert client.get(url).status_code == 302
    assert client.get(reverse("event-seating", args=[tournament.event_id, 5])).status_code == 404  # no round 5
    services.round_open(tournament=tournament, number=4)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
