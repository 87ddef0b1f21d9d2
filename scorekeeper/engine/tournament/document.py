"""The tournament document (TOURNAMENTS.md T-82) in, the standings document (T-83) out.

A document is refused as a whole: the first fault raises one EngineError whose field names where it is, with
0-based indices (`rounds[2].tables[1].deals[7].tricks`), and whose message names the rule. Each table's deals are
settled by the engine's own fold, from a fresh table with the end-of-round rule applied (T-6, T-7).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date
from typing import Any

from scorekeeper.engine.bounds import is_int
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.interchange import deal_json, parse_deal, parse_session
from scorekeeper.engine.model import DealRecord, Session
from scorekeeper.engine.tournament.boards import HandRecord, hand_record_json, parse_hand_record
from scorekeeper.engine.tournament.duplicate import (
    DuplicateRound,
    boards_json,
    check_duplicate_options,
    hundredths_text,
    percentages,
    score_document_rounds,
)
from scorekeeper.engine.tournament.scores import (
    HUNDREDTHS,
    TWELFTHS,
    RoundResult,
    ScoredRound,
    Substitution,
    TableResult,
    TournamentOptions,
    end_rule_check,
    score_rounds,
    table_result,
)
from scorekeeper.engine.tournament.standings import Entrant, Standings, rank
from scorekeeper.engine.tournament.teams import TeamStanding, rank_teams

FORMAT = "quadrille-tournament/1"
OUTPUT_FORMAT = "quadrille-standings/1"
TOP_FIELDS = {
    "format",
    "name",
    "date",
    "ruleset",
    "options",
    "start",
    "favourite_suit",
    "tournament",
    "seed_sha256",
    "seed",
    "entrants",
    "teams",
    "keep_apart",
    "rounds",
    "boards",
}
ENTRANT_FIELDS = {"number", "name", "withdrawn_after"}
ROUND_FIELDS = {"round", "session", "started", "byes", "tables"}
TABLE_FIELDS = {"table", "seats", "short", "substitutes", "deals", "fouled"}
SUBSTITUTE_FIELDS = {"seat", "name", "from_deal"}
HEX = re.compile(r"[0-9a-f]+")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """A table as the document gives it: its seats, its deals (records, not yet settled) and substitutes."""

    table: int
    seats: tuple[int, int, int, int]
    deals: tuple[DealRecord, ...] = ()
    short: bool = False
    substitutes: tuple[Substitution, ...] = ()
    boards: tuple[int, ...] = ()  # duplicate: each deal's board (T-82)
    fouled: tuple[int, ...] = ()  # duplicate: the boards the director marked fouled at this table (T-63)


@dataclass(frozen=True, slots=True)
class PlannedRound:
    round: int
    session: int
    started: bool
    tables: tuple[PlannedTable, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tournament:
    """A parsed, checked tournament document. `session` holds the rule set, options, start and favourite suit
    shared by every table (its players are filled in per table)."""

    session: Session
    options: TournamentOptions
    entrants: tuple[Entrant, ...]
    rounds: tuple[PlannedRound, ...]
    teams: tuple[tuple[str, tuple[int, ...]], ...] = ()
    keep_apart: tuple[tuple[int, int], ...] = ()
    name: str | None = None
    date: str | None = None
    seed_sha256: str | None = None
    seed: str | None = None
    boards: tuple[HandRecord, ...] = ()  # duplicate: the hand records (T-60)


@dataclass(frozen=True, slots=True)
class Result:
    """What the standings document reports: the rounds scored, the individual and the team standings."""

    tournament: Tournament
    rounds: tuple[ScoredRound, ...]
    standings: Standings
    teams: tuple[TeamStanding, ...]
    boards: tuple[DuplicateRound | None, ...] = ()  # duplicate: each round's boards, None for a round only planned


def _invalid(field: str | None, message: str) -> EngineError:
    return EngineError("document_invalid", field, message)


def _fields(raw: Any, allowed: set[str], where: str, what: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise _invalid(where or None, f"{what} must be a JSON object (T-82)")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        prefix = f"{where}." if where else ""
        raise _invalid(f"{prefix}{unknown[0]}", f"{unknown[0]!r} is not a field of {what} (T-82)")
    return raw


def _list(raw: Any, field: str, what: str) -> list[Any]:
    if not isinstance(raw, list):
        raise _invalid(field, f"{what} must be a list (T-82)")
    return raw


def parse_tournament(doc: Any) -> Tournament:
    """Check a tournament document (T-82) and return it parsed; deals are parsed but not yet settled."""
    doc = _fields(doc, TOP_FIELDS, "", "a tournament document")
    if doc.get("format") != FORMAT:
        raise EngineError("format_invalid", "format", f"the format must be {FORMAT!r}")
    # The interchange reads the rule set, options, start and favourite suit with its own codes.
    shared = {key: doc[key] for key in ("ruleset", "options", "start", "favourite_suit") if key in doc}
    session, _, _ = parse_session({**shared, "players": ["1", "2", "3", "4"], "deals": []})
    end_rule_check(session.ruleset, session.options)
    raw_rounds = _list(doc.get("rounds", []), "rounds", "rounds")
    options = TournamentOptions.from_mapping(doc.get("tournament"), rounds=len(raw_rounds))
    duplicate = options.format == "duplicate"
    if duplicate:
        check_duplicate_options(session.options)
        boards = _boards(doc.get("boards", []))
    elif doc.get("boards"):
        raise _invalid("boards", "boards belong to a duplicate tournament (T-57, T-60)")
    name = doc.get("name")
    if name is not None and not isinstance(name, str):
        raise _invalid("name", "the tournament's name is text (T-82)")
    seed_sha256, seed = _seed(doc)
    entrants = _entrants(doc.get("entrants"))
    numbers = {e.number for e in entrants}
    teams = _teams(doc.get("teams", {}), numbers, options)
    keep_apart = _keep_apart(doc.get("keep_apart", []), numbers)
    rounds = _rounds(raw_rounds, session, duplicate)
    tournament = Tournament(
        session=session,
        options=options,
        entrants=entrants,
        rounds=rounds,
        teams=teams,
        keep_apart=keep_apart,
        name=name,
        date=_date(doc.get("date")),
        seed_sha256=seed_sha256,
        seed=seed,
        boards=boards if duplicate else (),
    )
    check_schedule(tournament)
    return tournament


def _boards(raw: Any) -> tuple[HandRecord, ...]:
    """T-60's hand records, each valid and each board once. A fault is `document_invalid` and names the card."""
    records = []
    seen: set[int] = set()
    for i, item in enumerate(_list(raw, "boards", "boards")):
        try:
            record = parse_hand_record(item, prefix=f"boards[{i}].")
        except EngineError as error:
            raise _invalid(error.field, error.message) from None
        if record.board in seen:
            raise _invalid(f"boards[{i}].board", f"board {record.board} has two hand records (T-60)")
        seen.add(record.board)
        records.append(record)
    return tuple(records)


