"""Pages of a duplicate tournament: the director's boards page and printed sheets, the phone's entry per board,
and the published results (scores per board, standings, hand records, travellers, score cards)."""

from __future__ import annotations

import dataclasses
import functools
import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from scorekeeper.engine import DealRecord, EngineError
from scorekeeper.engine.tournament.movement import Movement
from scorekeeper.tables import services as table_services
from scorekeeper.tables.forms import DealForm
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.selectors import deal_saved_with_key, table_by_token, table_screen
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.duplicate_words import (
    BOARDS_REFUSED,
    board_error_message,
    hundredths,
    place_words,
    seat_words,
    suit_symbol,
)
from scorekeeper.tournaments.forms import FoulForm
from scorekeeper.tournaments.models import Board, PlannedTable, Tournament
from scorekeeper.tournaments.selectors import directed_tournament, seat_holders


def pockets(board: Board) -> list[dict]:
    """A board's pockets by seat (1–4 for people), each suit on its line from the ace down."""
    return [
        {
            "seat": seat,
            "suits": [
                {
                    "symbol": suit_symbol(suit),
                    "red": suit in "HD",
                    "cards": " ".join(c[0] for c in hand if c[1] == suit),
                }
                for suit in "SCHD"
            ],
        }
        for seat, hand in enumerate(board.hands)
    ]


def _ranks(hand: list[str], suit: str) -> str:
    return " ".join(card[0] for card in hand if card[1] == suit) or "—"


def _moves(movement: Movement) -> list[dict]:
    """Where each set goes after each stage: the director's page says it as the movement sheet does."""
    stages = []
    for stage in range(1, movement.stages + 1):
        stages.append(
            {
                "stage": stage,
                "sets": [
                    {
                        "set": number,
                        "boards": f"{4 * number - 3}–{4 * number}",
                        "at": place_words(movement.table_of(number, stage)),
                        "next": place_words(movement.table_of(number, stage + 1))
                        if stage < movement.stages
                        else _("the director"),
                    }
                    for number in movement.set_numbers
                ],
            }
        )
    return stages


