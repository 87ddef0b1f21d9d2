"""A duplicate tournament of 12 entrants, 3 tables × 2 rounds of 2 tours, built through the services, and a way
to play a round's boards: table 1 wins every solo (6 tricks), tables 2 and 3 make remise (5 tricks)."""

from __future__ import annotations

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import PlannedTable
from scorekeeper.tournaments.services import round_open, tournament_confirm
from tests.tournaments.builders import make_tournament


def make_duplicate(*, method: str = "matchpoints", **kwargs):
    tournament, _schedule, players = make_tournament(
        entrants=12,
        sessions=(2,),
        options={"session.tours": 2},
        tournament_options={"tournament.format": "duplicate", "tournament.method": method},
        **kwargs,
    )
    tournament_confirm(tournament=tournament)
    return tournament, players


def solo(board: int, tricks: int) -> DealRecord:
    """A solo in spades by the eldest hand (the dealer's right), runs left to the pockets."""
    dealer = (board - 1) % 4
    return DealRecord(
        dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=tricks, run_side=None
    )


def tricks_at(table: int) -> int:
    return 6 if table == 1 else 5


def play_round(tournament, number: int, *, tables=(1, 2, 3)) -> None:
    """Every board of round `number` recorded at the tables given, in the order the movement sends them."""
    for planned in PlannedTable.objects.filter(round__tournament=tournament, round__number=number).order_by("number"):
        if planned.number not in tables:
            continue
        state = duplicate.table_boards(planned=planned)
        for position, board in enumerate(state.order, start=1):
            duplicate.board_deal_record(
                planned=planned, board_number=board, record=solo(board, tricks_at(planned.number)), position=position
            )


def open_round(tournament, number: int) -> None:
    duplicate.round_boards_deal(tournament=tournament, number=number)
    round_open(tournament=tournament, number=number)
