"""Score sheets and reports with reportlab: data in, PDF bytes out. No request, no database here.

Words are translated into the active language (the view chooses it: ?lang=, else the reader's, else the club's)."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scorekeeper.drawing.charts import BOLD, FONT, account_chart, line_chart
from scorekeeper.events import units
from scorekeeper.reports.data import (
    BlankSheet,
    EventReport,
    PersonalReport,
    SheetHeader,
    TableSheet,
    TournamentReport,
    TournamentRound,
)

PAPER = {"a4": A4, "letter": LETTER}
FELT = colors.HexColor("#1f5c3a")

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=14, leading=17, spaceAfter=2)
TEXT = ParagraphStyle("text", fontName=FONT, fontSize=8.5, leading=11)
SIGNATURE = ParagraphStyle("signature", fontName=FONT, fontSize=8.5, leading=10.5)
SMALL = ParagraphStyle("small", fontName=FONT, fontSize=7, leading=9, textColor=colors.HexColor("#555555"))
# A heading goes to the next page with what follows it, never left alone at the foot of a page.
H2 = ParagraphStyle("h2", fontName=BOLD, fontSize=10.5, leading=13, spaceBefore=8, spaceAfter=3, keepWithNext=1)


def _text(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of plain text. reportlab reads a Paragraph's text as markup (<b>, <font>, <img>, &amp;), and the
    names in it are typed by people: every one is escaped here, once, so `<b>Bold` or `R&D` print as typed."""
    return Paragraph(escape(text), style)


def _numbered(footer: str):
    """A canvas that writes "page n of m" and the generation time on every page."""

    class NumberedCanvas(pdf_canvas.Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages = []

        def showPage(self):  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                width, _ = self._pagesize
                self.setFont(FONT, 7)
                self.setFillColor(colors.HexColor("#555555"))
                self.drawString(12 * mm, 8 * mm, footer)
                self.drawRightString(width - 12 * mm, 8 * mm, f"{self._pageNumber} / {total}")
                super().showPage()
            super().save()

    return NumberedCanvas


def _build(story, paper: str, footer: str, title: str) -> bytes:
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=PAPER.get(paper, A4),
        leftMargin=10 * mm,
        rightMargin=10 * mm,
        topMargin=10 * mm,
        bottomMargin=14 * mm,
        title=title,
        author=_("Quadrille scorekeeper"),
    )
    doc.build(story, canvasmaker=_numbered(footer))
    return out.getvalue()


def _header(h: SheetHeader, heading: str) -> list:
    seats = "   ".join(f"{i + 1}. {name}" for i, name in enumerate(h.players))
    options = _("options: %(options)s") % {"options": "; ".join(h.options)} if h.options else _("default options")
    story = [
        _text(f"{heading}: {h.club} · {h.event} · {h.date} · {h.table}", TITLE),
        _text(
            _("%(ruleset)s; starting balance %(start)s; %(options)s")
            % {"ruleset": h.ruleset, "start": h.start, "options": options},
            TEXT,
        ),
        _text(_("Seats in playing order (to the right): %(seats)s") % {"seats": seats}, TEXT),
        *(_text(line, TEXT) for line in h.substitutes),
        Spacer(1, 4),
    ]
    return story