def scored_or_explained(view):
    """A page that scores the tournament answers 409 with the engine's reason, in words, when a stored deal cannot be
    scored (a record the rules refuse), instead of failing: nothing is hidden or changed, the director corrects it."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except EngineError as error:
            context = {"problem": message_for(error), "where": error.field or ""}
            return render(request, "tournaments/duplicate/unscored.html", context, status=409)

    return wrapper


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@scored_or_explained
def director_page(request: HttpRequest, event_id: int) -> HttpResponse:
    tournament = directed_tournament(user=request.user, event_id=event_id)
    if not duplicate.is_duplicate(tournament):
        raise Http404
    if request.method == "POST":
        return _director_post(request, tournament)
    return _director_page(request, tournament)


def _director_page(
    request: HttpRequest, tournament: Tournament, *, foul: FoulForm | None = None, status: int = 200
) -> HttpResponse:
    """The director's page; `foul`: the round's form to mark a board fouled as posted and refused, shown again with
    what was typed and why, next to the field."""
    movements = duplicate.movements(tournament)
    boards = {}
    for board in Board.objects.filter(tournament=tournament).order_by("number"):
        boards.setdefault(board.round, []).append({"board": board, "pockets": pockets(board)})
    results = duplicate.duplicate_results(tournament=tournament)
    rounds = []
    for planned in tournament.planned_rounds.order_by("number").prefetch_related("tables"):
        movement = movements[planned.number - 1]
        scored = results.round(planned.number)
        tables = list(planned.tables.all())
        if foul is not None and foul.round_number == planned.number:
            foul_form = foul
        else:
            foul_form = FoulForm(round_number=planned.number, tables=[t.number for t in tables])
        rounds.append(
            {
                "planned": planned,
                "movement": movement,
                "boards": boards.get(planned.number, []),
                "ready": len(boards.get(planned.number, [])) >= len(movement.boards),
                "stages": _moves(movement),
                "tables": tables,
                "foul_form": foul_form,
                "progress": _progress(planned, movement) if planned.started else [],
                "scores": _board_scores(results, scored) if scored else [],
                "published": scored.complete if scored else False,
            }
        )
    context = {
        "tournament": tournament,
        "event": tournament.event,
        "rounds": rounds,
        "standings": standings_rows(results),
        "fouled": fouled_rows(results),
        "method": results.method,
        "public_token": getattr(getattr(tournament.event, "public_link", None), "token", None),
    }
    return render(request, "tournaments/duplicate/director.html", context, status=status)


def _progress(planned, movement: Movement) -> list[dict]:
    """How far each table of a started round is in its boards, with the address of its board entry."""
    rows = []
    for table in planned.tables.select_related("round__tournament", "table").order_by("number"):
        state = duplicate.table_boards(planned=table, movement=movement)
        rows.append(
            {
                "table": table.number,
                "done": len(state.done),
                "total": len(state.order),
                "fouled": sorted(state.fouled),
                "fouled_marks": sorted(state.marked),
                "token": table.table.token if table.table else None,
            }
        )
    return rows


def _director_post(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    action = request.POST.get("action", "")
    back = redirect("duplicate-director", event_id=tournament.event_id)
    number = _int(request.POST.get("round"))
    if action == "deal" and number is not None:
        try:
            dealt = duplicate.round_boards_deal(tournament=tournament, number=number, user=request.user)
        except duplicate.BoardsRefused as refused:
            messages.error(request, str(BOARDS_REFUSED[refused.reason]))
        else:
            messages.success(
                request, _("%(count)s boards dealt for round %(round)s.") % {"count": len(dealt), "round": number}
            )
        return back
    if action == "foul" and number is not None:
        return _foul(request, tournament, number) or back
    if action == "unfoul" and number is not None:
        _unfoul(request, tournament, number)
        return back
    messages.error(request, _("Nothing was done: choose what to do."))
    return back


def _foul(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse | None:
    """A board marked fouled at a table of round `number` (None: done, the page follows); refused, the page again
    with the form as typed and the reason beside its field."""
    tables = {
        planned.number: planned
        for planned in PlannedTable.objects.filter(
            round__tournament=tournament, round__number=number, round__started_at__isnull=False
        ).select_related("round__tournament")
    }
    if not tables:
        messages.error(request, _("Choose a table of the round and a board number."))
        return None
    form = FoulForm(request.POST, round_number=number, tables=sorted(tables))
    if form.is_valid():
        planned, board = tables[form.cleaned_data["table"]], form.cleaned_data["board"]
        try:
            duplicate.board_foul(
                planned=planned, board_number=board, reason=form.cleaned_data["reason"], user=request.user
            )
        except EngineError as error:
            words = board_error_message(error, tournament=tournament, planned=planned, board=board)
            form.add_error("reason" if error.field == "reason" else "board", words)
        else:
            messages.warning(
                request,
                _(
                    "Board %(board)s is marked fouled at table %(table)s: its play there is compared only with "
                    "other fouled plays."
                )
                % {"board": board, "table": planned.number},
            )
            return None
    refused = next((name for name in form.errors if name in form.fields), None)
    if refused:  # the page opens where the refusal is said, far down a long page
        form.fields[refused].widget.attrs["autofocus"] = True
    return _director_page(request, tournament, foul=form, status=400)


def _unfoul(request: HttpRequest, tournament: Tournament, number: int) -> None:
    """A board's fouled mark taken back at a table of round `number` (a mark made at the wrong table or board)."""
    table, board = _int(request.POST.get("table")), _int(request.POST.get("board"))
    planned = PlannedTable.objects.filter(round__tournament=tournament, round__number=number, number=table or 0)
    planned = planned.select_related("round__tournament").first()
    if planned is None or board is None:
        messages.error(request, _("Choose a table of the round and a board number."))
        return
    words = {"board": board, "table": planned.number}
    try:
        duplicate.board_unfoul(planned=planned, board_number=board, user=request.user)
    except EngineError as error:
        if error.code == "board_no_result":
            text = _(
                "Board %(board)s is recorded with no result at table %(table)s, which only a fouled board may be: "
                "strike that record from the table's sheet first."
            )
        else:
            text = _("Board %(board)s is not marked fouled at table %(table)s.")
        messages.error(request, text % words)
    else:
        messages.success(
            request,
            _("Board %(board)s is no longer marked fouled at table %(table)s: its play is compared with the others.")
            % words,
        )


