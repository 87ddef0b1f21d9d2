"""The table entry screen and its companions. Views translate HTTP to one service call and back."""

from __future__ import annotations

import dataclasses
import uuid

import qrcode
import qrcode.image.svg
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.engine import DealRecord, EngineError
from scorekeeper.engine.tournament.boards import HandRecord, check_deal_on_board
from scorekeeper.links import absolute_url
from scorekeeper.tables import services
from scorekeeper.tables.exports import table_csv, table_json
from scorekeeper.tables.forms import CorrectionForm, DealForm, initial_from_record
from scorekeeper.tables.messages import EVENT_CLOSED, ROUND_COMPLETE, ROUND_ENDED, message_for
from scorekeeper.tables.models import Table
from scorekeeper.tables.presenters import explanation, store_text
from scorekeeper.tables.selectors import (
    TableView,
    correction_preview,
    deal_saved_with_key,
    deal_settlement,
    table_by_token,
    table_ledger,
    table_screen,
)


def _deal_form(view: TableView, data=None, *, before=None, **kwargs) -> DealForm:
    """The form for the next deal (or, given the state `before` it, for a deal already recorded). An unbound
    form gets a fresh idempotency key: one page, one deal."""
    state = view.state if before is None else before
    initial = {"position": view.next_position}
    if data is None:
        initial["idempotency_key"] = uuid.uuid4().hex
    return DealForm(data, session=view.session, eligible=state.eligible, held=state.held, initial=initial, **kwargs)


def _preview(view: TableView, form: DealForm, state, position: int, dealer: int, explain: bool = True) -> dict | None:
    """The record the entries describe and the settlement it would give (explained unless told not to: a save
    shows none), without saving; engine refusals go next to their field (None then)."""
    if not form.is_valid():
        return None
    try:
        record = form.to_record(dealer)
        entry = deal_settlement(session=view.session, state=state, record=record, position=position, explain=explain)
    except EngineError as error:
        form.add_engine_error(error)
        return None
    except forms.ValidationError:  # to_record has put the problem next to its field
        return None
    return {
        "record": record,
        "entry": entry,
        "rows": _seat_rows(view, entry.deltas, entry.balances),
        "store": store_text(entry.state, view.ruleset),
        "explanation": explanation(entry, view.session.players) if explain else "",
    }


def _seat_rows(view: TableView, deltas, balances) -> list[dict]:
    return [{"name": view.session.players[s], "delta": deltas[s], "balance": balances[s]} for s in range(4)]


def _page(request: HttpRequest, view: TableView, form: DealForm, preview: dict | None, status: int = 200):
    if request.htmx:  # the deal form alone, which htmx swaps in
        context = {"view": view, "form": form, "preview": preview}
        return render(request, "tables/table.html#deal-form", context, status=status)
    context = {
        "view": view,
        "form": form,
        "preview": preview,
        "can_direct": _can_direct(request, view.table),
        "misdeal_key": uuid.uuid4().hex,
    }
    return render(request, "tables/table.html", context, status=status)


def _can_direct(request: HttpRequest, table: Table) -> bool:
    if not request.user.is_authenticated:  # a phone on its table link: no query
        return False
    return clubs_directed_by(user=request.user).filter(pk=table.event.club_id).exists()


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _answer(request, view: TableView, form: DealForm, status: int, result: str, message: str = "", **fields):
    """A refused or repeated save: JSON for a client that asks for it, else the page with the message."""
    if _wants_json(request):
        body = {"result": result, **fields}
        if message:
            body["message"] = str(message)
        return JsonResponse(body, status=status)
    if message:
        messages.error(request, message)
    return _page(request, view, form, None, status=status)


def _refusal(view: TableView, *, new_deal: bool = True) -> str:
    """Why the table takes no writes now (or, with `new_deal`, no new deal), in the scorer's words ('' when it
    does)."""
    if view.event_closed:
        return str(EVENT_CLOSED)
    if view.round_ended:
        return str(ROUND_ENDED)
    if new_deal and view.round_complete:
        return str(ROUND_COMPLETE)
    return ""