def _date(value: Any) -> str | None:
    if value is None:
        return None
    try:
        if isinstance(value, str) and ISO_DATE.fullmatch(value):
            Date.fromisoformat(value)
            return value
    except ValueError:
        pass
    raise _invalid("date", "the date is the first round's day, YYYY-MM-DD (T-82)")


def _seed(doc: Mapping[str, Any]) -> tuple[str | None, str | None]:
    commitment = doc.get("seed_sha256")
    if commitment is not None:
        if not isinstance(commitment, str) or not (len(commitment) == 64 and HEX.fullmatch(commitment.lower())):
            raise _invalid("seed_sha256", "the seed's commitment is a SHA-256 in hex, 64 digits (T-26)")
        commitment = commitment.lower()
    seed = doc.get("seed")
    if seed is not None:
        if not isinstance(seed, str) or len(seed) < 32 or not HEX.fullmatch(seed.lower()):
            raise _invalid("seed", "the seed is at least 32 hex digits (T-26)")
        seed = seed.lower()
        if commitment is not None and hashlib.sha256(seed.encode()).hexdigest() != commitment:
            raise _invalid("seed", "the seed does not match its published commitment seed_sha256 (T-26)")
    return commitment, seed


def _entrants(raw: Any) -> tuple[Entrant, ...]:
    entrants = []
    seen: set[int] = set()
    for i, item in enumerate(_list(raw, "entrants", "entrants")):
        where = f"entrants[{i}]"
        item = _fields(item, ENTRANT_FIELDS, where, "an entrant")
        number = item.get("number")
        if not is_int(number) or number < 1:
            raise _invalid(f"{where}.number", "an entrant's number is a whole number from 1 (T-82)")
        if number in seen:
            raise _invalid(f"{where}.number", f"entrant number {number} is given twice (T-82)")
        seen.add(number)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _invalid(f"{where}.name", "every entrant has a name (T-82)")
        withdrawn = item.get("withdrawn_after")
        if withdrawn is not None and (not is_int(withdrawn) or withdrawn < 0):
            raise _invalid(f"{where}.withdrawn_after", "withdrawn_after is the number of a round, or null (T-52)")
        entrants.append(Entrant(number, name, withdrawn))
    if not entrants:
        raise _invalid("entrants", "a tournament has entrants (T-82)")
    return tuple(entrants)


