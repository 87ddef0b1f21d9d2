"""Links from the pages that open a document in the browser, ready to print."""

from __future__ import annotations

import dataclasses

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorekeeper.clubs.models import Club, Player
from scorekeeper.clubs.selectors import directed_club
from scorekeeper.clubs.services import player_link_get
from scorekeeper.events.selectors import directed_event, season_year
from scorekeeper.links import absolute_url
from scorekeeper.reports import documents, gather, seating
from scorekeeper.tables.selectors import table_by_token
from scorekeeper.tournaments.selectors import places_needed
from scorekeeper.tournaments.services import physical_tables_ensure
from scorekeeper.tournaments.standings import is_duplicate, is_tournament


def _pdf(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
    return response


def _paper(request: HttpRequest) -> str:
    return "letter" if request.GET.get("paper") == "letter" else "a4"


def _supported(code: str) -> str | None:
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def reader_language(request: HttpRequest) -> str | None:
    """The language of the person reading: the one chosen with the language switch, else the first the browser
    asks for that the app speaks ("en-GB" gives British dates); None when neither is known."""
    chosen = _supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""))
    if chosen:
        return chosen
    asked = []
    for position, part in enumerate(request.META.get("HTTP_ACCEPT_LANGUAGE", "").split(",")):
        tag, _semicolon, quality = part.partition(";")
        try:
            weight = float(quality.strip().removeprefix("q=")) if quality else 1.0
        except ValueError:
            continue
        if tag.strip() and tag.strip() != "*" and weight > 0:
            asked.append((-weight, position, tag))
    return next(filter(None, (_supported(tag) for _weight, _position, tag in sorted(asked))), None)


def _language(request: HttpRequest, club: Club) -> translation.override:
    """Documents speak the language the link asks for (?lang=), else the reader's, else the club's (a setting the
    director chooses, with its date format)."""
    asked = request.GET.get("lang", "")
    if asked in dict(settings.LANGUAGES):
        return translation.override(asked)
    return translation.override(reader_language(request) or club.language)


@require_safe
def table_sheet(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    with _language(request, table.event.club):
        sheet = gather.sheet_for(table, explain=request.GET.get("explain") == "1")
        content = documents.table_sheet(sheet, _paper(request))
    return _pdf(content, f"table-{table.number}")


@require_safe
def blank_sheet(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    link = absolute_url(request, reverse("table", kwargs={"token": table.token}))
    with _language(request, table.event.club):
        content = documents.blank_sheet(gather.blank_for(table, link), _paper(request))
    return _pdf(content, f"blank-{table.number}")


@login_required
@require_safe
def event_report(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(user=request.user, event_id=event_id)
    if is_duplicate(event):  # its results are printed from its own scores, in the language and paper asked for
        results = reverse("duplicate-results-pdf", args=[event.pk])
        return redirect(f"{results}?{request.GET.urlencode()}" if request.GET else results)
    with _language(request, event.club):
        if is_tournament(event):  # ranked by the tournament's method, not by chips
            content = documents.tournament_report(gather.tournament_report_for(event), _paper(request))
        else:
            content = documents.event_report(gather.event_report_for(event), _paper(request))
    return _pdf(content, f"event-{event.pk}")


@login_required
@require_safe
def round_report(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A tournament round's results: the standings after it and its tables."""
    event = directed_event(user=request.user, event_id=event_id)
    if not is_tournament(event):
        raise Http404
    if is_duplicate(event):
        return redirect("duplicate-director", event_id=event.pk)
    with _language(request, event.club):
        content = documents.tournament_report(gather.tournament_report_for(event, round_number=number), _paper(request))
    return _pdf(content, f"event-{event.pk}-round-{number}")


@login_required
@require_safe
def personal_report(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    event = directed_event(user=request.user, event_id=event_id)
    player = get_object_or_404(Player, pk=player_id, club=event.club)
    with _language(request, event.club):
        report = dataclasses.replace(gather.personal_report_for(event, player), link=_own_link(request, player))
        content = documents.personal_report(report, _paper(request))
    return _pdf(content, f"player-{player.pk}")


def _own_link(request: HttpRequest, player: Player) -> str:
    """The player's own page (made on the first report that prints it), as a phone should open it."""
    return absolute_url(request, reverse("player-page", kwargs={"token": player_link_get(player=player).token}))


@login_required
@require_safe
def season_report(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = directed_club(user=request.user, club_id=club_id)
    player = get_object_or_404(Player, pk=player_id, club=club)
    year = season_year(request.GET.get("year"))
    with _language(request, club):
        season = gather.personal_season_for(club, player, year, unit=request.GET.get("unit"))
        report = dataclasses.replace(season, link=_own_link(request, player))
        content = documents.personal_report(report, _paper(request))
    return _pdf(content, f"player-{player.pk}-{year}")


@login_required
@require_safe
def table_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    """A card for each physical table of the event: its number and the QR code of its link for the whole event."""
    event = directed_event(user=request.user, event_id=event_id)
    places = physical_tables_ensure(event=event, count=places_needed(event=event))
    with _language(request, event.club):
        cards = seating.cards_for(event, places, lambda p: absolute_url(request, reverse("place", args=[p.token])))
        content = seating.table_cards(cards, _paper(request))
    return _pdf(content, "table-cards")


@login_required
@require_safe
def seating_list(request: HttpRequest, event_id: int, round: int) -> HttpResponse:
    """A round's seating, by table and by name, in the club's language."""
    event = directed_event(user=request.user, event_id=event_id)
    found = seating.seating_for(event, round)
    if found is None and seating.seated_when_open(event, round):
        messages.info(
            request,
            _("Round %(round)s is seated by the standings when it opens: its seating list is printed then.")
            % {"round": round},
        )
        return redirect("tournament", event_id=event.pk)
    if found is None:
        raise Http404
    with _language(request, event.club):
        content = seating.seating_list(found, _paper(request))
    return _pdf(content, f"seating-round-{round}")
