"""The tournament's PDFs: the final report and a round's results, in the club's language, with the method and
tie-breaks in words."""

from __future__ import annotations

import subprocess

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.reports import documents, gather
from scorekeeper.tournaments.imports import tournament_import
from scorekeeper.tournaments.standings import tournament_standings
from tests.factories import make_club, make_user
from tests.tournaments.documents import tournament_document

pytestmark = pytest.mark.django_db


def _text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def test_the_round_results_state_the_method_and_the_round_by_hand(tmp_path):
    event = tournament_import(raw=tournament_document(), club=make_club())
    report = gather.tournament_report_for(event, round_number=1)
    assert report.heading == "Results of round 1"
    first = report.rounds[0].tables[0]
    # Round 1, table 1 by hand: changes -16, +2, +10, +4 score -40, -6, 34, 12 and place 4, 3, 1, 2.
    assert [(s.name, s.change, s.score, s.place) for s in first.seats] == [
        ("Ann", "-16", "-40", "4"),
        ("Cat", "+2", "-6", "3"),
        ("Eve", "+10", "34", "1"),
        ("Gus", "+4", "12", "2"),
    ]
    assert report.rounds[0].byes == (("Quin", "0"),)
    text = _text(documents.tournament_report(report), tmp_path)
    assert "Results of round 1" in text and "The evening in figures" not in text
    assert "plus place points: 3, 1, -1, -3 for first to fourth, times 8" in " ".join(text.split())
    assert "most firsts at a table" in " ".join(text.split())


def test_the_final_report_speaks_the_club_language(client, tmp_path):
    director = make_user()
    club = make_club(directors=[director])
    club.language = "fr"
    club.save()
    event = tournament_import(raw=tournament_document(revealed=True), club=club)
    client.force_login(director)
    response = client.get(reverse("event-report", args=[event.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(_text(response.content, tmp_path).split())
    assert "Classement" in text and "départagés par" in text
    assert "Graine: 0123456789abcdef0123456789abcdef" in text
    with translation.override("en"):
        assert client.get(reverse("tournament-round-report", args=[event.pk, 2])).status_code == 200


def test_a_round_report_of_an_evening_is_404(client):
    from tests.factories import make_table

    director = make_user()
    table = make_table(club=make_club(directors=[director]))
    client.force_login(director)
    assert client.get(reverse("tournament-round-report", args=[table.event_id, 1])).status_code == 404


def test_a_players_report_of_a_tournament_gives_his_place_and_total(tmp_path):
    event = tournament_import(raw=tournament_document(), club=make_club())
    ann = event.tournament.entrants.get(player__name="Ann")
    row = tournament_standings(event=event).standings.row(ann.number)  # the standings page shows these (tested)
    report = gather.personal_report_for(event, ann.player)
    assert report.standing == (
        f"Tournament: place {row.place} of 17, total {row.total // 12}. The standings rank the tournament's scores, "
        "not the chips below."
    )
    assert report.standing.split(",")[0] in " ".join(_text(documents.personal_report(report), tmp_path).split())


def test_a_players_report_of_an_evening_has_no_tournament_line():
    from tests.factories import make_table

    table = make_table()
    assert gather.personal_report_for(table.event, table.seat_0).standing == ""
