"""One codec for a deal record: every format the app writes a DealRecord in, derived from the record's own field
list (`DEAL_FIELDS` in engine/model.py), each with its way back.

- the database row (`tables.Deal`): a column a field, named as the field; the claims are two columns
  (`claims_matadors`, `claims_sans_prendre`), text columns hold "" for none and the runs 0 for none;
- a CSV row: the row's columns as text (`csv_row`);
- the interchange document's deal object (INTERCHANGE.md), written and parsed by the engine (`interchange_deal`);
- the deal form's values (`initial_from_record` / `record_from_form`): the fields the form names as the record
  does, the claims as "claimed too late" boxes, the tricks by seat and up to two penalties spread over fields of
  their own. The offline queue keeps a deal as the form's post (`FORM_FIELDS`, given to its script by the page).

A record read back from any of them is the record as the database keeps it (`stored`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorekeeper.engine import Claims, Contract, DealRecord, Penalty, PenaltyKind, deal_json
from scorekeeper.engine.interchange import parse_deal
from scorekeeper.engine.model import CLAIMS_FIELDS, DEAL_FIELDS, NONE_HELD, PENALTY_FIELDS

# The fields a row keeps as text, "" for none; the runs are 0 for none (a count of matadors).
TEXT = frozenset({"contract", "called", "trump", "remainder_winner"})
RUNS = frozenset({"run_side", "run_hombre"})
CLAIM_COLUMNS = tuple(f"claims_{name}" for name in CLAIMS_FIELDS)
ROW_FIELDS: tuple[str, ...] = tuple(
    column for name in DEAL_FIELDS for column in (CLAIM_COLUMNS if name == "claims" else (name,))
)

# The deal form: the dealer is the table's to know and a misdeal has its own button; the rest as named below.
PENALTY_SLOTS = ("", "_2")
PENALTY_FORM = ("penalty_kind", "penalty_seat", "penalty_other", "penalty_count", "penalty_intentional")
SEAT_TRICKS = tuple(f"seat_tricks_{seat}" for seat in range(4))
LATE = {claim: f"{claim}_late" for claim in CLAIMS_FIELDS}  # ticked when the claim came too late
NOT_IN_FORM = frozenset({"dealer", "void"})


def _form_names(name: str) -> tuple[str, ...]:
    if name == "claims":
        return tuple(LATE[claim] for claim in CLAIMS_FIELDS)
    if name == "tricks_by_seat":
        return SEAT_TRICKS
    if name == "penalties":
        return tuple(field + slot for slot in PENALTY_SLOTS for field in PENALTY_FORM)
    return (name,)


# What the deal form may post for a record, in the record's order (the offline queue keeps these and no more).
FORM_FIELDS: tuple[str, ...] = tuple(
    form_name for name in DEAL_FIELDS if name not in NOT_IN_FORM for form_name in _form_names(name)
)


def form_fields_reading(read: frozenset[str]) -> set[str]:
    """The form fields that hold the record fields in `read` (engine/fields.py's names: a claim is named
    `claims.matadors`, `claims.sans_prendre`)."""
    shown = set()
    for name in read - NOT_IN_FORM:
        if name.startswith("claims."):
            shown.add(LATE[name.removeprefix("claims.")])
        else:
            shown.update(_form_names(name))
    return shown


# ---- the database row


class _Row:
    """A row's columns as attributes, as a `Deal` has them."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.__dict__.update(values)


def row_values(record: DealRecord) -> dict[str, Any]:
    """The columns of a `Deal` row holding `record` (the settlement is never stored)."""
    values: dict[str, Any] = {}
    for name in DEAL_FIELDS:
        value = getattr(record, name)
        if name == "claims":
            values.update(zip(CLAIM_COLUMNS, (getattr(value, claim) for claim in CLAIMS_FIELDS), strict=True))
        elif name == "penalties":
            values[name] = [_penalty_json(penalty) for penalty in value]
        elif name == "tricks_by_seat":
            values[name] = list(value) if value else None
        elif name in TEXT:
            values[name] = "" if value is None else str(value)
        elif name in RUNS:
            values[name] = value or 0
        else:
            values[name] = value
    return values


def record_from_row(row: Any) -> DealRecord:
    """The record a `Deal` row (or any object with its columns as attributes) holds."""
    if row.void:
        return DealRecord(dealer=row.dealer, void=True)
    values: dict[str, Any] = {}
    for name in DEAL_FIELDS:
        if name == "claims":
            values[name] = Claims(*(getattr(row, column) for column in CLAIM_COLUMNS))
            continue
        value = getattr(row, name)
        if name == "penalties":
            value = tuple(_penalty(p) for p in value)
        elif name == "tricks_by_seat":
            value = tuple(value) if value else None
        elif name == "contract":
            value = Contract(value)
        elif name == "remainder_winner":
            value = None if value == "" else value if value == NONE_HELD else int(value)
        elif name == "called":
            value = value or None
        values[name] = value
    return DealRecord(**values)


def stored(record: DealRecord) -> DealRecord:
    """`record` as the database gives it back: a misdeal is its dealer only, a run of none is 0."""
    return record_from_row(_Row(row_values(record)))


