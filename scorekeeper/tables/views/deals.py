"""A recorded deal: its page with its explanation and history, a correction with its preview, a strike."""

from __future__ import annotations

import dataclasses

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.boards import HandRecord, check_deal_on_board
from scorekeeper.tables import services
from scorekeeper.tables.forms import CorrectionForm, initial_from_record
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.selectors import (
    correction_preview,
    table_by_token,
    table_ledger,
)
from scorekeeper.tables.views.page import (
    can_direct,
    closed_message,
    deal_form_for,
    opening,
    page,
    preview_of,
    refusal_of,
    seat_rows,
    signatures_cleared,
)


@require_http_methods(["GET", "HEAD", "POST"])
def deal_page(request: HttpRequest, token: str, position: int) -> HttpResponse:
    table = table_by_token(token=token)
    view = table_ledger(table=table)
    if not 1 <= position <= len(view.rows):
        raise Http404
    row = view.rows[position - 1]
    before = view.ledger.entries[position - 2].state if position > 1 else opening(view)
    explained = view.explained(position)
    record = row.deal.to_record()
    form_kwargs = {"session": view.session, "eligible": before.eligible, "held": before.held}
    correction = None
    if request.method == "POST":
        form = CorrectionForm(request.POST, **form_kwargs)
        previewing = bool(request.htmx) or request.POST.get("action") == "preview"  # htmx: the live preview
        # A reason is needed to save, not to look: a save without one shows the preview and asks for it.
        unexplained = not previewing and not request.POST.get("reason", "").strip()
        if previewing or unexplained:
            form.fields["reason"].required = False
        refusal = refusal_of(view, new_deal=False)
        if refusal:
            messages.error(request, refusal)
            status = 403
        else:
            status = 200
            preview = preview_of(view, form, before, position, record.dealer)
            if preview is not None:
                preview = _on_its_board(row.deal, preview, form, view)
            if preview is not None and (previewing or unexplained):
                if unexplained:
                    form.add_error("reason", form.fields["reason"].error_messages["required"])
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
                    messages.error(request, closed_message(closed))
                    status = 403
                except EngineError as error:
                    form.add_engine_error(error)
                else:
                    signatures_cleared(request, signed)
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
        "can_strike": not refusal_of(view, new_deal=False)
        and (position == len(view.rows) or can_direct(request, view.table)),
        "seat_rows": seat_rows(view, row.entry.deltas, row.entry.balances),
        "correction": correction,
    }
    if request.htmx:  # the live preview: a choice not made yet is not a mistake (Save still asks for it)
        for name in [n for n, errors in form.errors.items() if n in form.fields and not request.POST.get(n)]:
            if all(e.code == "required" for e in form.errors[name].as_data()):
                del form.errors[name]
    template = "tables/deal.html#correction-form" if request.htmx else "tables/deal.html"
    return render(request, template, context, status=status)


def _on_its_board(deal, preview: dict, form: CorrectionForm, view) -> dict | None:
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
    refusal = refusal_of(view, new_deal=False)
    if refusal:
        messages.error(request, refusal)
        return page(request, view, deal_form_for(view), None, status=403)
    reason = request.POST.get("reason", "").strip()[:300]
    if not reason:
        messages.error(request, _("Say why this deal is struck out."))
        return redirect("deal", token=token, position=position)
    number = view.number_at(position)
    signed = bool(view.signatures)  # read before the strike clears them
    try:
        services.deal_strike(
            deal=view.rows[position - 1].deal, reason=reason, user=request.user, any_deal=can_direct(request, table)
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
        messages.error(request, closed_message(closed))
        return page(request, view, deal_form_for(view), None, status=403)
    signatures_cleared(request, signed)
    if number is None:
        messages.success(request, _("The misdeal was struck out."))
    else:
        messages.success(
            request, _("Deal %(number)s was struck out; later deals were settled again.") % {"number": number}
        )
    return redirect("table", token=token)
