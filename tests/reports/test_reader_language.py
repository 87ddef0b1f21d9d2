"""A PDF follows the person who opens it: the language and date format his browser asks for (or the one he chose
with the language switch), else the club's; a tournament's report speaks of the tournament; and no heading is
left alone at the foot of a page."""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.events.models import Event
from scorekeeper.reports import documents, gather
from scorekeeper.reports.data import ContractLine, EventReport, RoundResult, Standing, TableSummary
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture
def evening(client):
    """PC-6 at a club whose documents default to English, on 24 November 2026; its director logged in."""
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    event = table.event
    event.date = dt.date(2026, 11, 24)
    event.save()
    director = make_user()
    event.club.directors.add(director)
    client.force_login(director)
    return table


def test_a_browser_asking_for_british_english_gets_british_dates(client, evening, screenshot_dir):
    british = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
    pdf = client.get(reverse("event-report", args=[evening.event.pk]), **british).content
    (screenshot_dir / "28-8-report-en-GB.pdf").write_bytes(pdf)
    report = text_of(pdf)
    sheet = text_of(client.get(reverse("table-sheet", args=[evening.token]), **british).content)
    for text in (report, sheet):
        assert "24 November 2026" in text
        assert "Nov. 24, 2026" not in text and "11/24/2026" not in text


def test_a_page_read_in_french_gives_a_french_pdf(client, evening):
    club = evening.event.club
    club.language = "de"
    club.save()
    client.cookies["django_language"] = "fr"  # the language switch's choice
    sheet = text_of(client.get(reverse("table-sheet", args=[evening.token])).content)
    assert "Feuille de marque" in sheet and "24 novembre 2026" in sheet
    # A browser asking for a language the app does not speak: the club's language and its dates.
    del client.cookies["django_language"]
    japanese = text_of(client.get(reverse("table-sheet", args=[evening.token]), HTTP_ACCEPT_LANGUAGE="ja").content)
    assert "Spielbogen" in japanese and "24. November 2026" in japanese
    # The link's own ?lang= still wins.
    asked = reverse("table-sheet", args=[evening.token]) + "?lang=es"
    assert "24 de noviembre de 2026" in text_of(client.get(asked, HTTP_ACCEPT_LANGUAGE="fr").content)


def test_a_tournaments_report_speaks_of_the_tournament(client, evening, screenshot_dir):
    Event.objects.filter(pk=evening.event.pk).update(kind=Event.Kind.TOURNAMENT)
    client.cookies["django_language"] = "fr"
    pdf = client.get(reverse("event-report", args=[evening.event.pk])).content
    (screenshot_dir / "28-8-tournament-report-fr.pdf").write_bytes(pdf)
    assert "Le tournoi en chiffres" in text_of(pdf)
    del client.cookies["django_language"]
    text = text_of(client.get(reverse("event-report", args=[evening.event.pk])).content)
    assert "The tournament in figures" in text and "Accounts over the tournament" in text
    assert "evening" not in text


HEADINGS = re.compile(r"^(Final standings|The evening in figures|Tables|Accounts over the evening|Round \d+)$")
HEADER_CELLS = {"#", "Player", "Account", "Change", "Table", "Players and balances", "Deals", "Contract", "Played"}


def a_report(players: int, rounds: int) -> EventReport:
    names = [f"Player {n:02d}" for n in range(players)]
    return EventReport(
        club="Bath Quadrille Circle",
        event="Thursday",
        date="24 November 2026",
        ruleset="Parlett chips",
        standings=tuple(Standing(n + 1, name, 40, 0) for n, name in enumerate(names)),
        tables=tuple(
            TableSummary(f"Round {r} · table {t}", tuple(names[4 * t - 4 : 4 * t]), 8, (40, 40, 40, 40))
            for r in range(1, rounds + 1)
            for t in range(1, players // 4 + 1)
        ),
        deals=8 * rounds * (players // 4),
        contracts=(ContractLine("solo", 3, 2),),
        remises=1,
        codilles=1,
        voles_won=0,
        voles_tried=0,
        largest_pot=12,
        series={name: [40, 40] for name in names},
        generated="24 November 2026 23:00",
        rounds=tuple(RoundResult(r, tuple((name, 0) for name in names)) for r in range(1, rounds + 1)),
    )


@pytest.mark.parametrize(("players", "rounds"), [(4, 5), (4, 6), (12, 6), (20, 5), (32, 8)])
def test_no_heading_is_left_alone_at_the_foot_of_a_page(players, rounds, screenshot_dir):
    """These shapes each put a heading (with at most its table's column names) last on a page before."""
    with translation.override("en"):
        pdf = documents.event_report(a_report(players, rounds))
    if (players, rounds) == (4, 6):
        (screenshot_dir / "28-8-headings.pdf").write_bytes(pdf)
    alone = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, start=1):
        lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
        lines = [line for line in lines if not line.startswith("Generated") and not re.fullmatch(r"\d+ / \d+", line)]
        headings = [n for n, line in enumerate(lines) if HEADINGS.match(line)]
        if headings and set(lines[headings[-1] + 1 :]) <= HEADER_CELLS:
            alone.append((number, lines[headings[-1]]))
    assert alone == []


def test_a_rounds_players_level_on_chips_are_in_the_clubs_order_of_names():
    table = make_table(names=("Øster", "Zoe", "Émile", "Anders"))
    club = table.event.club
    club.language = "da"
    club.save()
    report = gather.event_report_for(table.event)  # no deal yet: all four level at +0
    assert [name for name, _change in report.rounds[0].lines] == ["Anders", "Émile", "Zoe", "Øster"]
    assert [s.name for s in report.standings] == ["Anders", "Émile", "Zoe", "Øster"]
