"""The engine's duplicate refusals and results in the reader's words (the engine explains with codes and numbers;
the numbers are read again from the stored board and the movement, never parsed out of the engine's English)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.engine import EngineError
from scorekeeper.engine.cards import SPADILLE
from scorekeeper.engine.model import Contract, Line
from scorekeeper.engine.tournament.boards import derived_runs
from scorekeeper.engine.tournament.movement import RELAY
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.presenters import CONTRACTS, LINES, SUIT_SYMBOLS
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import Board

BOARDS_REFUSED = {
    "not_duplicate": gettext_lazy("This tournament is not played in duplicate."),
    "no_round": gettext_lazy("There is no such round in the plan."),
    "started": gettext_lazy("This round has started: its boards are dealt before it, never during it."),
    "dealt": gettext_lazy("Every board of this round is already dealt: a stored board is never dealt again."),
}


def hundredths(value: int) -> str:
    """A score kept in hundredths (matchpoints, IMPs, percentages) as it is printed: 6250 is 62.50."""
    sign = "−" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS[suit]


def seat_words(seat: int) -> str:
    """Seats are numbered 1–4 for people, as on the score sheet and the folder sheets."""
    return _("seat %(seat)s") % {"seat": seat + 1}


def place_words(table: int | None) -> str:
    if table is RELAY:
        return _("the relay stand")
    return _("table %(table)s") % {"table": table}


def contract_words(contract: Contract | None, hombre: int | None, trump: str | None) -> str:
    if contract is None:
        return _("no result")
    return _("%(contract)s by %(seat)s, %(suit)s") % {
        "contract": CONTRACTS[contract],
        "seat": seat_words(hombre),  # type: ignore[arg-type]
        "suit": SUIT_SYMBOLS.get(trump or "", "?"),
    }


def line_words(line: Line | None) -> str:
    return "" if line is None else str(LINES[line])


def board_error_message(error: EngineError, *, tournament, planned, board: int, deal=None) -> str:
    """A refusal of a board recorded at a table, or marked fouled there, in the scorer's words."""
    code = error.code
    if code in ("board_wrong_table", "board_not_in_round"):
        movement = duplicate.round_movement(tournament, planned.round.number)
        plays = movement.plays_of_board(board)
        if not plays:
            return _("Board %(board)s is not played in this round: its boards are %(first)s to %(last)s.") % {
                "board": board,
                "first": movement.boards[0],
                "last": movement.boards[-1],
            }
        where = ", ".join(
            _("table %(table)s at stage %(stage)s") % {"table": table, "stage": stage} for stage, table in plays
        )
        return _("Board %(board)s is not played at table %(table)s: it goes to %(where)s.") % {
            "board": board,
            "table": planned.number,
            "where": where,
        }
    if code == "board_repeated":
        return _("Board %(board)s is already recorded at this table.") % {"board": board}
    if code == "board_unknown":
        return _("Board %(board)s is not dealt yet: the director deals the round's boards first.") % {"board": board}
    if code == "board_dealer_wrong":
        return _("Board %(board)s is dealt by %(seat)s.") % {"board": board, "seat": seat_words((board - 1) % 4)}
    if code == "board_void":
        return _("A board is never dealt again: if its pockets are wrong, call the director to mark it fouled.")
    if code == "forced_without_spadille":
        record = _record(tournament, board)
        return _("Forced spadille is played by the holder of Spadille: %(seat)s on board %(board)s.") % {
            "seat": seat_words(record.holder(SPADILLE)),
            "board": board,
        }
    if code == "called_not_held":
        return _("The pockets of board %(board)s do not agree: that card is not in that player's pocket.") % {
            "board": board
        }
    if code == "called_not_callable":
        return _("That card cannot be called on board %(board)s with the hombre's hand.") % {"board": board}
    if code == "called_required":
        return _("Say which king the médiateur bought: the king of trumps would lengthen his run.")
    if code == "run_not_on_board" and deal is not None:
        side, alone = derived_runs(_record(tournament, board), deal)
        run = alone if error.field == "run_hombre" else side
        given = getattr(deal, error.field or "run_side", None) or 0
        if not run:
            return _("The pockets of board %(board)s give no matadors with these trumps, not %(given)s.") % {
                "board": board,
                "given": given,
            }
        return _("The pockets of board %(board)s give a run of %(run)s matadors with these trumps, not %(given)s.") % {
            "board": board,
            "run": run,
            "given": given or _("none"),
        }
    if code == "run_not_on_board":
        return _("The pockets of board %(board)s give a different run of matadors with these trumps.") % {
            "board": board
        }
    if code == "request_invalid" and error.field == "reason":
        return _("Say why the board is fouled.")
    return message_for(error)


def _record(tournament, board: int):
    return duplicate.hand_record(Board.objects.get(tournament=tournament, number=board))
