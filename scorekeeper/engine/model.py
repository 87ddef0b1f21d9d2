"""The deal record and the session it belongs to (QUADRILLE-SCORING.md §3.1, §4.0)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from scorekeeper.engine.options import Options


class RuleSet(StrEnum):
    PARLETT_CHIPS = "parlett-chips"
    PARLETT_POINTS = "parlett-points"
    MODERN_CHIPS = "modern-chips"
    BRITANNICA_COUNTERS = "britannica-counters"

    @property
    def short(self) -> str:
        return {
            "parlett-chips": "PC",
            "parlett-points": "PP",
            "modern-chips": "MC",
            "britannica-counters": "BC",
        }[self.value]

    @property
    def has_pot(self) -> bool:
        return self in (RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS)

    @property
    def zero_sum(self) -> bool:
        return self is not RuleSet.PARLETT_POINTS


class Contract(StrEnum):
    ALLIANCE = "alliance"
    SELF_CALL = "self_call"
    SOLO = "solo"
    VOLE_BID = "vole_bid"
    FORCED = "forced"
    MEDIATEUR = "mediateur"


# Contracts whose side is one player: the run of the side is the hombre's own.
ONE_PLAYER = frozenset({Contract.SELF_CALL, Contract.SOLO, Contract.VOLE_BID, Contract.MEDIATEUR})
WITH_ALLY = frozenset({Contract.ALLIANCE, Contract.FORCED})


class Outcome(StrEnum):
    WON = "won"
    REMISE = "remise"
    CODILLE = "codille"


class Line(StrEnum):
    WON = "won"
    PREMIERS = "premiers"
    VOLE_WON = "vole_won"
    VOLE_LOST = "vole_lost"
    REMISE = "remise"
    CODILLE = "codille"


class PenaltyKind(StrEnum):
    ELEVEN_CARDS = "eleven_cards"
    RENOUNCE = "renounce"
    FRIEND_REVEALED = "friend_revealed"
    TURNED_HAND = "turned_hand"
    PARTNER_OUT_OF_TURN = "partner_out_of_turn"
    SHOWED_CARDS = "showed_cards"
    DISCOVERED_GAME = "discovered_game"


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: PenaltyKind
    seats: tuple[int, ...]
    count: int = 1
    intentional: bool = False

    @property
    def beasts(self) -> int:
        """How many beasts (BC) or stakes into the pot (PC) this penalty costs."""
        if self.kind in (PenaltyKind.ELEVEN_CARDS, PenaltyKind.RENOUNCE, PenaltyKind.TURNED_HAND):
            return self.count
        if self.kind is PenaltyKind.FRIEND_REVEALED and self.intentional:
            return self.count
        return 0


@dataclass(frozen=True, slots=True)
class Claims:
    matadors: bool = True
    sans_prendre: bool = True


NONE_HELD = "none"

# Every (hombre, ally) pair, looked up rather than rebuilt for each deal of a long fold.
SIDES = {(h, a): (h,) if a is None else (h, a) for h in range(4) for a in (None, 0, 1, 2, 3) if a != h}
OPPONENTS = {key: tuple(s for s in range(4) if s not in side) for key, side in SIDES.items()}


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What was recorded at the table for one deal, never its settlement. A void deal needs only its dealer."""

    dealer: int
    void: bool = False
    contract: Contract | None = None
    hombre: int | None = None
    ally: int | None = None
    called: str | None = None
    trump: str | None = None
    tricks: int | None = None
    hombre_tricks: int | None = None
    tricks_by_seat: tuple[int, int, int, int] | None = None
    premiers: bool = False
    vole_attempted: bool = False
    run_side: int | None = None
    run_hombre: int | None = None
    mediateur_giver: int | None = None
    claims: Claims = field(default_factory=Claims)
    penalties: tuple[Penalty, ...] = ()
    remainder_winner: int | str | None = None

    @property
    def side(self) -> tuple[int, ...]:
        """The contracting side: the hombre, then the ally if there is one."""
        return SIDES[self.hombre, self.ally]

    @property
    def opponents(self) -> tuple[int, ...]:
        return OPPONENTS[self.hombre, self.ally]

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def vole_won(self) -> bool:
        return self.vole_attempted and self.tricks == 10


@dataclass(frozen=True, slots=True)
class Opening:
    """Stores on the table when a session opens (a resuming table); empty by default."""

    pot: int = 0
    k: int = 0
    board: int = 0
    beasts: tuple[int, ...] = ()
    held: int = 0
    eligible: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Session:
    """One table's session: its rule set, options, players, starting balance and opening stores."""

    ruleset: RuleSet
    options: Options = field(default_factory=Options)
    players: tuple[str, str, str, str] = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
    start: int = 0
    favourite_suit: str | None = None
    opening: Opening = field(default_factory=Opening)
