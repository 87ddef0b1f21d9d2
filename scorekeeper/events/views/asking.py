"""What every director page does first (the event or club the director directs), and the "are you sure?" page
that a destructive action asks before it runs (no JavaScript: the same POST again, with confirm=1)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.clubs.models import Club
from scorekeeper.clubs.selectors import directed_club
from scorekeeper.events import forms
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import directed_event


def event_of(request: HttpRequest, event_id: int) -> Event:
    return directed_event(user=request.user, event_id=event_id)


def club_of(request: HttpRequest, club_id: int) -> Club:
    return directed_club(user=request.user, club_id=club_id)


class _Unconfirmed(Exception):
    def __init__(self, question: dict) -> None:
        super().__init__(question["title"])
        self.question = question


def confirmed(request: HttpRequest) -> bool:
    """Whether the POST confirms its action (confirm=1, from the page `ask` shows)."""
    form = forms.ConfirmForm(request.POST)
    return form.is_valid() and form.cleaned_data["confirm"]


def ask(request: HttpRequest, *, title: str, lines: list[str], button: str, back: str) -> None:
    """Go on only when the POST confirms its action; otherwise the view (decorated with @confirmation) answers
    with the page asking `title`, each of `lines`, a `button` that posts the same again, and a way `back`."""
    if not confirmed(request):
        raise _Unconfirmed({"title": title, "lines": lines, "button": button, "back": back})


def confirmation(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view that may `ask` before it acts: the asking page is its answer until the director confirms."""

    @functools.wraps(view)
    def asking(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except _Unconfirmed as unconfirmed:
            skip = ("csrfmiddlewaretoken", "confirm")
            keep = [(k, v) for k in request.POST if k not in skip for v in request.POST.getlist(k)]
            context = {**unconfirmed.question, "keep": keep, "action": request.path}
            return render(request, "events/confirm.html", context)

    return asking
