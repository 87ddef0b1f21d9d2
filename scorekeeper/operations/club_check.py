"""Everything an import checks before it writes a row: the file is whole, every value has its field's type and
length, every reference and every unique name holds, and every table's deals settle under its event's rules.

A refusal names the place (the section and row, or the event, table and deal) and the rule broken, in one line.
The checks never depend on the database the club goes to: a name too long is refused on SQLite as on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

from scorekeeper.clubs.models import Club, Player
from scorekeeper.engine import DealRecord, EngineError, PenaltyKind
from scorekeeper.engine.options import Options
from scorekeeper.engine.validate import check_deal
from scorekeeper.events.models import Event, HouseRules
from scorekeeper.tables.models import Deal, Table

# Sections every export has held since version 1: a file without one of them was cut.
FIRST_SECTIONS = (
    "players",
    "house_rules",
    "events",
    "checkins",
    "sitouts",
    "event_log",
    "tables",
    "deals",
    "deal_changes",
    "player_merges",
)
NO_CHECKS_WARNING = (
    "This file carries no completeness checks (it was exported before they existed): every deal was checked "
    "against the rules, but whether rows were cut from it cannot be."
)
# The same bounds on every database: SQLite would store what PostgreSQL refuses.
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges
PENALTY_KEYS = frozenset({"kind", "seats", "count", "intentional"})
PENALTY_KINDS = frozenset(kind.value for kind in PenaltyKind)
SEATS = frozenset(range(4))


class ImportRefused(Exception):
    """The document cannot be imported; the message says why, in one line."""


@dataclass(frozen=True)
class Checked:
    """A document that passed every check, and what the person importing it should know."""

    warnings: tuple[str, ...]


def _content(document: Mapping[str, Any]) -> bytes:
    """The document as the digest reads it: every key but the checks and the time of the export, keys sorted."""
    content = {key: value for key, value in document.items() if key not in ("checks", "exported_at")}
    return json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def document_checks(document: Mapping[str, Any], sections: Iterable[str]) -> dict[str, Any]:
    """What an import checks the file against: the rows of each section, the deals of each table, a digest."""
    per_table = Counter(row["table"] for row in document["deals"])
    return {
        "rows": {key: len(document[key]) for key in sections},
        "deals_per_table": {str(row["id"]): per_table[row["id"]] for row in document["tables"]},
        "sha256": hashlib.sha256(_content(document)).hexdigest(),
    }


def _is_int(value: object) -> bool:
    return type(value) is int  # True is not a number here either


def _is_time(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return dt.datetime.fromisoformat(value).utcoffset() is not None
    except ValueError:
        return False


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


@functools.cache
def _choices(field: models.Field) -> tuple[str, ...]:
    return tuple(str(choice) for choice, _ in field.flatchoices)


@functools.cache
def _username_length() -> int:
    User = get_user_model()
    return User._meta.get_field(User.USERNAME_FIELD).max_length


def _type_problem(field: models.Field, value: object) -> str | None:  # noqa: PLR0911 (one answer per kind of field)
    """What is wrong with `value` for `field`, in words, or None. Relations are checked apart."""
    if value is None:
        return None if field.null else "is missing (null)"
    if isinstance(field, models.DateTimeField):
        return None if _is_time(value) else "must be a time with its UTC offset, such as 2026-11-19T20:15:03+00:00"
    if isinstance(field, models.DateField):
        return None if _is_date(value) else "must be a date, YYYY-MM-DD"
    if isinstance(field, models.BooleanField):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(field, models.IntegerField):
        if not _is_int(value):
            return "must be a whole number"
        low, high = INTEGER_RANGES[field.get_internal_type()]
        return None if low <= value <= high else f"must be from {low} to {high}"
    if isinstance(field, models.CharField | models.TextField):
        if not isinstance(value, str):
            return "must be text"
        if field.max_length is not None and len(value) > field.max_length:
            return f"is {len(value)} characters long, more than the {field.max_length} allowed"
        if field.choices and value not in _choices(field) and value != "":
            return f"is {value!r}, which is not one of {', '.join(_choices(field))}"
        if field.choices and value == "" and not field.blank:
            return "is empty"
    return None


def _penalties_problem(value: object) -> str | None:
    if not isinstance(value, list):
        return "must be a list of penalties"
    for penalty in value:
        if not isinstance(penalty, dict) or set(penalty) - PENALTY_KEYS or "kind" not in penalty:
            return "must be a list of {kind, seats, count, intentional}"
        if penalty["kind"] not in PENALTY_KINDS:
            return f"names {penalty['kind']!r}, which is not a penalty ({', '.join(sorted(PENALTY_KINDS))})"
        seats = penalty.get("seats")
        if not isinstance(seats, list) or not all(_is_int(s) and s in SEATS for s in seats):
            return "must list each penalty's seats, from 0 to 3"
        if not _is_int(penalty.get("count", 1)) or not isinstance(penalty.get("intentional", False), bool):
            return "must give each penalty's count as a whole number and intentional as true or false"
    return None


# JSON fields whose shape the app reads: (model, field) -> what the value must be.
def _json_problem(model: type[models.Model], name: str, value: object) -> str | None:
    if model is Deal and name == "penalties":
        return _penalties_problem(value)
    if model is Deal and name == "tricks_by_seat":
        if value is None or (isinstance(value, list) and len(value) == 4 and all(_is_int(t) for t in value)):
            return None
        return "must be four whole numbers, or null"
    if model in (Event, HouseRules) and name == "options":
        try:
            Options.from_mapping(value)
        except EngineError as error:
            return f"{error.message} [{error.code}]"
    return None


@dataclass
class _Reader:
    """The document as it is checked: its sections by key, each row by its number."""

    document: Mapping[str, Any]
    sections: tuple  # club_export.SECTIONS

    def __post_init__(self) -> None:
        self.rows: dict[str, dict[int, dict]] = {}
        self.key_of = {section.model: section.key for section in self.sections}

    def section_rows(self, key: str) -> list:
        rows = self.document.get(key, [])
        if not isinstance(rows, list):
            raise ImportRefused(f"'{key}' must be a list of rows, not {type(rows).__name__}.")
        return rows


def _check_structure(reader: _Reader, club: object) -> None:
    if not isinstance(club, dict):
        raise ImportRefused("'club' must be an object with the club's name, created_at and directors.")
    name = club.get("name")
    name_field = Club._meta.get_field("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportRefused("The club's name must be text.")
    if len(name) > name_field.max_length:
        raise ImportRefused(f"The club's name is {len(name)} characters long, more than the {name_field.max_length}.")
    if not _is_time(club.get("created_at")):
        raise ImportRefused("The club's created_at must be a time with its UTC offset.")
    languages = [code for code, _ in Club._meta.get_field("language").flatchoices]
    if "language" in club and club["language"] not in languages:
        raise ImportRefused(f"The club's language must be one of {', '.join(languages)}.")
    directors = club.get("directors", [])
    username_length = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD).max_length
    if not isinstance(directors, list) or not all(isinstance(d, str) and d for d in directors):
        raise ImportRefused('The club\'s directors must be a list of usernames, such as ["director"].')
    for username in directors:
        if len(username) > username_length:
            raise ImportRefused(f"The director {username[:20]!r}… has a username longer than {username_length}.")
    for section in reader.sections:
        numbered: dict[int, dict] = {}
        for index, row in enumerate(reader.section_rows(section.key), start=1):
            if not isinstance(row, dict):
                raise ImportRefused(f"{section.key}: item {index} must be an object (a row), not {type(row).__name__}.")
            number = row.get("id")
            if not _is_int(number) or number < 1:
                raise ImportRefused(f"{section.key}: item {index} has no row number ('id': 1, 2, 3, ...).")
            if number in numbered:
                raise ImportRefused(f"{section.key}: row {number} appears twice.")
            numbered[number] = row
        reader.rows[section.key] = numbered


def _check_completeness(reader: _Reader, document: Mapping[str, Any]) -> list[str]:
    """The counts and the digest the export wrote, against what the file holds; a warning for a file without."""
    checks = document.get("checks")
    if checks is None:
        missing = [key for key in FIRST_SECTIONS if key not in document]
        if missing:
            raise ImportRefused(f"The file has no '{missing[0]}' section: it is not a whole export (cut short?).")
        return [NO_CHECKS_WARNING]
    if not (
        isinstance(checks, dict)
        and isinstance(checks.get("rows"), dict)
        and isinstance(checks.get("deals_per_table"), dict)
    ):
        raise ImportRefused("The file's 'checks' entry is damaged: export the club again.")
    for key, expected in checks["rows"].items():
        held = len(document[key]) if isinstance(document.get(key), list) else None
        if held is None and key not in document:
            raise ImportRefused(f"The file has no '{key}' section where its export wrote {expected} rows: it was cut.")
        if held != expected:
            raise ImportRefused(
                f"The file holds {held} rows of '{key}' where its export wrote {expected}: it was cut short or "
                "edited. Export the club again."
            )
    per_table = Counter(row.get("table") for row in reader.rows["deals"].values() if _is_int(row.get("table")))
    for table, expected in checks["deals_per_table"].items():
        held = per_table[int(table)] if str(table).isdigit() else None
        if held != expected:
            raise ImportRefused(
                f"The file holds {held} deals of table row {table} where its export wrote {expected}: it was cut "
                "short or edited. Export the club again."
            )
    if checks.get("sha256") != hashlib.sha256(_content(document)).hexdigest():
        raise ImportRefused(
            "The file was changed after its export (its digest does not match). Export the club again; to import "
            "a file edited on purpose, delete its 'checks' entry (every deal is still checked against the rules)."
        )
    return []


def _check_rows(reader: _Reader, fields_of) -> None:
    """Every value of every row: its type, length, choices and range, and every reference to an earlier row."""
    for section in reader.sections:
        model = section.model
        for number, row in reader.rows[section.key].items():
            for field in fields_of(model):
                if field.name == "club":
                    continue
                if field.name not in row:
                    stamped = getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
                    if not (field.has_default() or field.null or stamped):
                        raise ImportRefused(f"{_place(reader, section.key, number)} has no {field.name}.")
                    continue
                value = row[field.name]
                if field.is_relation:
                    problem = _reference_problem(reader, field, value)
                elif value is None:
                    problem = None if field.null else "is missing (null)"
                elif isinstance(field, models.JSONField):
                    problem = _json_problem(model, field.name, value)
                else:
                    problem = _type_problem(field, value)
                if problem:
                    raise ImportRefused(f"{_place(reader, section.key, number)}: {field.name} {problem}.")


def _reference_problem(reader: _Reader, field: models.Field, value: object) -> str | None:
    if value is None:
        return None if field.null else "is missing (null)"
    if field.related_model is get_user_model():
        return None if isinstance(value, str) and 0 < len(value) <= _username_length() else "must be a username"
    target = reader.key_of.get(field.related_model)
    if not _is_int(value):
        return f"must be a row number of '{target}', not {json.dumps(value)[:40]}"
    if value not in reader.rows.get(target, {}):
        return f"is {value}, which is not a row of '{target}' in the file"
    return None


def _values(model: type[models.Model], row: dict, fields_of) -> dict[str, object]:
    """The row's values by field name, with a field's default where the row has none (the club left out)."""
    values = {}
    for field in fields_of(model):
        if field.name in row:
            values[field.name] = row[field.name]
        elif field.has_default() and field.name != "token":
            values[field.name] = field.get_default()
    return values


def _holds(condition: models.Q, values: Mapping[str, object]) -> bool:
    """Whether a constraint's condition holds for a row of the file (the lookups the project's constraints use)."""
    results = []
    for child in condition.children:
        if isinstance(child, models.Q):
            results.append(_holds(child, values))
            continue
        lookup, expected = child
        name, _, operator = lookup.partition("__")
        value = values.get(name)
        if operator == "isnull":
            results.append((value is None) is expected)
        elif operator in ("", "exact"):
            results.append(value == expected)
        elif value is None:
            results.append(False)
        else:
            compare = {"lte": value <= expected, "lt": value < expected, "gte": value >= expected}
            results.append(compare.get(operator, value > expected))
    held = all(results) if condition.connector == models.Q.AND else any(results)
    return not held if condition.negated else held


def _check_constraints(reader: _Reader, fields_of) -> None:
    """Every unique name and every rule of a model, between the file's rows and against this database."""
    for section in reader.sections:
        model = section.model
        meta = model._meta
        unique_sets = [((f.name,), None, f"{f.name} is unique") for f in fields_of(model) if f.unique]
        for constraint in meta.constraints:
            if isinstance(constraint, models.UniqueConstraint) and constraint.fields:
                unique_sets.append((tuple(constraint.fields), constraint.condition, constraint.name))
        seen: dict[tuple, dict[tuple, int]] = defaultdict(dict)
        for number, row in reader.rows[section.key].items():
            values = _values(model, row, fields_of)
            for constraint in meta.constraints:
                if isinstance(constraint, models.CheckConstraint) and not _holds(constraint.condition, values):
                    raise ImportRefused(f"{_place(reader, section.key, number)} breaks the rule {constraint.name}.")
            for names, condition, rule in unique_sets:
                if condition is not None and not _holds(condition, values):
                    continue
                if any(values.get(n) is None for n in names if n != "club"):
                    continue  # NULLs never collide in a unique column (a planned table not yet played)
                key = tuple(json.dumps(values.get(n), sort_keys=True) for n in names if n != "club")
                if key in seen[names]:
                    first = seen[names][key]
                    raise ImportRefused(
                        f"{_place(reader, section.key, number)} repeats {section.key} row {first}: the same "
                        f"{', '.join(n for n in names if n != 'club')} ({rule})."
                    )
                seen[names][key] = number
        _check_unique_here(reader, section, fields_of)


