"""Schedule documents (docs/TOURNAMENTS.md §3.7, §10): the request of T-81, the record of T-28, the seed and its
commitment (T-26), and *verify* (T-27), which recomputes a record's schedule from its inputs and compares."""

from __future__ import annotations

import hashlib
import json
import platform
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.interchange import load_json, read_input
from scorekeeper.engine.tournament.planner import (
    BYE_CHOICES,
    PLANNER_REVISION,
    Entrant,
    Request,
    Round,
    Schedule,
    plan,
)

REQUEST_FORMAT = "quadrille-schedule-request/1"
RECORD_FORMAT = "quadrille-schedule/1"
REQUEST_FIELDS = {
    "format",
    "seed",
    "sessions",
    "entrants",
    "teams",
    "keep_apart",
    "bye_choice",
    "started",
    "by_standings",
    "standings",
}
ENTRANT_FIELDS = {"number", "name", "from_round", "until_round"}
ROUND_FIELDS = {"round", "session", "started", "tables", "byes", "absent"}
# Far beyond any club's tournament; they keep a request's work bounded (T-21).
MAX_ENTRANTS = 256
MAX_ROUNDS = 32
SEED_PATTERN = re.compile(r"[0-9a-f]{32,}")


def draw_seed() -> str:
    """A new seed: 128 bits from the operating system's secure generator, lowercase hex (T-26)."""
    return secrets.token_hex(16)


def normal_seed(seed: object, field: str = "seed") -> str:
    """A seed as T-26 writes it (lowercase hex, at least 32 digits), or `request_invalid`."""
    if not isinstance(seed, str) or not SEED_PATTERN.fullmatch(seed.strip().lower()):
        raise EngineError("request_invalid", field, "the seed must be at least 32 hexadecimal digits (0-9, a-f)")
    return seed.strip().lower()