def _grid_style(header_rows: int = 1) -> list:
    return [
        ("FONT", (0, 0), (-1, -1), FONT, 7),
        ("FONT", (0, 0), (-1, header_rows - 1), BOLD, 7),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#e8efe9")),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#b9b3a3")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (10, 0), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]


def _columns() -> list[str]:
    return [
        "#",
        _("Dealer"),
        _("Contract"),
        _("Hombre"),
        _("Ally"),
        pgettext("score sheet column: trumps", "Tr."),
        pgettext("score sheet column: tricks", "T"),
        pgettext("score sheet column: matadors", "Run"),
        pgettext("score sheet column: premiers and vole", "Pr./vole"),
        _("Result"),
    ]


WIDTHS = [8 * mm, 15 * mm, 15 * mm, 16 * mm, 16 * mm, 7 * mm, 6 * mm, 8 * mm, 13 * mm, 14 * mm]


def table_sheet(sheet: TableSheet, paper: str = "a4") -> bytes:
    """One row a deal with each player's change and running balance; tour subtotals; misdeals and corrections
    marked; a signature line for each player."""
    h = sheet.header
    names = [n.split()[0] if n.split() else n for n in h.players]
    rows = [_columns() + names + [_store_heading(sheet.header)]]
    style = _grid_style()
    tours = {t.tour: t for t in sheet.tours}
    valid = 0
    subtotals: list[int] = []  # the rows of the tours' subtotals
    for row in sheet.rows:
        mark = ("*" if row.corrected else "") + ("†" if row.penalised else "")
        if row.void:
            rows.append([row.number, row.dealer, _("misdeal"), "", "", "", "", "", "", "", "", "", "", "", row.store])
            style.append(("TEXTCOLOR", (0, len(rows) - 1), (-1, len(rows) - 1), colors.HexColor("#777777")))
            continue
        cells = [f"{d:+d}\n{b}" for d, b in zip(row.deltas, row.balances, strict=True)]
        rows.append(
            [
                row.number + mark,
                row.dealer,
                row.contract,
                row.hombre,
                row.ally,
                row.trump,
                row.tricks,
                row.run,
                row.extras,
                row.outcome,
                *cells,
                row.store,
            ]
        )
        valid += 1
        if valid % 4 == 0 and valid // 4 in tours:
            total = tours[valid // 4]
            rows.append(
                [
                    "",
                    _("Tour %(tour)s") % {"tour": total.tour},
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    _("subtotal"),  # across the two columns before the changes ("Zwischensumme" fits no one)
                    "",
                    *[f"{d:+d}" for d in total.deltas],
                    "",
                ]
            )
            subtotals.append(len(rows) - 1)
            style += [
                ("SPAN", (8, len(rows) - 1), (9, len(rows) - 1)),
                ("FONT", (0, len(rows) - 1), (-1, len(rows) - 1), BOLD, 7),
                ("BACKGROUND", (0, len(rows) - 1), (-1, len(rows) - 1), colors.HexColor("#f3efe4")),
            ]
    widths = WIDTHS + [17 * mm] * 4 + [12 * mm]
    spans = {(r, 8): widths[8] + widths[9] for r in subtotals}
    grid = Table(_fitted(rows, widths, 7, 10, bold={0, *subtotals}, spans=spans), colWidths=widths, repeatRows=1)
    grid.setStyle(TableStyle(style))
    story = _header(h, _("Score sheet"))
    story.append(grid)
    story.append(Spacer(1, 5))
    finals = ", ".join(f"{n} {b}" for n, b in zip(h.players, sheet.balances, strict=True))
    if sheet.end_of_round:
        story.append(_text(sheet.end_of_round, TEXT))
    if sheet.final:
        balances = _("Final balances: %(balances)s. * corrected after it was first recorded.")
    else:
        balances = _("Balances so far: %(balances)s. * corrected after it was first recorded.")
    story.append(_text(balances % {"balances": finals}, TEXT))
    if sheet.struck:
        # Struck deals stay on the sheet, crossed out as on paper; only the strike is markup, the words are escaped.
        story.append(_text(_("Struck out"), H2))
        for summary, who, reason in sheet.struck:
            words = f"<strike>{escape(summary)}</strike> · {escape(who)}" + (f" · “{escape(reason)}”" if reason else "")
            story.append(Paragraph(words, TEXT))
    if sheet.penalties:
        story.append(_text(_("Penalties"), H2))
        story.append(_text(_("† marks a deal with a penalty; its cost is in the players' changes."), SMALL))
        story += [_text(f"{number}. {words}", TEXT) for number, words in sheet.penalties]
    story.append(Spacer(1, 14))
    story.append(_signatures(h.players, sheet.signed))
    if sheet.explanations:
        story.append(_text(_("How each deal was settled"), H2))
        story += [_text(f"{number}. {text}", TEXT) for number, text in sheet.explanations]
    return _build(story, paper, _generated(sheet.generated), f"{_('Score sheet')} {h.event} {h.table}")


def _generated(when: str) -> str:
    return _("Generated %(when)s") % {"when": when}


def _store_heading(h: SheetHeader) -> str:
    return h.store_heading or _("Pot")


def _signatures(players, signed=()) -> Table:
    """A line to sign for each player; a player who signed on the phone has the time of it instead."""
    signed = tuple(signed) or ("",) * len(players)
    lines = [
        f"{name}: " + (_("signed on the phone %(when)s") % {"when": when} if when else "____________________")
        for name, when in zip(players, signed, strict=True)
    ]
    # Each line wraps in its half of the page: "signed on the phone" with a date is long in German or Spanish.
    cells = [[_text(line, SIGNATURE) for line in lines[:2]], [_text(line, SIGNATURE) for line in lines[2:]]]
    signatures = Table(cells, colWidths=[90 * mm, 90 * mm], rowHeights=[12 * mm, 12 * mm])
    signatures.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return signatures


def blank_sheet(sheet: BlankSheet, paper: str = "a4") -> bytes:
    """The same grid, empty, with names and seats filled in and a QR code of the table's entry link."""
    h = sheet.header
    names = [n.split()[0] if n.split() else n for n in h.players]
    rows = [_columns() + names + [_store_heading(h)]]
    for number in range(1, sheet.deals + 1):
        rows.append([str(number)] + [""] * 14)
    grid = Table(
        rows, colWidths=WIDTHS + [17 * mm] * 4 + [12 * mm], rowHeights=[None] + [9.5 * mm] * sheet.deals, repeatRows=1
    )
    grid.setStyle(TableStyle(_grid_style()))
    top = Table([[_header(h, _("Score sheet (paper)")), _qr(sheet.link, 28 * mm)]], colWidths=[150 * mm, 32 * mm])
    top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story = [
        top,
        _text(_("Entry link: %(link)s") % {"link": sheet.link}, SMALL),
        Spacer(1, 4),
        grid,
        Spacer(1, 14),
        _signatures(h.players),
    ]
    return _build(story, paper, _generated(sheet.generated), f"{_('Score sheet (paper)')} {h.event} {h.table}")


def _fitted(rows, widths, size: float, right_from: int, *, bold=frozenset({0}), spans=None) -> list[list]:
    """`rows` with every text wider than its column made a paragraph that wraps inside it (a long name, a long
    word in German): a table's plain strings run over the next column. `bold`: the rows set in bold; `spans`: the
    width of a cell spanning columns, by (row, column). Escaped: a paragraph reads markup."""
    spans = spans or {}
    fitted = []
    for r, row in enumerate(rows):
        font = BOLD if r in bold else FONT
        cells = list(row)
        for c, cell in enumerate(cells):
            # Wider than the cell itself (its padding may take a few points): over the next column's text.
            if isinstance(cell, str) and stringWidth(cell, font, size) > spans.get((r, c), widths[c]) - 2:
                align = TA_RIGHT if c >= right_from else TA_LEFT
                style = ParagraphStyle("cell", fontName=font, fontSize=size, leading=size * 1.2, alignment=align)
                cells[c] = Paragraph(escape(cell), style)
        fitted.append(cells)
    return fitted


def _small_table(rows, widths, right_from: int = 1) -> Table:
    table = Table(_fitted(rows, widths, 8, right_from), colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 8),
                ("FONT", (0, 0), (-1, 0), BOLD, 8),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8efe9")),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#b9b3a3")),
                ("ALIGN", (right_from, 0), (-1, -1), "RIGHT"),
            ]
        )
    )
    return table


