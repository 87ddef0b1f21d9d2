"""A duplicate round's sheets. The folder preparation sheet: every pocket's cards as the hand records hold them, sets
in the order they travel, the check sheet, in the club's language, rendered by pdftoppm with its suit symbols. The
movement sheet: the director's grid and each table's card."""

from __future__ import annotations

import io
import random
import subprocess

from django.utils import translation
from PIL import Image
from pypdf import PdfReader

from scorekeeper.engine.tournament.boards import HandRecord, deal_boards
from scorekeeper.engine.tournament.movement import Movement
from scorekeeper.reports.duplicate import MovementSheet, folder_sheet, folder_sheet_data, movement_sheet

# Three tables of four tours: four sets, the fourth starting on the relay stand.
MOVEMENT = Movement(tables=3, stages=4)
RECORDS = {record.board: record for record in deal_boards(1, 16, random.Random(27))}
SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}


def sheet(language: str = "en", club: str = "Bath Quadrille Circle") -> bytes:
    data = folder_sheet_data(
        club=club,
        event="Spring duplicate",
        round_number=1,
        movement=MOVEMENT,
        records=RECORDS,
        generated="2026-05-16 18:00",
    )
    with translation.override(language):
        return folder_sheet(data)


def lines_of(pdf: bytes) -> list[str]:
    return [line.strip() for page in PdfReader(io.BytesIO(pdf)).pages for line in page.extract_text().splitlines()]


def pocket_lines(record: HandRecord, seat: int, ranks: dict[str, str]) -> list[str]:
    """The four lines of a pocket, written out here from the hand record: suit by suit, from the ace down."""
    lines = []
    for suit in "SCHD":
        held = [card[0] for card in record.hands[seat] if card[1] == suit]
        held.sort(key="AKQJ765432".index)
        lines.append(f"{SYMBOLS[suit]} {' '.join(ranks.get(r, r) for r in held) or '—'}")
    return lines


def block_lines(record: HandRecord, words: dict[str, str], ranks: dict[str, str]) -> list[str]:
    lines = [words["board"] % record.board, words["dealt"] % (record.dealer + 1)]
    for seat in range(4):
        heading = words["seat"] % (seat + 1) + (f" · {words['deals']}" if seat == record.dealer else "")
        lines += [heading, *pocket_lines(record, seat, ranks)]
    return lines


ENGLISH = {"board": "Board %s", "dealt": "dealt by seat %s", "seat": "Seat %s", "deals": "deals"}
FRENCH = {"board": "Donne %s", "dealt": "donneur : place %s", "seat": "Place %s", "deals": "donne"}


def contains_in_order(lines: list[str], wanted: list[str]) -> bool:
    text = "\n".join(lines)
    return "\n".join(wanted) in text


def test_every_pocket_lists_exactly_the_cards_of_its_hand_record():
    lines = lines_of(sheet())
    for record in RECORDS.values():
        assert contains_in_order(lines, block_lines(record, ENGLISH, {})), record.board
    # Every card of the pack once per board: 16 boards × 40 cards.
    cards = sum(len(line.split()) - 1 for line in lines if line[:1] in SYMBOLS.values() and not line.endswith("—"))
    assert cards == 16 * 40


def test_the_sets_are_grouped_as_they_travel_and_the_check_sheet_ends_it():
    pdf = sheet()
    lines = lines_of(pdf)
    headings = [line for line in lines if line.startswith("Set ") and "·" in line]
    assert headings == [
        "Set 1 · boards 1–4 · by stage: table 1 → relay stand → table 3 → table 2",
        "Set 2 · boards 5–8 · by stage: table 2 → table 1 → relay stand → table 3",
        "Set 3 · boards 9–12 · by stage: table 3 → table 2 → table 1 → relay stand",
        "Set 4 · boards 13–16 · by stage: relay stand → table 3 → table 2 → table 1",
    ]
    reader = PdfReader(io.BytesIO(pdf))
    last = reader.pages[-1].extract_text().splitlines()
    assert last[0] == "Check sheet: round 1"
    # One row a board: its number, its dealer, a box to tick for each of the four pockets, where it starts.
    assert contains_in_order(last, ["13", "Seat 1", "☐ 10", "☐ 10", "☐ 10", "☐ 10", "relay stand"])
    assert sum(line == "☐ 10" for line in last) == 64
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [595, 842]


