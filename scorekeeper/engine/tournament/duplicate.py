"""Scores of duplicate Quadrille (TOURNAMENTS.md §7.3, T-61, T-63, T-67 … T-76).

Each seat's result on a board is its board value: the deal settled alone on a fresh table and closed by
`split_equally`. It is compared with the same seat, holding the same cards, at the other tables that played the
board: by matchpoints (Neuberg-adjusted when the board was played fewer times than the others) or by cross-IMPs.
Scores are exact fractions until T-75 rounds them to hundredths, which are then stored and summed.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.ledger import Ledger, fold
from scorekeeper.engine.model import DealRecord, Line, Opening, Session
from scorekeeper.engine.options import Options
from scorekeeper.engine.tournament.boards import HandRecord, check_deal_on_board
from scorekeeper.engine.tournament.movement import Movement, board_here, round_movements
from scorekeeper.engine.tournament.scores import ScoredRound, ScoredTable, TournamentOptions, seat_holders
from scorekeeper.engine.tournament.standings import PLAYED, Standings

if TYPE_CHECKING:  # the document imports this module: its types are only named here
    from scorekeeper.engine.tournament.document import PlannedRound, PlannedTable

METHODS = ("matchpoints", "imps")
# T-73: the IMP scale, 0 to 12 IMPs, in IMP steps.
THETA = (1, 2, 3, 4, 6, 8, 10, 13, 16, 20, 25, 30)
FAVOURITE_MODES = ("none", "drawn_card")


def check_duplicate_options(options: Options) -> None:
    """T-61: every table must settle a board with the same factor, so the favourite suit is none or drawn once for
    the tournament, and there are no paulans (their factor depends on a deal's place in a table's run)."""
    if options.favourite_mode not in FAVOURITE_MODES:
        raise EngineError(
            "duplicate_option",
            "options.favourite.mode",
            "in duplicate the favourite suit is none or drawn once for the tournament (drawn_card)",
        )
    if options.paulans != "off":
        raise EngineError("duplicate_option", "options.paulans", "in duplicate there are no paulans (paulans = off)")


def hundredths(value: Fraction | int) -> int:
    """T-75 with T-4: `value` rounded to 1/100, halves away from zero, as a whole number of hundredths."""
    value = Fraction(value)
    return rounded(value.numerator * 100, value.denominator)


def rounded(numerator: int, denominator: int) -> int:
    """T-4 in whole numbers: numerator / denominator (denominator > 0) to the nearest integer, halves away from
    zero. Scores are computed as such ratios of integers, exactly, and rounded once."""
    magnitude = (2 * abs(numerator) + denominator) // (2 * denominator)
    return magnitude if numerator >= 0 else -magnitude


def hundredths_text(value: int) -> str:
    """T-3 and T-83: a stored duplicate score with two decimals, `"3.50"`, `"-0.25"`."""
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


def imps(difference: int | Fraction, step: int) -> int:
    """T-73: a difference of board values in IMPs: sign(d) · #{θ ∈ Θ : |d| ≥ θ · step}."""
    count = bisect.bisect_right(_thresholds(step), abs(difference))
    return count if difference >= 0 else -count


@functools.lru_cache(maxsize=16)
def _thresholds(step: int) -> tuple[int, ...]:
    return tuple(theta * step for theta in THETA)


def board_values(session: Session, deal: DealRecord) -> tuple[int, ...]:
    """T-67: each seat's closing balance when the deal is settled alone on a fresh table (every seat at 0, empty
    stores) and the table is closed by `split_equally`. Raises the engine's deal errors."""
    return settle_alone(session, deal).balances


def settle_alone(session: Session, deal: DealRecord) -> Ledger:
    """The ledger of T-67's settlement: the deal alone on a fresh table, closed by `split_equally`."""
    return fold(_fresh(session), [deal], close=True)


@functools.lru_cache(maxsize=16)
def _fresh(session: Session) -> Session:
    """The session of a fresh table: every seat at 0, empty stores, the round closed by `split_equally`."""
    options = dataclasses.replace(
        session.options,
        pc_session_end_pot="split_equally",
        mc_session_end_pot="split_equally",
        bc_session_end="split_equally",
    )
    return dataclasses.replace(session, options=options, start=0, opening=Opening())


@dataclass(frozen=True, slots=True)
class Play:
    """One table's play of a board: the seats' board values, or None when a fouled board has no result; the deal
    as checked against the board (its runs read from the pockets) and its line, when known."""

    table: int
    values: tuple[int, ...] | None
    fouled: bool = False
    deal: DealRecord | None = None
    line: Line | None = None


