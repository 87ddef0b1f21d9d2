"""What the printed documents show, as plain data. Builders take these and return PDF bytes."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.tables.selectors import TourTotal

__all__ = ["TourTotal"]  # the table's tour subtotals, as the ledger gives them; the sheet prints the complete ones


@dataclass(frozen=True)
class SheetRow:
    """A line of the score sheet; a misdeal fills only the number, the dealer, the figures and the store."""

    number: str  # deal number, or "–" for a misdeal
    dealer: str
    deltas: tuple[int, ...]
    balances: tuple[int, ...]
    store: str
    contract: str = ""
    hombre: str = ""
    ally: str = ""
    trump: str = ""
    tricks: str = ""
    run: str = ""
    extras: str = ""  # premiers / vole
    outcome: str = ""
    void: bool = False
    corrected: bool = False
    penalised: bool = False  # the deal recorded a penalty: said under the grid


@dataclass(frozen=True)
class SheetHeader:
    club: str
    event: str
    date: str
    table: str
    ruleset: str
    options: tuple[str, ...]  # the options that differ from the defaults, "label: value" in the document's language
    players: tuple[str, str, str, str]
    start: int
    store_heading: str = ""  # the last column: the pot, the board, or PP's multiplier
    substitutes: tuple[str, ...] = ()  # a tournament's substitutes (T-25), each in a sentence


@dataclass(frozen=True)
class TableSheet:
    header: SheetHeader
    rows: tuple[SheetRow, ...]
    tours: tuple[TourTotal, ...]
    balances: tuple[int, ...]
    generated: str
    explanations: tuple[tuple[str, str], ...] = ()  # (deal number, how it was settled), when asked for
    struck: tuple[tuple[str, str, str], ...] = ()  # (the deal as entered, who struck it, why): crossed out
    penalties: tuple[tuple[str, str], ...] = ()  # (deal number, each penalty and what it cost)
    signed: tuple[str, ...] = ()  # per seat: when the player signed on the phone, or "" (a line to sign)
    # `balances` are the final ones the players sign (after the end-of-round rule, A-40) once the round is over,
    # else the running ones; `end_of_round` says in words what that rule did with what was left on the table.
    final: bool = False
    end_of_round: str = ""


@dataclass(frozen=True)
class BlankSheet:
    header: SheetHeader
    link: str
    deals: int
    generated: str


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    account: int
    change: int


@dataclass(frozen=True)
class TableSummary:
    label: str  # "Round 1 · table 2"
    players: tuple[str, ...]
    deals: int
    balances: tuple[int, ...]


@dataclass(frozen=True)
class ContractLine:
    contract: str
    played: int
    made: int


@dataclass(frozen=True)
class RoundResult:
    round: int
    lines: tuple[tuple[str, int], ...]  # each seated player's change in that round, best first


@dataclass(frozen=True)
class EventReport:
    club: str
    event: str
    date: str
    ruleset: str
    standings: tuple[Standing, ...]
    tables: tuple[TableSummary, ...]
    deals: int
    contracts: tuple[ContractLine, ...]
    remises: int
    codilles: int
    voles_won: int
    voles_tried: int
    largest_pot: int
    series: dict[str, list[int]] = field(default_factory=dict)  # each player's account, deal by deal
    generated: str = ""
    rounds: tuple[RoundResult, ...] = ()
    kind: str = "evening"  # or "tournament": what the report calls the event
    unit: str = "parlett-chips"  # the rule set's id, whose unit the figures are in (chips, points, counters)


@dataclass(frozen=True)
class PersonalReport:
    player: str
    club: str
    scope: str  # the evening or the season
    deals: int
    as_hombre: int
    contracts: tuple[ContractLine, ...]
    won: int  # chips won over the deals that gained
    lost: int  # chips lost over the deals that cost
    account: int  # the start, plus won, less lost, plus shared
    series: list[int]  # the account after each deal; a table's end-of-round share with its last deal
    generated: str = ""
    rating: list[float] = field(default_factory=list)  # the club rating after each event (season reports)
    unit: str = "parlett-chips"  # the rule set's id, whose unit the figures are in (a season's: his most played)
    link: str = ""  # the player's own page, printed as a QR code when given
    shared: int = 0  # what the end-of-round rule gave him of what was left on his tables, in no deal
    standing: str = ""  # a tournament's: his place and total, which its standings rank by (not the chips)


@dataclass(frozen=True)
class TournamentRow:
    """One entrant's line of a tournament's standings, every score in T-3's form."""

    place: str  # "3", "=3", or "" for an unranked withdrawn entrant
    name: str
    total: str
    scores: tuple[str, ...]  # round by round: a table score, a bye's or an absence's, or "" while playing
    firsts: int
    chips: int
    decided_by: str  # the tie-break that put him ahead of the next row on an equal total, in words


@dataclass(frozen=True)
class TournamentSeat:
    name: str
    change: str
    score: str
    place: str


@dataclass(frozen=True)
class TournamentTable:
    table: int
    seats: tuple[TournamentSeat, ...]
    note: str  # "short", "playing", or ""


@dataclass(frozen=True)
class TournamentRound:
    round: int
    tables: tuple[TournamentTable, ...]
    byes: tuple[tuple[str, str], ...]  # (name, bye score)


@dataclass(frozen=True)
class TournamentReport:
    """A tournament's standings after its last round played (`final`) or after one round, with the rounds' tables
    and, in words, how the totals are made and ties broken."""

    club: str
    event: str
    date: str
    ruleset: str
    heading: str
    provisional: bool
    method: tuple[str, ...]
    rows: tuple[TournamentRow, ...]
    rounds: tuple[TournamentRound, ...]
    teams: tuple[tuple[str, str, str, str], ...] = ()  # (place, team, members, total)
    seed_sha256: str = ""
    seed: str = ""
    generated: str = ""
