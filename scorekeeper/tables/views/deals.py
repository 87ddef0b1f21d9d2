"""A recorded deal: its page with its explanation and history, a correction with its preview, a strike."""

from __future__ import annotations

import dataclasses

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.engine import EngineError
from scorekeeper.engine.tournament.boards import HandRecord, check_deal_on_board
from scorekeeper.tables import services
from scorekeeper.tables.forms import CorrectionForm, initial_from_record
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.selectors import (
    correction_preview,
    deal_at_table,
    table_by_token,
    table_ledger,
)
from scorekeeper.tables.views.page import (
    can_direct,
    closed_message,
    deal_form_for,
    opening,
    page,
    posted_position,
    preview_of,
    refusal_of,
    seat_rows,
    signatures_cleared,
)


def _before(view, position: int):
    """The table's state before deal `position`."""
    return view.ledger.entries[position - 2].state if position > 1 else opening(view)


def _correction_form(view, position: int, data=None) -> CorrectionForm:
    """The correction form of deal `position`: bound to `data`, else with the deal's entries."""
    before = _before(view, position)
    kwargs = {"session": view.session, "eligible": before.eligible, "held": before.held}
    if data is not None:
        return CorrectionForm(data, **kwargs)
    record = view.rows[position - 1].deal.to_record()
    initial = {"position": position} if record.void else initial_from_record(record, position)
    return CorrectionForm(initial=initial, **kwargs)


def _position_of(view, deal_pk: int) -> int | None:
    """Where the deal `deal_pk` stands in the table's sequence now (None: struck out, or not this table's)."""
    return next((i for i, row in enumerate(view.rows, start=1) if row.deal.pk == deal_pk), None)


def _deal_answer(
    request: HttpRequest,
    view,
    position: int,
    form: CorrectionForm,
    *,
    correction=None,
    revision: int | None = None,
    strike_reason: str = "",
    strike_error: str = "",
    status: int = 200,
) -> HttpResponse:
    """Deal `position`'s page (or, for htmx, its correction form alone). `revision`: the table's revision the
    correction form carries, by default the one the page is drawn at."""
    row = view.rows[position - 1]
    context = {
        "view": view,
        "row": row,
        "form": form,
        "correction": correction,
        "revision": view.table.revision if revision is None else revision,
    }
    if request.htmx:  # the live preview: a choice not made yet is not a mistake (Save still asks for it)
        for name in [n for n, errors in form.errors.items() if n in form.fields and not request.POST.get(n)]:
            if all(e.code == "required" for e in form.errors[name].as_data()):
                del form.errors[name]
        return render(request, "tables/deal.html#correction-form", context, status=status)
    play = getattr(row.deal, "board_play", None)  # a duplicate board's deal (reached without importing its app)
    context |= {
        "board": None if play is None else play.board.number,
        "explained": view.explained(position),
        "changes": row.deal.changes.all(),
        "can_strike": not refusal_of(view, new_deal=False)
        and (position == len(view.rows) or can_direct(request, view.table)),
        "seat_rows": seat_rows(view, row.entry.deltas, row.entry.balances),
        "strike_reason": strike_reason,
        "strike_error": strike_error,
    }
    return render(request, "tables/deal.html", context, status=status)


def _correction_of(view, form: CorrectionForm, position: int, record):
    """What `record` as deal `position` would do to the table (None, the engine's refusal in `form`, if impossible)."""
    try:
        return correction_preview(view=view, position=position, record=record)
    except EngineError as error:
        if error.position is not None and error.position > position:
            form.add_error(
                None,
                _("This correction would make deal %(position)s impossible: %(problem)s")
                % {"position": error.position, "problem": message_for(error)},
            )
        else:
            form.add_engine_error(error)
        return None


def _struck_meanwhile(request: HttpRequest, view) -> HttpResponse:
    """The deal a page showed was struck out from another phone since: the table's page, saying so."""
    messages.error(
        request, _("This deal was struck out from another phone since you opened its page: nothing was changed.")
    )
    if request.htmx:
        return HttpResponseClientRedirect(reverse("table", kwargs={"token": view.table.token}))
    return redirect("table", token=view.table.token)


