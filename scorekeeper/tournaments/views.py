"""The director's tournament pages (a new tournament, its page with the plan's preview, the rounds and the changes
during play) and the physical table's link, which opens the table its place plays in the current round."""

from __future__ import annotations

import json

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs.selectors import directed_club
from scorekeeper.engine import EngineError
from scorekeeper.events.views.asking import ask, confirmation
from scorekeeper.links import absolute_url
from scorekeeper.tables.selectors import deal_position
from scorekeeper.tables.services import EventClosed
from scorekeeper.tournaments import forms, services
from scorekeeper.tournaments.models import PhysicalTable, PlannedTable, Tournament
from scorekeeper.tournaments.selectors import (
    directed_tournament,
    physical_table_by_token,
    places_needed,
    plan_preview,
    round_progress,
    schedule_verification,
    standings_round,
    started_count,
    table_at,
    tournament_rounds,
)

# T-12's measures in the director's words, in the order of T-14's priority.
MEASURES = [
    ("triples", gettext_lazy("pairs meeting a third time")),
    ("repeats", gettext_lazy("repeated meetings")),
    ("distinct_repeated_pairs", gettext_lazy("pairs who meet more than once")),
    ("back_to_back", gettext_lazy("meetings in two rounds running")),
    ("dealer_spread", gettext_lazy("spread of first deals")),
    ("neighbour_repeats", gettext_lazy("same right-hand neighbour again")),
    ("bye_spread", gettext_lazy("spread of byes")),
    ("keep_apart_violations", gettext_lazy("keep-apart pairs seated together")),
]


def _round_refused(refused: services.RoundRefused) -> str:
    words = {
        "unconfirmed": _("Confirm the plan before the first round opens."),
        "past_plan": _("The plan has no round %(number)s."),
        "not_next": _("Round %(number)s is the next to open."),
        "still_playing": _("Every table of round %(number)s must end before the next round opens."),
        "none_started": _("No round has started: there is nothing to draw again."),
        "has_deals": _("Round %(number)s has recorded deals: it can no longer be drawn again."),
        "closed": _("The tournament is closed."),
    }
    return words[refused.reason] % {"number": refused.number}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = directed_club(user=request.user, club_id=club_id)
    form = forms.TournamentForm(request.POST if request.method == "POST" else None, club=club)
    if form.is_valid():
        data = form.cleaned_data
        try:
            tournament, _schedule = services.tournament_enter(
                club=club,
                entrant_names=data["entrants"],
                team_names=data["teams"],
                keep_apart_names=data["keep_apart"],
                name=data["name"],
                date=data["date"],
                ruleset=data["ruleset"],
                options=data["options"],
                start=data["start"],
                sessions=data["sessions"],
                tournament_options=data["tournament_options"],
                seed=data["seed"] or None,
                user=request.user,
            )
        except EngineError as error:
            form.add_error(forms.engine_field(error), forms.engine_error(error))
        else:
            return redirect("tournament", event_id=tournament.event_id)
    status = 400 if form.is_bound else 200
    return render(request, "tournaments/new.html", {"club": club, "form": form}, status=status)


def _page(request: HttpRequest, tournament: Tournament, *, status: int = 200, **bound) -> HttpResponse:
    if bound:  # a change refused beside its form, screens below the top of the page, where the director lands
        messages.error(request, _("Nothing was changed: the reason is beside the form, under “Changes”."))
    started = started_count(tournament=tournament)
    progress = round_progress(tournament=tournament, number=started) if started else []
    playing = [p for p in progress if not p.ended]
    open_tables = PlannedTable.objects.filter(
        round__tournament=tournament, round__number=started, table__isnull=False, table__ended_at__isnull=True
    )
    preview = plan_preview(tournament=tournament)
    next_round = started + 1 if started < tournament.rounds else None
    rounds = tournament_rounds(tournament=tournament)
    context = {
        "tournament": tournament,
        "event": tournament.event,
        "rounds": rounds,
        # Its seating sheet would show a provisional draw: it is printed once the round has opened.
        "next_by_standings": bool(next_round and rounds[next_round - 1].drawn_by),
        "started": started,
        "next_round": next_round,
        "can_open": tournament.confirmed_at is not None and next_round is not None and not playing,
        "can_redraw": started > 0 and progress and all(p.deals == 0 and not p.ended for p in progress),
        "progress": progress,
        "playing": playing,
        "preview": preview,
        "measures": [(label, preview.measures.get(key, 0)) for key, label in MEASURES],
        "places": PhysicalTable.objects.filter(event=tournament.event),
        "late_form": bound.get("late_form") or forms.LateArrivalForm(),
        "withdraw_form": bound.get("withdraw_form") or forms.WithdrawForm(tournament=tournament),
        "keep_form": bound.get("keep_form") or forms.KeepApartForm(tournament=tournament),
        "substitute_form": bound.get("substitute_form")
        or forms.SubstituteForm(tables=open_tables, names=_entrant_names(tournament)),
        "log": tournament.event.log.all(),
    }
    return render(request, "tournaments/tournament.html", context, status=status)