def _check_unique_here(reader: _Reader, section, fields_of) -> None:
    """A unique value of the file (a table's link token) that a row of this database already has."""
    model = section.model
    for field in fields_of(model):
        if not field.unique or field.is_relation:
            continue
        wanted = {row[field.name]: number for number, row in reader.rows[section.key].items() if field.name in row}
        taken = list(
            model._base_manager.filter(**{f"{field.name}__in": list(wanted)}).values_list(field.name, flat=True)[:1]
        )
        if taken:
            holder = model._base_manager.get(**{field.name: taken[0]})
            where = _club_of(holder, section.club_path)
            raise ImportRefused(
                f"{section.key} row {wanted[taken[0]]} has the {field.name} of {holder!s}, already in this database "
                f"in the club {where!r}: the club is already here (renamed?), or this file was imported before."
            )


def _club_of(obj: models.Model, club_path: str) -> str:
    for step in club_path.split("__"):
        obj = getattr(obj, step)
    return str(obj)


def _place(reader: _Reader, key: str, number: int) -> str:
    """A row as the person importing knows it: a deal by its event, table and number, any other by its row."""
    row = reader.rows[key][number]
    table = row.get("table")
    if key == "deals" and _is_int(table) and table in reader.rows["tables"] and _is_int(row.get("position")):
        return f"{_deal_place(reader, table, row['position'])} (deals row {number})"
    return f"{key} row {number}"


