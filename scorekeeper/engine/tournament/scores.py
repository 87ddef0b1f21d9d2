"""Table scores of a tournament (TOURNAMENTS.md §0, §4): what a round is worth to each seat, exactly.

Scores are integers in a `Scale`'s units: twelfths for the table methods (T-2), so a tie share such as 7/3 is
stored exactly as 28. A table is scored from plain results (`TableResult`: seats, round changes, contract
points), so the app can score the tables it already holds without settling a deal again; `table_result` makes
one from a table's deals with the engine's own fold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any

from scorekeeper.engine.bounds import is_int
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.ledger import Ledger, LedgerEntry, fold, opening_state
from scorekeeper.engine.model import Contract, DealRecord, RuleSet, Session
from scorekeeper.engine.options import Options
from scorekeeper.engine.rulesets import pp

# --- T-1 … T-4: exact values ------------------------------------------------------------------------------------


# No slots, as for the standings' rows (standings.py): these are pickled with them.
@dataclass(frozen=True)
class Scale:
    """How scores are stored: `denominator` units make one unit of the method (T-2); a bye's average is rounded
    to `bye_step` units (T-41: one unit of the method; T-76: 1/100 in duplicate)."""

    denominator: int
    bye_step: int
    decimals: bool = False  # shown with two decimals (duplicate, T-3) rather than as a mixed fraction

    def display(self, value: int) -> str:
        """T-3: an integer as an integer, anything else as a mixed fraction (`2 1/3`, `-1/2`), ASCII minus."""
        if self.decimals:
            whole, cents = divmod(abs(value), self.denominator)
            return f"{'-' if value < 0 else ''}{whole}.{cents * 100 // self.denominator:02d}"
        whole = gcd(value, self.denominator)
        return _mixed(value // whole, self.denominator // whole)

    def rounded(self, value: Fraction) -> int:
        """T-4: `value` (in stored units) rounded to `bye_step`, halves away from zero."""
        return round_half_away(value, self.bye_step)


TWELFTHS = Scale(12, 12)
HUNDREDTHS = Scale(100, 1, decimals=True)


def show(value: Fraction | int) -> str:
    """T-3's display form of an exact value: `7`, `2 1/3`, `-1/2`, `-2 1/3`."""
    value = Fraction(value)
    return _mixed(value.numerator, value.denominator)