def _contracts(lines) -> Table:
    rows = [[_("Contract"), _("Played"), _("Made"), _("Rate")]]
    for line in lines:
        rate = f"{100 * line.made // line.played}%" if line.played else "–"
        rows.append([line.contract, line.played, line.made, rate])
    return _small_table(rows, [40 * mm, 20 * mm, 20 * mm, 20 * mm])


def event_report(report: EventReport, paper: str = "a4") -> bytes:
    story = [
        _text(f"{report.event} · {report.club} · {report.date}", TITLE),
        _text(report.ruleset, TEXT),
        _text(_("Final standings"), H2),
    ]
    rows = [["#", _("Player"), _("Account"), _("Change")]]
    rows += [[s.rank, s.name, s.account, f"{s.change:+d}"] for s in report.standings]
    story.append(_small_table(rows, [10 * mm, 60 * mm, 25 * mm, 25 * mm], right_from=2))
    tournament = report.kind == "tournament"
    story.append(_text(_("The tournament in figures") if tournament else _("The evening in figures"), H2))
    figures = [
        ngettext("%(count)s deal", "%(count)s deals", report.deals) % {"count": report.deals},
        ngettext("%(count)s remise", "%(count)s remises", report.remises) % {"count": report.remises},
        ngettext("%(count)s codille", "%(count)s codilles", report.codilles) % {"count": report.codilles},
        ngettext(
            "voles: %(won)s won of %(count)s played for",
            "voles: %(won)s won of %(count)s played for",
            report.voles_tried,
        )
        % {"won": report.voles_won, "count": report.voles_tried},
        _("largest pot %(pot)s") % {"pot": report.largest_pot},
    ]
    story.append(_text("; ".join(figures) + ".", TEXT))
    story.append(Spacer(1, 3))
    story.append(_contracts(report.contracts))
    for result in report.rounds:
        story.append(_text(_("Round %(round)s") % {"round": result.round}, H2))
        rows = [[_("Player"), _("Change")]] + [[name, f"{change:+d}"] for name, change in result.lines]
        story.append(_small_table(rows, [70 * mm, 25 * mm]))
    story.append(_text(_("Tables"), H2))
    rows = [[_("Table"), _("Players and balances"), _("Deals")]]
    for t in report.tables:
        players = ", ".join(f"{n} {b}" for n, b in zip(t.players, t.balances, strict=True))
        rows.append([t.label, _text(players, TEXT), t.deals])
    story.append(_small_table(rows, [35 * mm, 125 * mm, 15 * mm], right_from=2))
    accounts = _("Accounts over the tournament") if tournament else _("Accounts over the evening")
    chart = account_chart(report.series, y_label=units.axis(report.unit))
    story.append(KeepTogether([_text(accounts, H2), chart]))
    return _build(story, paper, _generated(report.generated), f"{_('Report')} {report.event}")


