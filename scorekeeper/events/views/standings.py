"""The evening's standings for the director, and the live page a projector shows (its board polled by htmx)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from scorekeeper.events import forms
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import TIE_BREAK, event_summary
from scorekeeper.events.views.asking import event_of


def _standings_context(event: Event, query) -> dict:
    form = forms.RoundForm(query)
    round_number = form.cleaned_data["round"] if form.is_valid() else None
    summary = event_summary(event=event, round=round_number)
    return {
        "event": event,
        "summary": summary,
        "round": round_number,
        "tie_break": TIE_BREAK,
        "rounds": range(1, summary.current_round + 1),
        "updated": timezone.localtime(),
    }


@login_required
@require_safe
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    return render(request, "events/standings.html", _standings_context(event, request.GET))


@login_required
@require_safe
def live(request: HttpRequest, event_id: int) -> HttpResponse:
    """Large type for a projector; htmx refreshes the table body every few seconds without a reload."""
    event = event_of(request, event_id)
    template = "events/live.html#board" if request.htmx else "events/live.html"
    return render(request, template, _standings_context(event, {}))
