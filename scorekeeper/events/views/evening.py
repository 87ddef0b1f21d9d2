"""The director's evening: check-in, the seat draw, late arrivals, the tables' rounds, seats and links, closing."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs.selectors import club_players, club_roll
from scorekeeper.engine import EngineError
from scorekeeper.events import forms, services
from scorekeeper.events.models import Event
from scorekeeper.events.notices import checked_in_elsewhere_warning, seated_elsewhere_refusal
from scorekeeper.events.selectors import (
    TableProgress,
    checked_in,
    checked_in_elsewhere,
    current_round_progress,
    event_summary,
    playing_elsewhere,
    seated_in_round,
)
from scorekeeper.events.views.asking import ask, confirmation, confirmed, event_of
from scorekeeper.links import absolute_url
from scorekeeper.tables.messages import EVENT_CLOSED, message_for
from scorekeeper.tables.messages import gettext as _  # French elides before a name: "d'Ann"
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import EventClosed, table_end_round


@login_required
@require_safe
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    if event.kind == Event.Kind.TOURNAMENT and hasattr(event, "tournament"):
        return redirect("tournament", event_id=event.pk)  # a planned tournament is run from its own page
    present = checked_in(event=event)
    return _event_page(request, event, forms.CheckInForm(event=event, initial={"present": sorted(present)}))


def _event_page(request: HttpRequest, event: Event, checkin_form: forms.CheckInForm, status: int = 200):
    current_round, current = current_round_progress(event=event)
    if checkin_form.is_bound:
        present = {str(v) for v in checkin_form.data.getlist("present")}
    else:
        present = {str(v) for v in checkin_form.initial.get("present", [])}
    players = club_roll(club=event.club)  # every active player, in the order of names in the club's language
    elsewhere = playing_elsewhere(event=event) if event.is_open else {}
    sitting_out = event.sitouts.filter(round=current_round).select_related("player")
    context = {
        "event": event,
        "current_round": current_round,
        # each active player: checked in? seated at a running table of another open event?
        "roll": [(pk, name, str(pk) in present, elsewhere.get(pk)) for pk, name in players],
        "checkin_form": checkin_form,
        "current": current,
        "cards": _table_links(event, current),
        "sitting_out": sitting_out,
        "round_finished": all(t.ended for t in current),
        "redraw": bool(current) and not any(t.records for t in current),
        "log": event.log.all(),
    }
    return render(request, "events/event.html", context, status=status)


def _table_links(event: Event, current: list[TableProgress]) -> list[tuple[TableProgress, dict[str, str]]]:
    """Each table of the round with its addresses on the event page. Each address is reversed once a page, the
    table's key put in its place: five {% url %}s a table were a tenth of the page at 60 tables."""
    table, qr = _address("table"), _address("table-qr")
    end, extend, seats = (
        _address(name, event.pk) for name in ("event-table-end", "event-table-extend", "event-table-seats")
    )
    return [
        (
            t,
            {
                "table": table(t.table.token),
                "qr": qr(t.table.token),
                "end": end(t.table.pk),
                "extend": extend(t.table.pk),
                "seats": seats(t.table.pk),
            },
        )
        for t in current
    ]


def _address(name: str, *args) -> Callable[[object], str]:
    """The address `name` takes with `args` and any last argument: reversed with a stand-in (0) once."""
    before, after = reverse(name, args=[*args, 0]).rsplit("/0/", 1)
    return lambda key: f"{before}/{key}/{after}"


@login_required
@require_POST
@confirmation
def checkin(request: HttpRequest, event_id: int) -> HttpResponse:
    """Save the ticked players; with "Draw seats", save them and draw the next round in the same step."""
    event = event_of(request, event_id)
    form = forms.CheckInForm(request.POST, event=event)
    if not event.is_open:
        messages.error(request, EVENT_CLOSED)
        return redirect("event", event_id=event.pk)
    if not form.is_valid():
        return _event_page(request, event, form)
    count = services.checkin_apply(event=event, present=form.cleaned_data["present"])
    if elsewhere := checked_in_elsewhere(event=event, players=form.cleaned_data["present"]):
        messages.warning(request, checked_in_elsewhere_warning(elsewhere))
    if form.cleaned_data["action"] != "draw":
        messages.success(request, _("%(count)s players checked in.") % {"count": count})
        return redirect("event", event_id=event.pk)
    return _draw(request, event, form.cleaned_data["method"])