def _qr(link: str, size: float) -> Drawing:
    qr = QrCodeWidget(link)
    x0, y0, x1, y1 = qr.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(qr)
    return drawing


def personal_report(report: PersonalReport, paper: str = "a4") -> bytes:
    heading = [_text(f"{report.player} · {report.club}", TITLE), _text(report.scope, TEXT)]
    if report.standing:
        heading.append(_text(report.standing, TEXT))
    if report.link:  # the player's own page, to scan at the table
        heading.append(_text(_("Your page: %(link)s") % {"link": report.link}, SMALL))
        top = Table([[heading, _qr(report.link, 26 * mm)]], colWidths=[150 * mm, 30 * mm])
        top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
        heading = [top]
    story = [
        *heading,
        _text(_("Summary"), H2),
        _text(
            ngettext(
                "%(count)s deal played, %(hombre)s as hombre.",
                "%(count)s deals played, %(hombre)s as hombre.",
                report.deals,
            )
            % {"count": report.deals, "hombre": report.as_hombre}
            + " "
            + units.won_and_lost(
                report.unit, won=report.won, lost=report.lost, account=report.account, shared=report.shared
            ),
            TEXT,
        ),
        _text(_("Contracts played as hombre"), H2),
        _contracts(report.contracts),
        _text(_("Account"), H2),
        account_chart({report.player: report.series}, y_label=units.axis(report.unit)),
    ]
    if report.rating:
        title = _("Club rating after each event (Plackett-Luce; 0 for a new player)")
        chart = line_chart(
            {report.player: report.rating}, title, x_label=_("events played"), y_label=_("rating points")
        )
        story += [_text(_("Rating"), H2), chart]
    return _build(story, paper, _generated(report.generated), f"{_('Report')} {report.player}")