def seed_commitment(seed: str) -> str:
    """SHA-256 of the seed's UTF-8 text, lowercase hex: published before the first draw (T-26)."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def version() -> str:
    """The implementation's version (T-27, T-28): the same request under the same version gives the same schedule."""
    try:
        package = metadata.version("quadrille-scorekeeper")
    except metadata.PackageNotFoundError:
        package = "unknown"
    return (
        f"scorekeeper {package} planner {PLANNER_REVISION} / "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


# --- the request (T-81) --------------------------------------------------------------------------------------


def _int(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EngineError("request_invalid", field, f"{field} must be a whole number from {low} to {high}")
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise EngineError("request_invalid", field, f"{field} must be a list")
    return value


def parse_request(doc: Any) -> Request:
    """The request of T-81 as a `Request`, or `request_invalid` naming the field at fault."""
    if not isinstance(doc, Mapping):
        raise EngineError("request_invalid", None, "the request must be a JSON object")
    unknown = sorted(set(doc) - REQUEST_FIELDS)
    if unknown:
        raise EngineError("request_invalid", unknown[0], f"{unknown[0]!r} is not a field of a schedule request")
    if "format" in doc and doc["format"] != REQUEST_FORMAT:
        raise EngineError("request_invalid", "format", f"the format must be {REQUEST_FORMAT!r}")
    if "seed" not in doc:
        raise EngineError("request_invalid", "seed", "the request needs a seed (T-26)")
    seed = normal_seed(doc["seed"])
    sessions = _list(doc.get("sessions"), "sessions")
    if not sessions:
        raise EngineError("request_invalid", "sessions", "sessions must list at least one session")
    sessions = [_int(s, f"sessions[{i}]", 1, MAX_ROUNDS) for i, s in enumerate(sessions)]
    total = sum(sessions)
    if total > MAX_ROUNDS:
        raise EngineError("request_invalid", "sessions", f"a tournament has at most {MAX_ROUNDS} rounds")
    entrants = _parse_entrants(doc.get("entrants"), total)
    known = {e.number for e in entrants}
    teams = _parse_teams(doc.get("teams", {}), known)
    keep_apart = _parse_keep_apart(doc.get("keep_apart", []), known)
    bye_choice = doc.get("bye_choice", "planner")
    if bye_choice not in BYE_CHOICES:
        raise EngineError("request_invalid", "bye_choice", "bye_choice must be 'planner' or 'lowest_standing'")
    by_standings = _int(doc.get("by_standings", 0), "by_standings", 0, total)
    standings = None
    if "standings" in doc and doc["standings"] is not None:
        standings = tuple(
            _number(x, f"standings[{i}]", known) for i, x in enumerate(_list(doc["standings"], "standings"))
        )
        if len(set(standings)) != len(standings):
            raise EngineError("request_invalid", "standings", "an entrant is listed twice in the standings")
    started = tuple(
        _parse_round(item, i, total, known) for i, item in enumerate(_list(doc.get("started", []), "started"))
    )
    return Request(
        seed=seed,
        sessions=tuple(sessions),
        entrants=entrants,
        teams=teams,
        keep_apart=keep_apart,
        bye_choice=bye_choice,
        started=started,
        by_standings=by_standings,
        standings=standings,
    )


def _number(value: object, field: str, known: set[int]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in known:
        raise EngineError("request_invalid", field, f"{value!r} is not the number of an entrant")
    return value


def _parse_entrants(value: object, total: int) -> tuple[Entrant, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        count = _int(value, "entrants", 1, MAX_ENTRANTS)
        return tuple(Entrant(number) for number in range(1, count + 1))
    items = _list(value, "entrants")
    if not items:
        raise EngineError("request_invalid", "entrants", "the request lists no entrants")
    if len(items) > MAX_ENTRANTS:
        raise EngineError("request_invalid", "entrants", f"a tournament has at most {MAX_ENTRANTS} entrants")
    entrants = []
    seen: set[int] = set()
    for i, item in enumerate(items):
        field = f"entrants[{i}]"
        if not isinstance(item, Mapping):
            raise EngineError("request_invalid", field, "an entrant is an object with a number")
        unknown = sorted(set(item) - ENTRANT_FIELDS)
        if unknown:
            raise EngineError(
                "request_invalid", f"{field}.{unknown[0]}", f"{unknown[0]!r} is not a field of an entrant"
            )
        number = _int(item.get("number"), f"{field}.number", 1, 10**9)
        if number in seen:
            raise EngineError("request_invalid", f"{field}.number", f"entrant number {number} is repeated")
        seen.add(number)
        name = item.get("name", "")
        if not isinstance(name, str):
            raise EngineError("request_invalid", f"{field}.name", "a name is text")
        first = _int(item.get("from_round", 1), f"{field}.from_round", 1, total)
        last = _int(item.get("until_round", total), f"{field}.until_round", first, total)
        entrants.append(Entrant(number, name, first, None if last == total else last))
    return tuple(sorted(entrants, key=lambda e: e.number))


def _parse_teams(value: object, known: set[int]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if not isinstance(value, Mapping):
        raise EngineError("request_invalid", "teams", "teams must map each team's name to its members")
    teams = []
    member_of: dict[int, str] = {}
    for name in sorted(value):
        field = f"teams.{name}"
        members = tuple(_number(x, f"{field}[{i}]", known) for i, x in enumerate(_list(value[name], field)))
        if len(members) < 2 or len(set(members)) != len(members):
            raise EngineError("request_invalid", field, "a team has at least two different members")
        for member in members:
            if member in member_of:
                raise EngineError(
                    "request_invalid", field, f"entrant {member} is already in team {member_of[member]} (T-53)"
                )
            member_of[member] = name
        teams.append((name, members))
    return tuple(teams)


def _parse_keep_apart(value: object, known: set[int]) -> tuple[tuple[int, int], ...]:
    pairs = []
    for i, item in enumerate(_list(value, "keep_apart")):
        field = f"keep_apart[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise EngineError("request_invalid", field, "a keep-apart pair is a list of two entrant numbers")
        a, b = (_number(x, f"{field}[{j}]", known) for j, x in enumerate(item))
        if a == b:
            raise EngineError("request_invalid", field, "a keep-apart pair names two different entrants")
        pairs.append((a, b))
    return tuple(pairs)


def _parse_round(item: object, index: int, total: int, known: set[int]) -> Round:
    field = f"started[{index}]"
    if not isinstance(item, Mapping):
        raise EngineError("request_invalid", field, "a started round is an object with its tables and byes")
    unknown = sorted(set(item) - ROUND_FIELDS)
    if unknown:
        raise EngineError("request_invalid", f"{field}.{unknown[0]}", f"{unknown[0]!r} is not a field of a round")
    number = _int(item.get("round"), f"{field}.round", 1, total)
    if number != index + 1:
        raise EngineError("request_invalid", f"{field}.round", "started rounds are the first rounds, 1, 2, … in order")
    tables = []
    for t, table in enumerate(_list(item.get("tables"), f"{field}.tables")):
        where = f"{field}.tables[{t}]"
        seats = tuple(_number(x, f"{where}[{s}]", known) for s, x in enumerate(_list(table, where)))
        tables.append(seats)
    byes = tuple(
        sorted(
            _number(x, f"{field}.byes[{i}]", known) for i, x in enumerate(_list(item.get("byes", []), f"{field}.byes"))
        )
    )
    return Round(tables=tuple(tables), byes=byes)


# --- the record (T-28) ---------------------------------------------------------------------------------------


def _entrant_json(entrant) -> dict[str, object]:
    """An entrant as the request and the record give him: the rounds he plays only where they are not all."""
    item: dict[str, object] = {"number": entrant.number, "name": entrant.name}
    if entrant.from_round != 1:
        item["from_round"] = entrant.from_round
    if entrant.until_round is not None:
        item["until_round"] = entrant.until_round
    return item


def _choices_json(request: Request) -> dict[str, object]:
    """What the request asked besides its entrants and rounds, as the request and the record both give it."""
    return {
        "teams": {name: list(members) for name, members in request.teams},
        "keep_apart": [list(pair) for pair in request.keep_apart],
        "bye_choice": request.bye_choice,
        "by_standings": request.by_standings,
        "standings": list(request.standings) if request.standings is not None else None,
    }


def record_json(request: Request, schedule: Schedule, *, started: int | None = None, reveal: bool = False) -> dict:
    """The schedule record of T-28 with T-81's `measures` and `target`. `started` is how many rounds are started now
    (default: those fixed when the schedule was planned); the seed is given only once revealed (T-26)."""
    started = schedule.started if started is None else started
    names = {e.number: e for e in request.entrants}
    entrants = [_entrant_json(names[number]) for number in sorted(names)]
    sessions = [s for s, count in enumerate(request.sessions, start=1) for _ in range(count)]
    rounds = []
    for k, rnd in enumerate(schedule.rounds, start=1):
        present = set(request.present(k))
        absent = sorted(set(names) - present)
        rounds.append(
            {
                "round": k,
                "session": sessions[k - 1],
                "started": k <= started,
                "tables": [list(table) for table in rnd.tables],
                "byes": list(rnd.byes),
                "absent": absent,
            }
        )
    record: dict[str, object] = {
        "format": RECORD_FORMAT,
        "version": version(),
        "seed_sha256": seed_commitment(request.seed),
        "seed": request.seed if reveal else None,
        "entrants": entrants,
        **_choices_json(request),
        "fixed_rounds": schedule.started,
        "rounds": rounds,
        "measures": schedule.measures.as_dict(),
        "target": schedule.target,
    }
    return record


def request_json(request: Request) -> dict:
    """The request of T-81 without its seed (kept secret until the tournament closes, T-26): what `parse_request`
    reads back, with the seed added, as the same `Request`."""
    return {
        "format": REQUEST_FORMAT,
        "sessions": list(request.sessions),
        "entrants": [_entrant_json(entrant) for entrant in request.entrants],
        **_choices_json(request),
        "started": [
            {"round": k, "tables": [list(table) for table in rnd.tables], "byes": list(rnd.byes)}
            for k, rnd in enumerate(request.started, start=1)
        ],
    }


def plan_document(doc: Any) -> dict:
    """A request (T-81) in, its schedule record out."""
    request = parse_request(doc)
    return record_json(request, plan(request))


def plan_file(path: str) -> dict:
    """`python -m scorekeeper.engine plan FILE`: the request in FILE (or standard input for `-`) planned."""
    text = read_input(path)
    try:
        return plan_document(load_json(text))
    except RecursionError:
        raise EngineError("request_invalid", None, "the request is nested too deeply") from None


# --- verify (T-27) -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    """What *verify* found: the seed matches its commitment, the version is this one, the schedule is recomputed."""

    commitment_matches: bool
    same_version: bool
    same_schedule: bool
    differing_rounds: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return self.commitment_matches and self.same_schedule


def request_from_record(record: Mapping, seed: str) -> Request:
    """The request a record was planned from: its entrants and presence, sessions, teams, keep-apart pairs, bye
    choice, standings, and its first `fixed_rounds` rounds as the started ones."""
    rounds = list(record["rounds"])
    sessions: list[int] = []
    for rnd in rounds:
        if rnd["session"] > len(sessions):
            sessions.append(0)
        sessions[-1] += 1
    entrants = tuple(
        Entrant(item["number"], item.get("name", ""), item.get("from_round", 1), item.get("until_round"))
        for item in record["entrants"]
    )
    fixed = int(record.get("fixed_rounds", 0))
    started = tuple(
        Round(tuple(tuple(table) for table in rnd["tables"]), tuple(rnd.get("byes", []))) for rnd in rounds[:fixed]
    )
    standings = record.get("standings")
    return Request(
        seed=normal_seed(seed),
        sessions=tuple(sessions),
        entrants=entrants,
        teams=tuple((name, tuple(members)) for name, members in sorted(record.get("teams", {}).items())),
        keep_apart=tuple(tuple(pair) for pair in record.get("keep_apart", [])),
        bye_choice=record.get("bye_choice", "planner"),
        started=started,
        by_standings=int(record.get("by_standings", 0)),
        standings=tuple(standings) if standings is not None else None,
    )


def _same_round(kept: Mapping, again: Round) -> bool:
    return [list(t) for t in kept["tables"]] == [list(t) for t in again.tables] and sorted(kept["byes"]) == list(
        again.byes
    )


def verify(record: Mapping, seed: str) -> Verification:
    """Recompute a record's schedule from its inputs and the revealed seed, and compare it round by round (T-27).

    The rounds not fixed when the record was planned are recomputed from the record's own inputs. A round opened
    from an earlier plan (a round seated by the standings after the round before it, T-29, or opened before a late
    arrival) is recomputed from the request it was drawn from, which the record keeps in `draws`
    (`{"round": r, "request": T-81's request without its seed}`): every round so drawn is checked."""
    seed = normal_seed(seed)
    request = request_from_record(record, seed)
    schedule = plan(request)
    differing = set()
    for k, (kept, again) in enumerate(zip(record["rounds"], schedule.rounds, strict=False), start=1):
        if not _same_round(kept, again):
            differing.add(k)
    if len(record["rounds"]) != len(schedule.rounds):
        differing.add(min(len(record["rounds"]), len(schedule.rounds)) + 1)
    plans: dict[str, Schedule] = {}  # rounds opened from one plan share its request: planned once
    for draw in record.get("draws", []):
        k = int(draw["round"])
        key = json.dumps(draw["request"], sort_keys=True)
        if key not in plans:
            plans[key] = plan(parse_request({**draw["request"], "seed": seed}))
        drawn, kept = plans[key].rounds, record["rounds"]
        same = 1 <= k <= min(len(drawn), len(kept)) and _same_round(kept[k - 1], drawn[k - 1])
        if not same:
            differing.add(k)
    return Verification(
        commitment_matches=seed_commitment(seed) == record.get("seed_sha256"),
        same_version=record.get("version") == version(),
        same_schedule=not differing,
        differing_rounds=tuple(sorted(differing)),
    )


def verify_file(path: str, seed: str | None = None) -> dict:
    """`python -m scorekeeper.engine verify FILE [--seed SEED]`: the record in FILE (or standard input for `-`)
    recomputed round by round with its revealed seed, or `seed` when it is not revealed yet."""
    text = read_input(path)
    try:
        record = load_json(text)
    except RecursionError:
        raise EngineError("record_invalid", None, "the record is nested too deeply") from None
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise EngineError("record_invalid", "format", f"a schedule record has the format {RECORD_FORMAT!r} (T-28)")
    seed = seed or record.get("seed")
    if not seed:
        raise EngineError("seed_required", "seed", "the record's seed is not revealed: give it with --seed")
    try:
        found = verify(record, seed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise EngineError("record_invalid", None, f"the record is not one this planner wrote: {exc!r}") from None
    return {
        "ok": found.ok,
        "commitment_matches": found.commitment_matches,
        "same_version": found.same_version,
        "same_schedule": found.same_schedule,
        "differing_rounds": list(found.differing_rounds),
    }
