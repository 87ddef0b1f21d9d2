"""The printed documents: content checked against the engine's ledger, pages rendered, the QR code decoded."""

from __future__ import annotations

import dataclasses
import datetime
import io
import random
import shutil
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.analysis.selectors import player_analysis
from scorekeeper.engine import Contract, DealRecord, Penalty, PenaltyKind
from scorekeeper.engine.simulate import random_deal
from scorekeeper.reports import documents, gather
from scorekeeper.tables.presenters import explanation
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db

NAMES = ("Hélène Dubois", "Ben Ashdown", "Zoë Ferrand", "Dan Whitlock")


def played_table(deals: int = 40, seed: int = 2):
    table = make_table(names=NAMES)
    rng = random.Random(seed)
    for position in range(1, deals + 1):
        view = table_ledger(table=table, explain=False)
        state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
        deal_record(table=table, position=position, record=random_deal(rng, view.session, state, void_rate=0))
    return table


def text_of(pdf: bytes) -> str:
    """The document's text with its whitespace folded to single spaces (extraction spaces cells unevenly)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_table_sheet_shows_every_change_and_the_final_balances_on_two_a4_pages():
    table = played_table(40)
    view = table_ledger(table=table, explain=False)
    pdf = documents.table_sheet(gather.sheet_for(table))
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [595, 842]
    text = text_of(pdf)
    for name in NAMES:
        assert name in text  # accents survive: the embedded font has them
    for row in view.rows:
        for delta, balance in zip(row.entry.deltas, row.entry.balances, strict=True):
            assert f"{delta:+d} {balance}" in text
    # The round (ten tours) is complete: the sheet gives the balances the players sign, the pot left shared out.
    assert view.round_complete and view.state.pot == 156
    assert view.final_balances == tuple(b + 39 for b in view.state.balances)
    assert "Final balances: " + ", ".join(f"{n} {b}" for n, b in zip(NAMES, view.final_balances, strict=True)) in text
    assert "End of round: the 156 chips left on the table are shared out, 39 each." in text
    assert text.count("subtotal") == 10
    fonts = {str(f) for page in reader.pages for f in page["/Resources"]["/Font"].values()}
    assert fonts


def test_letter_paper_and_page_numbers():
    table = played_table(8)
    pdf = documents.table_sheet(gather.sheet_for(table), paper="letter")
    reader = PdfReader(io.BytesIO(pdf))
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]
    assert "1 / 1" in text_of(pdf) and "Generated " in text_of(pdf)


def test_blank_sheet_qr_code_decodes_to_the_table_link(tmp_path):
    table = make_table(names=NAMES)
    link = f"http://192.168.1.20:8000/t/{table.token}/"
    pdf = documents.blank_sheet(gather.blank_for(table, link))
    text = text_of(pdf)
    assert "Hélène Dubois" in text and link in text
    (tmp_path / "blank.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-png", str(tmp_path / "blank.pdf"), str(tmp_path / "blank")],
        check=True,
    )
    assert shutil.which("zbarimg"), "zbarimg (Debian's zbar-tools) is needed: make test installs it"
    decoded = subprocess.run(
        ["zbarimg", "-q", "--raw", str(tmp_path / "blank-1.png")], capture_output=True, text=True, check=True
    )
    assert decoded.stdout.strip() == link


def test_event_and_personal_reports_agree_with_the_ledger():
    table = played_table(12)
    view = table_ledger(table=table, explain=False)
    report = gather.event_report_for(table.event)
    assert report.deals == 12
    assert sum(c.played for c in report.contracts) == 12
    assert report.largest_pot == max(r.entry.stake for r in view.rows)
    assert [s.account for s in report.standings] == sorted(view.state.balances, reverse=True)
    assert report.series["Hélène Dubois"][-1] == view.state.balances[0]
    text = text_of(documents.event_report(report))
    assert "Final standings" in text and "12 deals" in text
    mine = gather.personal_report_for(table.event, table.seat_0)
    assert mine.account == view.state.balances[0]
    assert mine.won - mine.lost == view.state.balances[0] - 40
    assert mine.as_hombre == sum(r.entry.deal.hombre == 0 for r in view.rows)
    assert "Hélène Dubois" in text_of(documents.personal_report(mine))


def test_page_one_of_each_document_renders_to_png(tmp_path):
    table = played_table(8)
    docs = {
        "sheet": documents.table_sheet(gather.sheet_for(table)),
        "blank": documents.blank_sheet(gather.blank_for(table, "http://club/t/x/")),
        "event": documents.event_report(gather.event_report_for(table.event)),
        "player": documents.personal_report(gather.personal_report_for(table.event, table.seat_1)),
    }
    for name, pdf in docs.items():
        (tmp_path / f"{name}.pdf").write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", "50", "-f", "1", "-l", "1", "-png", str(tmp_path / f"{name}.pdf"), str(tmp_path / name)],
            check=True,
        )
        png = (tmp_path / f"{name}-1.png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_pdf_links_from_the_pages(client):
    table = played_table(4)
    for name in ("table-sheet", "table-blank"):
        response = client.get(reverse(name, kwargs={"token": table.token}))
        assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
    report = reverse("event-report", kwargs={"event_id": table.event.pk})
    assert client.get(report)["Location"].startswith("/accounts/login/")
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    assert client.get(report + "?paper=letter").content.startswith(b"%PDF")
    personal = reverse("player-report", kwargs={"event_id": table.event.pk, "player_id": table.seat_0.pk})
    assert client.get(personal).content.startswith(b"%PDF")


def test_event_report_has_a_section_per_round_and_a_season_report_adds_up_the_year(client):
    table = played_table(8)
    event = table.event
    view = table_ledger(table=table, explain=False)
    report = gather.event_report_for(event)
    assert [r.round for r in report.rounds] == [1]
    assert dict(report.rounds[0].lines) == {n: b - 40 for n, b in zip(NAMES, view.state.balances, strict=True)}
    assert "Round 1" in text_of(documents.event_report(report))
    season = gather.personal_season_for(event.club, table.seat_2, event.date.year)
    assert season.deals == 8 and season.account == view.state.balances[2] - 40
    # One event: one point of the club rating, the one the player's page shows.
    assert season.rating == [player_analysis(player=table.seat_2).rating.value]
    director = make_user()
    event.club.directors.add(director)
    client.force_login(director)
    url = reverse("player-season", kwargs={"club_id": event.club.pk, "player_id": table.seat_2.pk})
    pdf = client.get(f"{url}?year={event.date.year}").content
    assert "Season 2026" in text_of(pdf) and "Zoë Ferrand" in text_of(pdf) and "Club rating" in text_of(pdf)


def test_report_contract_table_counts_a_failed_declared_vole_as_played_not_made():
    # PC-6 (Ann's solo remise, Ben's solo codille, Cat's alliance remise, Dan's solo won), then Ben declares the
    # vole and takes nine tricks: counted by hand, solo 3 played 1 made, alliance 1 played 0 made, vole 1 played
    # 0 made; Ben's own report: solo 1 played 0 made, vole 1 played 0 made.
    table = make_table()
    failed_vole = DealRecord(
        dealer=3, contract=Contract.VOLE_BID, hombre=1, trump="S", tricks=9, premiers=True, vole_attempted=True
    )
    for position, record in enumerate([*PC6, failed_vole], start=1):
        deal_record(table=table, position=position, record=record)
    report = gather.event_report_for(table.event)
    assert [(c.contract, c.played, c.made) for c in report.contracts] == [
        ("alliance", 1, 0),
        ("solo", 3, 1),
        ("vole", 1, 0),
    ]
    ben = gather.personal_report_for(table.event, table.seat_1)
    assert [(c.contract, c.played, c.made) for c in ben.contracts] == [("solo", 1, 0), ("vole", 1, 0)]


def test_documents_speak_the_clubs_language_unless_the_link_asks_for_another(client):
    table = played_table(8)
    club = table.event.club
    club.language = "de"
    club.save()
    sheet = reverse("table-sheet", kwargs={"token": table.token})
    german = text_of(client.get(sheet).content)
    assert "Spielbogen" in german and "Geber" in german and "Zwischensumme" in german
    assert "Stände bisher" in german  # 8 deals of the round's 40: the balances are not final yet
    assert "Score sheet" not in german and "subtotal" not in german
    french = text_of(client.get(sheet + "?lang=fr").content)
    assert "Feuille de marque" in french and "sous-total" in french and "Donneur" in french
    unknown = text_of(client.get(sheet + "?lang=xx").content)  # an unknown language: the club's
    assert "Spielbogen" in unknown
    explained = text_of(client.get(sheet + "?lang=fr&explain=1").content)
    view = table_ledger(table=table, explain=True)
    with translation.override("fr"):
        first = explanation(view.rows[0].entry, view.session.players)
    assert "Comment chaque coup a été réglé" in explained and " ".join(first.split()) in explained
    assert "Comment chaque coup" not in french


def test_a_score_sheet_shows_its_options_as_words_and_its_date_as_the_language_writes_it():
    table = make_table(names=NAMES, options={"session.tours": 3, "pc.ante": "dealer_four"})
    event = table.event
    event.date = datetime.date(2026, 11, 22)
    event.save()
    with translation.override("en"):
        text = text_of(documents.table_sheet(gather.sheet_for(table)))
    assert "Tours in a round: 3" in text and "Ante: 4 from the dealer" in text and "session.tours" not in text
    assert "Nov. 22, 2026" in text
    with translation.override("en-gb"):
        assert "22 November 2026" in text_of(documents.table_sheet(gather.sheet_for(table)))
    with translation.override("de"):
        text = text_of(documents.table_sheet(gather.sheet_for(table)))
    assert "Touren pro Durchgang: 3" in text and "Grundeinsatz: 4 vom Geber" in text and "22. November 2026" in text


def test_the_score_sheet_says_a_penalty_given_seven_times_with_its_count():
    # Dan deals; Ann's solo with 6 tricks wins; Ben's renounce, given seven times, costs him 4 each time: the sheet
    # the players sign says so beside his -29 (-1 ante, -28), not one stake of 4.
    table = make_table()
    renounces = Penalty(PenaltyKind.RENOUNCE, seats=(1,), count=7)
    record = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6, penalties=(renounces,))
    deal_record(table=table, position=1, record=record)
    sheet = gather.sheet_for(table)
    assert sheet.rows[0].deltas == (3, -29, -1, -1)
    assert sheet.penalties == (("1", "Penalty (renounce), 7 times: Ben puts 4 into the pot each time, 28 in all."),)
