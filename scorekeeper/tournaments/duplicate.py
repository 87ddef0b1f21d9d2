"""A duplicate tournament in the app (TOURNAMENTS.md §7): a round's boards dealt and stored before the round, a
board recorded at a table checked against its hand record and the movement, a board marked fouled by the
director, and the scores, travellers and score cards read back. Every rule is the engine's
(`engine.tournament.boards`, `movement`, `duplicate`, `travellers`, `document`); this module stores what it
returns and gives it the rows it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.db import transaction
from django.db.models import Q

from scorekeeper.engine import DealRecord, EngineError, Session
from scorekeeper.engine.tournament import document
from scorekeeper.engine.tournament.boards import HandRecord, check_deal_on_board, deal_boards
from scorekeeper.engine.tournament.duplicate import DuplicateRound, percentages
from scorekeeper.engine.tournament.movement import Movement, board_here, boards_of_set, round_movements
from scorekeeper.engine.tournament.scores import Substitution
from scorekeeper.engine.tournament.standings import Entrant as RankedEntrant
from scorekeeper.engine.tournament.travellers import CardLine, Traveller, score_cards, travellers
from scorekeeper.events.models import EventLog
from scorekeeper.tables import services as table_services
from scorekeeper.tables.messages import SYSTEM_AUTHOR
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tournaments.models import Board, BoardPlay, PlannedRound, PlannedTable, Tournament
from scorekeeper.tournaments.selectors import tournament_options


class BoardsRefused(Exception):
    """A round's boards cannot be dealt now; `reason` is a code the page words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_duplicate(tournament: Tournament) -> bool:
    return tournament_options(tournament).format == "duplicate"


def duplicate_of_table(table: Table) -> PlannedTable | None:
    """The planned table a `tables.Table` plays, when its tournament is a duplicate one (None otherwise)."""
    planned = PlannedTable.objects.select_related("round__tournament__event").filter(table=table).first()
    if planned is None or not is_duplicate(planned.round.tournament):
        return None
    return planned


def movements(tournament: Tournament) -> tuple[Movement, ...]:
    """Each planned round's movement (T-64): K its tables, τ the tours, sets numbered across the rounds."""
    counts = [r.tables.count() for r in tournament.planned_rounds.order_by("number").prefetch_related("tables")]
    return round_movements(counts, tournament.tours)


def round_movement(tournament: Tournament, number: int) -> Movement:
    return movements(tournament)[number - 1]


def hand_record(board: Board) -> HandRecord:
    return HandRecord(board.number, board.dealer, tuple(tuple(hand) for hand in board.hands))


def round_records(tournament: Tournament, number: int) -> dict[int, HandRecord]:
    """The stored hand records of round `number`, by board number."""
    return {b.number: hand_record(b) for b in Board.objects.filter(tournament=tournament, round=number)}


@transaction.atomic
def round_boards_deal(*, tournament: Tournament, number: int, user=None) -> list[Board]:
    """Deal round `number`'s boards from the secure generator (T-59) and store them, before the round: every board
    its movement uses that is not stored yet (a round planned again with more tables needs more). A stored board
    is never dealt again. Refused once the round has started, or when every board is already dealt."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not is_duplicate(tournament):
        raise BoardsRefused("not_duplicate")
    planned = PlannedRound.objects.filter(tournament=tournament, number=number).first()
    if planned is None:
        raise BoardsRefused("no_round")
    if planned.started:
        raise BoardsRefused("started")
    movement = round_movement(tournament, number)
    stored = set(Board.objects.filter(tournament=tournament).values_list("number", flat=True))
    wanted = [b for b in movement.boards if b not in stored]
    if not wanted:
        raise BoardsRefused("dealt")
    records = [r for run in _runs(wanted) for r in deal_boards(run[0], len(run))]
    boards = Board.objects.bulk_create(
        Board(tournament=tournament, round=number, number=r.board, dealer=r.dealer, hands=[list(h) for h in r.hands])
        for r in records
    )
    EventLog.objects.create(
        event=tournament.event,
        action="boards_dealt",
        who=table_services.who(user, fallback=SYSTEM_AUTHOR)[1],
        note=f"{number}: {len(boards)}",
    )
    return boards


def _runs(numbers: list[int]) -> list[list[int]]:
    """Consecutive runs of board numbers (deal_boards deals a run from its first)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def round_boards_ensure(*, tournament: Tournament, number: int, user=None) -> None:
    """Deal the round's missing boards, if any: a duplicate round never opens without its boards stored; the log
    names who opened the round (the app, when nobody signed in did)."""
    if is_duplicate(tournament) and not round_ready(tournament, number):
        round_boards_deal(tournament=tournament, number=number, user=user)