@login_required
@require_POST
@confirmation
def draw(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    form = forms.CheckInForm(request.POST, event=event)
    form.is_valid()
    return _draw(request, event, form.cleaned_data.get("method") or "random")


def _draw(request: HttpRequest, event: Event, method: str) -> HttpResponse:
    summary = event_summary(event=event)
    current = [t for t in summary.tables if t.table.round == summary.current_round]
    redo = bool(current) and not all(t.ended for t in current) and not any(t.records for t in current)
    if redo:
        ask(
            request,
            title=_("Draw round %(round)s again?") % {"round": summary.current_round},
            lines=[_("No deal has been recorded in this round: its tables and links are replaced by a new draw.")],
            button=_("Draw again"),
            back=reverse("event", kwargs={"event_id": event.pk}),
        )
    try:
        tables, out = services.seat_draw(event=event, method=method, redo=redo)
    except services.RoundNotFinished:
        messages.error(request, _("Every table must end the current round before a new seating."))
    except services.NotEnoughPlayers:
        messages.error(request, _("Check in at least four players first."))
    except services.SeatedElsewhere as refused:
        messages.error(request, seated_elsewhere_refusal(refused.seated))
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        seated = ngettext("%(count)s table seated", "%(count)s tables seated", len(tables)) % {"count": len(tables)}
        waiting = ngettext("%(count)s player sitting out", "%(count)s players sitting out", len(out)) % {
            "count": len(out)
        }
        messages.success(request, _("%(seated)s; %(waiting)s.") % {"seated": seated, "waiting": waiting})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
@confirmation
def table_end(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    ask(
        request,
        title=_("End the round of table %(number)s?") % {"number": table.number},
        lines=[
            _("No more deals can be recorded at this table; what is left on it is settled by the end-of-session rule.")
        ],
        button=_("End this table's round"),
        back=reverse("event", kwargs={"event_id": event.pk}),
    )
    try:
        table_end_round(table=table)
    except EngineError as error:
        messages.error(
            request,
            _("Table %(number)s cannot end yet: %(problem)s") % {"number": table.number, "problem": message_for(error)},
        )
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        messages.success(request, _("Table %(number)s has ended its round.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def table_extend(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    try:
        services.round_extend(table=table, user=request.user)
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    except EngineError:  # tournament_extend: a tournament table is never extended (T-6)
        messages.error(request, _("A tournament table plays its planned tours only: it is never extended."))
    else:
        messages.success(request, _("Table %(number)s plays one more tour.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
@confirmation
def close(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    if not confirmed(request):
        summary = event_summary(event=event)
        lines = [
            _("Table %(number)s (round %(round)s): %(deals)s deals, %(store)s still on the table.")
            % {"number": t.table.number, "round": t.table.round, "deals": t.deals, "store": t.store}
            for t in summary.tables
            if not t.ended
        ]
        if lines:
            lines.append(_("These tables end now: what is left on them is settled by the end-of-session rule."))
        lines.append(_("Table links stop writing; the event can be reopened, and the reopening is recorded."))
        ask(
            request,
            title=_("Close %(event)s?") % {"event": event.name},
            lines=lines,
            button=_("Close the event"),
            back=reverse("event", kwargs={"event_id": event.pk}),
        )
    services.event_close(event=event, user=request.user)
    messages.success(request, _("The event is closed: table links no longer write."))
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def reopen(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    form = forms.ReopenForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why in at most 300 characters."))
        return redirect("event", event_id=event.pk)
    services.event_reopen(event=event, user=request.user, note=form.cleaned_data["note"])
    messages.success(request, _("The event is open again; the reopening is recorded."))
    return redirect("event", event_id=event.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@confirmation
def table_seats(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Replace a player who left, or swap two seats: audited in the event's log, and the table replayed. The page
    (GET) asks whom to seat where, one table at a time: the event's page stays light at any number of tables."""
    event = event_of(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    if request.method != "POST":
        seated = seated_in_round(event=event, round=table.round)
        players = [p for p in club_players(club=event.club, active_only=True) if p.pk not in seated]
        address = absolute_url(request, reverse("table", kwargs={"token": table.token}))
        context = {"event": event, "table": table, "players": players, "address": address}
        return render(request, "events/table_seats.html", context)
    form = forms.SeatForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, " ".join(e for es in form.errors.values() for e in es))
        return redirect("event", event_id=event.pk)
    data = form.cleaned_data
    if data["action"] == "replace":
        left = table.players[data["seat"]]
        title = _("Seat %(new)s in place of %(old)s at table %(number)s?") % {
            "new": data["player"].name,
            "old": left.name,
            "number": table.number,
        }
        lines = [_("%(new)s takes the seat and its balance from now on.") % {"new": data["player"].name}]
    else:
        a, b = table.players[data["first"]], table.players[data["second"]]
        title = _("Swap %(a)s and %(b)s at table %(number)s?") % {"a": a.name, "b": b.name, "number": table.number}
        lines = [_("Every recorded deal is settled again with the seats exchanged.")]
    ask(
        request,
        title=title,
        lines=lines,
        button=_("Change the seats"),
        back=reverse("event", kwargs={"event_id": event.pk}),
    )
    try:
        if data["action"] == "replace":
            services.table_seat_replace(table=table, seat=data["seat"], player=data["player"], user=request.user)
        else:
            services.table_seat_swap(table=table, first=data["first"], second=data["second"], user=request.user)
    except services.SeatedElsewhere as refused:
        messages.error(request, seated_elsewhere_refusal(refused.seated))
    except services.SeatRefused:
        messages.error(request, _("That player cannot take this seat: they are already seated in this round."))
    except EventClosed:
        messages.error(request, _("This table has ended its round, or the event is closed: its seats are kept."))
    else:
        messages.success(
            request, _("Seats changed at table %(number)s; the change is in the log.") % {"number": table.number}
        )
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
@confirmation
def table_link(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """A new entry link for a table: the old one stops at once (a phone was lost)."""
    event = event_of(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    ask(
        request,
        title=_("A new link for table %(number)s?") % {"number": table.number},
        lines=[_("The old link and its QR code stop working at once; scan the new QR code on the phones.")],
        button=_("Issue a new link"),
        back=reverse("event", kwargs={"event_id": event.pk}),
    )
    services.table_link_renew(table=table, user=request.user)
    messages.success(request, _("Table %(number)s has a new link.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


# Lazy: worded in the language of the request that shows them, not the one active when the module was imported.
LATE = {
    "table": gettext_lazy("%(name)s and the three players sitting out make a new table."),
    "redraw": gettext_lazy("No deal had been recorded: the round is drawn again with %(name)s."),
    "sitout": gettext_lazy("%(name)s sits out this round (its deals have begun) and is drawn in the next."),
    "checked-in": gettext_lazy("%(name)s is checked in."),
}


@login_required
@require_POST
def late_arrival(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_of(request, event_id)
    form = forms.LateArrivalForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, " ".join(e for es in form.errors.values() for e in es))
        return redirect("event", event_id=event.pk)
    player = form.cleaned_data["player"]
    try:
        result = services.seat_late_arrival(event=event, player=player, user=request.user)
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    except services.SeatedElsewhere as refused:
        messages.error(request, seated_elsewhere_refusal(refused.seated))
    else:
        messages.success(request, LATE[result] % {"name": player.name})
    return redirect("event", event_id=event.pk)