def _closed_message(closed: Exception) -> str:
    """The refusal a service raised, in the scorer's words."""
    if isinstance(closed, services.RoundEnded):
        return str(ROUND_ENDED)
    if isinstance(closed, services.RoundComplete):
        return str(ROUND_COMPLETE)
    return str(EVENT_CLOSED)


def _posted_position(request: HttpRequest) -> int | None:
    text = request.POST.get("position", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None  # "²".isdigit() is true


def _board_page(table: Table) -> str | None:
    """The board entry page when the table plays a duplicate tournament's round (read through the reverse relation:
    the tournaments app sits above this one)."""
    if table.event.kind != "tournament":  # no query for a club evening's table
        return None
    planned = getattr(table, "planned", None)
    if planned is None or planned.round.tournament.options.get("tournament.format") != "duplicate":
        return None
    return reverse("board-entry", kwargs={"token": table.token})


@require_http_methods(["GET", "HEAD", "POST"])
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    view = table_screen(table=table)
    board_page = _board_page(table)
    if board_page and (request.method == "POST" or not view.round_complete):
        return redirect(board_page)  # a duplicate table records each deal against its board, on that page
    if request.method != "POST":
        return _page(request, view, _deal_form(view), None)

    # A form already saved is answered from the stored deal before anything is validated against the table as
    # it is now (the state after that deal would refuse it: a paid-out codille remainder, a closed round).
    key = request.POST.get("idempotency_key", "")[:64]
    stored = deal_saved_with_key(table=table, key=key)
    if stored is not None:
        return _saved(request, view, stored, created=False)

    posted = _posted_position(request)
    earlier = posted is not None and 1 <= posted < view.next_position
    previewing = request.POST.get("action") == "preview"
    if earlier and key and not previewing:
        # A form for a deal already recorded, saved with another key than the deal's: another phone's.
        closed = _refusal(view, new_deal=False)
        if closed:
            return _answer(request, view, _deal_form(view, request.POST), 403, "refused", closed)
        return _conflict(request, view, posted)
    before = view.state_before(posted) if earlier else None
    form = _deal_form(view, request.POST, before=before)
    refusal = _refusal(view)
    if refusal:
        return _answer(request, view, form, 403, "refused", refusal)
    if earlier and not previewing:
        # A form without a key for a deal already recorded: a double tap (the same deal) or another phone's.
        preview = {} if form.is_valid() else None
        if preview is not None:
            try:
                preview["record"] = form.to_record(view.snapshot.rows[posted - 1].dealer)
            except forms.ValidationError:
                preview = None
    else:
        preview = _preview(view, form, view.state, view.next_position, view.next_dealer, explain=previewing)
    if preview is None:
        errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
        if _wants_json(request):
            return JsonResponse({"result": "invalid", "errors": errors}, status=400)
        return _page(request, view, form, None)
    if previewing:
        return _page(request, view, form, preview)
    try:
        deal = services.deal_record(
            table=table,
            position=form.cleaned_data["position"],
            record=preview["record"],
            user=request.user,
            idempotency_key=key,
            snapshot=view.snapshot,
        )
    except services.AlreadySaved as already:
        if already.deal.position >= view.next_position:
            view = table_ledger(table=table)  # saved meanwhile by a retry racing this one
        return _saved(request, view, already.deal, created=False)
    except services.StaleDeal as stale:
        return _conflict(request, table_screen(table=table_by_token(token=token)), stale.expected)
    except services.EventClosed as closed:
        return _answer(request, view, form, 403, "refused", _closed_message(closed))
    except EngineError as error:
        form.add_engine_error(error)
        if _wants_json(request):
            errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
            return JsonResponse({"result": "invalid", "errors": errors}, status=400)
        return _page(request, view, form, None)
    created = deal.position >= view.next_position  # else a form without a key tapped twice, found by its record
    return _saved(request, view, deal, created=created)


def _conflict(request: HttpRequest, view: TableView, position: int) -> HttpResponse:
    """Another phone recorded deal `position` first: this phone's deal was not recorded (409), its entries are
    kept in a form for the next deal. `view`: the table as the other phone left it."""
    number = view.number_at(position)
    message = _(
        "Deal %(number)s was already recorded from another phone. Your entries are kept below: check "
        "the ledger, and save them again only if they are a new deal."
    ) % {"number": number}
    data = request.POST.copy()
    data["position"] = str(view.next_position)
    form = _deal_form(view, data)
    form.is_valid()
    return _answer(request, view, form, 409, "conflict", message, deal=number, position=position)


def _saved(request: HttpRequest, view: TableView, deal, *, created: bool) -> HttpResponse:
    """The answer to a save; `view` may be the table as it was just before the deal was appended."""
    number = view.number_at(deal.position) if deal.position < view.next_position else view.next_number_of(deal)
    if _wants_json(request):
        result = "saved" if created else "already_saved"
        return JsonResponse(
            {"result": result, "deal": number, "position": deal.position}, status=201 if created else 200
        )
    if created:
        messages.success(request, _("Deal %(number)s saved.") % {"number": number})
    else:
        messages.info(request, _("Deal %(number)s already saved.") % {"number": number})
    return redirect("table", token=view.table.token)


@require_POST
def table_preview(request: HttpRequest, token: str) -> HttpResponse:
    """The live preview (htmx): the form again, with what applies shown and the settlement it would give."""
    table = table_by_token(token=token)
    view = table_screen(table=table)
    form = _deal_form(view, request.POST)
    preview = _preview(view, form, view.state, view.next_position, view.next_dealer)
    # A deal half entered is not a mistake: the live preview leaves "required" unsaid for what the scorer has not
    # reached yet (Save and the Preview button still ask for it).
    unreached = [
        name
        for name, errors in form.errors.items()
        if name in form.fields and not request.POST.get(name) and all(e.code == "required" for e in errors.as_data())
    ]
    for name in unreached:
        del form.errors[name]
    return _page(request, view, form, preview)


@require_POST
def table_misdeal(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    if _board_page(table):  # a board is never dealt again (T-61): its pockets wrong, the director marks it fouled
        return redirect(_board_page(table))
    view = table_screen(table=table)
    key = request.POST.get("idempotency_key", "")[:64]
    if deal_saved_with_key(table=table, key=key) is not None:
        messages.info(request, _("This misdeal was already recorded."))
        return redirect("table", token=token)
    refusal = _refusal(view)
    if refusal:
        messages.error(request, refusal)
        return _page(request, view, _deal_form(view), None, status=403)
    position = _posted_position(request) or view.next_position
    try:
        services.deal_record(
            table=table,
            position=position,
            record=DealRecord(dealer=view.next_dealer, void=True),
            user=request.user,
            idempotency_key=key,
            snapshot=view.snapshot,
        )
    except services.AlreadySaved:
        messages.info(request, _("This misdeal was already recorded."))
        return redirect("table", token=token)
    except services.EventClosed as closed:
        messages.error(request, _closed_message(closed))
        return _page(request, view, _deal_form(view), None, status=403)
    except services.StaleDeal:
        messages.error(request, _("That deal was already recorded from another phone: nothing was added."))
        return redirect("table", token=token)
    messages.success(
        request, _("Misdeal recorded: %(dealer)s deals again.") % {"dealer": view.session.players[view.next_dealer]}
    )
    return redirect("table", token=token)


@require_http_methods(["GET", "HEAD", "POST"])
def deal_page(request: HttpRequest, token: str, position: int) -> HttpResponse:
    table = table_by_token(token=token)
    view = table_ledger(table=table)
    if not 1 <= position <= len(view.rows):
        raise Http404
    row = view.rows[position - 1]
    before = view.ledger.entries[position - 2].state if position > 1 else _opening(view)
    explained = view.explained(position)
    record = row.deal.to_record()
    form_kwargs = {"session": view.session, "eligible": before.eligible, "held": before.held}
    correction = None
    if request.method == "POST":
        form = CorrectionForm(request.POST, **form_kwargs)
        previewing = request.POST.get("action") == "preview"
        if previewing:
            form.fields["reason"].required = False  # a reason is needed to save, not to look
        refusal = _refusal(view, new_deal=False)
        if refusal:
            messages.error(request, refusal)
            status = 403
        else:
            status = 200
            preview = _preview(view, form, before, position, record.dealer)
            if preview is not None:
                preview = _on_its_board(row.deal, preview, form, view)
            if preview is not None and previewing:
                try:
                    correction = correction_preview(view=view, position=position, record=preview["record"])
                except EngineError as error:
                    if error.position is not None and error.position > position:
                        form.add_error(
                            None,
                            _("This correction would make deal %(position)s impossible: %(problem)s")
                            % {"position": error.position, "problem": message_for(error)},
                        )
                    else:
                        form.add_engine_error(error)
            elif preview is not None:
                signed = bool(view.signatures)  # read before the correction clears them
                try:
                    services.deal_correct(
                        deal=row.deal,
                        record=preview["record"],
                        reason=form.cleaned_data["reason"],
                        user=request.user,
                    )
                except services.CorrectionRefused as refused:
                    form.add_error(
                        None,
                        _("This correction would make deal %(position)s impossible: %(problem)s")
                        % {"position": refused.error.position, "problem": message_for(refused.error)},
                    )
                except services.EventClosed as closed:
                    messages.error(request, _closed_message(closed))
                    status = 403
                except EngineError as error:
                    form.add_engine_error(error)
                else:
                    _signatures_cleared(request, signed)
                    messages.success(
                        request,
                        _("Deal %(number)s corrected; every later deal was settled again.")
                        % {"number": view.number_at(position) or position},
                    )
                    return redirect("table", token=token)
    else:
        initial = {"position": position} if record.void else initial_from_record(record, position)
        form = CorrectionForm(initial=initial, **form_kwargs)
        status = 200
    context = {
        "view": view,
        "row": row,
        "explained": explained,
        "form": form,
        "changes": row.deal.changes.all(),
        "can_strike": not _refusal(view, new_deal=False)
        and (position == len(view.rows) or _can_direct(request, view.table)),
        "seat_rows": _seat_rows(view, row.entry.deltas, row.entry.balances),
        "correction": correction,
    }
    return render(request, "tables/deal.html", context, status=status)


def _on_its_board(deal, preview: dict, form: CorrectionForm, view: TableView) -> dict | None:
    """A duplicate board's deal is corrected against the board's pockets (T-62), as it was recorded: the runs left
    at none are read from them (None, with the engine's refusal beside its field, when they contradict it)."""
    play = getattr(deal, "board_play", None)  # the tournaments app's row, reached without importing it
    if play is None or play.fouled:
        return preview
    board = play.board
    record = preview["record"]
    record = dataclasses.replace(record, run_side=record.run_side or None, run_hombre=record.run_hombre or None)
    hands = HandRecord(board.number, board.dealer, tuple(tuple(hand) for hand in board.hands))
    try:
        checked = check_deal_on_board(record, hands, view.session.options)
    except EngineError as error:
        form.add_engine_error(error)
        return None
    return {**preview, "record": checked}


@require_POST
def deal_strike(request: HttpRequest, token: str, position: int) -> HttpResponse:
    """Strike a deal out: the scorer the round's last deal, a director any deal; always with a reason."""
    table = table_by_token(token=token)
    view = table_ledger(table=table)
    if not 1 <= position <= len(view.rows):
        raise Http404
    refusal = _refusal(view, new_deal=False)
    if refusal:
        messages.error(request, refusal)
        return _page(request, view, _deal_form(view), None, status=403)
    reason = request.POST.get("reason", "").strip()[:300]
    if not reason:
        messages.error(request, _("Say why this deal is struck out."))
        return redirect("deal", token=token, position=position)
    number = view.number_at(position)
    signed = bool(view.signatures)  # read before the strike clears them
    try:
        services.deal_strike(
            deal=view.rows[position - 1].deal, reason=reason, user=request.user, any_deal=_can_direct(request, table)
        )
    except services.StrikeRefused:
        messages.error(request, _("Only the last deal can be struck out from the table; ask the director."))
        return redirect("deal", token=token, position=position)
    except services.CorrectionRefused as refused:
        messages.error(
            request,
            _("Striking this deal would make deal %(position)s impossible: %(problem)s")
            % {"position": refused.error.position, "problem": message_for(refused.error)},
        )
        return redirect("deal", token=token, position=position)
    except services.StaleDeal:
        messages.error(request, _("The table changed meanwhile: nothing was struck out."))
        return redirect("table", token=token)
    except services.EventClosed as closed:
        messages.error(request, _closed_message(closed))
        return _page(request, view, _deal_form(view), None, status=403)
    _signatures_cleared(request, signed)
    if number is None:
        messages.success(request, _("The misdeal was struck out."))
    else:
        messages.success(
            request, _("Deal %(number)s was struck out; later deals were settled again.") % {"number": number}
        )
    return redirect("table", token=token)


@require_POST
def table_sign(request: HttpRequest, token: str) -> HttpResponse:
    """A player taps his name: he agrees with the final balances."""
    table = table_by_token(token=token)
    view = table_ledger(table=table, explain=False)
    try:
        seat = int(request.POST.get("seat", ""))
        services.table_sign(table=table, seat=seat)
    except ValueError:
        messages.error(request, _("Tap your own name to sign."))
    except services.RoundNotComplete:
        messages.error(request, _("The players sign once the round is complete."))
    except services.EventClosed as closed:
        messages.error(request, _closed_message(closed))
        return _page(request, view, _deal_form(view), None, status=403)
    else:
        messages.success(request, _("%(name)s agrees with the balances.") % {"name": view.session.players[seat]})
    return redirect("table", token=token)


def _signatures_cleared(request: HttpRequest, signed: bool) -> None:
    if signed:
        messages.warning(request, _("The balances changed: the players' signatures were cleared, they sign again."))


def _opening(view: TableView):
    return view.table.opening(view.session)


@require_safe
def table_export_json(request: HttpRequest, token: str) -> HttpResponse:
    view = table_ledger(table=table_by_token(token=token), explain=False)
    response = HttpResponse(table_json(view), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="table-{view.table.number}.json"'
    return response


@require_safe
def table_export_csv(request: HttpRequest, token: str) -> HttpResponse:
    view = table_ledger(table=table_by_token(token=token), explain=False)
    response = HttpResponse(table_csv(view), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="table-{view.table.number}.csv"'
    return response


@require_safe
def table_qr(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    url = absolute_url(request, reverse("table", kwargs={"token": table.token}))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return HttpResponse(image.to_string(), content_type="image/svg+xml")


@login_required
@require_POST
def table_import(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    if not _can_direct(request, table):
        raise PermissionDenied
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose an interchange file (.json) to import."))
        return redirect("table", token=token)
    try:
        document = services.import_document(upload.read(services.MAX_IMPORT_BYTES + 1))
        replace = request.POST.get("replace") == "1"
        created = services.table_import(table=table, document=document, user=request.user, replace=replace)
    except services.TableHasDeals as full:
        messages.error(
            request,
            ngettext(
                "Nothing was imported: this table already has %(count)s deal. Tick “Replace” to import in its "
                "place (it is kept in the audit).",
                "Nothing was imported: this table already has %(count)s deals. Tick “Replace” to import in their "
                "place (they are kept in the audit).",
                full.count,
            )
            % {"count": full.count},
        )
    except EngineError as error:
        where = _("deal %(position)s: ") % {"position": error.position} if error.position else ""
        messages.error(request, _("Nothing was imported. ") + where + message_for(error))
    except services.EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        messages.success(request, _("%(count)s deals imported.") % {"count": len(created)})
    return redirect("table", token=token)
