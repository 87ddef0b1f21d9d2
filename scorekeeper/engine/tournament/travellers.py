"""Travellers and score cards of a duplicate round, as plain data (TOURNAMENTS.md §7, published after the round).

A board's traveller lists every table's contract, result, board values and scores on it, and how often each
contract was played and won. An entrant's score card lists his boards with his seat's scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.cards import SUITS
from scorekeeper.engine.model import Contract, Line
from scorekeeper.engine.tournament.boards import board_dealer
from scorekeeper.engine.tournament.duplicate import BoardResult, DuplicateRound, PlayScore, hundredths_text

WON_LINES = frozenset({Line.WON, Line.PREMIERS, Line.VOLE_WON, Line.VOLE_LOST})
CONTRACT_ORDER = {contract: index for index, contract in enumerate(Contract)}


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's play of the board. `entrants` are the seats' entrant numbers when known; `contract` … `line`
    are None for a fouled board without a result. Scores in hundredths, by the tournament's method."""

    table: int
    entrants: tuple[int, ...] | None
    fouled: bool
    contract: Contract | None
    hombre: int | None
    ally: int | None
    trump: str | None
    tricks: int | None
    line: Line | None
    values: tuple[int, ...] | None
    scores: tuple[int, ...]
    percents: tuple[int, ...] | None
    tops: tuple[bool, ...]

    @property
    def won(self) -> bool:
        return self.line in WON_LINES


@dataclass(frozen=True, slots=True)
class Frequency:
    """How often a contract (its kind, its hombre's seat and its trump) was played on the board, and won."""

    contract: Contract
    hombre: int
    trump: str
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class Traveller:
    board: int
    dealer: int
    lines: tuple[TravellerLine, ...]
    frequencies: tuple[Frequency, ...]


def traveller(result: BoardResult, method: str, seats: Mapping[int, Sequence[int]] | None = None) -> Traveller:
    """The board's traveller under `method` (`matchpoints` or `imps`); `seats` maps a table to its entrants."""
    lines = tuple(_line(score, method, seats) for score in result.scores)
    return Traveller(result.board, board_dealer(result.board), lines, frequencies(lines))


def travellers(
    round_: DuplicateRound, method: str, seats: Mapping[int, Sequence[int]] | None = None
) -> tuple[Traveller, ...]:
    return tuple(traveller(result, method, seats) for result in round_.boards)


def _line(score: PlayScore, method: str, seats: Mapping[int, Sequence[int]] | None) -> TravellerLine:
    deal = score.deal if score.values is not None else None
    entrants = tuple(seats[score.table]) if seats and score.table in seats else None
    return TravellerLine(
        table=score.table,
        entrants=entrants,
        fouled=score.fouled,
        contract=None if deal is None else deal.contract,
        hombre=None if deal is None else deal.hombre,
        ally=None if deal is None else deal.ally,
        trump=None if deal is None else deal.trump,
        tricks=None if deal is None else deal.tricks,
        line=score.line if deal is not None else None,
        values=score.values,
        scores=score.matchpoints if method == "matchpoints" else score.imps,
        percents=score.percents if method == "matchpoints" else None,
        tops=score.tops,
    )


def frequencies(lines: Sequence[TravellerLine]) -> tuple[Frequency, ...]:
    """Contracts played on the board with the right cards (fouled tables left out), most played first."""
    counts: dict[tuple[Contract, int, str], list[int]] = {}
    for line in lines:
        if line.fouled or line.contract is None:
            continue
        key = (line.contract, line.hombre, line.trump)
        played_won = counts.setdefault(key, [0, 0])  # type: ignore[arg-type]
        played_won[0] += 1
        played_won[1] += line.won
    ordered = sorted(counts.items(), key=lambda item: (-item[1][0], *_contract_key(*item[0])))
    return tuple(Frequency(contract, hombre, trump, n, won) for (contract, hombre, trump), (n, won) in ordered)


def _contract_key(contract: Contract, hombre: int, trump: str) -> tuple[int, int, int]:
    return CONTRACT_ORDER[contract], hombre, SUITS.index(trump)


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board on an entrant's score card: where he sat, the board value of his seat and his score on it."""

    board: int
    table: int
    seat: int
    value: int | None
    score: int
    percent: int | None
    top: bool


def score_cards(
    round_: DuplicateRound, method: str, seats: Mapping[int, Sequence[int]]
) -> dict[int, tuple[CardLine, ...]]:
    """Every seated entrant's boards in the round, in board order."""
    cards: dict[int, list[CardLine]] = {}
    for result in round_.boards:
        for score in result.scores:
            for seat, entrant in enumerate(seats.get(score.table, ())):
                scores = score.matchpoints if method == "matchpoints" else score.imps
                cards.setdefault(entrant, []).append(
                    CardLine(
                        board=result.board,
                        table=score.table,
                        seat=seat,
                        value=None if score.values is None else score.values[seat],
                        score=scores[seat],
                        percent=score.percents[seat] if method == "matchpoints" else None,
                        top=score.tops[seat],
                    )
                )
    return {entrant: tuple(lines) for entrant, lines in sorted(cards.items())}


def traveller_json(item: Traveller) -> dict[str, Any]:
    """A traveller as JSON: scores in T-83's display form (`"3.50"`)."""
    return {
        "board": item.board,
        "dealer": item.dealer,
        "tables": [
            {
                "table": line.table,
                "entrants": None if line.entrants is None else list(line.entrants),
                "fouled": line.fouled,
                "contract": None if line.contract is None else line.contract.value,
                "hombre": line.hombre,
                "ally": line.ally,
                "trump": line.trump,
                "tricks": line.tricks,
                "line": None if line.line is None else line.line.value,
                "values": None if line.values is None else list(line.values),
                "scores": [hundredths_text(score) for score in line.scores],
                "percents": None if line.percents is None else [hundredths_text(p) for p in line.percents],
            }
            for line in item.lines
        ],
        "frequencies": [
            {"contract": f.contract.value, "hombre": f.hombre, "trump": f.trump, "played": f.played, "won": f.won}
            for f in item.frequencies
        ],
    }


__all__ = [
    "CardLine",
    "Frequency",
    "Traveller",
    "TravellerLine",
    "frequencies",
    "score_cards",
    "traveller",
    "traveller_json",
    "travellers",
]
