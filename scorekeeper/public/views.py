"""Public pages: an event's standings and live page through its public link, read-only and without a login; and
the director's switch that makes or revokes that link."""

from __future__ import annotations

import functools

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from scorekeeper.clubs.models import Club, Player
from scorekeeper.clubs.selectors import directed_club, player_by_link
from scorekeeper.events.forms import screen_asked
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import TIE_BREAK, directed_event, event_standings, live_screen
from scorekeeper.links import absolute_url
from scorekeeper.public import services, site
from scorekeeper.public.selectors import event_by_link
from scorekeeper.tournaments.standings import is_duplicate_format
from scorekeeper.tournaments.standings_views import card_context, standings_context, through_round

LIVE_SECONDS = 8  # before the next screen (and fresh figures)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@functools.lru_cache(maxsize=64)
def qr_svg(url: str) -> str:
    """A QR code of the link as an inline SVG element (drawn once a link: it took half a live page's time)."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return image.to_string(encoding="unicode")


@login_required
@require_POST
def event_link(request: HttpRequest, event_id: int) -> HttpResponse:
    """Make (or make again) the event's public link, or revoke it."""
    event = directed_event(user=request.user, event_id=event_id)
    if request.POST.get("action") == "revoke":
        services.event_link_revoke(event=event)
        messages.success(request, _("The public link is revoked: it no longer opens anything."))
    else:
        services.event_link_make(event=event)
        messages.success(request, _("A new public link is ready; any earlier one no longer works."))
    return redirect("event", event_id=event.pk)


def _linked_tournament(event: Event):
    """The tournament read with the public link (event_by_link's `tournament`); None for a club evening's."""
    return getattr(event, "tournament", None) if event.kind == Event.Kind.TOURNAMENT else None


@require_safe
def standings(request: HttpRequest, token: str) -> HttpResponse:
    event = event_by_link(token=token, tournament=True)
    tournament = _linked_tournament(event)
    if tournament is not None and is_duplicate_format(tournament):
        return redirect("duplicate-results", token=token)
    if tournament is not None:
        round_number = through_round(request.GET)
        context = standings_context(
            event, page=request.path, round_number=round_number, token=token, tournament=tournament
        )
        return render(request, "tournaments/standings.html", context)
    summary = event_standings(event=event)
    context = {"event": event, "summary": summary, "tie_break": TIE_BREAK, "token": token}
    return render(request, "public/standings.html", context)


@require_safe
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Large type for a projector: a screen of players at a time, the next one (with fresh figures) every few
    seconds through htmx, and a QR code of the public standings in a corner."""
    event = event_by_link(token=token, tournament=True)
    tournament = _linked_tournament(event)  # what the board polls
    if tournament is not None and is_duplicate_format(tournament):
        return redirect("duplicate-results", token=token)
    if tournament is not None:
        link = absolute_url(request, reverse("public-standings", kwargs={"token": token}))
        context = {
            **standings_context(event, page=request.path, token=token, tournament=tournament),
            "qr": qr_svg(link),
        }
        return render(request, "tournaments/live.html#board" if request.htmx else "tournaments/live.html", context)
    summary = event_standings(event=event)
    number, rows = screen_asked(request.GET)
    screen = live_screen(summary.accounts, number=number, rows=rows)
    link = absolute_url(request, reverse("public-standings", kwargs={"token": token}))
    context = {
        "event": event,
        "summary": summary,
        "screen": screen,
        "tie_break": TIE_BREAK,
        "token": token,
        "seconds": LIVE_SECONDS,
        "updated": timezone.localtime(),
        "link": link,
    }
    if request.htmx:  # the next screen of the board alone: no QR code in it
        return render(request, "public/live.html#board", context)
    context["qr"] = qr_svg(link)
    return render(request, "public/live.html", context)


@require_safe
def score_card(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A tournament entrant's score card through the public link (404 for an evening's link)."""
    event = event_by_link(token=token, tournament=True)
    tournament = _linked_tournament(event)
    if tournament is None:
        raise Http404
    if is_duplicate_format(tournament):
        return redirect("duplicate-card", token=token, number=number)
    return render(request, "tournaments/card.html", card_context(event, number, token=token, tournament=tournament))


@require_safe
def standings_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of an event's public standings (404 once the link is revoked)."""
    event_by_link(token=token)
    link = absolute_url(request, reverse("public-standings", kwargs={"token": token}))
    return HttpResponse(qr_svg(link), content_type="image/svg+xml")


# A club's results site (public.site): served here, written as files by publish_club.


def _site_club(club_id: int) -> Club:
    """The club, if it has opened its results site (404 otherwise)."""
    return get_object_or_404(Club, pk=club_id, results_site__isnull=False)


@login_required
@require_POST
def club_site_switch(request: HttpRequest, club_id: int) -> HttpResponse:
    club = directed_club(user=request.user, club_id=club_id)
    published = request.POST.get("action") == "publish"
    services.club_site_set(club=club, published=published)
    if published:
        messages.success(request, _("The club's results site is open to anybody."))
    else:
        messages.success(request, _("The club's results site is taken down."))
    return redirect("director")


@require_safe
def club_site(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _site_club(club_id)
    return render(request, "public/site/index.html", site.index_context(club, site.WebLinks(club)))


@require_safe
def club_site_event(request: HttpRequest, club_id: int, event_id: int) -> HttpResponse:
    club = _site_club(club_id)
    event = get_object_or_404(Event, pk=event_id, club=club, status=Event.Status.CLOSED)
    return render(request, "public/site/event.html", site.event_context(event, site.WebLinks(club)))


@require_safe
def club_site_season(request: HttpRequest, club_id: int, year: int) -> HttpResponse:
    club = _site_club(club_id)
    return render(request, "public/site/season.html", site.season_context(club, year, site.WebLinks(club)))


@require_safe
def club_site_player(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = _site_club(club_id)
    player = get_object_or_404(Player, pk=player_id, club=club)
    return render(request, "public/site/player.html", site.player_context(player, site.WebLinks(club)))


@require_safe
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own page through his own link: his history, figures and charts, whether or not the club
    publishes a results site."""
    player = player_by_link(token=token)
    context = site.player_context(player, site.WebLinks(player.club), own_link=True)
    return render(request, "public/site/player.html", context)
