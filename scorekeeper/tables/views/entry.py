"""The phone at the table: the page, the live preview, a save, a misdeal, the players' signatures."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.engine import DealRecord, EngineError
from scorekeeper.tables import services
from scorekeeper.tables.forms import DealForm
from scorekeeper.tables.selectors import (
    TableView,
    deal_saved_with_key,
    table_by_token,
    table_ledger,
    table_screen,
)
from scorekeeper.tables.views.page import (
    answer,
    closed_message,
    deal_form_for,
    fields_key,
    page,
    posted_position,
    preview_of,
    refusal_of,
    wants_json,
)


def board_page(table) -> str | None:
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
    if request.method == "POST":
        return _table_save(request, token)
    table = table_by_token(token=token)
    view = table_screen(table=table)
    boards = board_page(table)
    if boards and not view.round_complete:
        return redirect(boards)  # a duplicate table records each deal against its board, on that page
    return page(request, view, deal_form_for(view), None)


# The table is read inside the save's write transaction, under its lock: what the deal is validated and settled
# against is what it is stored after, and the lock need not be read again to check that the table did not move (its
# snapshot is still compared with it: deal_record's `locked`). A page answered is rendered after the transaction.
@transaction.atomic
def _table_save(request: HttpRequest, token: str) -> HttpResponse:
    """A deal posted from the table's page: saved (a redirect to the page), or the page again saying why not; the
    Preview button (without JavaScript) posts here too, and gets the page with the settlement explained."""
    previewing = request.POST.get("action") == "preview"
    # Nothing a save validates, settles or stores names a player: the table is read without its players, and a page
    # shown again reads their names first (with_names). A preview's explanation names them.
    table = table_by_token(token=token, seats=previewing, locked=True)
    boards = board_page(table)
    if boards:
        return redirect(boards)  # a duplicate table records each deal against its board, on that page
    view = table_screen(table=table, names=previewing)

    # A form already saved is answered from the stored deal, never refused against the table as it is now (the
    # state after that deal would refuse it: a paid-out codille remainder, a closed round). Its key is looked up
    # before anything is validated when the form is for a deal already recorded (a retry, a double tap), and
    # otherwise only if the form is refused: a new deal's key is not stored, and should it be (the deal saved,
    # then struck), the insert meets the key's unique constraint and deal_record answers AlreadySaved.
    key = request.POST.get("idempotency_key", "")[:64]
    posted = posted_position(request)
    earlier = posted is not None and 1 <= posted < view.next_position

    def already_saved() -> HttpResponse | None:
        stored = deal_saved_with_key(table=table, key=key)
        return None if stored is None else _saved(request, view, stored, created=False)

    if (earlier or posted != view.next_position) and (replayed := already_saved()):
        return replayed
    if earlier and key and not previewing:
        # A form for a deal already recorded, saved with another key than the deal's: another phone's.
        view = view.with_names()
        closed = refusal_of(view, new_deal=False)
        if closed:
            return answer(request, view, deal_form_for(view, request.POST), 403, "refused", closed)
        return _conflict(request, view, posted)
    before = view.state_before(posted) if earlier else None
    refusal = refusal_of(view)
    if refusal:
        if replayed := already_saved():
            return replayed
        view = view.with_names()
        return answer(request, view, deal_form_for(view, request.POST, before=before), 403, "refused", refusal)
    double_tap = posted if earlier and not previewing else None
    form, preview = _validated(view, request.POST, before, double_tap=double_tap)
    if preview is None:
        if replayed := already_saved():
            return replayed
        if wants_json(request):
            return _invalid(form)
        if not view.named:  # the entries validated again, in a form that names the players, to be shown
            view = view.with_names()
            form, _preview = _validated(view, request.POST, before, double_tap=double_tap)
        return page(request, view, form, None)
    if previewing:
        return page(request, view, form, preview)
    try:
        deal = services.deal_record(
            table=table,
            position=form.cleaned_data["position"],
            record=preview["record"],
            user=request.user,
            idempotency_key=key,
            snapshot=view.snapshot,
            settled=preview.get("entry"),  # settled against view.snapshot, its key looked up above
            locked=True,
        )
    except services.AlreadySaved as already:
        if already.deal.position >= view.next_position:
            view = table_ledger(table=view.with_names().table)  # saved meanwhile by a retry racing this one
        return _saved(request, view, already.deal, created=False)
    except services.StaleDeal as stale:
        return _conflict(request, table_screen(table=table_by_token(token=token)), stale.expected)
    except services.EventClosed as closed:
        if replayed := already_saved():
            return replayed
        view = view.with_names()
        form = deal_form_for(view, request.POST, before=before)
        return answer(request, view, form, 403, "refused", closed_message(closed))
    except EngineError as error:
        if replayed := already_saved():
            return replayed
        if wants_json(request):
            form.add_engine_error(error)
            return _invalid(form)
        view = view.with_names()
        form = deal_form_for(view, request.POST, before=before)
        form.is_valid()
        form.add_engine_error(error)
        return page(request, view, form, None)
    created = deal.position >= view.next_position  # else a form without a key tapped twice, found by its record
    return _saved(request, view, deal, created=created)


def _validated(view: TableView, data, before, *, double_tap: int | None) -> tuple[DealForm, dict | None]:
    """The deal form with the posted entries and, when they are valid, what a save records: the record and its
    settlement after the table's last deal, or, for a form without a key for the deal already recorded at position
    `double_tap` (the state `before` it), the record alone. None when they are not: the form says why."""
    form = deal_form_for(view, data, before=before)
    if double_tap is None:
        previewing = data.get("action") == "preview"
        return form, preview_of(view, form, view.state, view.next_position, view.next_dealer, explain=previewing)
    # A double tap (the same deal) or another phone's: the deal service tells them apart.
    if not form.is_valid():
        return form, None
    try:
        return form, {"record": form.to_record(view.snapshot.rows[double_tap - 1].dealer)}
    except forms.ValidationError:
        return form, None


def _invalid(form: DealForm) -> JsonResponse:
    errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
    return JsonResponse({"result": "invalid", "errors": errors}, status=400)


def _conflict(request: HttpRequest, view: TableView, position: int) -> HttpResponse:
    """Another phone recorded deal `position` first: this phone's deal was not recorded (409), its entries are
    kept in a form for the next deal. `view`: the table as the other phone left it."""
    number = view.number_at(position)
    if view.round_complete:  # no form to keep the entries in: the other phone's deal ended the round
        message = _(
            "Deal %(number)s was already recorded from another phone, and with it the round is complete: "
            "nothing more is recorded at this table. Check the ledger, then each player signs the sheet below."
        ) % {"number": number}
    else:
        message = _(
            "Deal %(number)s was already recorded from another phone. Your entries are kept below: check "
            "the ledger, and save them again only if they are a new deal."
        ) % {"number": number}
    data = request.POST.copy()
    data["position"] = str(view.next_position)
    form = deal_form_for(view, data)
    form.is_valid()
    return answer(request, view, form, 409, "conflict", message, deal=number, position=position)


def _saved(request: HttpRequest, view: TableView, deal, *, created: bool) -> HttpResponse:
    """The answer to a save; `view` may be the table as it was just before the deal was appended."""
    number = view.number_at(deal.position) if deal.position < view.next_position else view.next_number_of(deal)
    if wants_json(request):
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
    form = deal_form_for(view, request.POST)
    preview = preview_of(view, form, view.state, view.next_position, view.next_dealer)
    # A deal half entered is not a mistake: the live preview leaves "required" unsaid for what the scorer has not
    # reached yet (Save and the Preview button still ask for it).
    unreached = [
        name
        for name, errors in form.errors.items()
        if name in form.fields and not request.POST.get(name) and all(e.code == "required" for e in errors.as_data())
    ]
    for name in unreached:
        del form.errors[name]
    # The phone already shows the fields these entries need, none with an error: the settlement alone, swapped
    # into #preview (htmx's response headers), leaves the fields being typed in (and the focus) as they are.
    posted = request.POST.get("shown", "")
    if request.htmx and posted and posted_position(request) == view.next_position and posted == fields_key(view, form):
        # No request context: the settlement needs none of the context processors' values.
        response = HttpResponse(render_to_string("tables/table.html#settlement", {"preview": preview}))
        response["HX-Retarget"] = "#preview"
        response["HX-Reswap"] = "innerHTML"
        return response
    return page(request, view, form, preview)


@require_POST
def table_misdeal(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    boards = board_page(table)
    if boards:  # a board is never dealt again (T-61): its pockets wrong, the director marks it fouled
        return redirect(boards)
    view = table_screen(table=table)
    key = request.POST.get("idempotency_key", "")[:64]
    if deal_saved_with_key(table=table, key=key) is not None:
        messages.info(request, _("This misdeal was already recorded."))
        return redirect("table", token=token)
    refusal = refusal_of(view)
    if refusal:
        messages.error(request, refusal)
        return page(request, view, deal_form_for(view), None, status=403)
    position = posted_position(request) or view.next_position
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
        messages.error(request, closed_message(closed))
        return page(request, view, deal_form_for(view), None, status=403)
    except services.StaleDeal:
        messages.error(request, _("That deal was already recorded from another phone: nothing was added."))
        return redirect("table", token=token)
    messages.success(
        request, _("Misdeal recorded: %(dealer)s deals again.") % {"dealer": view.session.players[view.next_dealer]}
    )
    return redirect("table", token=token)


@require_POST
def table_sign(request: HttpRequest, token: str) -> HttpResponse:
    """A player taps his name: he agrees with the final balances (at a duplicate table, with its boards as
    recorded: they are scored against the other tables, not by chips)."""
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
        messages.error(request, closed_message(closed))
        return page(request, view, deal_form_for(view), None, status=403)
    else:
        if table.plays_boards:
            agrees = _("%(name)s agrees with the boards as recorded.")
        else:
            agrees = _("%(name)s agrees with the balances.")
        messages.success(request, agrees % {"name": view.session.players[seat]})
    return redirect("table", token=token)
