"""A tournament's standings after each round, its live page for the projector, each entrant's score card, and
the tournament's document to download. Every figure comes from the tables' snapshots through the engine's
standings (`tournaments.standings`): a poll never settles a deal."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from scorekeeper.events.forms import RoundForm
from scorekeeper.events.models import Event
from scorekeeper.links import path_around, relative_path
from scorekeeper.tournaments import pages, selectors
from scorekeeper.tournaments.exports import document_name, tournament_document
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.standings import (
    is_duplicate_format,
    tournament_standings,
)


def through_round(query) -> int | None:
    form = RoundForm(query)
    return form.cleaned_data["round"] if form.is_valid() else None


def standings_context(
    event: Event,
    *,
    page: str,
    round_number: int | None = None,
    token: str | None = None,
    tournament: Tournament | None = None,
) -> dict:
    """The standings after `round_number` (every round when None), the round's tables, the teams and the method
    in words, for the page at path `page`; `token`: the public link the page is seen through, if any;
    `tournament`: the event's, if read. What is drawn from the engine's figures is made when the template reads
    it: the parts of the pages cached under `cache_key` do not."""
    # The pages show no table of a round not started: its seats are not read.
    view = tournament_standings(event=event, through_round=round_number, tournament=tournament, every_round=False)
    if round_number is not None and not view.started:
        round_number = None  # nothing played yet: no round's standings to show
    elif round_number is not None:
        round_number = view.asked_round  # a round asked for before it was played shows the last played
    shown = round_number or view.current_round
    # Each entrant links to his score card beside the page: the director's live board and the public link's link
    # alike, so that a change of the standings is drawn once for the projector and the phones.
    before, after = path_around("public-card", token) if token else path_around("tournament-card", event.pk)
    cards = (relative_path(before, page), after)
    return {
        "event": event,
        "view": view,
        # What the cached parts of the pages vary on besides the language: the same figures with the same links
        # give the same markup.
        "cache_key": f"{event.pk}:{view.digest}:{round_number}:{shown}:{cards[0]}",
        "cards": cards,
        "rows": SimpleLazyObject(lambda: pages.rows(view)),
        "teams": SimpleLazyObject(lambda: pages.team_rows(view)),
        "round": round_number,
        "shown_round": shown,
        # Its results are final once every table of it has played (the report says which tables still play); read
        # inside the cached parts, like every figure.
        "shown_finished": SimpleLazyObject(lambda: any(r.round == shown and r.finished for r in view.rounds)),
        "tables": SimpleLazyObject(lambda: pages.table_rows(view, shown)),
        "rounds": view.started,
        "explained": SimpleLazyObject(lambda: pages.explained(view)),
        "updated": timezone.localtime(),
        "token": token,
        "seed_sha256": view.tournament.seed_sha256,
        "seed": view.seed,
    }


@login_required
@require_safe
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    tournament = selectors.directed_tournament(user=request.user, event_id=event_id, record=False)
    event = tournament.event
    if is_duplicate_format(tournament):
        return redirect("duplicate-director", event_id=event.pk)
    round_number = through_round(request.GET)
    context = standings_context(event, page=request.path, round_number=round_number, tournament=tournament)
    return render(request, "tournaments/standings.html", context)


@login_required
@require_safe
def live(request: HttpRequest, event_id: int) -> HttpResponse:
    """Large type for a projector; htmx refreshes the board every few seconds without a reload."""
    # The tournament with its event: what the board polls, read once.
    tournament = selectors.directed_tournament(user=request.user, event_id=event_id, record=False)
    event = tournament.event
    if is_duplicate_format(tournament):
        return redirect("duplicate-director", event_id=event.pk)
    template = "tournaments/live.html#board" if request.htmx else "tournaments/live.html"
    return render(request, template, standings_context(event, page=request.path, tournament=tournament))


@login_required
@require_safe
def card(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    tournament = selectors.directed_tournament(user=request.user, event_id=event_id, record=False)
    if is_duplicate_format(tournament):
        return redirect("duplicate-director", event_id=event_id)
    return render(request, "tournaments/card.html", card_context(tournament.event, number, tournament=tournament))


def card_context(event: Event, number: int, *, token: str | None = None, tournament: Tournament | None = None) -> dict:
    """An entrant's score card; `tournament`: the event's, when the caller has read it."""
    view = tournament_standings(event=event, tournament=tournament)
    if number not in view.entrants:
        raise Http404
    row = view.row(number)
    return {
        "event": event,
        "view": view,
        "entrant": view.entrants[number],
        "place": row.place_label,
        "total": view.display(row.total),
        "lines": pages.card_rows(view, number),
        "token": token,
    }


@login_required
@require_safe
def document(request: HttpRequest, event_id: int) -> HttpResponse:
    """The tournament's document (T-82) as a file: every planned round, the seed once revealed."""
    event = selectors.directed_tournament(user=request.user, event_id=event_id).event
    text = json.dumps(tournament_document(event=event), ensure_ascii=False, indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{document_name(event)}"'
    return response