def _teams(raw: Any, numbers: set[int], options: TournamentOptions) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if not isinstance(raw, Mapping):
        raise _invalid("teams", "teams are an object: each team's name and its members' numbers (T-53)")
    teams = []
    taken: dict[int, str] = {}
    for name, members in raw.items():
        where = f"teams.{name}"
        if not name.strip():
            raise _invalid("teams", "every team has a name (T-53)")
        if (
            not isinstance(members, list)
            or len(members) < 2
            or not all(is_int(m) for m in members)
            or len(set(members)) != len(members)
        ):
            raise _invalid(where, "a team lists two or more different entrant numbers (T-53)")
        for member in members:
            if member not in numbers:
                raise _invalid(where, f"team {name} names entrant {member}, who is not entered (T-53)")
            if member in taken:
                raise _invalid(where, f"entrant {member} is already in team {taken[member]}: one team each (T-53)")
            taken[member] = name
        size = options.team_size if options.team_size is not None else len(next(iter(raw.values())))
        if len(members) != size:
            raise _invalid(where, f"every team of the tournament has {size} members (T-53)")
        teams.append((name, tuple(members)))
    return tuple(teams)


def _keep_apart(raw: Any, numbers: set[int]) -> tuple[tuple[int, int], ...]:
    pairs = []
    for i, pair in enumerate(_list(raw, "keep_apart", "keep_apart")):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(is_int(m) and m in numbers for m in pair)
            or pair[0] == pair[1]
        ):
            raise _invalid(f"keep_apart[{i}]", "a keep-apart pair is two different entrants' numbers (T-13)")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def _rounds(raw_rounds: list[Any], session: Session, duplicate: bool = False) -> tuple[PlannedRound, ...]:
    rounds = []
    previous_session = 1
    planned_only = False
    for r, raw in enumerate(raw_rounds):
        where = f"rounds[{r}]"
        raw = _fields(raw, ROUND_FIELDS, where, "a round")
        if not is_int(raw.get("round")) or raw["round"] != r + 1:
            raise _invalid(f"{where}.round", f"rounds are numbered 1, 2, … in order: this is round {r + 1} (T-82)")
        number = raw.get("session", previous_session)
        if not is_int(number) or number not in (previous_session, previous_session + 1) or (r == 0 and number != 1):
            raise _invalid(f"{where}.session", "sessions are consecutive runs of rounds, numbered from 1 (T-10)")
        previous_session = number
        started = raw.get("started", True)
        if not isinstance(started, bool):
            raise _invalid(f"{where}.started", "started is true or false (T-82)")
        if started and planned_only:
            raise _invalid(f"{where}.started", "started rounds come first, before the rounds only planned (T-22)")
        planned_only = not started
        byes = _list(raw.get("byes", []), f"{where}.byes", "byes")
        if not all(is_int(b) for b in byes):
            raise _invalid(f"{where}.byes", "byes are entrant numbers (T-11)")
        tables = tuple(
            _table(t, f"{where}.tables[{i}]", started, duplicate)
            for i, t in enumerate(_list(raw.get("tables", []), f"{where}.tables", "tables"))
        )
        numbers = [t.table for t in tables]
        if len(set(numbers)) != len(numbers):
            raise _invalid(f"{where}.tables", "each table of a round has its own number (T-82)")
        rounds.append(PlannedRound(r + 1, number, started, tables, tuple(byes)))
    return tuple(rounds)


