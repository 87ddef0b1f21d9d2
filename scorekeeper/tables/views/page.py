"""What every view of a table shares: the deal form, its preview, the page, and the answers to a refused or
repeated write (JSON for the offline queue, else the page with a message)."""

from __future__ import annotations

import functools
import hashlib
import uuid

from django import forms
from django.contrib import messages
from django.http import HttpRequest, JsonResponse
from django.template.response import TemplateResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.engine import EngineError
from scorekeeper.tables import services
from scorekeeper.tables.forms import DealForm
from scorekeeper.tables.messages import EVENT_CLOSED, ROUND_COMPLETE, ROUND_ENDED
from scorekeeper.tables.models import Table
from scorekeeper.tables.presenters import explanation, store_text
from scorekeeper.tables.selectors import (
    TableView,
    deal_settlement,
)


def deal_form_for(view: TableView, data=None, *, before=None, **kwargs) -> DealForm:
    """The form for the next deal (or, given the state `before` it, for a deal already recorded). An unbound
    form gets a fresh idempotency key: one page, one deal."""
    state = view.state if before is None else before
    initial = {"position": view.next_position}
    if data is None:
        initial["idempotency_key"] = uuid.uuid4().hex
    return DealForm(data, session=view.session, eligible=state.eligible, held=state.held, initial=initial, **kwargs)


def preview_of(view: TableView, form: DealForm, state, position: int, dealer: int, explain: bool = True) -> dict | None:
    """The record the entries describe and the settlement it would give, without saving, worded and explained
    unless told not to (a save shows none: then the record and its settlement only); engine refusals go next to
    their field (None then)."""
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
    if not explain:
        return {"record": record, "entry": entry}
    return {
        "record": record,
        "entry": entry,
        "rows": seat_rows(view, entry.deltas, entry.balances),
        "store": store_text(entry.state, view.ruleset),
        "explanation": explanation(entry, view.session.players),
    }


def seat_rows(view: TableView, deltas, balances) -> list[dict]:
    return [{"name": view.session.players[s], "delta": deltas[s], "balance": balances[s]} for s in range(4)]


def fields_key(view: TableView, form: DealForm) -> str:
    """What the deal form's fields look like for these entries at this table, in a few characters: which fields
    it carries (the same for every count of tricks) and which penalty parts it shows, under which labels, with
    which choices, folded or not ('' when a field has an error: a form showing errors is always answered whole).
    The page carries it in the form ("shown"); the live preview compares the posted one with the new entries'
    (table_preview). Never trusted beyond that: a wrong one only costs the whole form."""
    if form.errors:
        return ""
    parts = (
        get_language(),
        view.snapshot.key,
        tuple(view.session.players),
        tuple(view.state.eligible),
        view.state.held,
        tuple(sorted(form.offered)),  # not the tricks: what applies with them is shown and hidden by table.js
        tuple(sorted(form.reading.counts.items())),
        form.one_player,
        form.penalty_layout,  # without errors, all that decides the penalty parts shown and the fold
    )
    return hashlib.blake2s(repr(parts).encode(), digest_size=8).hexdigest()


def page(request: HttpRequest, view: TableView, form: DealForm, preview: dict | None, status: int = 200):
    shown = functools.partial(fields_key, view, form)  # worked out only where the page renders the fields
    # A TemplateResponse is rendered once the view has returned: a save's page (an error, a refusal, the Preview
    # button without JavaScript) is drawn after its write transaction has ended, not while it holds the write lock.
    if request.htmx:  # the deal form alone, which htmx swaps in
        context = {"view": view, "form": form, "preview": preview, "fields_key": shown}
        return TemplateResponse(request, "tables/table.html#deal-form", context, status=status)
    context = {
        "view": view,
        "form": form,
        "preview": preview,
        "fields_key": shown,
        "can_direct": can_direct(request, view.table),
        "misdeal_key": uuid.uuid4().hex,
    }
    return TemplateResponse(request, "tables/table.html", context, status=status)


def can_direct(request: HttpRequest, table: Table) -> bool:
    if not request.user.is_authenticated:  # a phone on its table link: no query
        return False
    return clubs_directed_by(user=request.user).filter(pk=table.event.club_id).exists()


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def answer(request, view: TableView, form: DealForm, status: int, result: str, message: str = "", **fields):
    """A refused or repeated save: JSON for a client that asks for it, else the page with the message."""
    if wants_json(request):
        body = {"result": result, **fields}
        if message:
            body["message"] = str(message)
        return JsonResponse(body, status=status)
    if message:
        messages.error(request, message)
    return page(request, view, form, None, status=status)


def refusal_of(view: TableView, *, new_deal: bool = True) -> str:
    """Why the table takes no writes now (or, with `new_deal`, no new deal), in the scorer's words ('' when it
    does)."""
    if view.event_closed:
        return str(EVENT_CLOSED)
    if view.round_ended:
        return str(ROUND_ENDED)
    if new_deal and view.round_complete:
        return str(ROUND_COMPLETE)
    return ""


def closed_message(closed: Exception) -> str:
    """The refusal a service raised, in the scorer's words."""
    if isinstance(closed, services.RoundEnded):
        return str(ROUND_ENDED)
    if isinstance(closed, services.RoundComplete):
        return str(ROUND_COMPLETE)
    return str(EVENT_CLOSED)


def signatures_cleared(request: HttpRequest, signed: bool) -> None:
    if signed:
        messages.warning(request, _("The balances changed: the players' signatures were cleared, they sign again."))


def opening(view: TableView):
    return view.table.opening(view.session)


def posted_position(request: HttpRequest, name: str = "position") -> int | None:
    """The whole number posted as `name` (a deal's position, a table's revision), None for anything else."""
    text = request.POST.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None  # "²".isdigit() is true
