"""A table's deals as files: the interchange document (JSON) and a spreadsheet's CSV."""

from __future__ import annotations

import csv
import io
import json

from scorekeeper.engine import document_json
from scorekeeper.tables.selectors import TableView

# A cell starting with one of these is a formula to a spreadsheet (CSV injection): players' names are typed data.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


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
            "dealer",
            "contract",
            "hombre",
            "ally",
            "trump",
            "tricks",
            "outcome",
            "line",
            "stake",
            *[f"change {n}" for n in names],
            *[f"balance {n}" for n in names],
        ]
    )
    for row in view.rows:
        e, d = row.entry, row.entry.deal
        writer.writerow(
            [
                e.position,
                e.number or "",
                e.tour or "",
                text_cell(names[d.dealer]),
                "misdeal" if e.void else d.contract.value,
                "" if e.void else text_cell(names[d.hombre]),
                "" if d.ally is None else text_cell(names[d.ally]),
                d.trump or "",
                "" if e.void else d.tricks,
                e.outcome or "",
                e.line or "",
                "" if e.stake is None else e.stake,
                *e.deltas,
                *e.balances,
            ]
        )
    return out.getvalue()