def _table(raw: Any, where: str, started: bool, duplicate: bool = False) -> PlannedTable:
    raw = _fields(raw, TABLE_FIELDS, where, "a table")
    number = raw.get("table")
    if not is_int(number) or number < 1:
        raise _invalid(f"{where}.table", "a table's number is a whole number from 1 (T-82)")
    seats = raw.get("seats")
    if not isinstance(seats, list) or len(seats) != 4 or not all(is_int(s) for s in seats):
        raise _invalid(f"{where}.seats", "a table seats four entrants, seats 0 to 3 (T-11)")
    short = raw.get("short", False)
    if not isinstance(short, bool):
        raise _invalid(f"{where}.short", "short is true or false (T-9)")
    raw_deals = _list(raw.get("deals", []), f"{where}.deals", "deals")
    substitutes = tuple(
        _substitute(s, f"{where}.substitutes[{i}]", len(raw_deals))
        for i, s in enumerate(_list(raw.get("substitutes", []), f"{where}.substitutes", "substitutes"))
    )
    fouled = _fouled(raw, where, duplicate)
    if not started and (raw_deals or short or substitutes or fouled):
        raise _invalid(where, "a round not yet started has its seats only: no deals, substitutes or short (T-82)")
    deals, boards = [], []
    for i, deal in enumerate(raw_deals):
        if duplicate:
            board, deal = _board_of(deal, f"{where}.deals[{i}]")
            boards.append(board)
        try:
            deals.append(parse_deal(deal))
        except EngineError as error:
            raise _at(error, f"{where}.deals[{i}]") from None
    return PlannedTable(  # type: ignore[arg-type]
        number, tuple(seats), tuple(deals), short, substitutes, tuple(boards), fouled
    )


def _board_of(raw: Any, where: str) -> tuple[int, Any]:
    """A duplicate deal's board number, and the ordinary deal record without it (T-62)."""
    if not isinstance(raw, Mapping) or not is_int(raw.get("board")):
        raise _invalid(f"{where}.board", "every deal of a duplicate tournament names its board (T-82)")
    return raw["board"], {key: value for key, value in raw.items() if key != "board"}


def _fouled(raw: Mapping[str, Any], where: str, duplicate: bool) -> tuple[int, ...]:
    if "fouled" not in raw:
        return ()
    if not duplicate:
        raise _invalid(f"{where}.fouled", "fouled boards belong to a duplicate tournament (T-63)")
    fouled = _list(raw["fouled"], f"{where}.fouled", "fouled")
    if not all(is_int(b) for b in fouled) or len(set(fouled)) != len(fouled):
        raise _invalid(
            f"{where}.fouled", "fouled lists the numbers of the boards fouled at the table, once each (T-63)"
        )
    return tuple(fouled)


def _substitute(raw: Any, where: str, deals: int) -> Substitution:
    raw = _fields(raw, SUBSTITUTE_FIELDS, where, "a substitute")
    seat, name, from_deal = raw.get("seat"), raw.get("name"), raw.get("from_deal")
    if not is_int(seat) or not 0 <= seat <= 3:
        raise _invalid(f"{where}.seat", "a substitute takes a seat from 0 to 3 (T-25)")
    if not isinstance(name, str) or not name.strip():
        raise _invalid(f"{where}.name", "a substitute has a name (T-25)")
    if not is_int(from_deal) or not 1 <= from_deal <= deals + 1:
        raise _invalid(f"{where}.from_deal", f"from_deal is the position of a deal record, 1 to {deals + 1} (T-25)")
    return Substitution(seat, name, from_deal)


def _at(error: EngineError, where: str) -> EngineError:
    """A deal's error placed in the document: `rounds[2].tables[1].deals[7].tricks`."""
    field = f"{where}.{error.field}" if error.field else where
    return EngineError(error.code, field, error.message)


def check_schedule(tournament: Tournament) -> None:
    """T-13 items 1, 2 and 4 for the started rounds (item 1 for every round), and T-52: nobody plays after he
    withdrew. T-14 and T-16 are not checked again on a past tournament (T-82)."""
    entrants = {e.number: e for e in tournament.entrants}
    apart = [pair for _, members in tournament.teams for pair in _pairs(members)] + list(tournament.keep_apart)
    for r, planned in enumerate(tournament.rounds):
        where = f"rounds[{r}]"
        seen: set[int] = set()
        for t, table in enumerate(planned.tables):
            for s, number in enumerate(table.seats):
                field = f"{where}.tables[{t}].seats[{s}]"
                _present(number, entrants, seen, planned.round, field)
            if planned.started:
                for a, b in apart:
                    if a in table.seats and b in table.seats:
                        raise _invalid(
                            f"{where}.tables[{t}].seats",
                            f"entrants {a} and {b} are kept apart but sit at one table (T-13)",
                        )
        for b, number in enumerate(planned.byes):
            _present(number, entrants, seen, planned.round, f"{where}.byes[{b}]")
        if planned.started and len(planned.byes) > 3:
            raise _invalid(f"{where}.byes", "a round has at most three byes: the present count mod 4 (T-13)")


