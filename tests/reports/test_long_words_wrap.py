"""A name or word wider than its column wraps inside the column instead of running over the next column's text
(the seating list's seats, the score sheet's players and German results)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from scorekeeper.reports.documents import _fitted

LONG = "Rosalind d'Arcy-Featherstonehaugh (seat 3) <b>"


def test_a_cell_wider_than_its_column_wraps_inside_it_as_text():
    rows = [["Table", "Deals first", "then"], ["1", LONG, "Ben Ashdown (seat 4)"]]
    fitted = _fitted(rows, [14 * mm, 44 * mm, 44 * mm], 8, right_from=5)
    assert fitted[0] == rows[0]  # what fits stays as it was
    assert fitted[1][0] == "1" and fitted[1][2] == "Ben Ashdown (seat 4)"
    wrapped = fitted[1][1]
    assert isinstance(wrapped, Paragraph)
    assert wrapped.getPlainText() == LONG  # the typed markup is text
    width, height = wrapped.wrap(44 * mm - 12, 1000)
    assert width <= 44 * mm - 12 and height >= 2 * 8 * 1.2  # two lines at least, inside the column


def test_a_label_spanning_two_columns_is_measured_across_both():
    rows = [["#", "Result"], ["", "Zwischensumme"]]
    assert isinstance(_fitted(rows, [13 * mm, 14 * mm], 7, right_from=10, bold={0, 1})[1][1], Paragraph)
    spanned = _fitted(rows, [13 * mm, 14 * mm], 7, right_from=10, bold={0, 1}, spans={(1, 1): 27 * mm})
    assert spanned[1][1] == "Zwischensumme"