def round_ready(tournament: Tournament, number: int) -> bool:
    """Whether every board round `number`'s movement uses is stored (the round may open)."""
    movement = round_movement(tournament, number)
    stored = Board.objects.filter(tournament=tournament, number__in=list(movement.boards)).count()
    return stored == len(movement.boards)


# A table's boards: what it plays, in order, and what it has recorded.


def table_board_order(movement: Movement, table: int) -> list[int]:
    """The boards table `table` plays, stage by stage (T-65), each set's boards in order: dealers 0, 1, 2, 3."""
    return [board for number in movement.sets_of_table(table) for board in boards_of_set(number)]


def _live_plays(planned: PlannedTable):
    return BoardPlay.objects.filter(planned_table=planned).filter(
        Q(deal__isnull=True) | Q(deal__struck_at__isnull=True)
    )


@dataclass(frozen=True)
class TableBoards:
    """Where a table is in its boards: the order it plays them, those recorded, those marked fouled, and the next
    one to record (None when it has recorded them all); `positions`: each recorded board's deal, by its position
    in the table's record (its page, where it is corrected)."""

    planned: PlannedTable
    movement: Movement
    order: tuple[int, ...]
    recorded: frozenset[int]
    fouled: frozenset[int]
    positions: tuple[tuple[int, int], ...] = ()  # (board, deal position), in board order
    marked: frozenset[int] = frozenset()  # every board the director marked fouled here, played since or not

    @property
    def done(self) -> frozenset[int]:
        return self.recorded | self.fouled

    @property
    def next_board(self) -> int | None:
        """The first board not recorded here: a board marked fouled is still played and recorded (its cards as they
        were), or the table's dealer rotation would not reach the boards after it."""
        return next((b for b in self.order if b not in self.recorded), None)

    @property
    def next_dealer(self) -> int | None:
        board = self.next_board
        return None if board is None else (board - 1) % 4

    def stage_of(self, board: int) -> int:
        return board_here(self.movement, board, self.planned.number)


def table_boards(*, planned: PlannedTable, movement: Movement | None = None) -> TableBoards:
    """`movement`: the round's, when the caller has it already."""
    if movement is None:
        movement = round_movement(planned.round.tournament, planned.round.number)
    recorded, fouled, positions, marked = set(), set(), {}, set()
    for play in _live_plays(planned).select_related("board", "deal"):
        if play.fouled:
            marked.add(play.board.number)
        if play.deal_id is not None and play.deal.struck_at is None:
            recorded.add(play.board.number)
            positions[play.board.number] = play.deal.position
        elif play.fouled:
            fouled.add(play.board.number)
    order = tuple(table_board_order(movement, planned.number))
    return TableBoards(
        planned,
        movement,
        order,
        frozenset(recorded),
        frozenset(fouled),
        tuple(sorted(positions.items())),
        frozenset(marked),
    )


@transaction.atomic
def board_deal_record(
    *, planned: PlannedTable, board_number: int, record: DealRecord, position: int, user=None, idempotency_key: str = ""
) -> Deal:
    """Record a deal played on board `board_number` at `planned`'s table: refused (`EngineError`) when the movement
    did not send the board there (`board_wrong_table`, `board_not_in_round`), when it was already recorded there
    (`board_repeated`), when its board is not dealt (`board_unknown`), or when the board's pockets contradict the
    record (T-62: dealer, runs, called card, forced spadille). The runs stored are the pockets' (T-62). On a board
    the director marked fouled at this table the record is the fouled cards' play and is not checked (T-63)."""
    tournament = planned.round.tournament
    movement = round_movement(tournament, planned.round.number)
    board_here(movement, board_number, planned.number)
    board = Board.objects.filter(tournament=tournament, number=board_number).first()
    if board is None:
        raise EngineError("board_unknown", "board", f"board {board_number} has no hand record")
    play = BoardPlay.objects.select_for_update().filter(board=board, planned_table=planned).first()
    if play is not None and play.deal_id is not None and play.deal.struck_at is None:
        raise EngineError(
            "board_repeated", "board", f"board {board_number} is recorded twice at table {planned.number}"
        )
    fouled = play is not None and play.fouled
    if not fouled:
        record = check_deal_on_board(record, hand_record(board), planned.table.session().options)
    deal = table_services.deal_record(
        table=planned.table, position=position, record=record, user=user, idempotency_key=idempotency_key
    )
    if play is None:
        BoardPlay.objects.create(board=board, planned_table=planned, deal=deal)
    else:
        play.deal = deal
        play.save(update_fields=["deal"])
    return deal


