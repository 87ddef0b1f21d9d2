"""A duplicate round's printed sheets: data in, PDF bytes out (TOURNAMENTS.md T-59, T-64 … T-66).

The folder preparation sheet is for whoever fills the pockets before the round: one block per board (its number,
its dealer, and the ten cards of each seat's pocket by suit), the boards grouped in their sets as the sets travel,
and a check sheet to tick each pocket. The movement sheet is the director's grid of which table plays which set at
each stage, followed by a card for each table saying where each set goes next. Words are in the active language
(the caller chooses it: the club's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from scorekeeper.drawing.charts import BOLD, FONT
from scorekeeper.engine.cards import SUITS
from scorekeeper.engine.tournament.boards import HandRecord, sort_hand
from scorekeeper.engine.tournament.movement import Movement
from scorekeeper.reports.documents import FELT, H2, SMALL, TEXT, TITLE, _build, _generated, _small_table, _text

SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
RED = "#b3261e"
POCKET = ParagraphStyle("pocket", fontName=FONT, fontSize=9.5, leading=12.5)
BOARD = ParagraphStyle("board", fontName=BOLD, fontSize=11, leading=14)
SET = ParagraphStyle("set", parent=H2, textColor=FELT, spaceBefore=4)
LINE = colors.HexColor("#b9b3a3")


@dataclass(frozen=True)
class FolderSet:
    """A set of four boards and where it is at each stage: a table's number, or None on the relay stand."""

    number: int
    route: tuple[int | None, ...]
    boards: tuple[HandRecord, ...]


@dataclass(frozen=True)
class FolderSheet:
    club: str
    event: str
    round: int
    sets: tuple[FolderSet, ...]
    generated: str


def folder_sheet_data(
    *,
    club: str,
    event: str,
    round_number: int,
    movement: Movement,
    records: Mapping[int, HandRecord],
    generated: str,
) -> FolderSheet:
    """The sheet of a round: its sets in the order they are laid out at the start (table 1 … K, then the relay
    stand's queue), each with its route and its boards' hand records."""
    sets = []
    for number in movement.set_numbers:
        route = tuple(movement.table_of(number, stage) for stage in range(1, movement.stages + 1))
        first = 4 * number - 3
        sets.append(FolderSet(number, route, tuple(records[board] for board in range(first, first + 4))))
    return FolderSheet(club, event, round_number, tuple(sets), generated)


def _rank(rank: str) -> str:
    """A rank as the club's cards print it (R D V in French, K D B in German…); the spot cards are numbers."""
    names = {
        "A": pgettext("card rank: ace", "A"),
        "K": pgettext("card rank: king", "K"),
        "Q": pgettext("card rank: queen", "Q"),
        "J": pgettext("card rank: jack", "J"),
    }
    return names.get(rank, rank)


def _suit_line(hand: Sequence[str], suit: str) -> str:
    ranks = " ".join(_rank(card[0]) for card in sort_hand(hand) if card[1] == suit) or "—"
    symbol = SYMBOLS[suit]
    if suit in ("H", "D"):
        symbol = f'<font color="{RED}">{symbol}</font>'
    return f"{symbol} {escape(ranks)}"


def _seat(seat: int) -> str:
    return _("Seat %(seat)s") % {"seat": seat + 1}


def _pocket(record: HandRecord, seat: int) -> Paragraph:
    heading = escape(_seat(seat))
    if seat == record.dealer:
        heading += " · " + escape(pgettext("the seat that deals a board", "deals"))
    lines = [f"<b>{heading}</b>"] + [_suit_line(record.hands[seat], suit) for suit in SUITS]
    return Paragraph("<br/>".join(lines), POCKET)


def _board_block(record: HandRecord) -> Table:
    label = Paragraph(escape(pgettext("duplicate board", "Board %(board)s") % {"board": record.board}), BOARD)
    dealer = _text(_("dealt by seat %(seat)s") % {"seat": record.dealer + 1}, SMALL)
    block = Table(
        [[[label, dealer], *(_pocket(record, seat) for seat in range(4))]], colWidths=[28 * mm] + [40.5 * mm] * 4
    )
    block.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 0.6, LINE),
                ("LINEBEFORE", (1, 0), (-1, -1), 0.25, LINE),
                ("BACKGROUND", (0, 0), (0, 0), colors.HexColor("#f3efe4")),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return block


def _place(table: int | None) -> str:
    return _("relay stand") if table is None else _("table %(table)s") % {"table": table}


def _route(folder_set: FolderSet) -> str:
    return " → ".join(_place(table) for table in folder_set.route)