def _mixed(numerator: int, denominator: int) -> str:
    """T-3's form of numerator/denominator, in lowest terms with a positive denominator."""
    if denominator == 1:
        return str(numerator)
    sign = "-" if numerator < 0 else ""
    whole, rest = divmod(abs(numerator), denominator)
    fraction = f"{rest}/{denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def round_half_away(value: Fraction | int, unit: int) -> int:
    """T-4: the multiple of `unit` nearest to `value`, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    value = Fraction(value)
    return round_ratio(value.numerator, value.denominator, unit)


def round_ratio(numerator: int, denominator: int, unit: int) -> int:
    """T-4 for numerator/denominator (denominator > 0) in integers: the multiple of `unit` nearest to it, halves
    away from zero. floor(|n|/(d·u) + 1/2) is floor((2|n| + d·u) / (2·d·u))."""
    magnitude = (2 * abs(numerator) + denominator * unit) // (2 * denominator * unit)
    return (-magnitude if numerator < 0 else magnitude) * unit


# --- Appendix T: the tournament's options ------------------------------------------------------------------------

TABLE_METHODS = ("placement+chips", "chips", "placement", "contracts")
DUPLICATE_METHODS = ("matchpoints", "imps")
TABLE_TIEBREAKS = ("firsts", "chips", "head_to_head", "placement", "fewer_byes")
TABLE_CHAIN = ("firsts", "chips", "head_to_head")
LINEAR = (3, 1, -1, -3)
TOP_HEAVY = (4, 2, 1, 0)
PLACEMENT_UNIT = {
    RuleSet.PARLETT_CHIPS: 8,
    RuleSet.MODERN_CHIPS: 8,
    RuleSet.PARLETT_POINTS: 10,
    RuleSet.BRITANNICA_COUNTERS: 20,
}
IMP_STEP = {
    RuleSet.PARLETT_CHIPS: 1,
    RuleSet.MODERN_CHIPS: 1,
    RuleSet.PARLETT_POINTS: 2,
    RuleSet.BRITANNICA_COUNTERS: 4,
}
# The rule set's end-of-round rule (T-8): a tournament table must share out what is left on it.
END_RULE = {
    RuleSet.PARLETT_CHIPS: "pc.session_end_pot",
    RuleSet.MODERN_CHIPS: "mc.session_end_pot",
    RuleSet.BRITANNICA_COUNTERS: "bc.session_end",
}

# key -> allowed words, or a type word. `tournament.method` and the chain depend on the format (checked below).
CHOICES: dict[str, tuple[str, ...] | str] = {
    "tournament.format": ("table", "duplicate"),
    "tournament.method": TABLE_METHODS + DUPLICATE_METHODS,
    "placement.points": "scale",
    "placement_chips.unit": "integer >= 0",
    "contracts.win": "integer >= 0",
    "contracts.loss": "integer >= 0",
    "contracts.defence_two": "integer >= 0",
    "contracts.defence_three": "integer >= 0",
    "bye.score": ("average", "fixed"),
    "bye.fixed_value": "integer",
    "bye.choice": ("planner", "lowest_standing"),
    "absence.score": ("zero", "average"),
    "substitute.score": ("entrant", "absent"),
    "tiebreak.chain": "chain",
    "tiebreak.last": ("share", "lot"),
    "withdrawn": ("ranked", "unranked"),
    "team.size": "integer >= 2 or null",
    "seating.by_standings": "integer >= 0",
    "duplicate.imp_step": "integer >= 1",
    "rating.min_games": "integer >= 0",
}
LOWEST = {"integer >= 0": 0, "integer >= 1": 1, "integer >= 2 or null": 2, "integer": None}


@dataclass(frozen=True, slots=True)
class TournamentOptions:
    """Appendix T, with its defaults. `None` for the unit and the IMP step means the rule set's default."""

    format: str = "table"
    method: str = "placement+chips"
    placement_points: tuple[int, int, int, int] = LINEAR
    placement_chips_unit: int | None = None
    contracts_win: int = 50
    contracts_loss: int = 50
    contracts_defence_two: int = 40
    contracts_defence_three: int = 30
    bye_score: str = "average"
    bye_fixed_value: int = 0
    bye_choice: str = "planner"
    absence_score: str = "zero"
    substitute_score: str = "entrant"
    tiebreak_chain: tuple[str, ...] = TABLE_CHAIN
    tiebreak_last: str = "share"
    withdrawn: str = "ranked"
    team_size: int | None = None
    seating_by_standings: int = 0
    duplicate_imp_step: int | None = None
    rating_min_games: int = 10

    @classmethod
    def from_mapping(cls, values: Any, *, field: str = "tournament", rounds: int | None = None) -> TournamentOptions:
        """Options from Appendix T's keys; a missing key takes its default (the method's and the chain's by format).

        Refuses an unknown key or a value outside Appendix T (`document_invalid`, the field naming the key)."""
        if values is None:
            values = {}
        if not isinstance(values, Mapping):
            raise EngineError("document_invalid", field, "the tournament's options are an object of Appendix T keys")
        chosen: dict[str, Any] = {}
        for key, value in values.items():
            if key not in CHOICES:
                raise EngineError("document_invalid", f"{field}.{key}", f"{key!r} is not an option of Appendix T")
            chosen[key.replace(".", "_").removeprefix("tournament_")] = _check(key, value, f"{field}.{key}")
        duplicate = chosen.get("format") == "duplicate"
        methods = DUPLICATE_METHODS if duplicate else TABLE_METHODS
        chosen.setdefault("method", methods[0])
        if chosen["method"] not in methods:
            raise EngineError(
                "document_invalid",
                f"{field}.tournament.method",
                f"a {'duplicate' if duplicate else 'table'} tournament is scored by {', '.join(methods)} (T-30)",
            )
        chain = chosen.setdefault("tiebreak_chain", ("tops",) if duplicate else TABLE_CHAIN)
        if not duplicate and "tops" in chain:
            raise EngineError(
                "document_invalid", f"{field}.tiebreak.chain", "tops breaks ties in duplicate tournaments only (T-76)"
            )
        if rounds is not None and chosen.get("seating_by_standings", 0) > rounds:
            raise EngineError(
                "document_invalid",
                f"{field}.seating.by_standings",
                f"seating.by_standings is at most the number of rounds, {rounds} (T-29)",
            )
        return cls(**chosen)

    def as_mapping(self, *, changed_only: bool = False) -> dict[str, Any]:
        """Appendix T's keys and values as a document writes them (`tiebreak.chain` comma-separated)."""
        default = TournamentOptions.from_mapping({"tournament.format": self.format})
        result: dict[str, Any] = {}
        for key in CHOICES:
            name = key.replace(".", "_").removeprefix("tournament_")
            value = getattr(self, name)
            # The format is compared with Appendix T's default (table); the other keys with the format's defaults.
            unchanged = value == ("table" if key == "tournament.format" else getattr(default, name))
            if changed_only and unchanged:
                continue
            if key == "tiebreak.chain":
                value = ", ".join(value)
            elif key == "placement.points":
                value = {LINEAR: "linear", TOP_HEAVY: "top_heavy"}.get(value, list(value))
            result[key] = value
        return result

    def unit(self, ruleset: RuleSet) -> int:
        """U of T-36: the placement unit, by rule set unless the director set it."""
        return PLACEMENT_UNIT[ruleset] if self.placement_chips_unit is None else self.placement_chips_unit

    def imp_step(self, ruleset: RuleSet) -> int:
        """q of T-73."""
        return IMP_STEP[ruleset] if self.duplicate_imp_step is None else self.duplicate_imp_step