@dataclass(frozen=True, slots=True)
class PlayScore:
    """A table's scores on a board, per seat; matchpoints, percentages and IMPs in hundredths (T-75).

    `group` is how many tables the play was compared among, itself included: 1 means an average (T-72)."""

    table: int
    values: tuple[int, ...] | None
    fouled: bool
    group: int
    matchpoints: tuple[int, ...]
    percents: tuple[int, ...]
    imps: tuple[int, ...]
    tops: tuple[bool, ...]
    deal: DealRecord | None = None
    line: Line | None = None


def score_board(plays: Sequence[Play], *, normal: int, imp_step: int) -> tuple[PlayScore, ...]:
    """T-63, T-68 … T-75: every table's scores on one board, by table number.

    `normal` is N, the times a board of the round is normally played. The tables that played the board's cards
    are compared among themselves, and so are the tables that played it fouled (T-63); each group's matchpoints
    are scaled to N by Neuberg (T-71), and a play compared with no other scores the average (T-72)."""
    tables = [play.table for play in plays]
    if len(set(tables)) != len(tables):
        raise ValueError("a table plays a board once")
    correct = [play for play in plays if not play.fouled]
    fouled = [play for play in plays if play.fouled and play.values is not None]
    scores = {}
    for group in (correct, fouled):
        for play in group:
            scores[play.table] = _score_in_group(play, group, normal, imp_step)
    for play in plays:
        if play.table not in scores:
            scores[play.table] = _score_in_group(play, [play], normal, imp_step)
    return tuple(scores[table] for table in sorted(scores))


def _score_in_group(play: Play, group: Sequence[Play], normal: int, imp_step: int) -> PlayScore:
    # Exact ratios of integers, each rounded once (T-75): MP' = ((MP + 1) N − n) / n (T-71, the identity when n = N),
    # its percentage MP' / (2 (N − 1)) × 100 (T-70), the cross-IMPs Σ imp / (n − 1) (T-74).
    n = len(group)
    others = [other.values for other in group if other.table != play.table]
    matchpoints, percents, cross_imps, tops = [], [], [], []
    for seat in range(4):
        if not others or play.values is None:
            matchpoints.append(100 * (normal - 1))  # T-72: the average, 50 %
            percents.append(50_00)
            cross_imps.append(0)
            tops.append(False)
            continue
        mine = play.values[seat]
        theirs = [values[seat] for values in others]  # type: ignore[index]
        raw = sum(2 if mine > value else 1 if mine == value else 0 for value in theirs)
        adjusted = (raw + 1) * normal - n  # MP' × n
        matchpoints.append(rounded(100 * adjusted, n))
        percents.append(50_00 if normal == 1 else rounded(100 * 100 * adjusted, n * top(normal)))
        cross_imps.append(rounded(100 * sum(imps(mine - value, imp_step) for value in theirs), len(theirs)))
        tops.append(raw == 2 * len(theirs))
    return PlayScore(
        table=play.table,
        values=play.values,
        fouled=play.fouled,
        group=n if play.values is not None else 1,
        matchpoints=tuple(matchpoints),
        percents=tuple(percents),
        imps=tuple(cross_imps),
        tops=tuple(tops),
        deal=play.deal,
        line=play.line,
    )


def top(normal: int) -> int:
    """The matchpoints of a board's top when it is played N times: 2 (N − 1)."""
    return 2 * (normal - 1)


def percent(matchpoints: Fraction | int, normal: int) -> int:
    """T-70: a board's percentage, MP / (2 (N − 1)) × 100, in hundredths of a per cent, from the exact value.

    A board that is normally played once has no top: its score is the average, 50 % (T-72)."""
    if normal == 1:
        return 50_00
    return hundredths(Fraction(matchpoints) * 100 / top(normal))


# A round of a duplicate tournament.


@dataclass(frozen=True, slots=True)
class TableBoards:
    """What one table recorded in a duplicate round: (board, deal) in play order, and the boards it fouled."""

    table: int
    deals: tuple[tuple[int, DealRecord], ...]
    fouled: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class BoardResult:
    board: int
    scores: tuple[PlayScore, ...]


@dataclass(frozen=True, slots=True)
class TableTotals:
    """A table's seats over the round: sums of stored board scores (hundredths), tops won, board values (chips),
    and the boards scored with the sum of their tops, 2 (N − 1) each, for T-70's percentage."""

    table: int
    matchpoints: tuple[int, ...]
    imps: tuple[int, ...]
    tops: tuple[int, ...]
    chips: tuple[int, ...]
    boards: int
    top_total: int

    def scores(self, method: str) -> tuple[int, ...]:
        return self.matchpoints if method == "matchpoints" else self.imps


