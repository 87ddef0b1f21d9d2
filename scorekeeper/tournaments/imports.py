"""A tournament document (T-82) read into a new event of the club: refused whole, nothing created, at its first
fault; otherwise its entrants, teams, keep-apart pairs, rounds, tables, deals and substitutes recorded so that
the export gives the same document back.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club, Player
from scorekeeper.engine import EngineError
from scorekeeper.engine.interchange import deal_json
from scorekeeper.engine.tournament import document
from scorekeeper.engine.tournament.movement import round_movements
from scorekeeper.events.models import Event
from scorekeeper.events.services import event_close, event_create
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import table_create, table_end_round, table_import
from scorekeeper.tables.snapshot import snapshot_refresh
from scorekeeper.tournaments.models import (
    Board,
    BoardPlay,
    Entrant,
    KeepApart,
    PlannedRound,
    PlannedTable,
    Substitute,
    Team,
    Tournament,
)

# The longest names the rows keep (Player.name, Team.name, Event.name): a longer one is refused, not cut.
NAME_LENGTH = 80
EVENT_NAME_LENGTH = 120
# The largest numbers the columns hold on every database (small and ordinary positive integers, an integer).
SMALL, LARGE = 32767, 2147483647


def tournament_check(raw: Any) -> document.Tournament:
    """The document parsed and every started table's deals settled by the engine: an EngineError at the first
    fault (its field names where: `rounds[2].tables[1].deals[7].tricks`), before anything is created."""
    tournament = document.parse_tournament(raw)
    document.settle_rounds(tournament)  # each table's deals as its phone folds them, in the table's own rotation
    if tournament.options.format == "duplicate":
        document.score(tournament)  # every deal on its board, at a table the movement sent it to (T-62, T-65)
        board_rounds(tournament)
    _names_fit(tournament)
    _numbers_fit(tournament)
    return tournament


def board_rounds(tournament: document.Tournament) -> dict[int, int]:
    """The round of each hand record of a duplicate document, by its movement (T-64: round r's sets follow round
    r − 1's); a hand record no round's movement uses is refused (it would have no round to be dealt for)."""
    movements = round_movements([len(r.tables) for r in tournament.rounds], tournament.session.options.session_tours)
    rounds = {
        board: r.round for r, movement in zip(tournament.rounds, movements, strict=True) for board in movement.boards
    }
    for i, record in enumerate(tournament.boards):
        if record.board not in rounds:
            raise _invalid(f"boards[{i}].board", f"board {record.board} is played in no round of the movement (T-64)")
    return {record.board: rounds[record.board] for record in tournament.boards}


def _invalid(field: str, message: str) -> EngineError:
    return EngineError("document_invalid", field, message)


def _names_fit(tournament: document.Tournament) -> None:
    if tournament.name is not None and not 0 < len(tournament.name.strip()) <= EVENT_NAME_LENGTH:
        raise _invalid("name", f"the tournament's name is 1 to {EVENT_NAME_LENGTH} characters")
    seen: set[str] = set()
    for i, entrant in enumerate(tournament.entrants):
        name = entrant.name.strip()
        if len(name) > NAME_LENGTH:
            raise _invalid(f"entrants[{i}].name", f"a name is at most {NAME_LENGTH} characters")
        if name in seen:
            raise _invalid(f"entrants[{i}].name", f"two entrants are named {name!r}: one person each")
        seen.add(name)
    for name, _members in tournament.teams:
        if len(name) > NAME_LENGTH:
            raise _invalid(f"teams.{name[:20]}", f"a team's name is at most {NAME_LENGTH} characters")
    for r, planned in enumerate(tournament.rounds):
        for t, table in enumerate(planned.tables):
            for s, substitute in enumerate(table.substitutes):
                if len(substitute.name.strip()) > NAME_LENGTH:
                    field = f"rounds[{r}].tables[{t}].substitutes[{s}].name"
                    raise _invalid(field, f"a name is at most {NAME_LENGTH} characters")


def _numbers_fit(tournament: document.Tournament) -> None:
    if not -LARGE <= tournament.session.start <= LARGE:
        raise _invalid("start", f"the starting balance is at most {LARGE} either way")
    for i, entrant in enumerate(tournament.entrants):
        if entrant.number > LARGE:
            raise _invalid(f"entrants[{i}].number", f"an entrant's number is at most {LARGE}")
        if entrant.withdrawn_after is not None and entrant.withdrawn_after > SMALL:
            raise _invalid(f"entrants[{i}].withdrawn_after", f"withdrawn_after is a round, at most {SMALL}")
    if len(tournament.rounds) > SMALL:
        raise _invalid("rounds", f"a tournament has at most {SMALL} rounds")
    for r, planned in enumerate(tournament.rounds):
        for t, table in enumerate(planned.tables):
            if table.table > SMALL:
                raise _invalid(f"rounds[{r}].tables[{t}].table", f"a table's number is at most {SMALL}")


def club_for(value: str | None) -> Club:
    """The club named or numbered `value`, or the only club when `value` is None (EngineError otherwise)."""
    if value is None:
        clubs = list(Club.objects.all()[:2])
        if len(clubs) != 1:
            raise EngineError("club_required", "club", "name the club (--club NAME_OR_ID): there is not exactly one")
        return clubs[0]
    found = Club.objects.filter(pk=int(value)) if value.isascii() and value.isdigit() else Club.objects.none()
    club = found.first() or Club.objects.filter(name=value).first()
    if club is None:
        raise EngineError("club_unknown", "club", f"no club is named or numbered {value!r}")
    return club


def _player(club: Club, name: str, known: dict[str, Player]) -> Player:
    name = name.strip()
    if name not in known:
        known[name] = Player.objects.get_or_create(club=club, name=name)[0]
    return known[name]


@transaction.atomic
def tournament_import(*, raw: Any, club: Club, user=None) -> Event:
    """A new tournament event of `club` holding the document `raw` (checked first: EngineError, nothing created).

    Entrants and substitutes are the club's players of that name (made when new). Started rounds' tables are
    created with their deals (the table's import, audited), ended when complete or short; the seed, when the
    document reveals it, marks a tournament that closed, so the event is closed."""
    parsed = tournament_check(raw)
    session = parsed.session
    now = timezone.now()
    event = event_create(
        club=club,
        name=(parsed.name or "").strip() or "Tournament",
        date=timezone.datetime.fromisoformat(parsed.date).date() if parsed.date else timezone.localdate(),
        ruleset=session.ruleset.value,
        options=session.options.as_mapping(changed_only=True),
        start=session.start,
        kind=Event.Kind.TOURNAMENT,
        favourite_suit=session.favourite_suit or "",
        rounds=len(parsed.rounds),
    )
    sessions = Counter(r.session for r in parsed.rounds)
    tournament = Tournament.objects.create(
        event=event,
        seed=parsed.seed or "",
        seed_sha256=parsed.seed_sha256 or "",
        seed_revealed_at=now if parsed.seed else None,
        sessions=[sessions[s] for s in sorted(sessions)],
        options=parsed.options.as_mapping(changed_only=True),
        confirmed_at=now if parsed.rounds else None,
    )
    known: dict[str, Player] = {}
    teams = {name: Team.objects.create(tournament=tournament, name=name) for name, _ in parsed.teams}
    team_of = {number: teams[name] for name, members in parsed.teams for number in members}
    entrants = {
        e.number: Entrant.objects.create(
            tournament=tournament,
            number=e.number,
            player=_player(club, e.name, known),
            withdrawn_after=e.withdrawn_after,
            team=team_of.get(e.number),
        )
        for e in parsed.entrants
    }
    for first, second in parsed.keep_apart:
        KeepApart.objects.create(tournament=tournament, first=entrants[first], second=entrants[second])
    rounds_of = board_rounds(parsed) if parsed.boards else {}
    boards = {
        record.board: Board.objects.create(
            tournament=tournament,
            round=rounds_of[record.board],
            number=record.board,
            dealer=record.dealer,
            hands=[list(hand) for hand in record.hands],
        )
        for record in parsed.boards
    }
    for planned in parsed.rounds:
        row = PlannedRound.objects.create(
            tournament=tournament,
            number=planned.round,
            session=planned.session,
            byes=list(planned.byes),
            started_at=now if planned.started else None,
        )
        for table in planned.tables:
            planned_table = PlannedTable.objects.create(
                round=row, number=table.table, seats=list(table.seats), short=table.short
            )
            played = _played(event, planned, table, entrants, parsed, planned_table) if planned.started else None
            for substitute in table.substitutes:
                Substitute.objects.create(
                    planned_table=planned_table,
                    seat=substitute.seat,
                    name=substitute.name.strip(),
                    player=_player(club, substitute.name, known),
                    from_deal=substitute.from_deal,
                )
            if played is not None and boards:
                _board_plays(planned_table, played, table, boards)
    if parsed.seed:
        event = event_close(event=event, user=user)
    return event


def _played(
    event: Event,
    planned: document.PlannedRound,
    table: document.PlannedTable,
    entrants: dict[int, Entrant],
    parsed: document.Tournament,
    planned_table: PlannedTable,
) -> Table:
    """The started table, linked to its planned row before its deals are recorded (a duplicate table's void record
    passes the deal), its deals recorded through the table's import and its round ended when it is over."""
    players = [entrants[number].player for number in table.seats]
    played = table_create(event=event, number=table.table, players=players, first_dealer=0, round=planned.round)
    planned_table.table = played
    planned_table.save(update_fields=["table"])
    if played.plays_boards:  # linked now: its snapshot is made again as a duplicate table's (boards)
        snapshot_refresh(table=played)
    boards = parsed.options.format == "duplicate"  # a board with no result (a void record) counts in its tour
    if table.deals:
        session = dataclasses.replace(parsed.session, players=tuple(p.name for p in players))
        table_import(table=played, document=_interchange(session, table.deals), boards_kept=boards)
    valid = sum(1 for deal in table.deals if boards or not deal.void)
    if table.short or valid == 4 * parsed.session.options.session_tours:
        if valid:
            table_end_round(table=played)
        else:  # ended short before its first valid deal: its round changes are 0 (T-83)
            played.ended_at = timezone.now()
            played.save(update_fields=["ended_at"])
            played.changed()
            snapshot_refresh(table=played)
    return played


def _board_plays(
    planned_table: PlannedTable, played: Table, table: document.PlannedTable, boards: dict[int, Board]
) -> None:
    """Which deal of the table was played on which board, and the boards the director marked fouled there (T-63;
    the document does not carry why)."""
    deals = played.deals.order_by("position")
    plays = {
        number: BoardPlay.objects.create(board=boards[number], planned_table=planned_table, deal=deal)
        for number, deal in zip(table.boards, deals, strict=True)
    }
    for number in table.fouled:
        play = plays.get(number) or BoardPlay(board=boards[number], planned_table=planned_table)
        play.fouled = True
        play.save()


def _interchange(session, deals) -> dict[str, Any]:
    """One table's deals as the interchange document its import reads (INTERCHANGE.md)."""
    doc: dict[str, Any] = {
        "ruleset": session.ruleset.value,
        "options": session.options.as_mapping(changed_only=True),
        "start": session.start,
        "players": list(session.players),
        "deals": [deal_json(deal) for deal in deals],
    }
    if session.favourite_suit:
        doc["favourite_suit"] = session.favourite_suit
    return doc