def _deal_place(reader: _Reader, table_number: int, position: object) -> str:
    table = reader.rows["tables"][table_number]
    event = reader.rows["events"][table["event"]]
    return (
        f"Event {event.get('name')!r} ({event.get('date')}), round {table.get('round', 1)}, "
        f"table {table.get('number')}, deal {position}"
    )


def _table(reader: _Reader, table_number: int, fields_of) -> Table:
    """The table row as an unsaved Table, with its event and players: the app's own fold then settles its deals."""
    row = reader.rows["tables"][table_number]
    event = Event(**_values(Event, reader.rows["events"][row["event"]], fields_of))
    players = reader.rows["players"]
    seats = {f"seat_{s}": Player(name=players[row[f"seat_{s}"]]["name"]) for s in range(4)}
    values = {k: v for k, v in _values(Table, row, fields_of).items() if k != "event" and not k.startswith("seat_")}
    return Table(event=event, **seats, **values)


def _record(reader: _Reader, row: dict, fields_of) -> DealRecord:
    """The deal row as the app reads it (Deal.to_record), its values' types already checked."""
    deal = Deal(**{k: v for k, v in _values(Deal, row, fields_of).items() if k != "table"})
    try:
        return deal.to_record()
    except (ValueError, TypeError, KeyError) as error:
        place = _deal_place(reader, row["table"], row["position"])
        raise ImportRefused(f"{place}: not a record the app can read ({error}).") from None