@transaction.atomic
def board_foul(*, planned: PlannedTable, board_number: int, reason: str, user=None) -> BoardPlay:
    """The director marks a board fouled at a table (T-63): its play there is compared only with the other fouled
    plays, or scores the average without a result. Said with a reason, written in the event's log; refused for a
    board the movement does not send to that table."""
    tournament = planned.round.tournament
    reason = reason.strip()[:300]
    if not reason:
        raise EngineError("request_invalid", "reason", "say why the board is fouled")
    movement = round_movement(tournament, planned.round.number)
    board_here(movement, board_number, planned.number)
    board = Board.objects.filter(tournament=tournament, number=board_number).first()
    if board is None:
        raise EngineError("board_unknown", "board", f"board {board_number} has no hand record")
    play, _created = BoardPlay.objects.select_for_update().get_or_create(board=board, planned_table=planned)
    play.fouled = True
    play.fouled_reason = reason
    play.fouled_by = user if getattr(user, "is_authenticated", False) else None
    play.save(update_fields=["fouled", "fouled_reason", "fouled_by"])
    EventLog.objects.create(
        event=tournament.event,
        action="board_fouled",
        who=table_services.who(user)[1],
        note=f"{board_number} @ {planned.round.number}/{planned.number}: {reason}"[:300],
    )
    return play


@transaction.atomic
def board_unfoul(*, planned: PlannedTable, board_number: int, user=None) -> BoardPlay:
    """The director takes back a board's fouled mark at a table (made at the wrong table or board): its play there is
    compared with the others again. Refused when the table recorded the board with no result, which only a fouled
    board may have (`board_no_result`: the director strikes that record first); written in the event's log."""
    tournament = planned.round.tournament
    play = (
        BoardPlay.objects.select_for_update(of=("self",))  # PostgreSQL locks no row of the nullable deal
        .select_related("deal")
        .filter(board__tournament=tournament, board__number=board_number, planned_table=planned, fouled=True)
        .first()
    )
    if play is None:
        raise EngineError("board_not_fouled", "board", f"board {board_number} is not marked fouled at this table")
    if play.deal is not None and play.deal.struck_at is None and play.deal.void:
        raise EngineError("board_no_result", "board", f"board {board_number} is recorded with no result here")
    play.fouled, play.fouled_reason, play.fouled_by = False, "", None
    play.save(update_fields=["fouled", "fouled_reason", "fouled_by"])
    EventLog.objects.create(
        event=tournament.event,
        action="board_unfouled",
        who=table_services.who(user)[1],
        note=f"{board_number} @ {planned.round.number}/{planned.number}",
    )
    return play


# Scores: the engine's document of the tournament, scored by the engine.


