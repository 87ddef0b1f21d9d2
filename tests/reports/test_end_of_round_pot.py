"""A round that ends with chips in the pot: the end-of-round rule (A-40, `split_equally`) shares them out, and the
score sheet, the player's report and the analysis pages count that share as the table page and the standings do.

One tour of Parlett chips from 40 each, Dan dealing first; worked by hand from §4.1.4's closed forms (S = 4, u = 1,
no matadors, no premiers):

    1  dealer Dan  Ann solo, 6 tricks: won      Ann +3, others -1    43 39 39 39   pot 0
    2  dealer Ann  Ben solo, 6 tricks: won      Ben +3, others -1    42 42 38 38   pot 0
    3  dealer Ben  Cat solo, 6 tricks: won      Cat +3, others -1    41 41 41 37   pot 0
    4  dealer Cat  Dan solo, 5 tricks: remise   Dan -5, others -1    40 40 40 32   pot 8

The 8 chips left are shared 2 each (8 / 4, no leftover): final balances 42 / 42 / 42 / 34 (sum 160).
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.analysis.selectors import event_analysis, player_analysis
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.events.selectors import event_standings
from scorekeeper.reports import documents, gather
from scorekeeper.tables.presenters import end_of_round_words
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record, table_end_round
from tests.factories import make_table, make_user

pytestmark = pytest.mark.django_db

DEALS = [
    DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6),
    DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=6),
    DealRecord(dealer=1, contract=Contract.SOLO, hombre=2, trump="S", tricks=6),
    DealRecord(dealer=2, contract=Contract.SOLO, hombre=3, trump="S", tricks=5),
]


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def played(*, tours: int = 1, deals=DEALS, options=None):
    table = make_table(options={"session.tours": tours, **(options or {})})
    for position, record in enumerate(deals, start=1):
        deal_record(table=table, position=position, record=record)
    return table


@pytest.fixture
def ended():
    table = played()
    table_end_round(table=table)
    return table


def test_the_round_leaves_8_in_the_pot_and_the_table_page_asks_for_42_42_42_34(client):
    table = played()
    view = table_ledger(table=table)
    assert view.state.balances == (40, 40, 40, 32) and view.state.pot == 8
    assert view.round_complete and view.final_balances == (42, 42, 42, 34)
    assert view.end_of_round_shares == (2, 2, 2, 2)
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    final = page[page.index('id="round-complete"') :]
    assert '<span class="balance">42</span>' in final and '<span class="balance">34</span>' in final
    assert "End of round: the 8 chips left on the table are shared out, 2 each." in final


@pytest.mark.parametrize("end", [False, True], ids=["complete", "ended"])
def test_the_sheet_prints_the_balances_the_players_sign_and_says_where_the_pot_went(end, screenshot_dir):
    table = played()
    if end:
        table_end_round(table=table)
    pdf = documents.table_sheet(gather.sheet_for(table))
    (screenshot_dir / f"sheet-pot-{'ended' if end else 'complete'}.pdf").write_bytes(pdf)
    text = text_of(pdf)
    assert "Final balances: Ann 42, Ben 42, Cat 42, Dan 34." in text
    assert "End of round: the 8 chips left on the table are shared out, 2 each." in text
    assert "Final balances: Ann 40" not in text
    # The grid keeps each deal's running balance: deal 4 left Dan on 32 and 8 in the pot.
    assert "-5 32 8" in text.replace("−", "-")


def test_a_sheet_printed_mid_round_says_its_balances_are_not_final_yet():
    table = played(tours=2)
    sheet = gather.sheet_for(table)
    assert not sheet.final and sheet.end_of_round == "" and sheet.balances == (40, 40, 40, 32)
    text = text_of(documents.table_sheet(sheet))
    assert "Balances so far: Ann 40, Ben 40, Cat 40, Dan 32." in text
    assert "Final balances" not in text and "End of round" not in text


def test_a_pot_carried_over_is_said_and_counted_in_no_balance():
    table = played(options={"pc.session_end_pot": "carry_over"})
    sheet = gather.sheet_for(table)
    assert sheet.balances == (40, 40, 40, 32)
    assert sheet.end_of_round == "End of round: the 8 chips left on the table are carried over; they are in no balance."


def test_a_pot_that_does_not_divide_by_four_names_each_share():
    # PC-2 with `floor_remainder_stays` as deal 4 (dealer Ann, Ben solo in hearts, run 4 so mat 2, 4 tricks):
    # S = 4, each opponent takes floor(4/3) = 1 and 2 for the matadors, -1 ante: +2; Ben -1 - 8 - 6 = -15; the pot
    # keeps 1 and Ben's 8: 9. Before it three deals of one tour won by each other seat (as above, rotated).
    deals = [
        DealRecord(dealer=1, contract=Contract.SOLO, hombre=2, trump="S", tricks=6),
        DealRecord(dealer=2, contract=Contract.SOLO, hombre=3, trump="S", tricks=6),
        DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=6),
        DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="H", tricks=4, run_side=4, run_hombre=4),
    ]
    names = ("Ann", "<b>Ben & Co", "Cat", "Dan")  # typed by people: printed as typed, never read as markup
    table = make_table(
        names=names, options={"session.tours": 1, "pc.codille_three_indivisible": "floor_remainder_stays"}
    )
    table.first_dealer = 1
    table.save(update_fields=["first_dealer"])
    for position, record in enumerate(deals, start=1):
        deal_record(table=table, position=position, record=record)
    view = table_ledger(table=table)
    # 40 -1 -1 +3: 41 each for Ann, Cat, Dan before deal 4; Ben 37. Deal 4: Ann, Cat, Dan +2, Ben -15.
    assert view.state.balances == (43, 22, 43, 43) and view.state.pot == 9
    # 9 = 2 each and 1 over, to the eldest of the last deal (dealer Ann, so Ben): A-40.
    assert view.end_of_round_shares == (2, 3, 2, 2) and view.final_balances == (45, 25, 45, 45)
    words = "End of round: the 9 chips left on the table are shared out: Ann 2, <b>Ben & Co 3, Cat 2, Dan 2."
    assert end_of_round_words(view) == words
    text = text_of(documents.table_sheet(gather.sheet_for(table)))
    assert words in text and "Final balances: Ann 45, <b>Ben & Co 25, Cat 45, Dan 45." in text
    with translation.override("fr"):
        text = text_of(documents.table_sheet(gather.sheet_for(table)))
    assert "Fin de manche : 9 jetons restés sur la table, partagés : Ann 2, <b>Ben & Co 3, Cat 2, Dan 2." in text


def test_the_player_report_counts_the_pot_share_so_its_figures_add_up(ended):
    assert [a.account for a in event_standings(event=ended.event).accounts] == [42, 42, 42, 34]
    ann = gather.personal_report_for(ended.event, ended.seat_0)
    # Ann won 3 (deal 1) and lost 1 in each other deal; her share of the pot, 2, is its own figure.
    assert (ann.won, ann.lost, ann.shared, ann.account) == (3, 3, 2, 42)
    assert 40 + ann.won - ann.lost + ann.shared == ann.account
    # The chart ends at the account: the share is added at the table's last deal (40 + 2).
    assert ann.series == [40, 43, 42, 41, 42]
    text = text_of(documents.personal_report(ann))
    assert "Chips won 3, lost 3, 2 from what was left on the table at the end of the round; account 42." in text
    dan = gather.personal_report_for(ended.event, ended.seat_3)
    assert (dan.won, dan.lost, dan.shared, dan.account) == (0, 8, 2, 34)
    assert dan.series == [40, 39, 38, 37, 34]
    # The season's report counts from 0: the same figures, the share included.
    season = gather.personal_season_for(ended.event.club, ended.seat_0, 2026)
    assert (season.won, season.lost, season.shared, season.account) == (3, 3, 2, 2)
    assert season.series == [0, 3, 2, 1, 2]


def test_the_event_report_chart_ends_at_the_standings(ended):
    report = gather.event_report_for(ended.event)
    assert [s.account for s in report.standings] == [42, 42, 42, 34]
    assert report.series["Ann"] == [40, 43, 42, 41, 42]
    assert report.series["Dan"] == [40, 39, 38, 37, 34]


def test_a_report_without_a_pot_left_says_nothing_of_it():
    table = played(deals=DEALS[:3] + [DealRecord(dealer=2, contract=Contract.SOLO, hombre=3, trump="S", tricks=6)])
    table_end_round(table=table)
    ann = gather.personal_report_for(table.event, table.seat_0)
    assert (ann.won, ann.lost, ann.shared, ann.account) == (3, 3, 0, 40)
    assert "Chips won 3, lost 3; account 40." in text_of(documents.personal_report(ann))


def test_the_role_breakdown_and_luck_and_skill_add_up_to_the_change(ended):
    figures = player_analysis(player=ended.seat_0).figures
    roles = figures.roles
    # Ann: hombre once (+3), opponent three times (-1 each), and 2 from the pot at the end of the round.
    assert (roles["hombre"].chips, roles["ally"].chips, roles["opponent"].chips) == (3, 0, -3)
    assert figures.end_of_round == 2 and figures.chips == 2
    assert sum(r.chips for r in roles.values()) + figures.end_of_round == figures.chips
    analysis = event_analysis(event=ended.event)
    assert analysis.end_of_round
    for line in analysis.players:
        f = line.figures
        assert round(f.split.hands + f.split.play + f.split.stakes + f.end_of_round, 9) == f.chips
    changes = {line.player.name: (line.figures.chips, line.figures.end_of_round) for line in analysis.players}
    assert changes == {"Ann": (2, 2), "Ben": (2, 2), "Cat": (2, 2), "Dan": (-6, 2)}


def test_the_pages_show_the_pot_share_as_its_own_part(ended, client):
    director = make_user()
    ended.event.club.directors.add(director)
    client.force_login(director)
    page = client.get(reverse("player", args=[ended.event.club_id, ended.seat_0.pk])).content.decode()
    assert "end of round (pot shared out)" in page
    analysis = client.get(reverse("event-analysis", args=[ended.event.pk])).content.decode()
    assert "End of round" in analysis
