"""Charts drawn once with reportlab graphics: placed in the PDF reports as they are, and in the web pages as
inline SVG (renderSVG), so a page and its printout show the same chart."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path

from django.utils.translation import gettext as _
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# DejaVu, shipped beside this module (licence in fonts/), so accents print and the PDF needs no system font.
FONTS = Path(__file__).resolve().parent / "fonts"
FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSansCondensed.ttf")))
pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSansCondensed-Bold.ttf")))

LINE_COLOURS = [
    colors.HexColor(c) for c in ("#1f5c3a", "#a3231b", "#1d4e89", "#b8860b", "#6b3fa0", "#2a8c8c", "#c0561b", "#555555")
]
TEXT_GREY = colors.HexColor("#555555")


def line_chart(
    series: dict[str, Sequence[float]],
    title: str,
    *,
    width: float = 180 * mm,
    height: float = 70 * mm,
    empty: str | None = None,
    x_label: str = "",
    font_size: float = 8,
) -> Drawing:
    """One line per name, x = 0, 1, 2... A legend on the right when there are several lines; a zero line."""
    drawing = Drawing(width, height)
    names = [name for name, values in series.items() if len(values)]
    if not names:
        text = _("Nothing to show yet.") if empty is None else empty
        drawing.add(String(10, height / 2, text, fontName=FONT, fontSize=9))
        return drawing
    legend_width = 9 * font_size + 30 if len(names) > 1 else 0
    plot = LinePlot()
    plot.x, plot.y = 4 * font_size + 4, 2.5 * font_size + (font_size + 4 if x_label else 0)
    plot.width, plot.height = width - plot.x - 10 - legend_width, height - plot.y - 2 * font_size - 8
    plot.yValueAxis.forceZero = False
    plot.data = [list(enumerate(series[name])) for name in names]
    for i in range(len(names)):
        plot.lines[i].strokeColor = LINE_COLOURS[i % len(LINE_COLOURS)]
        plot.lines[i].strokeWidth = 1.6
    plot.xValueAxis.labels.fontName = plot.yValueAxis.labels.fontName = FONT
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = font_size
    plot.xValueAxis.valueMin = 0
    longest = max(len(series[name]) for name in names)
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
    if legend_width:
        legend = LineLegend()
        legend.x, legend.y = width - legend_width + 8, height - font_size - 10
        legend.fontName, legend.fontSize = FONT, font_size
        legend.alignment = "right"  # the colour, then the name
        legend.dx, legend.dxTextSpace = font_size * 1.2, 4
        legend.columnMaximum = len(names)
        legend.deltay = font_size + 4
        legend.colorNamePairs = [(LINE_COLOURS[i % len(LINE_COLOURS)], name) for i, name in enumerate(names)]
        drawing.add(legend)
    drawing.add(String(plot.x, height - font_size - 4, title, fontName=BOLD, fontSize=font_size + 1))
    if x_label:
        drawing.add(String(plot.x + plot.width / 2, 3, x_label, fontName=FONT, fontSize=font_size, textAnchor="middle"))
    return drawing


def account_chart(series: dict[str, list[int]], width: float = 180 * mm, height: float = 70 * mm) -> Drawing:
    """Each player's account deal by deal."""
    return line_chart(series, _("Account after each deal"), width=width, height=height, empty=_("No deal played yet."))


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
