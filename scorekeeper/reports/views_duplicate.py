"""The printed sheets of a duplicate tournament, for the director: each round's folder preparation, check and
movement sheets, and the results, in the club's language (or the one asked for with ?lang=)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.views.decorators.http import require_safe

from scorekeeper.engine.tournament.movement import Movement
from scorekeeper.reports import duplicate as sheets
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.selectors import directed_tournament
from scorekeeper.tournaments.views_duplicate import fouled_rows, scored_or_explained, standings_rows


def _pdf(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
    return response


def _language(request: HttpRequest, club) -> translation.override:
    """The sheets speak the club's language, or the one the link asks for with ?lang=."""
    asked = request.GET.get("lang", "")
    return translation.override(asked if asked in dict(settings.LANGUAGES) else club.language)


def _sheet_tournament(request: HttpRequest, event_id: int, number: int) -> tuple[Tournament, Movement]:
    tournament = directed_tournament(user=request.user, event_id=event_id)
    if not duplicate.is_duplicate(tournament) or not 1 <= number <= tournament.planned_rounds.count():
        raise Http404
    return tournament, duplicate.round_movement(tournament, number)


def _folder_data(request: HttpRequest, tournament: Tournament, number: int, movement: Movement):
    records = duplicate.round_records(tournament, number)
    if any(board not in records for board in movement.boards):
        raise Http404  # the boards are not dealt yet: the page offers to deal them
    return sheets.folder_sheet_data(
        club=tournament.event.club.name,
        event=tournament.event.name,
        round_number=number,
        movement=movement,
        records=records,
        generated=date_format(timezone.localtime(), "DATETIME_FORMAT"),
    )


@login_required
@require_safe
def folder_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    tournament, movement = _sheet_tournament(request, event_id, number)
    with _language(request, tournament.event.club):
        data = _folder_data(request, tournament, number, movement)
        return _pdf(sheets.folder_sheet(data, _paper(request)), f"folders-round-{number}")


@login_required
@require_safe
def check_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    tournament, movement = _sheet_tournament(request, event_id, number)
    with _language(request, tournament.event.club):
        data = _folder_data(request, tournament, number, movement)
        return _pdf(sheets.check_sheet(data, _paper(request)), f"check-round-{number}")


@login_required
@require_safe
def movement_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    tournament, movement = _sheet_tournament(request, event_id, number)
    with _language(request, tournament.event.club):
        data = sheets.MovementSheet(
            club=tournament.event.club.name,
            event=tournament.event.name,
            round=number,
            movement=movement,
            generated=date_format(timezone.localtime(), "DATETIME_FORMAT"),
        )
        return _pdf(sheets.movement_sheet(data, _paper(request)), f"movement-round-{number}")


@login_required
@require_safe
@scored_or_explained
def results_sheet(request: HttpRequest, event_id: int) -> HttpResponse:
    tournament = directed_tournament(user=request.user, event_id=event_id)
    if not duplicate.is_duplicate(tournament):
        raise Http404
    with _language(request, tournament.event.club):
        results = duplicate.duplicate_results(tournament=tournament)
        data = sheets.ResultsSheet(
            club=tournament.event.club.name,
            event=tournament.event.name,
            method=results.method,
            standings=tuple(standings_rows(results)),
            fouled=tuple(fouled_rows(results)),
            provisional=any(not played.complete for played in results.rounds),
            generated=date_format(timezone.localtime(), "DATETIME_FORMAT"),
        )
        return _pdf(sheets.results_sheet(data, _paper(request)), "results")


def _paper(request: HttpRequest) -> str:
    return "letter" if request.GET.get("paper") == "letter" else "a4"