def _tournament_standings(report: TournamentReport) -> Table:
    rounds = max((len(r.scores) for r in report.rows), default=0)
    header = [_("Place"), _("Entrant")] + [_("R%(round)s") % {"round": r + 1} for r in range(rounds)]
    header += [_("Total"), _("Firsts"), _("Chips")]
    rows = [header]
    for r in report.rows:
        ahead = _("ahead on %(criterion)s") % {"criterion": r.decided_by} if r.decided_by else ""
        name = f"{r.name} ({ahead})" if ahead else r.name
        rows.append([r.place, _text(name, TEXT), *r.scores, r.total, r.firsts, f"{r.chips:+d}"])
    round_width = min(16 * mm, (190 - 12 - 48 - 16 - 12 - 14) * mm / max(rounds, 1))
    widths = [12 * mm, 48 * mm] + [round_width] * rounds + [16 * mm, 12 * mm, 14 * mm]
    table = _small_table(rows, widths, right_from=2)
    table.setStyle(TableStyle([("FONT", (2 + rounds, 1), (2 + rounds, -1), BOLD, 8)]))
    return table


def _tournament_round(result: TournamentRound) -> list:
    heading = _text(_("Round %(round)s") % {"round": result.round}, H2)
    rows = [[_("Table"), _("Entrant"), _("Change"), _("Score"), _("Place")]]
    spans = []
    for t in result.tables:
        first = len(rows)
        for i, seat in enumerate(t.seats):
            label = (f"{t.table} · {t.note}" if t.note else str(t.table)) if i == 0 else ""
            rows.append([label, _text(seat.name, TEXT), seat.change, seat.score, seat.place])
        spans.append(("LINEABOVE", (0, first), (-1, first), 0.8, colors.HexColor("#7d8f83")))
    for name, score in result.byes:
        rows.append([_("bye"), _text(name, TEXT), "", score, ""])
    table = _small_table(rows, [24 * mm, 70 * mm, 20 * mm, 20 * mm, 16 * mm], right_from=2)
    table.setStyle(TableStyle(spans))
    return [KeepTogether([heading, table])]  # a round's heading never ends a page alone


def tournament_report(report: TournamentReport, paper: str = "a4") -> bytes:
    """A tournament's standings with every round's scores, the rounds' tables, and the method and tie-breaks in
    words; or, for one round's results, the standings after it and that round's tables."""
    story = [
        _text(f"{report.event} · {report.club} · {report.date}", TITLE),
        _text(report.ruleset, TEXT),
        _text(report.heading + (f" ({_('provisional')})" if report.provisional else ""), H2),
        _tournament_standings(report),
        _text(_("How the totals are made"), H2),
    ]
    story += [_text(line, TEXT) for line in report.method]
    if report.teams:
        story.append(_text(_("Teams"), H2))
        rows = [[_("Place"), _("Team"), _("Members"), _("Total")]]
        rows += [
            [place, _text(name, TEXT), _text(members, TEXT), total] for place, name, members, total in report.teams
        ]
        story.append(_small_table(rows, [12 * mm, 40 * mm, 100 * mm, 20 * mm], right_from=3))
    for result in report.rounds:
        story += _tournament_round(result)
    if report.seed_sha256:
        story.append(Spacer(1, 6))
        story.append(_text(_("Seed commitment (SHA-256)") + f": {report.seed_sha256}", SMALL))
        if report.seed:
            story.append(_text(_("Seed") + f": {report.seed}", SMALL))
    return _build(story, paper, _generated(report.generated), f"{report.heading} {report.event}")