@dataclass(frozen=True, slots=True)
class DuplicateRound:
    movement: Movement
    boards: tuple[BoardResult, ...]
    tables: tuple[TableTotals, ...]

    def table(self, number: int) -> TableTotals:
        return next(totals for totals in self.tables if totals.table == number)


def score_round(
    session: Session,
    movement: Movement,
    tables: Sequence[TableBoards],
    records: Mapping[int, HandRecord],
    *,
    imp_step: int,
) -> DuplicateRound:
    """Every board of a round scored, and every table's totals.

    Each deal is checked against its board (T-62) and against the movement (the board was sent to that table),
    then valued on a fresh table (T-67). Errors name their place as `tables[i].deals[j].field` (0-based indices
    into `tables` and a table's `deals`), or `tables[i].fouled[k]`."""
    plays: dict[int, list[Play]] = {}
    seen_tables: set[int] = set()
    for i, table in enumerate(tables):
        if table.table in seen_tables or not 1 <= table.table <= movement.tables:
            raise EngineError(
                "table_invalid", f"tables[{i}].table", f"tables of this round are numbered 1 to {movement.tables}"
            )
        seen_tables.add(table.table)
        for k, board in enumerate(sorted(table.fouled)):
            _placed(movement, board, table.table, records, f"tables[{i}].fouled[{k}]")
        recorded: set[int] = set()
        for j, (board, deal) in enumerate(table.deals):
            where = f"tables[{i}].deals[{j}]."
            record = _placed(movement, board, table.table, records, where + "board")
            if board in recorded:
                raise EngineError(
                    "board_repeated", where + "board", f"board {board} is recorded twice at table {table.table}"
                )
            recorded.add(board)
            fouled = board in table.fouled
            if fouled and deal.void:  # E2 found during play: the fouled board has no result
                plays.setdefault(board, []).append(Play(table.table, None, True, deal))
                continue
            try:
                if not fouled:
                    deal = check_deal_on_board(deal, record, session.options)
                ledger = settle_alone(session, deal)
            except EngineError as error:
                field = where + error.field if error.field else where.rstrip(".")
                raise EngineError(error.code, field, error.message) from None
            entry = ledger.entries[0]
            plays.setdefault(board, []).append(Play(table.table, ledger.balances, fouled, entry.deal, entry.line))
        for board in table.fouled - recorded:
            plays.setdefault(board, []).append(Play(table.table, None, True))

    normal = movement.plays
    results = tuple(
        BoardResult(board, score_board(board_plays, normal=normal, imp_step=imp_step))
        for board, board_plays in sorted(plays.items())
    )
    return DuplicateRound(movement, results, _totals(tables, results, normal))


def _placed(movement: Movement, board: object, table: int, records: Mapping[int, HandRecord], field: str) -> HandRecord:
    if type(board) is not int or board not in records:
        raise EngineError("board_unknown", field, f"board {board!r} has no hand record")
    try:
        board_here(movement, board, table)
    except EngineError as error:
        raise EngineError(error.code, field, error.message) from None
    return records[board]


def _totals(tables: Sequence[TableBoards], results: Sequence[BoardResult], normal: int) -> tuple[TableTotals, ...]:
    by_table: dict[int, list[PlayScore]] = {table.table: [] for table in tables}
    for result in results:
        for score in result.scores:
            by_table[score.table].append(score)
    totals = []
    for table in sorted(by_table):
        scores = by_table[table]
        totals.append(
            TableTotals(
                table=table,
                matchpoints=_seat_sums(score.matchpoints for score in scores),
                imps=_seat_sums(score.imps for score in scores),
                tops=_seat_sums(tuple(int(t) for t in score.tops) for score in scores),
                chips=_seat_sums(score.values for score in scores if score.values is not None),
                boards=len(scores),
                top_total=len(scores) * top(normal),
            )
        )
    return tuple(totals)


# The tournament document (T-82, T-83): a duplicate tournament's rounds scored for the standings.

# Codes of the board and movement checks; in a tournament document they are `document_invalid` (T-83).
DOCUMENT_CODES = frozenset(
    {
        "board_void",
        "board_dealer_wrong",
        "run_not_on_board",
        "called_not_held",
        "forced_without_spadille",
        "board_unknown",
        "board_wrong_table",
        "board_not_in_round",
        "board_repeated",
        "table_invalid",
    }
)