def tournament_document(tournament: Tournament) -> document.Tournament:
    """The engine's view of a duplicate tournament: its hand records, every planned round, and at each started
    table its deals in play order with their boards and its fouled boards (T-82)."""
    event = tournament.event
    rounds = list(tournament.planned_rounds.order_by("number").prefetch_related("tables__substitutes__player"))
    planned_ids = [pt.pk for r in rounds for pt in r.tables.all()]
    plays: dict[int, list[BoardPlay]] = {pk: [] for pk in planned_ids}
    for play in (
        BoardPlay.objects.filter(planned_table_id__in=planned_ids)
        .select_related("board", "deal")
        .order_by("planned_table_id", "deal__position")
    ):
        plays[play.planned_table_id].append(play)
    session = Session(
        ruleset=event.engine_ruleset,
        options=event.engine_options,
        start=event.start,
        favourite_suit=event.favourite_suit or None,
    )
    tables_of = {}
    for r in rounds:
        tables = []
        for pt in r.tables.all():
            mine = plays.get(pt.pk, []) if r.started else []
            live = [p for p in mine if p.deal_id is not None and p.deal.struck_at is None]
            tables.append(
                document.PlannedTable(
                    table=pt.number,
                    seats=tuple(pt.seats),  # type: ignore[arg-type]
                    deals=tuple(p.deal.to_record() for p in live),
                    short=pt.short and r.started,
                    substitutes=tuple(Substitution(s.seat, s.display_name, s.from_deal) for s in pt.substitutes.all())
                    if r.started
                    else (),
                    boards=tuple(p.board.number for p in live),
                    fouled=tuple(sorted(p.board.number for p in mine if p.fouled)),
                )
            )
        tables_of[r.number] = tuple(tables)
    return document.Tournament(
        session=session,
        options=tournament_options(tournament),
        entrants=tuple(
            RankedEntrant(e.number, e.player.name, e.withdrawn_after)
            for e in tournament.entrants.select_related("player").order_by("number")
        ),
        rounds=tuple(
            document.PlannedRound(r.number, r.session, r.started, tables_of[r.number], tuple(r.byes)) for r in rounds
        ),
        name=event.name,
        date=event.date.isoformat(),
        boards=tuple(hand_record(b) for b in Board.objects.filter(tournament=tournament).order_by("number")),
    )


@dataclass(frozen=True)
class RoundBoards:
    """A started round's boards as scored, with the seats of its tables (entrant numbers by table)."""

    number: int
    result: DuplicateRound
    seats: dict[int, tuple[int, ...]]
    complete: bool  # every board played (or fouled) at every table the movement sent it to: results published


@dataclass(frozen=True)
class DuplicateResults:
    """The scored tournament: the engine's result (standings in hundredths), each started round's boards, and each
    entrant's percentage under matchpoints."""

    tournament: Tournament
    result: document.Result
    rounds: tuple[RoundBoards, ...]

    @property
    def method(self) -> str:
        return self.result.tournament.options.method

    @cached_property
    def percents(self) -> dict[int, int | None]:
        if self.method != "matchpoints":
            return {}
        return percentages(self.result.standings, self.result.boards)

    @cached_property
    def names(self) -> dict[int, str]:
        return {e.number: e.name for e in self.result.tournament.entrants}

    @property
    def published(self) -> frozenset[int]:
        """The rounds whose hand records, travellers and score cards may be shown (`round_published`)."""
        return frozenset(r.number for r in self.rounds if r.complete)

    def round(self, number: int) -> RoundBoards | None:
        return next((r for r in self.rounds if r.number == number), None)

    def travellers(self, number: int) -> tuple[Traveller, ...]:
        rnd = self.round(number)
        return () if rnd is None else travellers(rnd.result, self.method, rnd.seats)

    def cards(self, number: int) -> dict[int, tuple[CardLine, ...]]:
        rnd = self.round(number)
        return {} if rnd is None else score_cards(rnd.result, self.method, rnd.seats)


def duplicate_results(*, tournament: Tournament) -> DuplicateResults:
    """The tournament scored by the engine from the stored boards and deals (`document.score`)."""
    doc = tournament_document(tournament)
    result = document.score(doc)
    rounds = []
    for planned, played in zip(doc.rounds, result.boards, strict=True):
        if played is None:
            continue
        seats = {t.table: tuple(t.seats) for t in planned.tables}
        rounds.append(RoundBoards(planned.round, played, seats, _complete(played.movement, planned)))
    return DuplicateResults(tournament, result, tuple(rounds))


def _complete(movement: Movement, planned: document.PlannedRound) -> bool:
    for table in planned.tables:
        if table.short:
            continue
        done = set(table.boards) | set(table.fouled)
        if any(board not in done for board in table_board_order(movement, table.table)):
            return False
    return True


def round_published(*, tournament: Tournament, number: int) -> bool:
    """Whether round `number`'s hand records and travellers may be shown to players and the public: every table
    has recorded (or had marked fouled) every board the movement sent it, or ended short."""
    return number in duplicate_results(tournament=tournament).published