def _int(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def _board_scores(results: duplicate.DuplicateResults, scored: duplicate.RoundBoards) -> list[dict]:
    """Each board's plays: the table, its seats' entrants, board values and scores under the method."""
    rows = []
    for board in scored.result.boards:
        plays = []
        for play in board.scores:
            marks = play.matchpoints if results.method == "matchpoints" else play.imps
            plays.append(
                {
                    "table": play.table,
                    "fouled": play.fouled,
                    "seats": [
                        {
                            "entrant": scored.seats[play.table][seat],
                            "name": results.names.get(scored.seats[play.table][seat], "?"),
                            "value": None if play.values is None else play.values[seat],
                            "mp": hundredths(play.matchpoints[seat]),
                            "imps": hundredths(play.imps[seat]),
                            "score": hundredths(marks[seat]),
                        }
                        for seat in range(4)
                    ],
                }
            )
        rows.append({"board": board.board, "plays": plays})
    return rows


def standings_rows(results: duplicate.DuplicateResults) -> list[dict]:
    percents = results.percents
    return [
        {
            "place": row.place_label,
            "number": row.number,
            "name": row.entrant.name,
            "total": hundredths(row.total),
            "percent": None if percents.get(row.number) is None else hundredths(percents[row.number]),
            "tops": row.tops,
            "played": row.played,
        }
        for row in results.result.standings.rows
    ]


def fouled_rows(results: duplicate.DuplicateResults) -> list[str]:
    """Every board marked fouled at a table, and how T-63 scored it there, in words: under the standings, so that
    no average or separate comparison is silent."""
    rows = []
    for rnd in results.rounds:
        for board in rnd.result.boards:
            for play in board.scores:
                if not play.fouled:
                    continue
                words = {"round": rnd.number, "board": board.board, "table": play.table}
                if play.values is None:
                    text = _("Round %(round)s, board %(board)s at table %(table)s: fouled, no result; the average.")
                elif play.group > 1:
                    text = _(
                        "Round %(round)s, board %(board)s at table %(table)s: fouled; compared only with the other "
                        "fouled plays."
                    )
                else:
                    text = _(
                        "Round %(round)s, board %(board)s at table %(table)s: fouled, the only play of its cards; "
                        "the average."
                    )
                rows.append(text % words)
    return rows


# The phone at the table: one board at a time.


class BoardChoice(forms.Form):
    board = forms.IntegerField(label=pgettext_lazy("duplicate board", "Board"), min_value=1, max_value=10**9)


def _board_form(view, state: duplicate.TableBoards, data=None) -> DealForm:
    """The next board's form; its seats named by who sits there now: a substitute, where one plays (T-25)."""
    initial = {"position": view.next_position}
    if data is None:
        initial["idempotency_key"] = uuid.uuid4().hex
    holders = seat_holders(table=view.table, next_position=view.next_position)
    names = tuple(holders.get(seat, name) for seat, name in enumerate(view.session.players))
    session = dataclasses.replace(view.session, players=names)
    return DealForm(data, session=session, eligible=view.state.eligible, held=view.state.held, initial=initial)


@require_http_methods(["GET", "HEAD", "POST"])
def board_entry(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    planned = duplicate.duplicate_of_table(table)
    if planned is None:
        raise Http404
    view = table_screen(table=table)
    state = duplicate.table_boards(planned=planned)
    status = 200
    if request.method == "POST" and request.POST.get("action") == "no_result":
        return _no_result(request, view, planned, state)
    if request.method == "POST" and request.htmx and request.POST.get("action") != "save":
        return _board_form_again(request, view, planned, state)
    if request.method == "POST":
        key = request.POST.get("idempotency_key", "")[:64]
        if deal_saved_with_key(table=table, key=key) is not None:
            messages.info(request, _("This board was already saved."))
            return redirect("board-entry", token=token)
        if state.next_board is None:
            # Every board is played here: the page has no form left to show a refusal beside, so it says why.
            messages.error(request, _("This table's round has ended: nothing more can be recorded here."))
            return redirect("board-entry", token=token)
        form = _board_form(view, state, request.POST)
        choice = BoardChoice(request.POST)
        status = 400
        refusal: tuple[str, str | None, str] | None = None  # (the board or the form, its field, the words)
        if form.is_valid() and choice.is_valid():
            number = choice.cleaned_data["board"]
            record = form.to_record((number - 1) % 4)
            # The pockets give the runs (T-62): a run left at "none" is taken from them, a run given is checked.
            record = dataclasses.replace(record, run_side=record.run_side or None, run_hombre=record.run_hombre or None)
            try:
                duplicate.board_deal_record(
                    planned=planned,
                    board_number=number,
                    record=record,
                    position=form.cleaned_data["position"],
                    user=request.user,
                    idempotency_key=key,
                )
            except EngineError as error:
                text = board_error_message(
                    error, tournament=planned.round.tournament, planned=planned, board=number, deal=record
                )
                if error.code == "dealer_out_of_turn" and number != state.next_board:
                    # Another board of the table's, dealt by another seat than the next board's: the board is wrong.
                    text = _("Board %(board)s is not the next to play at this table: board %(next)s is.") % {
                        "board": number,
                        "next": state.next_board,
                    }
                    refusal = ("board", "board", text)
                elif error.code.startswith("board_") and error.code != "board_dealer_wrong":
                    refusal = ("board", "board", text)
                else:
                    refusal = ("form", _form_field(error, form), text)
            except table_services.StaleDeal:
                # Another phone saved a board meanwhile: this one is kept on screen, to check and save again.
                text = _(
                    "Another phone saved a board at this table meanwhile (see the boards recorded above): check the "
                    "board number and your entries, then save again."
                )
                refusal = ("form", None, text)
            except table_services.AlreadySaved:
                messages.info(request, _("This board was already saved."))
                return redirect("board-entry", token=token)
            except (table_services.EventClosed, table_services.RoundEnded, table_services.RoundComplete):
                messages.error(request, _("This table's round has ended: nothing more can be recorded here."))
                return redirect("board-entry", token=token)
            else:
                messages.success(request, _("Board %(board)s saved.") % {"board": number})
                return redirect("board-entry", token=token)
        # The page is drawn again for the table as it is now: its form is for the table's next deal, whatever the
        # refused one was for (another phone's save moved it), with the entries as they were posted.
        posted = request.POST.copy()
        posted["position"] = str(view.next_position)
        form, choice = _board_form(view, state, posted), BoardChoice(posted)
        form.is_valid()
        choice.is_valid()
        if refusal is not None:
            where, field, text = refusal
            (choice if where == "board" else form).add_error(field, text)
    else:
        form = _board_form(view, state)
        choice = BoardChoice(initial={"board": state.next_board})
    recorded = sorted(state.recorded)
    context = {
        "view": view,
        "planned": planned,
        "state": state,
        "form": form,
        "choice": choice,
        "next_board": state.next_board,
        "dealer": _dealer(view, state),
        "dealer_seat": None if state.next_dealer is None else seat_words(state.next_dealer),
        "recorded": recorded,
        "substituted": [(view.session.players[seat], note) for seat, note in sorted(view.seat_notes.items())],
        "positions": state.positions,
        "fouled": sorted(state.fouled),
        "remaining": [b for b in state.order if b not in state.recorded],
        "next_fouled": state.next_board in state.fouled,
        "no_result_key": uuid.uuid4().hex,
    }
    return render(request, "tournaments/duplicate/board.html", context, status=status)


def _no_result(request: HttpRequest, view, planned: PlannedTable, state: duplicate.TableBoards) -> HttpResponse:
    """A board the director marked fouled at this table that cannot be played here (T-63, E2): recorded with no
    result, a void record on the board that passes the deal to the next board's dealer; it scores the average."""
    token = view.table.token
    key = request.POST.get("idempotency_key", "")[:64]
    if deal_saved_with_key(table=view.table, key=key) is not None:
        messages.info(request, _("This board was already saved."))
        return redirect("board-entry", token=token)
    number = _int(request.POST.get("board"))
    if number is None or number != state.next_board or number not in state.fouled:
        messages.error(
            request,
            _(
                "Only the next board, when the director has marked it fouled at this table, can be left without a "
                "result."
            ),
        )
        return redirect("board-entry", token=token)
    try:
        duplicate.board_deal_record(
            planned=planned,
            board_number=number,
            record=DealRecord(dealer=(number - 1) % 4, void=True),
            position=view.next_position,
            user=request.user,
            idempotency_key=key,
        )
    except EngineError as error:
        messages.error(
            request, board_error_message(error, tournament=planned.round.tournament, planned=planned, board=number)
        )
    except (table_services.StaleDeal, table_services.AlreadySaved):
        messages.info(request, _("This table changed meanwhile: check the boards recorded below."))
    except (table_services.EventClosed, table_services.RoundEnded, table_services.RoundComplete):
        messages.error(request, _("This table's round has ended: nothing more can be recorded here."))
    else:
        messages.warning(
            request, _("Board %(board)s has no result at this table: it scores the average.") % {"board": number}
        )
    return redirect("board-entry", token=token)


def _board_form_again(request: HttpRequest, view, planned: PlannedTable, state: duplicate.TableBoards) -> HttpResponse:
    """The form again (htmx, on every change): the fields that apply to the entries so far, nothing saved. What
    the scorer has not reached yet is not called missing (Save still asks for it)."""
    form = _board_form(view, state, request.POST)
    choice = BoardChoice(request.POST)
    form.is_valid()
    choice.is_valid()
    for name in [n for n, errors in form.errors.items() if n in form.fields and not request.POST.get(n)]:
        if all(e.code == "required" for e in form.errors[name].as_data()):
            del form.errors[name]
    context = {
        "view": view,
        "planned": planned,
        "form": form,
        "choice": choice,
        "next_board": state.next_board,
        "next_fouled": state.next_board in state.fouled,
        "dealer": _dealer(view, state),
        "dealer_seat": None if state.next_dealer is None else seat_words(state.next_dealer),
    }
    return render(request, "tournaments/duplicate/board.html#board-form", context)


def _dealer(view, state: duplicate.TableBoards) -> str | None:
    """Who deals the next board: the seat's player, and who plays for him there if a substitute does (T-25)."""
    if state.next_dealer is None:
        return None
    name = view.session.players[state.next_dealer]
    note = view.seat_notes.get(state.next_dealer)
    return f"{name}, {note}" if note else name


def _form_field(error: EngineError, form: DealForm) -> str | None:
    field = {"dealer": None, "void": None}.get(error.field or "", error.field)
    return field if field in form.fields else None