def score_document_rounds(
    session: Session,
    rounds: Sequence[PlannedRound],
    records: Mapping[int, HandRecord],
    options: TournamentOptions,
) -> tuple[tuple[ScoredRound, ...], tuple[DuplicateRound | None, ...]]:
    """Every round of a duplicate tournament document scored: the tables as the standings read them (scores in
    hundredths under the method, chips the board values, tops), and each started round's boards (None for a
    round only planned). Errors are placed in the document (`rounds[1].tables[0].deals[3].run_side`)."""
    tours = session.options.session_tours
    movements = round_movements([len(planned.tables) for planned in rounds], tours)
    scored: list[ScoredRound] = []
    boards: list[DuplicateRound | None] = []
    for r, (planned, movement) in enumerate(zip(rounds, movements, strict=True)):
        if not planned.started:
            unplayed = tuple(ScoredTable(t.table, t.seats, None, None, None, None, False) for t in planned.tables)
            scored.append(ScoredRound(planned.round, unplayed, planned.byes, planned.session, started=False))
            boards.append(None)
            continue
        played = [
            TableBoards(t.table, tuple(zip(t.boards, t.deals, strict=True)), frozenset(t.fouled))
            for t in planned.tables
        ]
        try:
            result = score_round(session, movement, played, records, imp_step=options.imp_step(session.ruleset))
        except EngineError as error:
            code = "document_invalid" if error.code in DOCUMENT_CODES else error.code
            raise EngineError(code, f"rounds[{r}].{error.field}", error.message) from None
        tables = tuple(
            _scored_table(t, result.table(t.table), options.method, 4 * tours, f"rounds[{r}].tables[{i}]")
            for i, t in enumerate(planned.tables)
        )
        scored.append(ScoredRound(planned.round, tables, planned.byes, planned.session))
        boards.append(result)
    return tuple(scored), tuple(boards)


def _scored_table(table: PlannedTable, totals: TableTotals, method: str, most: int, where: str) -> ScoredTable:
    """A duplicate table as the standings read it: no round changes (T-83), scores ordering the table (T-40)."""
    if table.short and (totals.boards % 4 or totals.boards >= most):
        raise EngineError(
            "document_invalid", f"{where}.short", "a short table ends after its last whole set, before the last (T-9)"
        )
    positions = [position for position, deal in enumerate(table.deals, start=1) if not deal.void]
    valid = len(positions)
    scored = totals.boards > 0 or table.short
    scores = totals.scores(method) if scored else None
    return ScoredTable(
        table=table.table,
        seats=table.seats,
        changes=None,
        scores=scores,  # type: ignore[arg-type]
        chips=totals.chips if scored else None,  # type: ignore[arg-type]
        order=scores,  # type: ignore[arg-type]
        complete=table.short or totals.boards == most,
        short=table.short,
        substitutes=table.substitutes,
        tops=totals.tops if scored else None,  # type: ignore[arg-type]
        valid_deals=valid,
        holders=seat_holders(positions, table.seats, table.substitutes),
    )


def percentages(standings: Standings, boards: Sequence[DuplicateRound | None]) -> dict[int, int | None]:
    """T-70 for every entrant, in hundredths of a per cent: the sum of his stored matchpoints over the sum of the
    tops 2 (N − 1) of the boards he played (`boards[r]` is round r + 1's). None when he played no board."""
    result: dict[int, int | None] = {}
    for row in standings.rows:
        matchpoints = tops = played = 0
        for entry in row.entries:
            if entry.kind != PLAYED or entry.score is None:
                continue
            totals = boards[entry.round - 1].table(entry.table)  # type: ignore[union-attr, arg-type]
            matchpoints += entry.score
            tops += totals.top_total
            played += totals.boards
        if not played:
            result[row.number] = None
        else:
            result[row.number] = hundredths(Fraction(matchpoints, tops)) if tops else 50_00
    return result


def boards_json(result: DuplicateRound, method: str) -> list[dict[str, Any]]:
    """T-83's `boards` of a round: every table's board values (T-67) and scores (T-69 … T-75) on each board."""
    return [
        {
            "board": board.board,
            "tables": [
                {
                    "table": score.table,
                    "values": None if score.values is None else list(score.values),
                    "scores": [
                        hundredths_text(v) for v in (score.matchpoints if method == "matchpoints" else score.imps)
                    ],
                }
                for score in board.scores
            ],
        }
        for board in result.boards
    ]


def _seat_sums(rows) -> tuple[int, ...]:
    sums = [0, 0, 0, 0]
    for row in rows:
        for seat in range(4):
            sums[seat] += row[seat]
    return tuple(sums)


__all__ = [
    "DOCUMENT_CODES",
    "METHODS",
    "BoardResult",
    "DuplicateRound",
    "Play",
    "PlayScore",
    "TableBoards",
    "TableTotals",
    "board_values",
    "boards_json",
    "check_duplicate_options",
    "hundredths",
    "hundredths_text",
    "imps",
    "percent",
    "percentages",
    "score_board",
    "score_document_rounds",
    "score_round",
    "settle_alone",
    "top",
]