@login_required
@require_safe
def tournament_page(request: HttpRequest, event_id: int) -> HttpResponse:
    return _page(request, directed_tournament(user=request.user, event_id=event_id))


def _confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    services.tournament_confirm(tournament=tournament, user=request.user)
    services.physical_tables_ensure(event=tournament.event, count=places_needed(event=tournament.event))
    messages.success(request, _("The plan is confirmed. Print the table cards, then open round 1."))
    return redirect("tournament", event_id=event_id)


def _round_number(request: HttpRequest) -> int | None:
    text = request.POST.get("round", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else None


def _round_open(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    number = _round_number(request)
    try:
        if number is None:
            raise services.RoundRefused("past_plan", request.POST.get("round", "")[:5])
        opened = services.round_open(tournament=tournament, number=number, user=request.user)
    except services.RoundRefused as refused:
        messages.error(request, _round_refused(refused))
        return _page(request, tournament, status=400)
    except EngineError as error:  # a round seated by the standings as it opens: T-29's keep-apart move failed
        messages.error(request, forms.engine_error(error))
        return _page(request, tournament, status=400)
    services.physical_tables_ensure(event=tournament.event, count=places_needed(event=tournament.event))
    if standings_round(tournament=tournament, number=number, byes=bool(opened.byes)):
        words = _("Round %(number)s is open: drawn by the standings after round %(before)s.")
    else:
        words = _("Round %(number)s is open: its tables are seated as planned.")
    messages.success(request, words % {"number": number, "before": number - 1})
    return redirect("tournament", event_id=event_id)


def _redraw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    try:
        services.round_redraw(tournament=tournament, user=request.user)
    except services.RoundRefused as refused:
        messages.error(request, _round_refused(refused))
        return _page(request, tournament, status=400)
    except EngineError as error:
        messages.error(request, forms.engine_error(error))
        return _page(request, tournament, status=400)
    messages.success(request, _("The round was drawn again with the rounds after it: check the plan and open it."))
    return redirect("tournament", event_id=event_id)


def _changed(request: HttpRequest, words: str) -> None:
    messages.success(request, words + " " + _("The rounds not started were planned again: see the new figures."))


def _late_arrival(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    form = forms.LateArrivalForm(request.POST)
    if form.is_valid():
        try:
            entrant, _schedule = services.late_arrival_by_name(
                tournament=tournament, name=" ".join(form.cleaned_data["name"].split()), user=request.user
            )
        except services.RoundRefused as refused:
            form.add_error("name", _round_refused(refused))
        except EngineError as error:
            form.add_error("name", _late_error(error))
        else:
            _changed(
                request,
                _("%(name)s is entrant %(number)s, from round %(round)s.")
                % {"name": entrant.player.name, "number": entrant.number, "round": entrant.from_round},
            )
            return redirect("tournament", event_id=event_id)
    return _page(request, tournament, status=400, late_form=form)


def _late_error(error: EngineError) -> str:
    if error.field == "player" and "already" in error.message:
        return _("This player is already entered.")
    if error.field == "player" and "round" in error.message:
        return _("Every round has started: a late arrival has no round left to play.")
    return forms.engine_error(error)


def _withdraw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    form = forms.WithdrawForm(request.POST, tournament=tournament)
    if form.is_valid():
        entrant = form.cleaned_data["entrant"]
        try:
            services.entrant_withdraw(tournament=tournament, entrant=entrant, user=request.user)
        except services.RoundRefused as refused:
            form.add_error("entrant", _round_refused(refused))
        except EngineError as error:
            if error.field == "entrant":
                form.add_error("entrant", _("Every round has started: there is no round left to withdraw from."))
            else:
                form.add_error("entrant", forms.engine_error(error))
        else:
            _changed(request, _("%(name)s has withdrawn.") % {"name": entrant.player.name})
            return redirect("tournament", event_id=event_id)
    return _page(request, tournament, status=400, withdraw_form=form)


def _keep_apart(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    form = forms.KeepApartForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            services.keep_apart_add(
                tournament=tournament, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
            )
        except services.RoundRefused as refused:
            form.add_error("second", _round_refused(refused))
        except EngineError as error:
            form.add_error("second", forms.engine_error(error))
        else:
            _changed(request, _("The pair is kept apart."))
            return redirect("tournament", event_id=event_id)
    return _page(request, tournament, status=400, keep_form=form)


def _substitute(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event_id = tournament.event_id
    started = started_count(tournament=tournament)
    tables = PlannedTable.objects.filter(
        round__tournament=tournament, round__number=started, table__isnull=False, table__ended_at__isnull=True
    )
    form = forms.SubstituteForm(request.POST, tables=tables, names=_entrant_names(tournament))
    if form.is_valid():
        data = form.cleaned_data
        # The deal as the phone and the sheet number it (misdeals have no number); the record's position is stored.
        number = data["from_deal"]
        start = None if number is None else deal_position(table=data["table"].table, number=number)
        try:
            services.substitute_add(
                planned_table=data["table"],
                seat=data["seat"],
                from_deal=start,
                name=data["name"],
                user=request.user,
            )
        except services.RoundRefused as refused:
            form.add_error("table", _round_refused(refused))
        except EngineError as error:
            field = error.field if error.field in ("seat", "from_deal", "name") else "table"
            form.add_error(field, _substitute_error(error))
        else:
            _changed(request, _("%(name)s takes the seat.") % {"name": data["name"]})
            return redirect("tournament", event_id=event_id)
    return _page(request, tournament, status=400, substitute_form=form)


def _entrant_names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entrants.values_list("number", "player__name"))


def _substitute_error(error: EngineError) -> str:
    if error.code == "substitute_holds":
        return _("This substitute already plays this seat: nothing to add.")
    if error.code == "substitute_entrant":
        return _("This is an entrant of the tournament, who plays his own seat: a substitute is someone not entered.")
    if error.field == "seat" and "ended" in error.message:
        return _("The table has ended its round.")
    if error.field == "seat":
        return _("This seat has no player to replace.")
    if error.field == "from_deal":
        return _("The substitute's first deal is a deal of this table: from 1 to the next deal to record.")
    return forms.engine_error(error)


def _table_end(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """End a table after its last whole tour (T-9): short when its planned tours are not all played."""
    text = request.POST.get("table", "")
    number = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None
    planned = get_object_or_404(PlannedTable, pk=number, round__tournament=tournament)
    try:
        services.table_end_short(planned_table=planned, user=request.user)
    except EventClosed:
        messages.error(request, _("The tournament is closed."))
    except EngineError as error:
        messages.error(request, forms.engine_error(error))
    else:
        messages.success(request, _("Table %(number)s has ended its round.") % {"number": planned.number})
    return redirect("tournament", event_id=tournament.event_id)


def _close(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Close the tournament (after asking): tables still playing end, and the seed is revealed (T-26)."""
    event_id = tournament.event_id
    ask(
        request,
        title=_("Close %(name)s?") % {"name": tournament.event.name},
        lines=[
            _("Every table still playing ends now; nothing more can be recorded."),
            _("The seed is revealed, so that anyone can check the draw."),
        ],
        button=_("Close the tournament"),
        back=reverse("tournament", args=[event_id]),
    )
    services.tournament_close(tournament=tournament, user=request.user)
    messages.success(request, _("The tournament is closed and its seed revealed."))
    return redirect("tournament", event_id=event_id)


def _verify(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Recompute the schedule from its record and the seed, and say whether every round is the same (T-27)."""
    event_id = tournament.event_id
    if not tournament.record.get("rounds") or not tournament.seed:
        messages.error(request, _("This tournament was imported from its document: there is no record of its draw."))
        return redirect("tournament", event_id=event_id)
    found = schedule_verification(tournament=tournament)
    if found.ok:
        messages.success(request, _("The schedule was drawn again from its record and seed: every round is the same."))
    else:
        rounds = ", ".join(str(n) for n in found.differing_rounds)
        messages.error(
            request,
            _("The schedule drawn again from its record differs in round(s) %(rounds)s.") % {"rounds": rounds}
            if rounds
            else _("The seed does not match its commitment."),
        )
    return redirect("tournament", event_id=event_id)


@login_required
@require_safe
def schedule_record(request: HttpRequest, event_id: int) -> HttpResponse:
    """The schedule record (T-28) as a file, with the request each opened round was drawn from; the seed is in it
    once revealed, so that `python -m scorekeeper.engine verify` recomputes every round."""
    tournament = directed_tournament(user=request.user, event_id=event_id)
    text = json.dumps(tournament.record, ensure_ascii=False, indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = f"schedule-{tournament.event.date.isoformat()}-{tournament.event_id}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# The changes the director makes on the tournament's page, each a form whose `action` names it.
ACTIONS = {
    "confirm": _confirm,
    "open": _round_open,
    "redraw": _redraw,
    "late": _late_arrival,
    "withdraw": _withdraw,
    "keep_apart": _keep_apart,
    "substitute": _substitute,
    "verify": _verify,
    "end_table": _table_end,
    "close": _close,
}


@login_required
@require_POST
@confirmation
def change(request: HttpRequest, event_id: int) -> HttpResponse:
    """One of the director's changes to the tournament (ACTIONS), named by the form's `action`."""
    tournament = directed_tournament(user=request.user, event_id=event_id)
    act = ACTIONS.get(request.POST.get("action", ""))
    if act is None:
        messages.error(request, _("Choose what to do."))
        return redirect("tournament", event_id=event_id)
    return act(request, tournament)


# --- the physical table's link ---------------------------------------------------------------------------------


@require_safe
def place(request: HttpRequest, token: str) -> HttpResponse:
    """The link on a table card: the table this place plays in the current round, or a page that says to wait."""
    found = physical_table_by_token(token=token)
    table = table_at(place=found)
    if table is not None:
        return redirect("table", token=table.token)
    return render(request, "tournaments/place.html", {"place": found, "event": found.event})


@require_safe
def place_qr(request: HttpRequest, token: str) -> HttpResponse:
    found = physical_table_by_token(token=token)
    url = absolute_url(request, reverse("place", kwargs={"token": found.token}))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return HttpResponse(image.to_string(), content_type="image/svg+xml")
