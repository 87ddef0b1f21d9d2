"""The bounds of INTERCHANGE.md ("Bounds"): numbers no table comes near, refused before anything is settled.

A number out of bounds is refused as `number_out_of_range`, its field named: the key (`start`, `pot`, `tricks`),
the option's key for an option, `deals[i].penalties[j].count` for a penalty's count (i and j counted from 0 as in
the JSON; the error's `position` is i + 1). Checking costs one pass over the document, so a file of a few bytes can
no longer make a settlement loop (a penalty's `count`) or print a number of thousands of digits (`start`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.errors import EngineError

if TYPE_CHECKING:  # the options check these bounds, and the model imports the options
    from scorekeeper.engine.model import Session

LARGEST = 10**9  # every integer of a document, either sign
MOST_PENALTIES = 100  # a penalty's count: 1 to this
MOST_DEALS = 100_000  # deal records in one document
# A literal longer than this is not read as a number at all (Python's own default limit for int(), kept whatever
# the interpreter is told), so reading one costs no more than reading its text.
LONGEST_LITERAL = 4300


def out_of_range(field: str, words: str, position: int | None = None) -> EngineError:
    return EngineError("number_out_of_range", field, words, position)


def is_int(value: object) -> bool:
    """A whole number, and not True or False (bool is a subclass of int: True is not one trick, nor seat 1)."""
    return type(value) is int


def check_number(value: Any, field: str, position: int | None = None) -> None:
    if is_int(value) and not -LARGEST <= value <= LARGEST:
        raise out_of_range(field, f"{field} must be between -{LARGEST:,} and {LARGEST:,}", position)


def check_count(count: Any, field: str, position: int | None = None) -> None:
    if is_int(count) and not 1 <= count <= MOST_PENALTIES:
        raise out_of_range(field, f"a penalty happens 1 to {MOST_PENALTIES} times", position)


def check_document(doc: Mapping[str, Any]) -> None:
    """Refuse a document with a number out of bounds. Only whole numbers are looked at: a value of the wrong
    type is left to the checks of its field."""
    for name, value in doc.items():
        if name == "options" and isinstance(value, Mapping):
            for key, option in value.items():
                check_number(option, str(key))
        elif name == "deals" and isinstance(value, list):
            if len(value) > MOST_DEALS:
                raise out_of_range("deals", f"a document holds at most {MOST_DEALS:,} deals")
            for index, deal in enumerate(value):
                if isinstance(deal, Mapping):
                    _check_deal(deal, index)
        elif isinstance(value, list):
            for item in value:
                check_number(item, name)
        else:
            check_number(value, name)


def _check_deal(deal: Mapping[str, Any], index: int) -> None:
    position = index + 1
    for name, value in deal.items():
        if name == "penalties" and isinstance(value, list):
            for number, penalty in enumerate(value):
                if not isinstance(penalty, Mapping):
                    continue
                check_count(penalty.get("count"), f"deals[{index}].penalties[{number}].count", position)
                seats = penalty.get("seats")
                for seat in seats if isinstance(seats, list) else ():
                    check_number(seat, f"deals[{index}].penalties[{number}].seats", position)
        elif isinstance(value, list):
            for item in value:
                check_number(item, name, position)
        else:
            check_number(value, name, position)


def check_session(session: Session) -> None:
    """The session's own numbers (the app builds sessions from its rows, not from a document)."""
    check_number(session.start, "start")
    opening = session.opening
    for name in ("pot", "k", "board", "held"):
        check_number(getattr(opening, name), name)
    for beast in opening.beasts:
        check_number(beast, "beasts")


def whole_number(text: str) -> int:
    """json's `parse_int`: a literal of thousands of digits is not JSON this app reads (INTERCHANGE.md)."""
    if len(text) > LONGEST_LITERAL:
        raise ValueError(f"a number of {len(text)} digits")
    return int(text)
