"""Boards and hand records of duplicate Quadrille (TOURNAMENTS.md §7.1, T-58 … T-62).

A board is the 40 cards dealt once into four pockets of ten, pocket s for seat s, with a fixed dealer. Its hand
record is stored before the round and is the source of truth: every deal recorded on the board is checked against it.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.engine.bounds import is_int
from scorekeeper.engine.cards import RANKS, SPADILLE, SUIT_NAMES, SUITS, callable_cards, matador_run
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.model import Contract, DealRecord
from scorekeeper.engine.options import Options

# The Quadrille pack, in the order a hand is shown: by suit (S C H D), then A K Q J 7 6 5 4 3 2.
PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_ORDER = {card: index for index, card in enumerate(PACK)}
HAND = 10
SEATS = range(4)
MAX_BOARD = 10**9  # INTERCHANGE.md's bound on every integer
MAX_COUNT = 10_000  # T-84
BOARDS_FORMAT = "quadrille-boards/1"

_SECURE = secrets.SystemRandom()


@dataclass(frozen=True, slots=True)
class HandRecord:
    """T-60: a board's number, its dealer `(board - 1) mod 4`, and the ten cards of each seat's pocket."""

    board: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]

    def holder(self, card: str) -> int:
        """The seat whose pocket holds `card`."""
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        raise ValueError(f"{card} is in no pocket of board {self.board}")


def board_dealer(board: int) -> int:
    """T-58: board 1 is dealt by seat 0, board 2 by seat 1, …: the boards of a set make one tour."""
    return (board - 1) % 4


def sort_hand(cards: Iterable[str]) -> tuple[str, ...]:
    """A hand as it is shown: spades, clubs, hearts, diamonds, each from the ace down."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def deal_board(board: int, rng: random.Random | None = None) -> HandRecord:
    """T-59: one board dealt from the operating system's secure generator, every deal of the pack equally likely.

    A shuffle that makes every order of the 40 cards equally likely makes every deal equally likely: each deal
    is the same number of orders, (10!)^4. `rng` replaces the secure generator in tests only."""
    pack = list(PACK)
    (_SECURE if rng is None else rng).shuffle(pack)
    hands = tuple(sort_hand(pack[seat * HAND : (seat + 1) * HAND]) for seat in SEATS)
    return HandRecord(board, board_dealer(board), hands)


def deal_boards(first: int, count: int, rng: random.Random | None = None) -> tuple[HandRecord, ...]:
    """T-84: `count` new boards numbered from `first`."""
    if not is_int(first) or not 1 <= first <= MAX_BOARD:
        raise EngineError("request_invalid", "first", f"the first board is a number from 1 to {MAX_BOARD}")
    if not is_int(count) or not 1 <= count <= MAX_COUNT:
        raise EngineError("request_invalid", "count", f"the number of boards is from 1 to {MAX_COUNT:,}")
    if first + count - 1 > MAX_BOARD:
        raise EngineError("request_invalid", "count", f"boards are numbered up to {MAX_BOARD}")
    return tuple(deal_board(board, rng) for board in range(first, first + count))


def boards_document(first: str | None, count: str | None) -> dict[str, Any]:
    """T-84's output for the command line's `--first B --count N`, given as the text typed."""
    records = deal_boards(_number(first, "first"), _number(count, "count"))
    return {"format": BOARDS_FORMAT, "boards": [hand_record_json(record) for record in records]}


def _number(text: str | None, name: str) -> int:
    if text is None:
        raise EngineError("request_invalid", name, f"give --{name}, a whole number")
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 12:
        raise EngineError("request_invalid", name, f"--{name} must be a whole number, not {text!r}")
    return int(text)


def hand_record_json(record: HandRecord) -> dict[str, Any]:
    return {"board": record.board, "dealer": record.dealer, "hands": [list(hand) for hand in record.hands]}