def _correction_changed(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """A correction refused because the table changed since its page was drawn: the deal's page as it is now, with
    the entries kept and the refusal beside them (409), and a form carrying the table's revision now, so that a
    save from it is made on purpose."""
    view = table_ledger(table=table_by_token(token=token))
    position = _position_of(view, deal_pk)
    if position is None:
        return _struck_meanwhile(request, view)
    data = request.POST.copy()
    data["position"] = str(position)
    form = _correction_form(view, position, data)
    form.fields["reason"].required = False  # the refusal is what to read first
    # The entries checked and previewed against the table as it is now: its balances now, and after them.
    row = view.rows[position - 1]
    preview = preview_of(view, form, _before(view, position), position, row.deal.to_record().dealer)
    if preview is not None:
        preview = _on_its_board(row.deal, preview, form, view)
    correction = None if preview is None else _correction_of(view, form, position, preview["record"])
    # Said where the page opens, above the deal as it is now, and beside the entries kept at its foot.
    messages.error(
        request,
        _(
            "This table was changed from another phone since you opened this page: your correction was not saved. "
            "The deal is shown below as it is now, with its history."
        ),
    )
    form.add_error(
        None,
        _(
            "Your entries are kept: check them against the deal as it is now, then save again only if the "
            "correction is still needed."
        ),
    )
    return _deal_answer(request, view, position, form, correction=correction, status=409)


# The deal page carries the table's revision it was drawn at and the deal it shows: a correction or a strike posted
# from a page older than the table is refused, with the deal shown as it is now (another phone changed the table
# meanwhile: what the scorer looked at is not what is stored). A page without them (drawn before pages carried
# them) is checked as before.
@require_http_methods(["GET", "HEAD", "POST"])
def deal_page(request: HttpRequest, token: str, position: int) -> HttpResponse:
    table = table_by_token(token=token)
    view = table_ledger(table=table)
    if request.method == "POST":
        return _correction_posted(request, view, position)
    if not 1 <= position <= len(view.rows):
        raise Http404
    return _deal_answer(request, view, position, _correction_form(view, position))


def _correction_posted(request: HttpRequest, view, position: int) -> HttpResponse:
    """A correction posted: its live preview (htmx), the Preview button's page, or a save."""
    token = view.table.token
    drawn = posted_position(request, "revision")
    shown = posted_position(request, "deal")
    if shown is not None:  # the deal the page showed, wherever it stands now (an earlier deal struck out)
        position = _position_of(view, shown)
        if position is None:
            return _struck_meanwhile(request, view)
    elif not 1 <= position <= len(view.rows):
        raise Http404
    row = view.rows[position - 1]
    before = _before(view, position)
    form = _correction_form(view, position, request.POST)
    previewing = bool(request.htmx) or request.POST.get("action") == "preview"  # htmx: the live preview
    # A reason is needed to save, not to look: a save without one shows the preview and asks for it.
    unexplained = not previewing and not request.POST.get("reason", "").strip()
    if previewing or unexplained:
        form.fields["reason"].required = False
    stale = drawn is not None and drawn != view.table.revision
    refusal = refusal_of(view, new_deal=False)
    if refusal:
        messages.error(request, refusal)
        return _deal_answer(request, view, position, form, status=403)
    preview = preview_of(view, form, before, position, row.deal.to_record().dealer)
    if preview is not None:
        preview = _on_its_board(row.deal, preview, form, view)
    if stale and not previewing and (preview is None or unexplained):
        return _correction_changed(request, token, row.deal.pk)
    correction = None
    if preview is not None and (previewing or unexplained):
        if unexplained:
            form.add_error("reason", form.fields["reason"].error_messages["required"])
        if stale and request.htmx:  # the form alone is drawn again: the deal above it is not as it is now
            form.add_error(
                None,
                _(
                    "This table was changed from another phone since you opened this page: reload it to see the "
                    "deal as it is now before you save."
                ),
            )
        correction = _correction_of(view, form, position, preview["record"])
    elif preview is not None:
        signed = bool(view.signatures)  # read before the correction clears them
        try:
            services.deal_correct(
                deal=row.deal,
                record=preview["record"],
                reason=form.cleaned_data["reason"],
                user=request.user,
                revision=drawn,
            )
        except services.TableChanged:
            return _correction_changed(request, token, row.deal.pk)
        except services.AlreadyCorrected:
            messages.info(
                request,
                _("This correction of deal %(number)s was already saved.")
                % {"number": view.number_at(position) or position},
            )
            return redirect("table", token=token)
        except services.CorrectionRefused as refused:
            form.add_error(
                None,
                _("This correction would make deal %(position)s impossible: %(problem)s")
                % {"position": refused.error.position, "problem": message_for(refused.error)},
            )
        except services.EventClosed as closed:
            messages.error(request, closed_message(closed))
            return _deal_answer(request, view, position, form, status=403)
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
    # The live preview draws the form alone: it keeps the revision the page was drawn at. A whole page is drawn now.
    return _deal_answer(request, view, position, form, correction=correction, revision=drawn if request.htmx else None)


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
    shown = posted_position(request, "deal")
    if shown is not None:  # the deal the page showed, struck out meanwhile perhaps
        deal = deal_at_table(table=table, pk=shown)
        if deal is None:
            raise Http404
    elif 1 <= position <= len(view.rows):
        deal = view.rows[position - 1].deal
    else:
        raise Http404
    refusal = refusal_of(view, new_deal=False)
    if refusal:
        messages.error(request, refusal)
        return page(request, view, deal_form_for(view), None, status=403)
    reason = request.POST.get("reason", "").strip()[:300]
    if not reason:
        messages.error(request, _("Say why this deal is struck out."))
        return redirect("deal", token=token, position=position)
    number = view.number_at(deal.position)
    signed = bool(view.signatures)  # read before the strike clears them
    try:
        services.deal_strike(
            deal=deal,
            reason=reason,
            user=request.user,
            any_deal=can_direct(request, table),
            revision=posted_position(request, "revision"),
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
    except services.AlreadyStruck:
        messages.info(request, _("This deal was already struck out."))
        return redirect("table", token=token)
    except services.StaleDeal:
        messages.error(request, _("The table changed meanwhile: nothing was struck out."))
        return redirect("table", token=token)
    except services.TableChanged:
        view = table_ledger(table=table_by_token(token=token))
        position = _position_of(view, deal.pk)
        if position is None:
            return _struck_meanwhile(request, view)
        messages.error(
            request,
            _(
                "This table was changed from another phone since you opened this page: nothing was struck out. The "
                "deal is shown below as it is now, with its history."
            ),
        )
        again = _("Check the deal as it is now, then strike it out again only if you still mean to.")
        form = _correction_form(view, position)
        return _deal_answer(request, view, position, form, strike_reason=reason, strike_error=again, status=409)
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
