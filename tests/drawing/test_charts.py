"""Charts people can read: colours told apart with colour blindness, dashes and markers past six lines, axis
titles, and a legend that names every line."""

from __future__ import annotations

from reportlab.graphics.shapes import String
from reportlab.pdfbase.pdfmetrics import stringWidth

from scorekeeper.drawing.charts import LINE_COLOURS, line_chart, line_styles, svg

OKABE_ITO = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"}


def hex_of(colour) -> str:
    return "#" + colour.hexval()[2:].lower()


def test_the_palette_is_okabe_and_itos_without_the_yellow():
    assert {hex_of(c) for c in LINE_COLOURS} == OKABE_ITO


def test_six_lines_are_told_apart_by_colour_and_more_by_dash_and_marker_too():
    six = line_styles(6, 40)
    assert len({hex_of(s.colour) for s in six}) == 6 and all(s.dash is None and s.marker is None for s in six)
    nine = line_styles(9, 12)
    assert len({(hex_of(s.colour), s.dash, s.marker) for s in nine}) == 9
    assert len({s.dash for s in nine}) == 4 and len({s.marker for s in nine}) == 7
    assert all(s.marker is None for s in line_styles(9, 41))  # 41 deals: markers would blot the lines


def test_axis_titles_and_a_legend_of_every_name():
    series = {f"Player {n}": [40, 40 + n, 40 - n] for n in range(9)}
    drawing = line_chart(
        series, "Account after each deal", width=360, height=320, font_size=12, x_label="deals played", y_label="chips"
    )
    texts = [item for item in drawing.getContents() if isinstance(item, String)]
    words = {t.text for t in texts}
    assert {f"Player {n}" for n in range(9)} <= words and "deals played" in words
    assert all(t.fontSize >= 12 for t in texts)
    page = svg(drawing, "accounts", "Account after each deal")
    assert "chips" in page and page.startswith('<svg role="img" aria-label="Account after each deal"')


def test_an_empty_chart_says_so():
    drawing = line_chart({"Ann": []}, "Account", empty="No deal played yet.")
    assert [item.text for item in drawing.getContents()] == ["No deal played yet."]


def test_one_line_needs_no_legend():
    drawing = line_chart({"Ann": [40, 45, 38]}, "Account", x_label="deals played", y_label="chips")
    words = [item.text for item in drawing.getContents() if isinstance(item, String)]
    assert "Ann" not in words and "deals played" in words


def test_a_title_wider_than_the_chart_wraps_instead_of_being_cut_off():
    title = "Die fünf Bestbewerteten, Veranstaltung für Veranstaltung"  # the German of the season's rating chart
    drawing = line_chart({"Dan": [0, 3], "Eve": [0, 2]}, title, width=300, height=260, font_size=12)
    lines = [t for t in drawing.getContents() if isinstance(t, String) and t.fontSize == 13]
    assert " ".join(t.text for t in lines) == title and len(lines) == 2
    assert all(t.x + stringWidth(t.text, t.fontName, t.fontSize) <= 300 for t in lines)
