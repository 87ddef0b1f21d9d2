"""Hand records written out by hand for the duplicate tests, with the runs each one gives."""

from __future__ import annotations

from scorekeeper.engine.tournament.boards import HandRecord, board_dealer

# Hearts: seat 1 holds Spadille, Manille (7H), Basto, Punto, KH, QH (a run of 6); seat 2 continues it with JH 2H 3H 4H
# (the pair 1 + 2 runs to 10). Spades: 2S is seat 3's (the pair 1 + 3 runs to 3, seat 1 alone to 0).
# Diamonds: seats 1 and 3 together hold the whole trump column (12), seat 1 alone 0.
STUDY = (
    ("KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S", "KC", "QC"),
    ("AS", "AC", "7H", "AH", "KH", "QH", "2D", "3D", "4D", "5D"),
    ("JC", "7C", "6C", "5C", "4C", "3C", "JH", "2H", "3H", "4H"),
    ("2S", "2C", "KD", "QD", "JD", "AD", "7D", "6D", "5H", "6H"),
)

# TOURNAMENTS.md §9.6's boards 1 and 2: seats 1 and 3 hold Spadille, Basto and Manille of clubs (run_side 3 with
# clubs trumps, table 3) but not Manille of spades (no matadors with spades trumps, table 1); seat 1 alone has no
# run with hearts trumps (7H is seat 2's: table 2's solo), nor seat 2 (board 2's solos).
EXAMPLE = (
    ("2S", "KS", "QS", "JS", "7S", "6S", "5S", "4S", "KC", "QC"),
    ("AS", "AC", "JC", "AH", "KH", "QH", "2D", "3D", "4D", "5D"),
    ("7C", "6C", "5C", "4C", "3C", "7H", "JH", "2H", "3H", "4H"),
    ("3S", "2C", "KD", "QD", "JD", "AD", "7D", "6D", "5H", "6H"),
)


def record(board: int, hands=STUDY) -> HandRecord:
    return HandRecord(board, board_dealer(board), tuple(tuple(hand) for hand in hands))


def swapped(hands, first: str, second: str):
    """The same pockets with two cards exchanged."""
    return tuple(
        tuple(second if card == first else first if card == second else card for card in hand) for hand in hands
    )