def parse_hand_record(raw: Any, prefix: str = "") -> HandRecord:
    """A hand record of T-60, refused by name when a card is not of the pack, is there twice or is missing,
    a pocket does not hold ten, or the dealer is not the board's. `prefix` starts every `field` of an error
    (`"boards[3]."`). The hands are kept in the order given: the stored record is never rewritten."""
    if not isinstance(raw, Mapping) or set(raw) != {"board", "dealer", "hands"}:
        raise EngineError(
            "hand_record_invalid", prefix.rstrip(".") or None, "a hand record is {board, dealer, hands}, no more"
        )
    board = raw["board"]
    if not is_int(board) or not 1 <= board <= MAX_BOARD:
        raise EngineError("board_invalid", prefix + "board", f"a board number is from 1 to {MAX_BOARD}")
    dealer = raw["dealer"]
    if not is_int(dealer) or dealer != board_dealer(board):
        raise EngineError(
            "board_dealer_wrong",
            prefix + "dealer",
            f"board {board} is dealt by seat {board_dealer(board)}, not {_seat_words(dealer)}",
        )
    hands = raw["hands"]
    if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(hand, list) for hand in hands):
        raise EngineError(
            "hand_record_invalid", prefix + "hands", "the hands are four pockets of ten cards, seats 0 to 3"
        )
    seen: dict[str, int] = {}
    for seat, hand in enumerate(hands):
        for index, card in enumerate(hand):
            field = f"{prefix}hands[{seat}][{index}]"
            if not isinstance(card, str) or card not in CARD_ORDER:
                raise EngineError(
                    "card_invalid",
                    field,
                    f"{card!r} is not a card of the Quadrille pack (A K Q J 7 6 5 4 3 2 of S C H D)",
                )
            if card in seen:
                where = "again in pocket" if seen[card] == seat else f"in pocket {seen[card]} and in pocket"
                raise EngineError("card_repeated", field, f"board {board}: {card} is {where} {seat}")
            seen[card] = seat
    missing = [card for card in PACK if card not in seen]
    if missing:
        raise EngineError(
            "card_missing",
            prefix + "hands",
            f"board {board}: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} in no pocket",
        )
    for seat, hand in enumerate(hands):
        if len(hand) != HAND:
            raise EngineError(
                "hand_size_invalid",
                f"{prefix}hands[{seat}]",
                f"board {board}: pocket {seat} holds {len(hand)} cards, not {HAND}",
            )
    return HandRecord(board, dealer, tuple(tuple(hand) for hand in hands))


def _seat_words(value: object) -> str:
    return f"seat {value}" if is_int(value) else repr(value)


# T-62: a deal record against its board.


def derived_runs(record: HandRecord, deal: DealRecord) -> tuple[int, int]:
    """The matador runs of the deal's side and of its hombre alone (§1.3), read from the pockets.

    The side is the hombre and his ally; a médiateur's bought king (`called`) counts as his. The record's trump,
    hombre and ally must be valid."""
    trump = deal.trump
    assert trump in SUITS and deal.hombre in SEATS
    own = set(record.hands[deal.hombre])
    if deal.contract is Contract.MEDIATEUR and deal.called in CARD_ORDER:
        own.add(deal.called)  # type: ignore[arg-type]
    side = own | set(record.hands[deal.ally]) if deal.ally is not None else own
    return matador_run(side, trump), matador_run(own, trump)