def _set_heading(folder_set: FolderSet) -> str:
    first = folder_set.boards[0].board
    return _("Set %(set)s · boards %(first)s–%(last)s · by stage: %(route)s") % {
        "set": folder_set.number,
        "first": first,
        "last": first + 3,
        "route": _route(folder_set),
    }


def _check_sheet(sheet: FolderSheet) -> list:
    box = "☐"
    rows = [[pgettext("duplicate board", "Board"), _("Dealer"), *(_seat(seat) for seat in range(4)), _("Starts at")]]
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 9),
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8efe9")),
        ("GRID", (0, 0), (-1, -1), 0.25, LINE),
        ("ALIGN", (2, 0), (5, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    for folder_set in sheet.sets:
        rows.append([_("Set %(set)s") % {"set": folder_set.number}, "", "", "", "", "", ""])
        row = len(rows) - 1
        style += [("SPAN", (0, row), (-1, row)), ("FONT", (0, row), (-1, row), BOLD, 9)]
        style.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor("#f3efe4")))
        for record in folder_set.boards:
            rows.append(
                [
                    str(record.board),
                    _seat(record.dealer),
                    *([f"{box} 10"] * 4),
                    _place(folder_set.route[0]),
                ]
            )
    grid = Table(rows, colWidths=[16 * mm, 22 * mm] + [26 * mm] * 4 + [34 * mm], repeatRows=1)
    grid.setStyle(TableStyle(style))
    return [
        _text(_("Check sheet: round %(round)s") % {"round": sheet.round}, TITLE),
        _text(_("Tick a pocket when its ten cards are in it and counted."), TEXT),
        Spacer(1, 4),
        grid,
        Spacer(1, 10),
        _text(_("Checked by: %(signature)s") % {"signature": "_" * 36}, TEXT),
    ]


def folder_sheet(sheet: FolderSheet, paper: str = "a4") -> bytes:
    """One block per board, sets together in the order they are laid out; then the check sheet."""
    title = _("Folder preparation sheet")
    story = [
        _text(
            _("Folder preparation sheet: %(club)s · %(event)s · round %(round)s")
            % {"club": sheet.club, "event": sheet.event, "round": sheet.round},
            TITLE,
        ),
        _text(
            _("Put each seat's ten cards into its pocket. Cards are listed by suit, from the ace down."),
            TEXT,
        ),
        Spacer(1, 2),
    ]
    for folder_set in sheet.sets:
        blocks = [_text(_set_heading(folder_set), SET)]
        for record in folder_set.boards:
            blocks += [_board_block(record), Spacer(1, 3)]
        story.append(KeepTogether(blocks))
    story.append(PageBreak())
    story += _check_sheet(sheet)
    return _build(story, paper, _generated(sheet.generated), f"{title} {sheet.event} {sheet.round}")


def check_sheet(sheet: FolderSheet, paper: str = "a4") -> bytes:
    """The check sheet alone, for whoever ticks the pockets while another fills them."""
    title = _("Check sheet: round %(round)s") % {"round": sheet.round}
    return _build(_check_sheet(sheet), paper, _generated(sheet.generated), f"{title} {sheet.event}")


# The movement sheet.


@dataclass(frozen=True)
class MovementSheet:
    club: str
    event: str
    round: int
    movement: Movement
    generated: str


def _set_cell(movement: Movement, number: int | None) -> str:
    if number is None:
        return ""
    first = 4 * number - 3
    return _("Set %(set)s") % {"set": number} + f"\n{first}–{first + 3}"


def _next_place(movement: Movement, number: int, stage: int) -> str:
    if stage == movement.stages:
        return _("the director")
    return _place(movement.table_of(number, stage + 1))


def _overview(movement: Movement) -> Table:
    relay = movement.sets > movement.tables
    header = [_("Stage"), *(_("Table %(number)s") % {"number": t} for t in range(1, movement.tables + 1))]
    if relay:
        header.append(capfirst(_("relay stand")))
    rows = [header]
    for stage in range(1, movement.stages + 1):
        row = [str(stage), *(_set_cell(movement, movement.set_at(t, stage)) for t in range(1, movement.tables + 1))]
        if relay:
            row.append("\n".join(_("Set %(set)s") % {"set": number} for number in movement.relay(stage)))
        rows.append(row)
    width = 190 * mm - 14 * mm
    columns = len(header) - 1
    grid = Table(rows, colWidths=[14 * mm] + [width / columns] * columns, repeatRows=1)
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 8),
                ("FONT", (0, 0), (-1, 0), BOLD, 8),
                ("FONT", (0, 1), (0, -1), BOLD, 10),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8efe9")),
                ("GRID", (0, 0), (-1, -1), 0.25, LINE),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return grid


