"""Cards, suits, trump orders and matador runs (QUADRILLE-SCORING.md §1)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS = ("S", "C", "H", "D")
SUIT_NAMES = {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}
RED = frozenset({"H", "D"})
BLACK = frozenset({"S", "C"})
RANKS = ("A", "K", "Q", "J", "7", "6", "5", "4", "3", "2")  # the 40-card pack: no 10, 9 or 8

SPADILLE = "AS"
BASTO = "AC"


@dataclass(frozen=True, slots=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit


def parse_card(text: str) -> Card:
    """`KH` -> Card('K', 'H'). Raises ValueError for anything that is not a card of the 40-card pack."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return Card(text[0], text[1])


def is_red(suit: str) -> bool:
    return suit in RED


def trump_order(trump: str) -> tuple[str, ...]:
    """The trump column of §1.2, highest first: 11 cards in black, 12 in red."""
    if trump in BLACK:
        manille = "2" + trump
        rest = [r + trump for r in ("K", "Q", "J", "7", "6", "5", "4", "3")]
        return (SPADILLE, manille, BASTO, *rest)
    if trump in RED:
        manille = "7" + trump
        rest = [r + trump for r in ("K", "Q", "J", "2", "3", "4", "5", "6")]
        return (SPADILLE, manille, BASTO, "A" + trump, *rest)
    raise ValueError(f"not a suit: {trump!r}")


def trump_count(trump: str) -> int:
    return 12 if is_red(trump) else 11


def matador_run(cards: Iterable[str], trump: str) -> int:
    """Length of the unbroken run from Spadille down held in `cards`; a run shorter than 3 counts as 0."""
    held = set(cards)
    n = 0
    for card in trump_order(trump):
        if card not in held:
            break
        n += 1
    return n if n >= 3 else 0


def max_run(trump: str, players: int) -> int:
    """Longest possible run: the whole trump column for a side, at most ten cards for one hand."""
    return min(trump_count(trump), 10) if players == 1 else trump_count(trump)


def callable_cards(hand: Iterable[str], trump: str, queen_condition: str = "three_callable_kings") -> set[str]:
    """Cards an alliance may call with this hand (§2.4): a non-trump king not held; queens when the kings are.

    Never the king or queen of trumps. With all callable kings held (or all four, under `four_kings`), a
    non-trump queen not held instead.
    """
    held = set(hand)
    others = [s for s in SUITS if s != trump]
    kings = {"K" + s for s in others}
    calls = {k for k in kings if k not in held}
    all_kings = kings | {"K" + trump} if queen_condition == "four_kings" else kings
    if all_kings <= held:
        calls |= {"Q" + s for s in others if "Q" + s not in held}
    return calls