def _check_tables(reader: _Reader, fields_of) -> None:
    """Each table's live deals numbered 1, 2, 3, ... and settled in order under its event's rules; each struck deal
    a possible record."""
    live: dict[int, list[tuple[int, int, dict]]] = defaultdict(list)
    struck: list[dict] = []
    for number, row in reader.rows["deals"].items():
        if row.get("struck_at") is None:
            live[row["table"]].append((row["position"], number, row))
        else:
            struck.append(row)
    for table_number in reader.rows["tables"]:
        deals = sorted(live.get(table_number, []), key=lambda item: item[0])
        for expected, (position, _, _) in enumerate(deals, start=1):
            if position != expected:
                shown = ", ".join(str(p) for p, _, _ in deals[: expected + 1])
                raise ImportRefused(
                    f"{_deal_place(reader, table_number, expected)}: the table's deals are numbered {shown}, ... "
                    "where each number comes once, from 1 up (a deal missing, or one row twice)."
                )
        try:
            _table(reader, table_number, fields_of).fold([_record(reader, row, fields_of) for _, _, row in deals])
        except EngineError as error:
            raise ImportRefused(
                f"{_deal_place(reader, table_number, error.position)}: {error.message} "
                f"(rule {error.code}, field {error.field})."
            ) from None
    for row in struck:
        table_number = row["table"]
        session = _table(reader, table_number, fields_of).session()
        record = _record(reader, row, fields_of)
        winner = record.remainder_winner
        try:
            check_deal(
                record,
                ruleset=session.ruleset,
                options=session.options,
                expected_dealer=None,
                held=1 if winner is not None else 0,
                eligible=tuple(SEATS),
            )
        except EngineError as error:
            place = _deal_place(reader, table_number, f"{row['position']} (struck out)")
            raise ImportRefused(f"{place}: {error.message} (rule {error.code}, field {error.field}).") from None