def _penalty_json(penalty: Penalty) -> dict[str, Any]:
    return {
        name: value.value if name == "kind" else list(value) if name == "seats" else value
        for name in PENALTY_FIELDS
        for value in (getattr(penalty, name),)
    }


def _penalty(raw: Mapping[str, Any]) -> Penalty:
    return Penalty(PenaltyKind(raw["kind"]), tuple(raw["seats"]), raw.get("count", 1), raw.get("intentional", False))


# ---- a CSV row


def csv_row(record: DealRecord) -> dict[str, str]:
    """The row's columns as a spreadsheet's cells: numbers as digits, flags as true/false, lists as JSON."""
    return {name: _cell(value) for name, value in row_values(record).items()}


def record_from_csv(cells: Mapping[str, str]) -> DealRecord:
    """The record a `csv_row` describes."""
    values = {}
    for name in ROW_FIELDS:
        text = cells[name]
        if name in TEXT:
            values[name] = text
        elif text == "":
            values[name] = None
        else:
            values[name] = json.loads(text)
    return record_from_row(_Row(values))


def _cell(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    return json.dumps(value, separators=(",", ":"))


# ---- the interchange document's deal object


def interchange_deal(record: DealRecord) -> dict[str, Any]:
    """The deal object of INTERCHANGE.md (the engine writes it, leaving out what is empty or default)."""
    return deal_json(record)


def record_from_interchange(raw: Any) -> DealRecord:
    """The record an interchange deal object describes, as the database keeps it (types checked by the engine;
    raises EngineError)."""
    return stored(parse_deal(raw))


# ---- the deal form, and the offline queue that keeps its post


class MissingOffender(ValueError):
    """A penalty was chosen without the seat that committed it; `field` is the form field to mark."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def initial_from_record(record: DealRecord, position: int) -> dict[str, Any]:
    """The deal form's values describing a stored record (a correction's form, a post in tests)."""
    initial: dict[str, Any] = {"position": position}
    for name in DEAL_FIELDS:
        if name in NOT_IN_FORM:
            continue
        value = getattr(record, name)
        if name == "claims":
            initial.update({LATE[claim]: not getattr(value, claim) for claim in CLAIMS_FIELDS})
        elif name == "tricks_by_seat":
            if value:
                initial.update(zip(SEAT_TRICKS, value, strict=True))
        elif name == "penalties":
            for slot, penalty in zip(PENALTY_SLOTS, value, strict=False):
                initial.update(
                    {
                        f"penalty_kind{slot}": penalty.kind.value,
                        f"penalty_seat{slot}": penalty.seats[0],
                        f"penalty_other{slot}": penalty.seats[1] if len(penalty.seats) > 1 else None,
                        f"penalty_count{slot}": penalty.count,
                        f"penalty_intentional{slot}": penalty.intentional,
                    }
                )
        elif name == "contract":
            initial[name] = (value or Contract.ALLIANCE).value
        elif name in ("called", "remainder_winner"):
            initial[name] = "" if value is None else str(value)
        elif name in RUNS:
            initial[name] = value or 0
        else:
            initial[name] = value
    return initial


def record_from_form(data: Mapping[str, Any], *, dealer: int, by_seat: bool) -> DealRecord:
    """The record a deal form's cleaned data describes (`by_seat`: the form asked for the tricks by seat).
    Raises MissingOffender for a penalty without its offender."""
    values: dict[str, Any] = {"dealer": dealer}
    for name in DEAL_FIELDS:
        if name in NOT_IN_FORM:
            continue
        if name == "claims":
            values[name] = Claims(*(not data[LATE[claim]] for claim in CLAIMS_FIELDS))
        elif name == "tricks_by_seat":
            values[name] = tuple(data.get(field) or 0 for field in SEAT_TRICKS) if by_seat else None
        elif name == "penalties":
            values[name] = tuple(p for p in (_form_penalty(data, slot) for slot in PENALTY_SLOTS) if p is not None)
        elif name == "contract":
            values[name] = Contract(data[name])
        elif name in ("hombre", "trump", "tricks", "premiers", "vole_attempted"):
            values[name] = data[name]
        elif name == "called":
            values[name] = data.get(name) or None
        elif name == "remainder_winner":
            winner = data.get(name) or None
            values[name] = int(winner) if winner not in (None, NONE_HELD) else winner
        elif name in RUNS:
            values[name] = data.get(name) or 0
        else:
            values[name] = data.get(name)
    return DealRecord(**values)


def _form_penalty(data: Mapping[str, Any], slot: str) -> Penalty | None:
    kind = data.get(f"penalty_kind{slot}")
    if not kind:
        return None
    seats = [data.get(f"penalty_seat{slot}")]
    if kind == PenaltyKind.TURNED_HAND.value:
        seats.append(data.get(f"penalty_other{slot}"))
    if any(seat is None for seat in seats):
        raise MissingOffender(f"penalty_seat{slot}")
    count = data.get(f"penalty_count{slot}") or 1
    return Penalty(PenaltyKind(kind), tuple(seats), count, data[f"penalty_intentional{slot}"])


def post_from_initial(initial: Mapping[str, Any]) -> dict[str, str]:
    """The form's values as a browser posts them: text, a ticked box as "on", an unticked or empty one absent."""
    return {
        name: "on" if value is True else str(value)
        for name, value in initial.items()
        if value is not None and value is not False
    }