def _present(number: int, entrants: Mapping[int, Entrant], seen: set[int], round_number: int, field: str) -> None:
    entrant = entrants.get(number)
    if entrant is None:
        raise _invalid(field, f"{number} is not an entrant's number (T-11)")
    if number in seen:
        raise _invalid(field, f"entrant {number} appears twice in round {round_number} (T-13)")
    seen.add(number)
    if entrant.withdrawn_after is not None and round_number > entrant.withdrawn_after:
        raise _invalid(field, f"entrant {number} withdrew after round {entrant.withdrawn_after} (T-52)")


def _pairs(members: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(members) for b in members[i + 1 :]]


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """The document of T-82 for a tournament: what `parse_tournament` reads back. Options equal to their
    defaults are left out, as the interchange's writer does."""
    session = tournament.session
    doc: dict[str, Any] = {"format": FORMAT}
    if tournament.name is not None:
        doc["name"] = tournament.name
    if tournament.date is not None:
        doc["date"] = tournament.date
    doc["ruleset"] = session.ruleset.value
    doc["options"] = session.options.as_mapping(changed_only=True)
    doc["start"] = session.start
    if session.favourite_suit:
        doc["favourite_suit"] = session.favourite_suit
    doc["tournament"] = tournament.options.as_mapping(changed_only=True)
    doc["seed_sha256"] = tournament.seed_sha256
    doc["seed"] = tournament.seed
    doc["entrants"] = [
        {"number": e.number, "name": e.name}
        | ({} if e.withdrawn_after is None else {"withdrawn_after": e.withdrawn_after})
        for e in tournament.entrants
    ]
    doc["teams"] = {name: list(members) for name, members in tournament.teams}
    doc["keep_apart"] = [list(pair) for pair in tournament.keep_apart]
    doc["rounds"] = [
        {
            "round": r.round,
            "session": r.session,
            "started": r.started,
            "byes": list(r.byes),
            "tables": [_table_json(t) for t in r.tables],
        }
        for r in tournament.rounds
    ]
    if tournament.boards:
        doc["boards"] = [hand_record_json(record) for record in tournament.boards]
    return doc


def _table_json(table: PlannedTable) -> dict[str, Any]:
    out: dict[str, Any] = {"table": table.table, "seats": list(table.seats)}
    if table.short:
        out["short"] = True
    if table.substitutes:
        out["substitutes"] = [{"seat": s.seat, "name": s.name, "from_deal": s.from_deal} for s in table.substitutes]
    if table.fouled:
        out["fouled"] = list(table.fouled)
    deals = [deal_json(deal) for deal in table.deals]
    if table.boards:  # duplicate: each deal names its board first (T-82)
        deals = [{"board": board, **deal} for board, deal in zip(table.boards, deals, strict=True)]
    out["deals"] = deals
    return out


def settle_rounds(tournament: Tournament) -> tuple[RoundResult, ...]:
    """Every started table's deals settled by the engine (T-6, T-7, T-9); refused at the first deal at fault."""
    names = {e.number: e.name for e in tournament.entrants}
    most = 4 * tournament.session.options.session_tours
    rounds = []
    for r, planned in enumerate(tournament.rounds):
        tables = []
        for t, table in enumerate(planned.tables):
            where = f"rounds[{r}].tables[{t}]"
            if not planned.started:
                tables.append(_unplayed(table))
                continue
            session = dataclasses.replace(tournament.session, players=tuple(names[s] for s in table.seats))
            try:
                result = table_result(
                    session,
                    table.deals,
                    table=table.table,
                    seats=table.seats,
                    tournament=tournament.options,
                    short=table.short,
                    substitutes=table.substitutes,
                    boards=tournament.options.format == "duplicate",
                )
            except EngineError as error:
                position = error.position if error.position is not None else len(table.deals)
                raise _at(error, f"{where}.deals[{position - 1}]") from None
            if result.valid_deals > most:  # type: ignore[operator]
                raise _invalid(f"{where}.deals", f"a table-round has {most} valid deals, session.tours × 4 (T-6)")
            if table.short and (result.valid_deals % 4 or result.valid_deals == most):  # type: ignore[operator]
                raise _invalid(f"{where}.short", "a short table ends after its last whole tour, before the last (T-9)")
            tables.append(result)
        rounds.append(RoundResult(planned.round, tuple(tables), planned.byes, planned.session, planned.started))
    return tuple(rounds)


