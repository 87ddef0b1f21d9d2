"""A duplicate tournament in the app: boards dealt and stored before the round, entry per board checked against the
hand record and the movement, fouled boards, scores, and what is published when."""

from __future__ import annotations

import html
import io
import json
import subprocess

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.boards import PACK
from scorekeeper.engine.tournament.document import parse_tournament
from scorekeeper.events.services import event_close
from scorekeeper.operations.club_export import SECTIONS, club_export, club_import
from scorekeeper.public.services import club_site_set, event_link_make
from scorekeeper.reports import gather
from scorekeeper.tables import services as table_services
from scorekeeper.tables.messages import message_for
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import Board, BoardPlay, PlannedTable, Tournament
from scorekeeper.tournaments.services import round_open, substitute_add, tournament_confirm
from scorekeeper.tournaments.views_duplicate import hundredths, standings_rows
from tests.engine.tournament.duplicate_hands import EXAMPLE
from tests.factories import make_user
from tests.tournaments.builders import end_round_tables, make_tournament
from tests.tournaments.duplicate_play import make_duplicate, open_round, play_round, solo

pytestmark = pytest.mark.django_db


def _planned(tournament, number: int, table: int) -> PlannedTable:
    return PlannedTable.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=number, number=table
    )


def _pdf_text(pdf: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode()


def _director_client(client, tournament):
    director = make_user()
    tournament.event.club.directors.add(director)
    client.force_login(director)
    return director


def test_duplicate_options_refused_by_t61_before_anything_is_drawn():
    with pytest.raises(EngineError) as refused:
        make_tournament(
            entrants=12,
            sessions=(2,),
            options={"session.tours": 2, "paulans": "last_deal"},
            tournament_options={"tournament.format": "duplicate"},
        )
    assert (refused.value.code, refused.value.field) == ("duplicate_option", "options.paulans")
    assert message_for(refused.value).startswith("Not in duplicate: every table must settle a board alike")


def test_a_rounds_boards_are_dealt_once_numbered_across_rounds_with_full_packs():
    tournament, _ = make_duplicate()
    dealt = duplicate.round_boards_deal(tournament=tournament, number=1)
    assert [b.number for b in dealt] == list(range(1, 13))  # 3 tables, 2 tours: M = 3 sets of four
    assert [b.dealer for b in dealt] == [0, 1, 2, 3] * 3
    for board in dealt:
        assert sorted(card for hand in board.hands for card in hand) == sorted(PACK)
        assert [len(hand) for hand in board.hands] == [10, 10, 10, 10]
    with pytest.raises(duplicate.BoardsRefused) as again:
        duplicate.round_boards_deal(tournament=tournament, number=1)
    assert again.value.reason == "dealt"
    second = duplicate.round_boards_deal(tournament=tournament, number=2)
    assert [b.number for b in second] == list(range(13, 25))


def test_a_table_knows_its_next_board_from_the_movement():
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    state = duplicate.table_boards(planned=_planned(tournament, 1, 3))
    assert state.order == (9, 10, 11, 12, 1, 2, 3, 4)  # table 3 plays set 3, then set 1
    assert (state.next_board, state.next_dealer) == (9, 0)


def test_a_board_entered_at_the_wrong_table_is_refused_saying_where_it_goes(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    page = client.get(reverse("board-entry", args=[planned.table.token]))
    assert "Board 1" in page.content.decode()
    post = {"position": "1", "idempotency_key": "k1", "board": "9", "hombre": "1", "contract": "solo", "trump": "S"}
    answer = client.post(reverse("board-entry", args=[planned.table.token]), {**post, "tricks": "6"})
    assert answer.status_code == 400
    assert "Board 9 is not played at table 1: it goes to table 3 at stage 1, table 2 at stage 2." in (
        answer.content.decode()
    )
    assert not planned.table.deals.exists()


def test_a_board_of_the_table_out_of_its_turn_is_refused_naming_the_next(client):
    # Table 1 plays boards 1 to 4 first; board 3, dealt by seat 3, while board 1 (dealt by seat 1) is next.
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    post = {"position": "1", "idempotency_key": "k9", "board": "3", "hombre": "3", "contract": "solo", "trump": "S"}
    answer = client.post(reverse("board-entry", args=[planned.table.token]), {**post, "tricks": "6"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Board 3 is not the next to play at this table: board 1 is." in page
    assert page.index("Board 3 is not the next") < page.index('id="f-hombre"')  # beside the board, not the seats
    assert not planned.table.deals.exists()


def test_a_record_the_pockets_contradict_is_refused_with_the_run_they_give(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    Board.objects.filter(tournament=tournament, number=1).update(hands=[list(h) for h in EXAMPLE])
    planned = _planned(tournament, 1, 1)
    # Seat 2 (index 1) in hearts: Spadille is his, Manille (7H) is seat 3's: no run, though 3 is claimed.
    post = {"position": "1", "idempotency_key": "k2", "board": "1", "hombre": "1", "contract": "solo", "trump": "H"}
    answer = client.post(reverse("board-entry", args=[planned.table.token]), {**post, "tricks": "6", "run_side": "3"})
    assert answer.status_code == 400
    assert "The pockets of board 1 give no matadors with these trumps, not 3." in answer.content.decode()
    answer = client.post(reverse("board-entry", args=[planned.table.token]), {**post, "tricks": "6"})
    assert answer.status_code == 302
    assert planned.table.deals.get().board_play.board.number == 1


def test_a_board_sent_after_every_board_is_played_at_the_table_says_why_it_is_refused(client):
    # A second phone, or a page left open, sends board 1 again with its own key once the table has played its 8
    # boards: the page has no form left to show the refusal beside, so it says so above the finished table.
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1, tables=(1,))
    planned = _planned(tournament, 1, 1)
    post = {"position": "9", "idempotency_key": "late", "board": "1", "hombre": "1", "contract": "solo", "trump": "S"}
    answer = client.post(reverse("board-entry", args=[planned.table.token]), {**post, "tricks": "6"}, follow=True)
    page = answer.content.decode()
    assert "This table&#x27;s round has ended: nothing more can be recorded here." in page
    assert "Every board is played at this table" in page
    assert planned.table.deals.count() == 8


def test_the_table_page_sends_a_duplicate_table_to_its_board_page(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 2)
    answer = client.get(reverse("table", args=[planned.table.token]))
    assert answer.status_code == 302 and answer.url == reverse("board-entry", args=[planned.table.token])


def test_matchpoints_by_hand_and_results_published_only_after_the_round(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1, tables=(1, 2))
    token = event_link_make(event=tournament.event).token
    assert not duplicate.round_published(tournament=tournament, number=1)
    assert client.get(reverse("duplicate-traveller", args=[token, 5])).status_code == 404
    play_round(tournament, 1, tables=(3,))
    assert duplicate.round_published(tournament=tournament, number=1)

    results = duplicate.duplicate_results(tournament=tournament)
    totals = {t.table: t.matchpoints for t in results.round(1).result.tables}
    # Each board is played twice (N = 2, top 2). Table 1 wins its solos where tables 2 and 3 make remise: its
    # hombre tops both his boards, its defenders score 0; boards 9-12 (tables 2 and 3, both remise) are 1 each.
    assert totals == {1: (400, 400, 400, 400), 2: (1000, 1000, 1000, 1000), 3: (1000, 1000, 1000, 1000)}
    assert results.percents == {n: (2500 if n in _seats(tournament, 1) else 6250) for n in range(1, 13)}
    for board in results.round(1).result.boards:  # cross-IMPs of two tables are opposite
        first, second = board.scores
        assert [a + b for a, b in zip(first.imps, second.imps, strict=True)] == [0, 0, 0, 0]

    page = client.get(reverse("duplicate-traveller", args=[token, 5])).content.decode()
    assert "Traveller" in page and "Frequencies" in page
    card = client.get(reverse("duplicate-card", args=[token, _seats(tournament, 1)[0]])).content.decode()
    assert "25.00" in card


def _seats(tournament, table: int) -> list[int]:
    return list(_planned(tournament, 1, table).seats)


def test_a_fouled_board_is_marked_with_a_reason_and_compared_apart(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 3)
    with pytest.raises(EngineError) as wrong:
        duplicate.board_foul(planned=planned, board_number=5, reason="KS in two pockets")
    assert wrong.value.code == "board_wrong_table"
    duplicate.board_foul(planned=planned, board_number=1, reason="KS in two pockets")
    play_round(tournament, 1)
    board_1 = next(b for b in duplicate.duplicate_results(tournament=tournament).round(1).result.boards if b.board == 1)
    # Table 1 played the cards, table 3 the fouled pockets: each alone in its group, both the average (T-63, T-72).
    assert [(s.table, s.fouled, s.matchpoints) for s in board_1.scores] == [
        (1, False, (100, 100, 100, 100)),
        (3, True, (100, 100, 100, 100)),
    ]


def test_the_director_page_deals_and_links_the_sheets(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    page = reverse("duplicate-director", args=[tournament.event_id])
    client.post(page, {"action": "deal", "round": "1"})
    assert Board.objects.filter(tournament=tournament, round=1).count() == 12
    html = client.get(page).content.decode()
    assert reverse("duplicate-folders", args=[tournament.event_id, 1]) in html
    folders = client.get(reverse("duplicate-folders", args=[tournament.event_id, 1]))
    assert folders["Content-Type"] == "application/pdf" and folders.content.startswith(b"%PDF")
    assert client.get(reverse("duplicate-check", args=[tournament.event_id, 1])).content.startswith(b"%PDF")
    assert client.get(reverse("duplicate-movement", args=[tournament.event_id, 1])).content.startswith(b"%PDF")


def test_the_standings_before_any_board_say_no_tops_with_a_dash(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    html = client.get(reverse("duplicate-director", args=[tournament.event_id])).content.decode()
    assert "<td>None</td>" not in html
    # Nothing scored yet: no percentage and no tops, each shown as a dash, the matchpoints 0.00.
    assert html.count("<td>0.00</td><td>—</td><td>—</td>") == 12


def test_round_two_after_round_one(client):
    tournament, _ = make_duplicate(method="imps")
    open_round(tournament, 1)
    play_round(tournament, 1)
    end_round_tables(tournament, 1)
    open_round(tournament, 2)
    state = duplicate.table_boards(planned=_planned(tournament, 2, 1))
    assert state.order[:4] == (13, 14, 15, 16)
    assert solo(13, 6).dealer == 0


def test_opening_a_round_deals_its_boards_if_the_director_has_not():
    tournament, _ = make_duplicate()
    director = make_user("ida")
    round_open(tournament=tournament, number=1, user=director)
    assert sorted(Board.objects.filter(tournament=tournament, round=1).values_list("number", flat=True)) == list(
        range(1, 13)
    )
    assert Board.objects.filter(tournament=tournament, round=2).count() == 0
    # The log names the director who opened the round as the one who dealt, never a table's link.
    assert tournament.event.log.get(action="boards_dealt").who == "ida"


def test_a_boards_deal_is_corrected_against_the_pockets_too(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    Board.objects.filter(tournament=tournament, number=1).update(hands=[list(h) for h in EXAMPLE])
    planned = _planned(tournament, 1, 1)
    duplicate.board_deal_record(planned=planned, board_number=1, record=solo(1, 6), position=1)
    page = reverse("deal", args=[planned.table.token, 1])
    fields = {"position": "1", "hombre": "1", "contract": "solo", "trump": "H", "tricks": "5", "reason": "5 tricks"}
    refused = client.post(page, {**fields, "run_side": "3"})
    assert "The board&#x27;s pockets give another run of matadors with these trumps." in refused.content.decode()
    assert planned.table.deals.get().tricks == 6
    client.post(page, fields)
    deal = planned.table.deals.get()
    assert (deal.trump, deal.tricks, deal.run_side) == ("H", 5, 0)  # seat 2 holds no run in hearts on board 1


def test_a_board_marked_fouled_before_play_is_still_the_next_to_record_with_a_word_why(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    duplicate.board_foul(planned=planned, board_number=1, reason="AS missing from pocket 2")
    assert duplicate.table_boards(planned=planned).next_board == 1
    page = client.get(reverse("board-entry", args=[planned.table.token])).content.decode()
    assert "The director marked this board fouled at this table" in page


def test_the_board_form_shows_what_applies_as_the_scorer_goes_without_saving(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    post = {"position": "1", "idempotency_key": "k3", "board": "1", "hombre": "1", "contract": "solo"}
    answer = client.post(reverse("board-entry", args=[planned.table.token]), post, headers={"HX-Request": "true"})
    html = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in html and '<form id="deal-form"' in html
    assert 'id="f-ally"' not in html  # a solo has no ally
    assert "This field is required" not in html  # the trumps and tricks are simply not reached yet
    assert not planned.table.deals.exists()


def test_the_event_page_links_the_duplicate_page(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    # A tournament's event page is its tournament page, which links the boards.
    response = client.get(reverse("event", args=[tournament.event_id]), follow=True)
    assert response.redirect_chain == [(reverse("tournament", args=[tournament.event_id]), 302)]
    html = response.content.decode()
    assert f'href="{reverse("duplicate-director", args=[tournament.event_id])}"' in html


def test_a_duplicate_tournament_moves_with_its_club_boards_plays_and_fouled_marks_kept():
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1, tables=(1, 2))
    director = make_user()
    duplicate.board_foul(planned=_planned(tournament, 1, 3), board_number=9, reason="KS in two pockets", user=director)

    def boards_and_plays(tournament):
        boards = [(b.round, b.number, b.dealer, b.hands) for b in Board.objects.filter(tournament=tournament)]
        plays = [
            (
                p.board.number,
                p.planned_table.number,
                p.deal and (p.deal.table.token, p.deal.position),
                p.fouled,
                p.fouled_reason,
                p.fouled_by and p.fouled_by.username,
            )
            for p in BoardPlay.objects.filter(board__tournament=tournament).order_by("board__number", "planned_table")
        ]
        return boards, plays

    before = boards_and_plays(tournament)
    # 12 boards; tables 1 and 2 play 8 each (two tours of four deals), table 3 has only its fouled mark.
    assert len(before[0]) == 12 and len(before[1]) == 8 + 8 + 1
    assert [play for play in before[1] if play[3]] == [(9, 3, None, True, "KS in two pockets", director.username)]
    club = tournament.event.club
    document = club_export(club=club)
    for section in reversed(SECTIONS):
        section.model._base_manager.filter(**{section.club_path: club}).delete()
    club.delete()
    moved, _warnings = club_import(document=document)
    assert boards_and_plays(Tournament.objects.get(event__club=moved)) == before


def test_the_table_tournaments_standings_cards_and_reports_send_a_duplicate_to_its_own_pages(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    _director_client(client, tournament)
    event = tournament.event_id
    token = event_link_make(event=tournament.event).token
    director_page = reverse("duplicate-director", args=[event])
    for name, args in (
        ("tournament-standings", [event]),
        ("tournament-live", [event]),
        ("tournament-card", [event, 1]),
        ("tournament-round-report", [event, 1]),
    ):
        assert client.get(reverse(name, args=args))["Location"] == director_page, name
    printed = reverse("duplicate-results-pdf", args=[event])
    assert client.get(reverse("event-report", args=[event]))["Location"] == printed
    asked = client.get(reverse("event-report", args=[event]), {"lang": "fr", "paper": "letter"})["Location"]
    assert asked == f"{printed}?lang=fr&paper=letter"
    results = reverse("duplicate-results", args=[token])
    assert client.get(reverse("public-standings", args=[token]))["Location"] == results
    assert client.get(reverse("public-live", args=[token]))["Location"] == results
    card = reverse("duplicate-card", args=[token, 3])
    assert client.get(reverse("public-card", args=[token, 3]))["Location"] == card


def test_the_club_results_site_ranks_a_closed_duplicate_tournament_over_its_boards(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    event_close(event=tournament.event)
    club_site_set(club=tournament.event.club, published=True)
    html = client.get(reverse("club-site-event", args=[tournament.event.club_id, tournament.event_id])).content
    html = html.decode()
    # The same rows as the tournament's own results page: place, entrant, matchpoints, percentage, tops.
    rows = standings_rows(duplicate.duplicate_results(tournament=tournament))
    assert len(rows) == 12
    for row in rows:
        assert f"<td>{row['place']}</td><td>{row['number']} {row['name']}</td><td>{row['total']}</td>" in html
    assert 'class="standings dup-standings"' in html and "Chips" not in html.split("Final standings")[1]


def test_a_duplicate_tournaments_document_carries_its_boards_and_imports_back_the_same(tmp_path):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    duplicate.board_foul(planned=_planned(tournament, 1, 3), board_number=9, reason="KS in two pockets")
    play_round(tournament, 1, tables=(1, 2))
    play_round(tournament, 1, tables=(3,))
    duplicate.board_foul(planned=_planned(tournament, 1, 2), board_number=5, reason="a card on the floor")
    duplicate.round_boards_deal(tournament=tournament, number=2)  # round 2 not started: its boards are dealt
    path = tmp_path / "duplicate.json"
    call_command("export_tournament", str(tournament.event_id), "-o", str(path))
    raw = json.loads(path.read_text())
    parsed = parse_tournament(raw)
    assert [board.board for board in parsed.boards] == list(range(1, 25))
    # Each of the three tables played its eight boards of round 1, in the order the movement sent them.
    first = parsed.rounds[0]
    for table in first.tables:
        planned = _planned(tournament, 1, table.table)
        assert table.boards == duplicate.table_boards(planned=planned).order and len(table.deals) == 8
    assert [t.fouled for t in first.tables] == [(), (5,), (9,)]
    assert raw["seed_sha256"] == tournament.seed_sha256

    call_command("import_tournament", str(path), stdout=io.StringIO())
    imported = Tournament.objects.exclude(pk=tournament.pk).get()
    again = tmp_path / "again.json"
    call_command("export_tournament", str(imported.event_id), "-o", str(again))
    assert json.loads(again.read_text()) == raw
    # The boards keep their rounds (1-12 round 1, 13-24 round 2) and the pages score the import as the original.
    assert sorted(Board.objects.filter(tournament=imported).values_list("round", flat=True)) == [1] * 12 + [2] * 12
    original = standings_rows(duplicate.duplicate_results(tournament=tournament))
    assert standings_rows(duplicate.duplicate_results(tournament=imported)) == original
    assert duplicate.round_published(tournament=imported, number=1)


def test_a_duplicate_document_with_a_board_no_round_plays_is_refused_whole(tmp_path):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    path = tmp_path / "duplicate.json"
    call_command("export_tournament", str(tournament.event_id), "-o", str(path))
    raw = json.loads(path.read_text())
    # Two rounds of three tables and two tours use boards 1 to 24: board 25 is dealt for no round.
    raw["boards"].append({**raw["boards"][0], "board": 25})
    path.write_text(json.dumps(raw))
    with pytest.raises(CommandError, match=r"boards\[12\]\.board: board 25 is played in no round"):
        call_command("import_tournament", str(path))
    assert Tournament.objects.count() == 1


def test_a_page_that_cannot_score_a_recorded_deal_says_why_instead_of_failing(rf):
    from scorekeeper.engine import EngineError
    from scorekeeper.tournaments.views_duplicate import scored_or_explained

    @scored_or_explained
    def page(request):
        raise EngineError("tricks_invalid", "rounds[0].tables[2].deals[0].tricks", "tricks must be 0 to 10")

    response = page(rf.get("/"))
    text = response.content.decode()
    assert response.status_code == 409
    assert "The results cannot be scored while a recorded deal breaks the rules:" in text
    assert "rounds[0].tables[2].deals[0].tricks" in text


def test_striking_an_early_board_deal_is_refused_as_it_would_pass_the_later_boards_to_other_dealers(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    play_round(tournament, 1, tables=(1,))
    _director_client(client, tournament)
    token = planned.table.token
    # Struck, deal 1 (board 1) would let deal 2 (board 2, dealt by seat 2) be dealt by seat 1: refused, nothing moved.
    answer = client.post(reverse("deal-strike", args=[token, 1]), {"reason": "wrong board"}, follow=True)
    assert "Striking this deal would make deal 2 impossible: Its board fixes its dealer" in answer.content.decode()
    assert [d.dealer for d in planned.table.deals.order_by("position")] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert not planned.table.deals.filter(struck_at__isnull=False).exists()
    assert duplicate.duplicate_results(tournament=tournament).round(1) is not None  # still scored
    # The last deal (board 8, dealt by seat 4) can be struck: board 8 is the one to record again.
    client.post(reverse("deal-strike", args=[token, 8]), {"reason": "wrong tricks"})
    state = duplicate.table_boards(planned=planned)
    assert state.next_board == state.order[-1] and state.next_dealer == 3


def test_a_duplicate_table_refuses_an_interchange_file_with_its_boards_kept(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    play_round(tournament, 1, tables=(1,))
    _director_client(client, tournament)
    # The table's own export, imported in place of its deals: refused, not a server error, nothing replaced.
    exported = client.get(reverse("table-export-json", args=[planned.table.token])).content
    upload = io.BytesIO(exported)
    upload.name = "table.json"
    answer = client.post(
        reverse("table-import", args=[planned.table.token]), {"file": upload, "replace": "1"}, follow=True
    )
    assert "Nothing was imported. This table plays a duplicate round" in answer.content.decode()
    assert BoardPlay.objects.filter(planned_table=planned, deal__isnull=False).count() == 8


def test_the_event_log_words_the_duplicate_actions_in_the_readers_language(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    director_page = reverse("duplicate-director", args=[tournament.event_id])
    client.post(director_page, {"action": "deal", "round": "1"})
    round_open(tournament=tournament, number=1)
    client.post(director_page, {"action": "foul", "round": "1", "table": "3", "board": "1", "reason": "KS twice"})
    page = client.get(reverse("tournament", args=[tournament.event_id])).content.decode()
    log = page.split("Event log")[1]
    for words in (
        "Tournament planned",
        "Plan confirmed",
        "Boards dealt",
        "round 1: 12 boards",
        "Round opened",
        "Board marked fouled",
        "board 1 at table 3 of round 1: KS twice",
    ):
        assert words in log, words
    for code in ("boards_dealt", "board_fouled", "round_opened"):
        assert code not in log
    client.cookies["django_language"] = "fr"
    log = client.get(reverse("tournament", args=[tournament.event_id])).content.decode().split("Journal")[1]
    assert "Donnes distribuées" in log and "tour de table 1 : 12 donnes" in log
    assert "Donne marquée faussée" in log and "donne 1 à la table 3 du tour de table 1 : KS twice" in log


def test_a_board_the_director_marks_fouled_is_scored_apart_shown_under_the_standings_and_play_goes_on(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    director_page = reverse("duplicate-director", args=[tournament.event_id])
    open_round(tournament, 1)
    assert "Mark a board fouled at a table" in client.get(director_page).content.decode()
    client.post(director_page, {"action": "foul", "round": "1", "table": "1", "board": "5", "reason": "9 cards"})
    play_round(tournament, 1)  # table 1 plays board 5 on the fouled cards: its hombre (seat 2) wins, as elsewhere
    results = duplicate.duplicate_results(tournament=tournament)
    assert duplicate.round_published(tournament=tournament, number=1)
    board_5 = next(b for b in results.round(1).result.boards if b.board == 5)
    # Table 1's fouled play and table 2's play of the cards are each alone: the average, N − 1 = 1, 0 IMPs.
    assert [(s.table, s.fouled, s.matchpoints, s.imps) for s in board_5.scores] == [
        (1, True, (100, 100, 100, 100), (0, 0, 0, 0)),
        (2, False, (100, 100, 100, 100), (0, 0, 0, 0)),
    ]
    # Without the fouling table 1's seats made 25 % and table 2's 62.50 % (see above); board 5 now gives each seat
    # 1 of its top 2: table 1's hombre on it 3 of 16 (18.75 %), its defenders 5 (31.25 %); at table 2 its hombre
    # 11 (68.75 %), its defenders 9 (56.25 %); table 3 keeps 10 (62.50 %).
    one, two = _seats(tournament, 1), list(_planned(tournament, 1, 2).seats)
    expected = dict.fromkeys(range(1, 13), 6250)
    expected.update({one[0]: 3125, one[1]: 1875, one[2]: 3125, one[3]: 3125})
    expected.update({two[0]: 5625, two[1]: 6875, two[2]: 5625, two[3]: 5625})
    assert results.percents == expected
    words = "Round 1, board 5 at table 1: fouled, the only play of its cards; the average."
    assert words in client.get(director_page).content.decode()
    # The printed results give the same: table 2's hombre on board 5 68.75 %, table 1's 18.75 %, the fouled board.
    printed = client.get(reverse("duplicate-results-pdf", args=[tournament.event_id]))
    assert printed["Content-Type"] == "application/pdf"
    text = _pdf_text(printed.content)
    names = {row["number"]: row["name"] for row in standings_rows(results)}
    line_of = {
        number: next(line for line in text.splitlines() if f" {number} {name} " in f"{line} ")
        for number, name in names.items()
    }
    level = next(number for number in names if expected[number] == 6250)  # table 3's seats keep 62.50 %
    assert "68.75" in line_of[two[1]] and "18.75" in line_of[one[1]] and "62.50" in line_of[level]
    assert words in " ".join(text.split()) and "Provisional" not in text
    token = event_link_make(event=tournament.event).token
    assert words in client.get(reverse("duplicate-results", args=[token])).content.decode()
    # The tournament goes on: round 2 opens once round 1's tables have ended.
    end_round_tables(tournament, 1)
    opened = client.post(reverse("tournament-change", args=[tournament.event_id]), {"action": "open", "round": "2"})
    assert opened.status_code == 302
    assert tournament.planned_rounds.get(number=2).started


def test_a_fouled_board_the_table_cannot_play_has_no_result_the_table_plays_on_and_it_scores_the_average(
    client, tmp_path
):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    open_round(tournament, 1)
    director_page = reverse("duplicate-director", args=[tournament.event_id])
    client.post(director_page, {"action": "foul", "round": "1", "table": "1", "board": "2", "reason": "KC missing"})
    planned = _planned(tournament, 1, 1)
    board_page = reverse("board-entry", args=[planned.table.token])
    duplicate.board_deal_record(planned=planned, board_number=1, record=solo(1, 6), position=1)
    assert "Board 2: no result" in client.get(board_page).content.decode()
    refused = client.post(board_page, {"action": "no_result", "board": "3", "idempotency_key": "k3"}, follow=True)
    assert "Only the next board, when the director has marked it fouled" in refused.content.decode()
    answer = client.post(board_page, {"action": "no_result", "board": "2", "idempotency_key": "k2"}, follow=True)
    assert "Board 2 has no result at this table: it scores the average." in answer.content.decode()
    # Recorded with no result, the board keeps its mark: only a fouled board may be left without one.
    kept = client.post(director_page, {"action": "unfoul", "round": "1", "table": "1", "board": "2"}, follow=True)
    assert "Board 2 is recorded with no result at table 1, which only a fouled board may be" in kept.content.decode()
    assert BoardPlay.objects.get(board__number=2, planned_table=planned).fouled
    assert "Board 3" in answer.content.decode() and "Dealt by" in answer.content.decode()
    # The void record passed the deal: board 3 is dealt by its own dealer, seat 3, and the table plays on.
    for position, board in enumerate((3, 4, 5, 6, 7, 8), start=3):
        duplicate.board_deal_record(planned=planned, board_number=board, record=solo(board, 6), position=position)
    table = planned.table
    for seat in range(4):  # seven results and a board with none: the round is complete, signed and ended
        table_services.table_sign(table=table, seat=seat)
    table.refresh_from_db()
    assert table.ended_at is not None
    play_round(tournament, 1, tables=(2, 3))
    assert duplicate.round_published(tournament=tournament, number=1)

    results = duplicate.duplicate_results(tournament=tournament)
    board_2 = next(b for b in results.round(1).result.boards if b.board == 2)
    # Table 1 has no result (fouled), table 3 is alone with the board's cards: both the average, N − 1 = 1.
    assert [(s.table, s.fouled, s.values, s.matchpoints, s.imps) for s in board_2.scores] == [
        (1, True, None, (100, 100, 100, 100), (0, 0, 0, 0)),
        (3, False, (1, 1, -3, 1), (100, 100, 100, 100), (0, 0, 0, 0)),
    ]
    # Board 2's hombre is seat 3 (dealer seat 2's right): at table 1 he had 2 of 2 on it, now 1: 3 of 16
    # (18.75 %), his defenders 5 (31.25 %); at table 3 (remise) he had 0, now 1: 11 (68.75 %), the others 9
    # (56.25 %); table 2 keeps 10 (62.50 %).
    one, three = _seats(tournament, 1), list(_planned(tournament, 1, 3).seats)
    expected = dict.fromkeys(range(1, 13), 6250)
    expected.update({one[0]: 3125, one[1]: 3125, one[2]: 1875, one[3]: 3125})
    expected.update({three[0]: 5625, three[1]: 5625, three[2]: 6875, three[3]: 5625})
    assert results.percents == expected
    assert "Round 1, board 2 at table 1: fouled, no result; the average." in client.get(director_page).content.decode()

    # The document carries the board with no result (a void record on board 2) and imports back the same.
    path, again = tmp_path / "e2.json", tmp_path / "again.json"
    call_command("export_tournament", str(tournament.event_id), "-o", str(path))
    raw = json.loads(path.read_text())
    assert raw["rounds"][0]["tables"][0]["deals"][1] == {"board": 2, "dealer": 1, "void": True}
    call_command("import_tournament", str(path), stdout=io.StringIO())
    imported = Tournament.objects.exclude(pk=tournament.pk).get()
    call_command("export_tournament", str(imported.event_id), "-o", str(again))
    assert json.loads(again.read_text()) == raw


def test_the_director_page_links_each_playing_tables_board_entry(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    page = reverse("duplicate-director", args=[tournament.event_id])
    assert "board entry" not in client.get(page).content.decode()  # no round started: no table to enter at
    open_round(tournament, 1)
    html = client.get(page).content.decode()
    for number in (1, 2, 3):  # three tables, each plays 8 of the round's 12 boards
        token = _planned(tournament, 1, number).table.token
        entry = reverse("board-entry", args=[token])
        assert f'Table {number}: 0 of 8 boards · <a href="{entry}">board entry</a>' in html


def test_a_score_card_says_a_bye_round_in_words():
    # 13 entrants at 3 tables: one bye a round. Round 1 played at every table; the bye's card says what he scored.
    tournament, _schedule, _players = make_tournament(
        entrants=13,
        sessions=(2,),
        options={"session.tours": 2},
        tournament_options={"tournament.format": "duplicate", "tournament.method": "matchpoints"},
    )
    tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    play_round(tournament, 1)
    (bye,) = tournament.planned_rounds.get(number=1).byes
    token = event_link_make(event=tournament.event).token
    page = Client().get(reverse("duplicate-card", args=[token, bye])).content.decode()
    results = duplicate.duplicate_results(tournament=tournament)
    (entry,) = [e for e in results.result.standings.row(bye).entries if e.round == 1]
    assert entry.kind == "bye"
    # His own average over the rounds he played: none yet, so 0.00 (T-51), said where the boards would be.
    assert "A bye: 0.00, the entrant's own average." in html.unescape(page) and hundredths(entry.score) == "0.00"


def test_a_refused_foul_mark_says_why_beside_its_field_and_keeps_what_was_typed(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    director_page = reverse("duplicate-director", args=[tournament.event_id])
    open_round(tournament, 1)
    typed = {"action": "foul", "round": "1", "table": "2", "board": "13", "reason": "KS <b>twice</b>"}
    answer = client.post(director_page, typed)
    assert answer.status_code == 400
    page = answer.content.decode()
    after_board = page.split('id="id_foul1_board">')[1]
    # Round 1 deals boards 1 to 12 (make_duplicate: three tables, four boards a set): board 13 is not among them.
    assert after_board.startswith(
        '</label><p class="error" role="alert">Board 13 is not played in this round: its boards are 1 to 12.</p>'
    )
    assert 'name="board" value="13"' in page and 'value="KS &lt;b&gt;twice&lt;/b&gt;"' in page
    assert '<option value="2" selected>2</option>' in page
    assert not BoardPlay.objects.filter(fouled=True).exists()

    answer = client.post(director_page, {**typed, "board": "1", "reason": "   "})
    assert answer.status_code == 400
    after_reason = answer.content.decode().split('id="id_foul1_reason">')[1]
    assert after_reason.startswith('</label><p class="error" role="alert">Say why the board is fouled.</p>')
    assert not BoardPlay.objects.filter(fouled=True).exists()

    answer = client.post(director_page, {**typed, "table": "1", "board": "1"}, follow=True)
    assert answer.redirect_chain and "Board 1 is marked fouled at table 1" in answer.content.decode()
    assert BoardPlay.objects.get(fouled=True).fouled_reason == "KS <b>twice</b>"
    # Nothing is played yet: the printed results say they are provisional.
    printed = _pdf_text(client.get(reverse("duplicate-results-pdf", args=[tournament.event_id])).content)
    assert "Provisional: some tables have boards still to play." in printed


def test_a_duplicate_table_signs_its_boards_as_recorded_not_chip_balances(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    table = _planned(tournament, 1, 1).table
    page = client.get(reverse("table", args=[table.token])).content.decode()
    panel = page.split('id="round-complete"')[1].split("</section>")[0]
    assert "Every board of the round is recorded." in panel
    assert "Final balances" not in panel and 'class="balance"' not in panel
    assert "agree with the boards as recorded on this sheet" in panel
    signed = client.post(reverse("table-sign", args=[table.token]), {"seat": "0"}, follow=True).content.decode()
    assert f"{table.seat_0.name} agrees with the boards as recorded." in signed


def test_a_recorded_board_links_to_its_deal_where_it_is_seen_and_corrected(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    token = planned.table.token
    # Table 1 plays set 1 (boards 1-4) at stage 1 and set 2 (boards 5-8) at stage 2: deals 1 to 8 in that order.
    state = duplicate.table_boards(planned=planned)
    assert state.positions == tuple((board, board) for board in range(1, 9))
    page = client.get(reverse("board-entry", args=[token])).content.decode()
    links = ", ".join(f'<a href="{reverse("deal", args=[token, board])}">{board}</a>' for board in range(1, 9))
    assert f'8 boards recorded: <span class="tap-links">{links}</span></p>' in page
    assert "Tap a recorded board's number to see it, or to correct it." in page
    deal = client.get(reverse("deal", args=[token, 6])).content.decode()
    assert '<p class="muted">Board 6</p>' in deal


def test_the_board_page_names_who_plays_for_a_seat_and_deals_for_it(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    substitute_add(planned_table=planned, seat=0, from_deal=None, name="Zoe <i>")
    entrant = planned.table.seat_0.name
    page = client.get(reverse("board-entry", args=[planned.table.token])).content.decode()
    # Board 1 is dealt by seat 1 (boards 1, 5, 9 … by seat 1), where Zoe plays for the entrant.
    assert f"Dealt by {entrant}, played by Zoe &lt;i&gt; (seat 1)" in page
    assert f'<p class="muted">{entrant}: played by Zoe &lt;i&gt;</p>' in page
    # The seats' buttons name who is at the table.
    hombre = page.split('id="f-hombre"')[1].split("</fieldset>")[0]
    assert 'value="0" id="id_hombre_0" required><span>Zoe &lt;i&gt;</span>' in hombre and entrant not in hombre


def test_a_duplicate_player_s_report_gives_his_place_and_matchpoints(client):
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    play_round(tournament, 1)
    player = _planned(tournament, 1, 1).table.seat_0
    # Round 1 by hand (see the fouled-board test): table 1's seats make 25 % of a top of 16 (4 matchpoints), every
    # other seat 62.50 %: table 1's four share the ninth place of twelve.
    assert gather.personal_report_for(tournament.event, player).standing == (
        "Tournament: place =9 of 12, 4.00 matchpoints (25.00 %). The boards are scored against the other tables, "
        "not by the chips below."
    )


def test_a_second_phone_whose_board_was_saved_by_the_first_corrects_its_number_and_saves_with_its_entries(client):
    """Phones A and B show table 1's board page at its first deal. A saves board 1; B, told board 1 is already
    recorded, changes its number to 2 (dealt by seat 2) and saves: its entries are saved as board 2."""
    tournament, _ = make_duplicate()
    open_round(tournament, 1)
    planned = _planned(tournament, 1, 1)
    url = reverse("board-entry", args=[planned.table.token])
    entries = {"position": "1", "contract": "solo", "trump": "S", "tricks": "6"}
    assert client.post(url, {**entries, "idempotency_key": "a1", "board": "1", "hombre": "1"}).status_code == 302
    refused = client.post(url, {**entries, "idempotency_key": "b1", "board": "1", "hombre": "2"})
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "Board 1 is already recorded at this table." in page
    assert 'name="position" value="2"' in page  # the form is for the table's next deal now
    assert 'value="2" id="id_hombre_2" required checked' in page  # B's hombre kept
    # B posts what its page now holds, with the board's number corrected.
    saved = client.post(url, {**entries, "position": "2", "idempotency_key": "b1", "board": "2", "hombre": "2"})
    assert saved.status_code == 302
    assert [(d.position, d.board_play.board.number, d.hombre) for d in planned.table.deals.order_by("position")] == [
        (1, 1, 1),
        (2, 2, 2),
    ]

    # A phone whose page is older still (its position 2, the table at 3) keeps its entries and is told why.
    stale = client.post(url, {**entries, "position": "2", "idempotency_key": "c1", "board": "3", "hombre": "3"})
    assert stale.status_code == 400
    page = stale.content.decode()
    assert "Another phone saved a board at this table meanwhile" in page and 'name="position" value="3"' in page
    assert planned.table.deals.count() == 2


def test_a_fouled_mark_made_by_mistake_is_taken_back_and_the_board_is_compared_again(client):
    tournament, _ = make_duplicate()
    _director_client(client, tournament)
    director_page = reverse("duplicate-director", args=[tournament.event_id])
    open_round(tournament, 1)
    client.post(director_page, {"action": "foul", "round": "1", "table": "1", "board": "5", "reason": "table 2 meant"})
    play_round(tournament, 1)
    page = client.get(director_page).content.decode()
    assert "Take back the mark on board 5 at table 1" in page
    answer = client.post(director_page, {"action": "unfoul", "round": "1", "table": "1", "board": "5"}, follow=True)
    page = answer.content.decode()
    assert "Board 5 is no longer marked fouled at table 1: its play is compared with the others." in page
    assert "Take back the mark" not in page and "Fouled boards" not in page
    # Without the mark, by hand (see the fouled-board test): table 1's seats make 25 %, the others 62.50 %.
    one = _seats(tournament, 1)
    expected = dict.fromkeys(range(1, 13), 6250) | dict.fromkeys(one, 2500)
    assert duplicate.duplicate_results(tournament=tournament).percents == expected
    log = html.unescape(client.get(reverse("tournament", args=[tournament.event_id])).content.decode())
    log = log.split("Event log")[1]
    assert "Board's fouled mark taken back" in log and "board 5 at table 1 of round 1" in log
    again = client.post(director_page, {"action": "unfoul", "round": "1", "table": "1", "board": "5"}, follow=True)
    assert "Board 5 is not marked fouled at table 1." in again.content.decode()