def test_in_french_with_the_ranks_of_french_cards():
    lines = lines_of(sheet("fr"))
    ranks = {"K": "R", "Q": "D", "J": "V"}
    for record in RECORDS.values():
        assert contains_in_order(lines, block_lines(record, FRENCH, ranks)), record.board
    assert lines[0].startswith("Feuille de préparation des étuis : Bath Quadrille Circle")
    assert "Feuille de contrôle : tour de table 1" in lines


def test_a_club_name_is_printed_as_typed():
    lines = lines_of(sheet(club="<b>Aces</b> & Kings"))
    assert lines[0].startswith("Folder preparation sheet: <b>Aces</b> & Kings · Spring duplicate")


def test_pdftoppm_renders_every_page_with_red_hearts_and_diamonds(tmp_path):
    pdf = sheet()
    (tmp_path / "folders.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(tmp_path / "folders.pdf"), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == len(PdfReader(io.BytesIO(pdf)).pages) == 3
    image = Image.open(pages[0]).convert("RGB")
    # The red suit symbols print: pixels close to the sheet's red (#b3261e), which nothing else on the page uses.
    pixels = image.tobytes()
    red = sum(1 for i in range(0, len(pixels), 3) if pixels[i] > 140 and pixels[i + 1] < 90 and pixels[i + 2] < 90)
    assert red > 200


# The movement sheet: the director's grid and a card for each table.


def movement_lines(movement: Movement, language: str = "en") -> list[str]:
    with translation.override(language):
        pdf = movement_sheet(MovementSheet("Bath Quadrille Circle", "Spring duplicate", 1, movement, "2026-05-16"))
    return lines_of(pdf)


def card(lines: list[str], heading: str) -> list[tuple[str, ...]]:
    """The rows (stage, set, boards, where the set goes next) of one table's card."""
    start = lines.index(heading) + 5  # the heading, then the four column headings
    rows = []
    while start + 3 < len(lines) and lines[start].isdigit():
        rows.append(tuple(lines[start : start + 4]))
        start += 4
    return rows


def test_the_movement_card_of_each_table_says_where_each_set_goes_next():
    lines = movement_lines(MOVEMENT)
    # Three tables, four stages: the set at table 1 goes to the relay stand, table 3 takes the front of its queue.
    assert "relay stand, and table 3 takes the set at its front." in lines
    assert card(lines, "Round 1 · table 1") == [
        ("1", "1", "1–4", "relay stand"),
        ("2", "2", "5–8", "relay stand"),
        ("3", "3", "9–12", "relay stand"),
        ("4", "4", "13–16", "the director"),
    ]
    assert card(lines, "Round 1 · table 3") == [
        ("1", "3", "9–12", "table 2"),
        ("2", "4", "13–16", "table 2"),
        ("3", "1", "1–4", "table 2"),
        ("4", "2", "5–8", "the director"),
    ]
    # The director's grid, a row a stage: each table's set and its boards, then the sets on the relay stand.
    grid = lines[lines.index("Relay stand") + 1 :]
    assert grid[:8] == ["1", "Set 1", "1–4", "Set 2", "5–8", "Set 3", "9–12", "Set 4"]
    assert grid[24:32] == ["4", "Set 4", "13–16", "Set 1", "1–4", "Set 2", "5–8", "Set 3"]


def test_with_as_many_sets_as_tables_the_set_at_table_one_goes_to_the_last_table_in_french():
    lines = movement_lines(Movement(tables=4, stages=2, first_set=5), "fr")
    assert lines[0] == "Mouvement : Bath Quadrille Circle · Spring duplicate · tour de table 1"
    assert "Table relais" not in lines
    assert card(lines, "Tour de table 1 · table 1") == [
        ("1", "5", "17–20", "table 4"),
        ("2", "6", "21–24", "le directeur"),
    ]