def _unplayed(table: PlannedTable) -> TableResult:
    return TableResult(table.table, table.seats, None, complete=False)


def score(tournament: Tournament, *, through_round: int | None = None) -> Result:
    """The tournament's rounds scored and ranked, individuals and teams (T-44 … T-56); a duplicate tournament's
    boards scored (T-67 … T-76), in hundredths."""
    boards: tuple[DuplicateRound | None, ...] = ()
    if tournament.options.format == "duplicate":
        records = {record.board: record for record in tournament.boards}
        rounds, boards = score_document_rounds(tournament.session, tournament.rounds, records, tournament.options)
    else:
        rounds = score_rounds(settle_rounds(tournament), tournament.options, tournament.session.ruleset)
    standings = rank(
        tournament.entrants,
        rounds,
        tournament.options,
        scale=HUNDREDTHS if boards else TWELFTHS,
        seed=tournament.seed,
        through_round=through_round,
    )
    teams = rank_teams(dict(tournament.teams), standings, tournament.options, seed=tournament.seed)
    return Result(tournament, rounds, standings, teams, boards)


def standings_json(result: Result) -> dict[str, Any]:
    """The standings document of T-83."""
    standings = result.standings
    show = standings.scale.display
    method = result.tournament.options.method
    by_round: dict[int, dict[int, int | None]] = {}
    for row in standings.rows:
        for entry in row.entries:
            if entry.kind == "bye":
                by_round.setdefault(entry.round, {})[row.number] = entry.score
    rounds = []
    for scored in result.rounds:
        if scored.round > standings.through_round:
            break
        byes = by_round.get(scored.round, {})
        rounds.append(
            {
                "round": scored.round,
                "tables": [
                    {
                        "table": t.table,
                        "changes": None if t.changes is None else list(t.changes),
                        "scores": None if t.scores is None else [show(s) for s in t.scores],
                    }
                    for t in scored.tables
                ],
                "byes": [
                    {"entrant": b, "score": None if byes.get(b) is None else show(byes[b])}  # type: ignore[arg-type]
                    for b in scored.byes
                ],
            }
        )
        if result.boards:  # T-83's duplicate additions: every board's values and scores at every table
            played = result.boards[scored.round - 1]
            rounds[-1]["boards"] = [] if played is None else boards_json(played, method)
    percent = percentages(standings, result.boards) if result.boards and method == "matchpoints" else {}
    return {
        "format": OUTPUT_FORMAT,
        "method": method,
        "provisional": standings.provisional,
        "rounds": rounds,
        "standings": [
            {
                "place": row.place_label,
                "entrant": row.number,
                "name": row.entrant.name,
                "total": show(row.total),
                "scores": [show(e.score) for e in row.entries if e.score is not None],
                "played": row.played,
                "byes": row.byes,
                "absences": row.absences,
                "firsts": row.firsts,
                "chips": row.chips,
                "tops": row.tops,
                "withdrawn_after": row.entrant.withdrawn_after,
            }
            | ({"percent": _percent(percent[row.number])} if percent else {})
            for row in standings.rows
        ],
        "teams": [
            {"place": team.place_label, "team": team.name, "members": list(team.members), "total": show(team.total)}
            for team in result.teams
        ],
    }


def _percent(value: int | None) -> str | None:
    return None if value is None else hundredths_text(value)


def standings_document(doc: Any, *, through_round: int | None = None) -> dict[str, Any]:
    """`python -m scorekeeper.engine standings`: a tournament document in, its standings document out."""
    return standings_json(score(parse_tournament(doc), through_round=through_round))
