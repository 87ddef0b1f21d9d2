"""Charts drawn once with reportlab graphics: placed in the PDF reports as they are, and in the web pages as
inline SVG (renderSVG), so a page and its printout show the same chart."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from django.utils.translation import gettext as _
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Group, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

# DejaVu, shipped beside this module (licence in fonts/), so accents print and the PDF needs no system font.
FONTS = Path(__file__).resolve().parent / "fonts"
FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSansCondensed.ttf")))
pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSansCondensed-Bold.ttf")))

# Okabe and Ito's palette, which people with any common colour blindness tell apart (their yellow is left out:
# it vanishes on white paper). Past six lines, each line also gets its own dash and, when the points are few
# enough to tell apart, its own marker.
LINE_COLOURS = [
    colors.HexColor(c) for c in ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
]
DASHES = [None, (6, 3), (1.5, 2.5), (8, 3, 1.5, 3)]
MARKERS = ["FilledCircle", "FilledSquare", "FilledTriangle", "FilledDiamond", "Circle", "Square", "Triangle"]
MARKED_POINTS = 25  # at most this many points a line for markers
TEXT_GREY = colors.HexColor("#555555")


@dataclass(frozen=True)
class LineStyle:
    colour: colors.Color
    dash: tuple[float, ...] | None
    marker: str | None


def line_styles(count: int, points: int) -> list[LineStyle]:
    """A style for each of `count` lines: colours alone up to six, then dashes and markers as well."""
    if count <= 6:
        return [LineStyle(LINE_COLOURS[i], None, None) for i in range(count)]
    marked = points <= MARKED_POINTS
    return [
        LineStyle(
            LINE_COLOURS[i % len(LINE_COLOURS)],
            DASHES[i % len(DASHES)],
            MARKERS[i % len(MARKERS)] if marked else None,
        )
        for i in range(count)
    ]


def _wrapped(text: str, font: str, size: float, room: float) -> list[str]:
    """`text` in lines no wider than `room` (a word longer than that has a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def line_chart(
    series: dict[str, Sequence[float]],
    title: str,
    *,
    width: float = 180 * mm,
    height: float = 70 * mm,
    empty: str | None = None,
    x_label: str = "",
    y_label: str = "",
    font_size: float = 9,
) -> Drawing:
    """One line per name, x = 0, 1, 2...; axis titles (with their units) when given, a zero line, and below the
    plot a legend of every line when there are several (its swatches drawn like the lines)."""
    drawing = Drawing(width, height)
    names = [name for name, values in series.items() if len(values)]
    if not names:
        text = _("Nothing to show yet.") if empty is None else empty
        drawing.add(String(10, height / 2, text, fontName=FONT, fontSize=font_size))
        return drawing
    longest = max(len(series[name]) for name in names)
    styles = line_styles(len(names), longest)
    legend_rows, legend_columns, column_width = 0, 1, width
    if len(names) > 1:
        swatch = 2.2 * font_size
        widest = max(stringWidth(name, FONT, font_size) for name in names) + swatch + font_size
        legend_columns = max(1, min(len(names), int((width - 8) // widest)))
        legend_rows = math.ceil(len(names) / legend_columns)
        column_width = (width - 8) / legend_columns
    legend_height = legend_rows * (font_size + 5)
    plot = LinePlot()
    plot.x = 4 * font_size + 4 + (font_size + 4 if y_label else 0)
    plot.y = legend_height + 2.5 * font_size + (font_size + 6 if x_label else 0)
    plot.width = width - plot.x - 10
    # A title longer than the chart is wide (German, on a phone) takes two lines or more instead of being cut off.
    title_lines = _wrapped(title, BOLD, font_size + 1, width - plot.x - 4)
    plot.height = height - plot.y - 2 * font_size - 8 - (len(title_lines) - 1) * (font_size + 3)
    plot.yValueAxis.forceZero = False
    plot.data = [list(enumerate(series[name])) for name in names]
    for i, style in enumerate(styles):
        line = plot.lines[i]
        line.strokeColor = style.colour
        line.strokeWidth = 1.8
        if style.dash:
            line.strokeDashArray = style.dash
        if style.marker:
            line.symbol = makeMarker(style.marker, size=font_size * 0.55, fillColor=style.colour)
            line.symbol.strokeColor = style.colour
    plot.xValueAxis.labels.fontName = plot.yValueAxis.labels.fontName = FONT
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = font_size
    plot.xValueAxis.valueMin = 0
    plot.xValueAxis.valueMax = max(longest - 1, 1)
    plot.xValueAxis.valueStep = max(1, math.ceil((longest - 1) / 8))  # whole deals or events, at most 9 ticks
    plot.xValueAxis.visibleGrid = False
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#e2ddd0")
    values = list(itertools.chain.from_iterable(series[name] for name in names))
    low, high = min(values), max(values)
    if low == high:
        plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = low - 1, high + 1
    drawing.add(plot)
    if low < 0 < high:  # the zero line, where the axis will put it
        plot.yValueAxis.setPosition(plot.x, plot.y, plot.height)
        plot.yValueAxis.configure(plot.data)
        y0 = plot.yValueAxis.scale(0)
        drawing.add(Line(plot.x, y0, plot.x + plot.width, y0, strokeColor=TEXT_GREY, strokeWidth=0.6))
    for i, (name, style) in enumerate(zip(names, styles, strict=True) if legend_rows else ()):
        column, row = i % legend_columns, i // legend_columns
        x = 4 + column * column_width
        y = legend_height - (row + 1) * (font_size + 5) + 4
        mid = y + font_size * 0.35
        swatch_line = Line(x, mid, x + 2.2 * font_size - 4, mid, strokeColor=style.colour, strokeWidth=2)
        if style.dash:
            swatch_line.strokeDashArray = style.dash
        drawing.add(swatch_line)
        if style.marker:
            mark = makeMarker(style.marker, size=font_size * 0.55, fillColor=style.colour)
            mark.x, mark.y, mark.strokeColor = x + 1.1 * font_size - 2, mid, style.colour
            drawing.add(mark)
        drawing.add(String(x + 2.2 * font_size, y, name, fontName=FONT, fontSize=font_size))
    for number, line in enumerate(title_lines):
        top = height - font_size - 4 - number * (font_size + 3)
        drawing.add(String(plot.x, top, line, fontName=BOLD, fontSize=font_size + 1))
    if x_label:
        drawing.add(
            String(
                plot.x + plot.width / 2,
                legend_height + 4,
                x_label,
                fontName=FONT,
                fontSize=font_size,
                textAnchor="middle",
                fillColor=TEXT_GREY,
            )
        )
    if y_label:
        label = String(0, 0, y_label, fontName=FONT, fontSize=font_size, textAnchor="middle", fillColor=TEXT_GREY)
        drawing.add(Group(label, transform=(0, 1, -1, 0, font_size + 2, plot.y + plot.height / 2)))
    return drawing


def account_chart(
    series: dict[str, list[int]], width: float = 180 * mm, height: float = 80 * mm, y_label: str = ""
) -> Drawing:
    """Each player's account deal by deal, in chips unless `y_label` names the rule set's unit."""
    return line_chart(
        series,
        _("Account after each deal"),
        width=width,
        height=height,
        empty=_("No deal played yet."),
        x_label=_("deals played"),
        y_label=y_label or _("chips"),
    )


_PROLOG = re.compile(r"^.*?(?=<svg)", re.S)
_SIZE = re.compile(r'<svg width="[^"]*" height="[^"]*"')
_FONTS = re.compile(r"font-family: ?[^;\"]+")


def svg(drawing: Drawing, ident: str, label: str) -> str:
    """The drawing as an SVG element to place in a page: it scales to the width of its box, its ids are its
    own (several charts on one page), and it uses the page's sans-serif font."""
    text = renderSVG.drawToString(drawing)
    text = _PROLOG.sub("", text, count=1)
    text = _SIZE.sub(f'<svg role="img" aria-label="{escape(label)}" class="chart"', text, count=1)
    text = text.replace('id="clip"', f'id="{ident}-clip"').replace("url(#clip)", f"url(#{ident}-clip)")
    text = text.replace('id="group"', f'id="{ident}-group"')
    return _FONTS.sub("font-family: system-ui, sans-serif", text)