def check_deal_on_board(deal: DealRecord, record: HandRecord, options: Options) -> DealRecord:
    """T-62: refuse a deal that the board's pockets contradict; return it with its runs read from the pockets.

    Checked: the dealer is the board's; the runs given agree with the pockets; a called card is callable with
    the hombre's hand and held by the ally (by the hombre in a self-call, by the giver for a médiateur); forced
    spadille is played by Spadille's holder. A board is never redealt (T-61): a void record is refused. What the
    pockets cannot tell (tricks, premiers) and what is not a seat or a suit is left to the ordinary checks."""
    board = record.board
    if deal.void:
        raise EngineError(
            "board_void",
            "void",
            f"board {board} is never redealt: if its pockets are wrong, the director marks it fouled",
        )
    if deal.dealer != record.dealer:
        raise EngineError(
            "board_dealer_wrong",
            "dealer",
            f"board {board} is dealt by seat {record.dealer}, not {_seat_words(deal.dealer)}",
        )
    contract = deal.contract
    if type(contract) is not Contract:
        try:
            contract = Contract(contract)
        except ValueError:
            return deal
        deal = replace(deal, contract=contract)
    hombre, ally, trump, called = deal.hombre, deal.ally, deal.trump, deal.called
    if (
        not is_int(hombre)
        or hombre not in SEATS
        or trump not in SUITS
        or (ally is not None and (not is_int(ally) or ally not in SEATS or ally == hombre))
    ):
        return deal
    hand = record.hands[hombre]
    if called in CARD_ORDER and called[0] in "KQ" and (contract is Contract.MEDIATEUR or called[1] != trump):
        _check_called(record, deal, hand, options)  # a called trump is refused by the ordinary checks
    elif contract is Contract.MEDIATEUR and called is None:
        _check_mediateur_run_known(record, deal)
    if contract is Contract.FORCED and SPADILLE not in hand:
        raise EngineError(
            "forced_without_spadille",
            "hombre",
            f"forced spadille is played by the holder of Spadille: seat {record.holder(SPADILLE)} on board {board}",
        )

    run_side, run_hombre = derived_runs(record, deal)
    one_player = ally is None
    suit = SUIT_NAMES[trump]
    for field, given, derived, whose in (
        ("run_side", deal.run_side, run_side, "the hombre" if one_player else "the side"),
        ("run_hombre", deal.run_hombre, run_hombre, "the hombre"),
    ):
        if given is not None and given != derived:
            raise EngineError(
                "run_not_on_board",
                field,
                f"the pockets of board {board} give {whose} a run of {derived} with {suit} trumps, not {given}",
            )
    return replace(deal, run_side=run_side, run_hombre=run_hombre)


def _check_called(record: HandRecord, deal: DealRecord, hand: Sequence[str], options: Options) -> None:
    called, board = deal.called, record.board
    assert called is not None
    holder = record.holder(called)
    if deal.contract is Contract.SELF_CALL:
        if holder != deal.hombre:
            raise EngineError(
                "called_not_held",
                "called",
                f"a self-call names one of the hombre's own kings: {called} is in pocket {holder} of board {board}",
            )
        return
    if deal.contract is Contract.MEDIATEUR:
        if deal.mediateur_giver is not None and holder != deal.mediateur_giver:
            raise EngineError(
                "called_not_held",
                "mediateur_giver",
                f"the médiateur's king {called} is in pocket {holder} of board {board}: that seat gave it",
            )
        return
    if deal.ally is None:  # forced spadille played alone (call.forced_self_call): the ordinary checks apply
        return
    if called not in callable_cards(hand, deal.trump, options.call_queen_condition):  # type: ignore[arg-type]
        words = (
            "the hombre holds it himself"
            if holder == deal.hombre
            else "a queen is called only by a player holding the kings he could call"
        )
        raise EngineError("called_not_callable", "called", f"{called} cannot be called on board {board}: {words}")
    if holder != deal.ally:
        raise EngineError(
            "called_not_held",
            "ally",
            f"{called} is in pocket {holder} of board {board}: its holder is the ally, not seat {deal.ally}",
        )


def _check_mediateur_run_known(record: HandRecord, deal: DealRecord) -> None:
    """A médiateur's run may depend on the king he bought (the king of trumps continues a run)."""
    trump = deal.trump
    assert trump is not None
    own = set(record.hands[deal.hombre])  # type: ignore[index]
    king = "K" + trump
    if king not in own and matador_run(own, trump) != matador_run(own | {king}, trump):
        raise EngineError(
            "called_required",
            "called",
            f"say which king the médiateur bought on board {record.board}: the king of trumps would lengthen his run",
        )


__all__ = [
    "PACK",
    "HandRecord",
    "board_dealer",
    "boards_document",
    "check_deal_on_board",
    "deal_board",
    "deal_boards",
    "derived_runs",
    "hand_record_json",
    "parse_hand_record",
    "sort_hand",
]
