"""A table's deals as files: the interchange document (JSON) and a spreadsheet's CSV."""

from __future__ import annotations

import csv
import io
import json

from scorekeeper.engine import document_json
from scorekeeper.tables.records import csv_row
from scorekeeper.tables.selectors import TableView

# A cell starting with one of these is a formula to a spreadsheet (CSV injection): players' names are typed data.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The parts of a deal's record the spreadsheet shows, as the record's CSV row has them (tables/records.py), with
# the players' names for their seats.
RECORD_COLUMNS = ("dealer", "contract", "hombre", "ally", "trump", "tricks")
SEAT_COLUMNS = frozenset({"dealer", "hombre", "ally"})


def table_json(view: TableView) -> str:
    """The table's deals in the interchange format (INTERCHANGE.md), which the engine and an import read back."""
    document = document_json(view.session, [row.deal.to_record() for row in view.rows])
    return json.dumps(document, ensure_ascii=False, indent=1)


def text_cell(value: object) -> object:
    """A typed text as a spreadsheet shows it: a leading quote keeps `=…`, `+…`, `-…`, `@…` from being a formula.
    Numbers stay numbers (a negative change is a number, not a formula)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def table_csv(view: TableView) -> str:
    """One line a deal: who played what, the result, each player's change and balance after it."""
    names = view.session.players
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "position",
            "deal",
            "tour",
            *RECORD_COLUMNS,
            "outcome",
            "line",
            "stake",
            *[f"change {n}" for n in names],
            *[f"balance {n}" for n in names],
        ]
    )
    for row in view.rows:
        e = row.entry
        writer.writerow(
            [
                e.position,
                e.number or "",
                e.tour or "",
                *_record_cells(csv_row(e.deal), names),
                e.outcome or "",
                e.line or "",
                "" if e.stake is None else e.stake,
                *e.deltas,
                *e.balances,
            ]
        )
    return out.getvalue()


def _record_cells(cells: dict[str, str], names) -> list[object]:
    shown = []
    for column in RECORD_COLUMNS:
        cell = cells[column]
        if column in SEAT_COLUMNS and cell:
            shown.append(text_cell(names[int(cell)]))
        elif column == "contract" and not cell:
            shown.append("misdeal")
        else:
            shown.append(cell)
    return shown
