"""The evening's standings for the director, and the live page a projector shows (its board polled by htmx)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from scorekeeper.events import forms
from scorekeeper.events.forms import screen_asked
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import TIE_BREAK, event_standings, live_screen
from scorekeeper.events.views.asking import event_of
from scorekeeper.links import path_around

LIVE_SECONDS = 4  # before the board shows the next screen of players (with fresh figures)


def _standings_context(event: Event, query) -> dict:
    form = forms.RoundForm(query)
    round_number = form.cleaned_data["round"] if form.is_valid() else None
    summary = event_standings(event=event, round=round_number)
    return {
        "report": path_around("player-report", event.pk),  # each player's report, one address a row
        "event": event,
        "summary": summary,
        "round": round_number,
        "tie_break": TIE_BREAK,
        "rounds": range(1, summary.current_round + 1),
        "updated": timezone.localtime(),
    }


def _tournament(event: Event) -> bool:
    """Whether the event holds a tournament, whose standings rank by its method on pages of their own (reached
    by their names: tournaments is a room above events)."""
    return event.kind == Event.Kind.TOURNAMENT and Event.objects.filter(pk=event.pk, tournament__isnull=False).exists()


@login_required
@require_safe
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    if _tournament(event):
        query = request.GET.urlencode()
        return redirect(reverse("tournament-standings", args=[event.pk]) + (f"?{query}" if query else ""))
    return render(request, "events/standings.html", _standings_context(event, request.GET))


@login_required
@require_safe
def live(request: HttpRequest, event_id: int) -> HttpResponse:
    """Large type for a projector: a screen of players at a time (as many as the projector shows, its script
    measures them), the next one with fresh figures every few seconds through htmx, so that every player comes
    round; the standings page lists them all at once."""
    event = event_of(request, event_id)
    if _tournament(event):
        return redirect("tournament-live", event_id=event.pk)
    context = _standings_context(event, {})
    number, rows = screen_asked(request.GET)
    context["screen"] = live_screen(context["summary"].accounts, number=number, rows=rows)
    context["seconds"] = LIVE_SECONDS
    template = "events/live.html#board" if request.htmx else "events/live.html"
    return render(request, template, context)