def _check_merges(reader: _Reader, moved_keys: Mapping[str, tuple]) -> None:
    for number, row in reader.rows.get("player_merges", {}).items():
        moved = row.get("moved", {})
        if not isinstance(moved, dict):
            raise ImportRefused(f"player_merges row {number}: moved must be an object.")
        for key, (model, pairs) in moved_keys.items():
            items = moved.get(key, [])
            target = reader.key_of[model]
            ok = isinstance(items, list) and all(
                (isinstance(item, list) and item and _is_int(item[0]) and item[0] in reader.rows[target])
                if pairs
                else (_is_int(item) and item in reader.rows[target])
                for item in items
            )
            if not ok:
                raise ImportRefused(f"player_merges row {number}: moved.{key} must list rows of '{target}'.")


def club_check(*, document: object, sections: tuple, fields_of, moved_keys: Mapping[str, tuple]) -> Checked:
    """Check a club document whole, reading nothing but the file and this database; raises ImportRefused."""
    if not isinstance(document, dict):
        raise ImportRefused("The file is not a club export (a JSON object).")
    reader = _Reader(document, sections)
    _check_structure(reader, document.get("club"))
    warnings = _check_completeness(reader, document)
    name = document["club"]["name"]
    if Club.objects.filter(name=name).exists():
        raise ImportRefused(f"This database already has a club named {name!r}.")
    _check_rows(reader, fields_of)
    _check_merges(reader, moved_keys)
    _check_constraints(reader, fields_of)
    _check_tables(reader, fields_of)
    return Checked(tuple(warnings))