def _check(key: str, value: Any, field: str) -> Any:
    allowed = CHOICES[key]
    if isinstance(allowed, tuple):
        if value not in allowed:
            raise EngineError("document_invalid", field, f"{key} is one of: {', '.join(allowed)} (Appendix T)")
        return value
    if allowed == "scale":
        return _scale(value, field)
    if allowed == "chain":
        return _chain(value, field)
    if key == "team.size" and value is None:
        return None
    lowest = LOWEST[allowed]
    if not is_int(value) or (lowest is not None and value < lowest):
        raise EngineError("document_invalid", field, f"{key} is an {allowed} (Appendix T)")
    return value


def _scale(value: Any, field: str) -> tuple[int, int, int, int]:
    if value == "linear":
        return LINEAR
    if value == "top_heavy":
        return TOP_HEAVY
    if (
        isinstance(value, list)
        and len(value) == 4
        and all(is_int(p) for p in value)
        and all(a >= b for a, b in zip(value, value[1:], strict=False))
    ):
        return tuple(value)  # type: ignore[return-value]
    raise EngineError(
        "document_invalid",
        field,
        "placement.points is linear, top_heavy or four non-increasing whole numbers (T-34)",
    )


def _chain(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, str):
        raise EngineError("document_invalid", field, "tiebreak.chain is a comma-separated list of criteria (T-47)")
    keys = tuple(word.strip() for word in value.split(",") if word.strip())
    for word in keys:
        if word not in (*TABLE_TIEBREAKS, "tops"):
            raise EngineError(
                "document_invalid",
                field,
                f"{word!r} is not a tie-break: use {', '.join(TABLE_TIEBREAKS)} or tops (T-47)",
            )
    if len(set(keys)) != len(keys):
        raise EngineError("document_invalid", field, "each tie-break is named once (T-47)")
    return keys