def _table_card(sheet: MovementSheet, table: int) -> KeepTogether:
    movement = sheet.movement
    rows = [
        [
            _("Stage"),
            pgettext("duplicate set", "Set"),
            pgettext("duplicate boards", "Boards"),
            _("Then the set goes to"),
        ]
    ]
    for stage, number in enumerate(movement.sets_of_table(table), start=1):
        first = 4 * number - 3
        rows.append([str(stage), str(number), f"{first}–{first + 3}", _next_place(movement, number, stage)])
    grid = Table(rows, colWidths=[18 * mm, 18 * mm, 26 * mm, 60 * mm], hAlign="LEFT")
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 10),
                ("FONT", (0, 0), (-1, 0), BOLD, 8),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8efe9")),
                ("GRID", (0, 0), (-1, -1), 0.25, LINE),
                ("ALIGN", (0, 0), (2, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    heading = _("Round %(round)s · table %(number)s") % {"round": sheet.round, "number": table}
    return KeepTogether([_text(heading, SET), grid, Spacer(1, 8)])


def movement_sheet(sheet: MovementSheet, paper: str = "a4") -> bytes:
    """The director's grid (stages by tables, and the relay stand), then one card for each table."""
    movement = sheet.movement
    last = {"last": movement.tables}
    if movement.sets > movement.tables:
        rule = _(
            "Each stage is one tour. When every table has finished a stage, every set moves down one table; the set "
            "at table 1 goes to the back of the relay stand, and table %(last)s takes the set at its front."
        )
    else:
        rule = _(
            "Each stage is one tour. When every table has finished a stage, every set moves down one table, and the "
            "set at table 1 goes to table %(last)s."
        )
    story = [
        _text(
            _("Movement: %(club)s · %(event)s · round %(round)s")
            % {"club": sheet.club, "event": sheet.event, "round": sheet.round},
            TITLE,
        ),
        _text(rule % last, TEXT),
        Spacer(1, 6),
        _overview(movement),
        Spacer(1, 8),
    ]
    story += [_table_card(sheet, table) for table in range(1, movement.tables + 1)]
    title = _("Movement: %(club)s · %(event)s · round %(round)s") % {
        "club": sheet.club,
        "event": sheet.event,
        "round": sheet.round,
    }
    return _build(story, paper, _generated(sheet.generated), title)


# The results sheet.


@dataclass(frozen=True)
class ResultsSheet:
    """A duplicate tournament's standings as its pages give them: rows of place, number, name, total, percent and
    tops, already worded (tournaments.views_duplicate.standings_rows); the fouled boards in words; and whether a
    round still being played leaves them provisional."""

    club: str
    event: str
    method: str  # "matchpoints" or "imps"
    standings: tuple[dict, ...]
    fouled: tuple[str, ...]
    provisional: bool
    generated: str


def results_sheet(sheet: ResultsSheet, paper: str = "a4") -> bytes:
    """The standings to pin up or hand out, and under them how each fouled board was scored (T-63)."""
    matchpoints = sheet.method == "matchpoints"
    story = [
        _text(_("Results: %(club)s · %(event)s") % {"club": sheet.club, "event": sheet.event}, TITLE),
        _text(_("Matchpoints") if matchpoints else _("IMPs"), TEXT),
    ]
    if sheet.provisional:
        story.append(_text(_("Provisional: some tables have boards still to play."), TEXT))
    header = [_("Place"), _("Entrant"), _("MP") if matchpoints else _("IMPs"), *(["%"] if matchpoints else [])]
    rows = [[*header, _("Tops")]]
    for row in sheet.standings:
        percent = [row["percent"] or "—"] if matchpoints else []
        tops = "—" if row["tops"] is None else row["tops"]
        rows.append([row["place"], _text(f"{row['number']} {row['name']}", TEXT), row["total"], *percent, tops])
    widths = [16 * mm, 90 * mm, 22 * mm, *([18 * mm] if matchpoints else []), 16 * mm]
    story += [Spacer(1, 4), _small_table(rows, widths, right_from=2)]
    if sheet.fouled:
        story += [_text(_("Fouled boards"), H2), *(_text(line, TEXT) for line in sheet.fouled)]
    return _build(story, paper, _generated(sheet.generated), f"{_('Results')} {sheet.event}")