def end_rule_check(ruleset: RuleSet, options: Options) -> None:
    """T-8: refuse an end-of-round rule other than `split_equally` (`tournament_end_rule`)."""
    key = END_RULE.get(ruleset)
    if key is None:
        return
    rule = getattr(options, key.replace(".", "_"))
    if rule != "split_equally":
        raise EngineError(
            "tournament_end_rule",
            f"options.{key}",
            f"a tournament table ends its round with split_equally, not {rule}: "
            "every table plays the same length and none outlives its round (T-8)",
        )


# --- Plain table results -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Substitution:
    """T-25: from deal record `from_deal` (1-based, void records counted) `name` held `seat` for the entrant."""

    seat: int
    name: str
    from_deal: int


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round as the app or a document records it, before any tournament scoring.

    `changes` are the round changes of seats 0-3 (T-7), or None while the table has no valid deal. `contract_points`
    are needed only under `contracts` (T-39). `complete` is true when the table has all its deals or ended short
    (T-9); `valid_deals` is their count (None when not known); `holders` name, per seat, who held it for the most
    valid deals (T-78): an entrant number, or a substitute's name (None: the seated entrants)."""

    table: int
    seats: tuple[int, int, int, int]
    changes: tuple[int, int, int, int] | None
    contract_points: tuple[int, int, int, int] | None = None
    valid_deals: int | None = None
    complete: bool = True
    short: bool = False
    substitutes: tuple[Substitution, ...] = ()
    holders: tuple[int | str, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round: its tables and byes. A round not `started` is the plan only: it scores nothing (T-82)."""

    round: int
    tables: tuple[TableResult, ...]
    byes: tuple[int, ...] = ()
    session: int = 1
    started: bool = True


@dataclass(frozen=True)
class ScoredTable:
    """A table with its tournament scores, in a Scale's units: what the standings read.

    `chips` feed the chips tie-break (T-45); `order` are the values the table order ranks (T-40); `tops` count
    duplicate tops per seat (T-76), None in a table tournament. `scores` is None when the table has none yet."""

    table: int
    seats: tuple[int, int, int, int]
    changes: tuple[int, int, int, int] | None
    scores: tuple[int, int, int, int] | None
    chips: tuple[int, int, int, int] | None
    order: tuple[int, int, int, int] | None
    complete: bool = True
    short: bool = False
    substitutes: tuple[Substitution, ...] = ()
    tops: tuple[int, int, int, int] | None = None
    place_points: tuple[int, int, int, int] | None = None  # in twelfths, under placement and placement+chips
    valid_deals: int | None = None
    holders: tuple[int | str, ...] | None = None


@dataclass(frozen=True)
class ScoredRound:
    round: int
    tables: tuple[ScoredTable, ...]
    byes: tuple[int, ...] = ()
    session: int = 1
    started: bool = True


# --- T-33 … T-39: the methods ------------------------------------------------------------------------------------


def place_points(values: Sequence[int], scale: Sequence[int] = LINEAR) -> tuple[int, ...]:
    """T-33 in twelfths: a seat with `a` seats above it and `e` equal shares the points of places a+1 … a+e."""
    points = []
    for value in values:
        above = sum(1 for other in values if other > value)
        equal = sum(1 for other in values if other == value)
        # e is 1 to 4, and each divides 12: the share is an exact number of twelfths (T-2).
        points.append(12 * sum(scale[above : above + equal]) // equal)
    return tuple(points)


def beaten(values: Sequence[int]) -> tuple[int, ...]:
    """Σ over the other seats of sign(v_s − v_o): opponents beaten minus those who beat you (T-34's linear points)."""
    return tuple(sum((value > other) - (value < other) for other in values) for value in values)


@dataclass(frozen=True, slots=True)
class ContractTally:
    """Per seat (0-3), what T-37 and T-38's contract points are made of whatever the tournament's point values:
    contracts won on the playing side and their table values, contracts lost as a liable player and their table
    values, and defences against a side of two and of one (two or three defenders). A table's snapshot keeps it,
    so that the points are a sum of four products, not a fold of the table's deals."""

    won: tuple[int, int, int, int] = (0, 0, 0, 0)
    won_value: tuple[int, int, int, int] = (0, 0, 0, 0)
    lost: tuple[int, int, int, int] = (0, 0, 0, 0)
    lost_value: tuple[int, int, int, int] = (0, 0, 0, 0)
    defended_two: tuple[int, int, int, int] = (0, 0, 0, 0)  # with one other defender
    defended_three: tuple[int, int, int, int] = (0, 0, 0, 0)  # with two other defenders

    def added(self, entries: Iterable[LedgerEntry], options: Options) -> ContractTally:
        """This tally with `entries` (ledger entries settled under `options`) added; void deals add nothing."""
        counts = [list(self.won), list(self.won_value), list(self.lost), list(self.lost_value)]
        defended = {2: list(self.defended_two), 3: list(self.defended_three)}
        for entry in entries:
            if entry.void:
                continue
            deal = entry.deal
            value = pp.TABLE[pp.column(deal, options.pp_self_call_column)][entry.line] * entry.factor
            if entry.line in pp.WON_LINES:
                for seat in deal.side:
                    counts[0][seat] += 1
                    counts[1][seat] += value
                continue
            # The ally of an ordinary alliance is exempt; both players of a forced Spadille are liable (T-38).
            for seat in deal.side if deal.contract is Contract.FORCED else (deal.hombre,):
                counts[2][seat] += 1
                counts[3][seat] += value
            for seat in deal.opponents:
                defended[len(deal.opponents)][seat] += 1
        return ContractTally(*(tuple(c) for c in counts), tuple(defended[2]), tuple(defended[3]))  # type: ignore[arg-type]

    def points(self, tournament: TournamentOptions) -> tuple[int, int, int, int]:
        """T-37, T-38: each seat's contract points under the tournament's point values."""
        return tuple(  # type: ignore[return-value]
            tournament.contracts_win * self.won[seat]
            + self.won_value[seat]
            + self.lost_value[seat]
            - tournament.contracts_loss * self.lost[seat]
            + tournament.contracts_defence_two * self.defended_two[seat]
            + tournament.contracts_defence_three * self.defended_three[seat]
            for seat in range(4)
        )


def contract_points(
    entries: Iterable[LedgerEntry], options: Options, tournament: TournamentOptions
) -> tuple[int, int, int, int]:
    """T-37, T-38: the sum of each seat's contract points over a table's ledger entries (void deals score 0)."""
    return ContractTally().added(entries, options).points(tournament)


def table_scores(
    changes: Sequence[int],
    tournament: TournamentOptions,
    ruleset: RuleSet,
    contracts: Sequence[int] | None = None,
) -> tuple[int, int, int, int]:
    """A table's four scores in twelfths under the tournament's method (T-32 … T-39)."""
    method = tournament.method
    if method == "chips":
        return tuple(12 * c for c in changes)  # type: ignore[return-value]
    if method == "contracts":
        if contracts is None:
            raise EngineError("contract_points_required", "contract_points", "contracts scores need contract points")
        return tuple(12 * p for p in contracts)  # type: ignore[return-value]
    places = place_points(changes, tournament.placement_points)
    if method == "placement":
        return places  # type: ignore[return-value]
    if method == "placement+chips":
        unit = tournament.unit(ruleset)
        return tuple(12 * c + unit * p for c, p in zip(changes, places, strict=True))  # type: ignore[return-value]
    raise EngineError("document_invalid", "tournament.method", f"{method} does not score a table (T-30)")


def score_table(result: TableResult, tournament: TournamentOptions, ruleset: RuleSet) -> ScoredTable:
    """A table's scores; the table order is by round change, or by contract points under `contracts` (T-40)."""
    changes = result.changes
    scores = order = places = None
    if changes is not None:
        scores = table_scores(changes, tournament, ruleset, result.contract_points)
        order = scores if tournament.method == "contracts" else changes
        if tournament.method in ("placement", "placement+chips"):
            places = place_points(changes, tournament.placement_points)
    return ScoredTable(
        table=result.table,
        seats=result.seats,
        changes=changes,
        scores=scores,
        chips=changes,
        order=order,
        complete=result.complete,
        short=result.short,
        substitutes=result.substitutes,
        place_points=places,  # type: ignore[arg-type]
        valid_deals=result.valid_deals,
        holders=result.holders,
    )


def score_rounds(
    rounds: Iterable[RoundResult], tournament: TournamentOptions, ruleset: RuleSet
) -> tuple[ScoredRound, ...]:
    """Every table of every round scored under a table tournament's method."""
    return tuple(
        ScoredRound(
            round=r.round,
            tables=tuple(score_table(t, tournament, ruleset) for t in r.tables),
            byes=r.byes,
            session=r.session,
            started=r.started,
        )
        for r in rounds
    )


# --- A table's deals, settled by the engine ---------------------------------------------------------------------


def settle_table(session: Session, deals: Sequence[DealRecord], *, boards: bool = False) -> Ledger:
    """A table-round's deals settled as T-6 and T-7 say: a fresh table, seat 0 dealing first (T-11), and the
    end-of-round rule applied after the last deal (`close`). Raises EngineError at the deal's position. `boards`:
    a duplicate table, whose void record (a fouled board with no result) passes the deal."""
    fresh = dataclasses.replace(opening_state(session), next_dealer=0, boards=boards)
    return fold(session, deals, state=fresh, close=True)


def table_result(
    session: Session,
    deals: Sequence[DealRecord],
    *,
    table: int,
    seats: tuple[int, int, int, int],
    tournament: TournamentOptions,
    short: bool = False,
    substitutes: tuple[Substitution, ...] = (),
    boards: bool = False,
) -> TableResult:
    """A table's plain result from its deals: round changes, contract points (under `contracts`), whether it is
    complete, and who held each seat for the most valid deals (T-78)."""
    ledger = settle_table(session, deals, boards=boards)
    valid = ledger.state.number
    changes = None
    if valid or short:
        assert ledger.closing is not None
        changes = tuple(b - session.start for b in ledger.closing.balances)
    points = None
    if tournament.method == "contracts" and changes is not None:
        points = contract_points(ledger.entries, session.options, tournament)
    return TableResult(
        table=table,
        seats=seats,
        changes=changes,  # type: ignore[arg-type]
        contract_points=points,
        valid_deals=valid,
        complete=short or valid == 4 * session.options.session_tours,
        short=short,
        substitutes=substitutes,
        holders=holders(ledger, seats, substitutes),
    )


def holders(ledger: Ledger, seats: Sequence[int], substitutes: Sequence[Substitution]) -> tuple[int | str, ...]:
    """T-78: per seat, who held it for the most valid deals; on equal counts the one who started."""
    return seat_holders([e.position for e in ledger.entries if not e.void], seats, substitutes)


def seat_holders(
    positions: Sequence[int], seats: Sequence[int], substitutes: Sequence[Substitution]
) -> tuple[int | str, ...]:
    """T-78 from the 1-based positions of a table's valid deal records (a duplicate table has no ledger)."""
    result: list[int | str] = []
    for seat, entrant in enumerate(seats):
        changes = sorted((s.from_deal, s.name) for s in substitutes if s.seat == seat)
        if not changes:
            result.append(entrant)
            continue
        counts: dict[int | str, int] = {entrant: 0}
        for position in positions:
            holder: int | str = entrant
            for from_deal, name in changes:
                if position >= from_deal:
                    holder = name
            counts[holder] = counts.get(holder, 0) + 1
        # Dicts keep insertion order: on equal counts the earlier holder (the one who started) wins.
        result.append(max(counts, key=lambda who: counts[who]))
    return tuple(result)
