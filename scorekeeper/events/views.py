"""Director pages: check-in, the seat draw, rounds, standings (with a live page for a projector), players."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs import services as club_services
from scorekeeper.clubs.models import Club
from scorekeeper.clubs.selectors import clubs_directed_by, directed_club
from scorekeeper.engine import EngineError
from scorekeeper.events import forms, services
from scorekeeper.events.models import Event, HouseRules, PlayerMerge
from scorekeeper.events.selectors import (
    TIE_BREAK,
    checked_in,
    directed_event,
    event_summary,
    merges_to_undo,
    seated_in_round,
)
from scorekeeper.tables.messages import EVENT_CLOSED, message_for
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import EventClosed, table_end_round


def _event(request: HttpRequest, event_id: int) -> Event:
    return directed_event(user=request.user, event_id=event_id)


def _club(request: HttpRequest, club_id: int) -> Club:
    return directed_club(user=request.user, club_id=club_id)


@login_required
@require_safe
def director_home(request: HttpRequest) -> HttpResponse:
    clubs = clubs_directed_by(user=request.user).prefetch_related("events")
    return render(request, "events/director_home.html", {"clubs": clubs})


def _confirm(request: HttpRequest, *, title: str, lines: list[str], button: str, back: str) -> HttpResponse:
    """The page that asks before a destructive action: the same POST again, with confirm=1 (no JavaScript)."""
    skip = ("csrfmiddlewaretoken", "confirm")
    keep = [(k, v) for k in request.POST if k not in skip for v in request.POST.getlist(k)]
    context = {"title": title, "lines": lines, "button": button, "back": back, "keep": keep, "action": request.path}
    return render(request, "events/confirm.html", context)


def _confirmed(request: HttpRequest) -> bool:
    form = forms.ConfirmForm(request.POST)
    return form.is_valid() and form.cleaned_data["confirm"]


@login_required
@require_safe
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    present = checked_in(event=event)
    return _event_page(request, event, forms.CheckInForm(event=event, initial={"present": sorted(present)}))


def _event_page(request: HttpRequest, event: Event, checkin_form: forms.CheckInForm, status: int = 200):
    summary = event_summary(event=event)
    if checkin_form.is_bound:
        present = {str(v) for v in checkin_form.data.getlist("present")}
    else:
        present = {str(v) for v in checkin_form.initial.get("present", [])}
    current = [t for t in summary.tables if t.table.round == summary.current_round]
    sitting_out = event.sitouts.filter(round=summary.current_round).select_related("player")
    context = {
        "event": event,
        "summary": summary,
        "players": event.club.players.filter(active=True),
        "present": present,
        "checkin_form": checkin_form,
        "current": current,
        "sitting_out": sitting_out,
        "round_finished": all(t.ended for t in current),
        "redraw": bool(current) and not any(t.records for t in current),
        "log": event.log.all(),
    }
    return render(request, "events/event.html", context, status=status)


@login_required
@require_POST
def checkin(request: HttpRequest, event_id: int) -> HttpResponse:
    """Save the ticked players; with "Draw seats", save them and draw the next round in the same step."""
    event = _event(request, event_id)
    form = forms.CheckInForm(request.POST, event=event)
    if not event.is_open:
        messages.error(request, EVENT_CLOSED)
        return redirect("event", event_id=event.pk)
    if not form.is_valid():
        return _event_page(request, event, form)
    count = services.checkin_apply(event=event, present=form.cleaned_data["present"])
    if form.cleaned_data["action"] != "draw":
        messages.success(request, _("%(count)s players checked in.") % {"count": count})
        return redirect("event", event_id=event.pk)
    return _draw(request, event, form.cleaned_data["method"])


@login_required
@require_POST
def draw(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    form = forms.CheckInForm(request.POST, event=event)
    form.is_valid()
    return _draw(request, event, form.cleaned_data.get("method") or "random")


def _draw(request: HttpRequest, event: Event, method: str) -> HttpResponse:
    summary = event_summary(event=event)
    current = [t for t in summary.tables if t.table.round == summary.current_round]
    redo = bool(current) and not all(t.ended for t in current) and not any(t.records for t in current)
    if redo and not _confirmed(request):
        return _confirm(
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
def table_end(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    event = _event(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    if not _confirmed(request):
        return _confirm(
            request,
            title=_("End the round of table %(number)s?") % {"number": table.number},
            lines=[
                _(
                    "No more deals can be recorded at this table; what is left on it is settled by the "
                    "end-of-session rule."
                )
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
    event = _event(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    try:
        services.round_extend(table=table, user=request.user)
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        messages.success(request, _("Table %(number)s plays one more tour.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def close(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    if not _confirmed(request):
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
        return _confirm(
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
    event = _event(request, event_id)
    form = forms.ReopenForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why in at most 300 characters."))
        return redirect("event", event_id=event.pk)
    services.event_reopen(event=event, user=request.user, note=form.cleaned_data["note"])
    messages.success(request, _("The event is open again; the reopening is recorded."))
    return redirect("event", event_id=event.pk)


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
    event = _event(request, event_id)
    return render(request, "events/standings.html", _standings_context(event, request.GET))


@login_required
@require_safe
def live(request: HttpRequest, event_id: int) -> HttpResponse:
    """Large type for a projector; htmx refreshes the table body every few seconds without a reload."""
    event = _event(request, event_id)
    template = "events/live.html#board" if request.htmx else "events/live.html"
    return render(request, template, _standings_context(event, {}))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    form = forms.EventForm(request.POST if request.method == "POST" else None, club=club)
    if form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_create(
                club=club,
                name=data["name"],
                date=data["date"],
                ruleset=data["ruleset"],
                options=data["options"],
                start=data["start"],
                kind=data["kind"],
                rounds=data["rounds"],
            )
        except (EngineError, ValueError) as error:
            form.add_error("rules", str(getattr(error, "message", error)))
        else:
            return redirect("event", event_id=event.pk)
    return render(request, "events/event_new.html", {"club": club, "form": form})


PLAYER_FORMS = {
    "add": forms.PlayerAddForm,
    "rename": forms.PlayerRenameForm,
    "activate": forms.PlayerActiveForm,
    "deactivate": forms.PlayerActiveForm,
    "merge": forms.PlayerMergeForm,
}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def players(request: HttpRequest, club_id: int) -> HttpResponse:
    """Players of a club: search, add (similar names are caught), rename, deactivate, merge duplicates."""
    club = _club(request, club_id)
    add_form = forms.PlayerAddForm(club=club)
    failed: dict = {}
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in PLAYER_FORMS:
            messages.error(request, _("Choose what to do."))
            return redirect("players", club_id=club.pk)
        form = PLAYER_FORMS[action](request.POST, club=club)
        if form.is_valid():
            done = _player_action(request, club, action, form.cleaned_data)
            if done is not None:
                return done
        if action == "add":
            add_form = form
        else:
            player = form.cleaned_data.get("player")
            failed = {"player": player.pk if player else None, "errors": [e for es in form.errors.values() for e in es]}
            if player is None:
                messages.error(request, " ".join(failed["errors"]))
    query = request.GET.get("q", "").replace("\x00", "").strip()[:80]
    listed = club.players.all()
    if query:
        listed = listed.filter(name__icontains=query)
    context = {
        "club": club,
        "players": listed,
        "query": query,
        "form": add_form,
        "failed": failed,
        "everyone": club.players.all(),
        "merges": merges_to_undo(club=club),
    }
    return render(request, "events/players.html", context, status=status)


def _player_action(request: HttpRequest, club: Club, action: str, data: dict) -> HttpResponse | None:
    """Do a validated player action; None when the service refused (the reason is in the messages)."""
    if action == "add":
        club_services.player_create(club=club, name=data["name"])
        messages.success(request, _("%(name)s added.") % {"name": data["name"]})
    elif action == "rename":
        try:
            club_services.player_rename(player=data["player"], name=data["name"])
        except IntegrityError:
            messages.error(request, _("%(name)s is already a player of this club.") % {"name": data["name"]})
    elif action in ("activate", "deactivate"):
        club_services.player_set_active(player=data["player"], active=action == "activate")
    elif action == "merge":
        player, into = data["player"], data["into"]
        if not _confirmed(request):
            return _confirm(
                request,
                title=_("Merge %(old)s into %(new)s?") % {"old": player.name, "new": into.name},
                lines=[
                    _("Every seat, check-in and sit-out of %(old)s passes to %(new)s; %(old)s is deactivated.")
                    % {"old": player.name, "new": into.name},
                    _("The merge is written in each event's log and can be undone from the players page."),
                ],
                button=_("Merge"),
                back=reverse("players", kwargs={"club_id": club.pk}),
            )
        try:
            merge = services.player_merge(player=player, into=into, user=request.user)
        except services.MergeRefused as refused:
            tables = ", ".join(
                _("%(event)s, round %(round)s, table %(number)s")
                % {"event": t.event.name, "round": t.round, "number": t.number}
                for t in refused.tables
            )
            messages.error(
                request,
                _(
                    "%(old)s and %(new)s sat at the same table (%(tables)s): they are two people, "
                    "and one person cannot hold two seats of a table. Nothing was merged."
                )
                % {"old": player.name, "new": into.name, "tables": tables},
            )
        else:
            messages.success(
                request,
                _("%(old)s merged into %(new)s (%(tables)s seats moved).")
                % {"old": merge.name, "new": into.name, "tables": len(merge.moved["seats"])},
            )
    return redirect("players", club_id=club.pk)


@login_required
@require_POST
def merge_undo(request: HttpRequest, club_id: int, merge_id: int) -> HttpResponse:
    club = _club(request, club_id)
    merge = get_object_or_404(PlayerMerge, pk=merge_id, club=club)
    if not _confirmed(request):
        return _confirm(
            request,
            title=_("Undo the merge of %(old)s into %(new)s?") % {"old": merge.name, "new": merge.into.name},
            lines=[_("What moved goes back to %(old)s, who is active again.") % {"old": merge.name}],
            button=_("Undo the merge"),
            back=reverse("players", kwargs={"club_id": club.pk}),
        )
    try:
        services.player_merge_undo(merge=merge, user=request.user)
    except services.MergeUndone:
        messages.error(request, _("That merge was already undone."))
    else:
        messages.success(request, _("%(old)s is a separate player again.") % {"old": merge.name})
    return redirect("players", club_id=club.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_seats(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Replace a player who left, or swap two seats: audited in the event's log, and the table replayed. The page
    (GET) asks whom to seat where, one table at a time: the event's page stays light at any number of tables."""
    event = _event(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    if request.method != "POST":
        seated = seated_in_round(event=event, round=table.round)
        players = [p for p in event.club.players.filter(active=True) if p.pk not in seated]
        return render(request, "events/table_seats.html", {"event": event, "table": table, "players": players})
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
    if not _confirmed(request):
        back = reverse("event", kwargs={"event_id": event.pk})
        return _confirm(request, title=title, lines=lines, button=_("Change the seats"), back=back)
    try:
        if data["action"] == "replace":
            services.table_seat_replace(table=table, seat=data["seat"], player=data["player"], user=request.user)
        else:
            services.table_seat_swap(table=table, first=data["first"], second=data["second"], user=request.user)
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
def table_link(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """A new entry link for a table: the old one stops at once (a phone was lost)."""
    event = _event(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    if not _confirmed(request):
        return _confirm(
            request,
            title=_("A new link for table %(number)s?") % {"number": table.number},
            lines=[_("The old link and its QR code stop working at once; scan the new QR code on the phones.")],
            button=_("Issue a new link"),
            back=reverse("event", kwargs={"event_id": event.pk}),
        )
    services.table_link_renew(table=table, user=request.user)
    messages.success(request, _("Table %(number)s has a new link.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


LATE = {
    "table": _("%(name)s and the three players sitting out make a new table."),
    "redraw": _("No deal had been recorded: the round is drawn again with %(name)s."),
    "sitout": _("%(name)s sits out this round (its deals have begun) and is drawn in the next."),
    "checked-in": _("%(name)s is checked in."),
}


@login_required
@require_POST
def late_arrival(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    form = forms.LateArrivalForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, " ".join(e for es in form.errors.values() for e in es))
        return redirect("event", event_id=event.pk)
    player = form.cleaned_data["player"]
    try:
        result = services.seat_late_arrival(event=event, player=player, user=request.user)
    except EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        messages.success(request, LATE[result] % {"name": player.name})
    return redirect("event", event_id=event.pk)


@login_required
@require_safe
def house_rules(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    return render(request, "events/house_rules.html", {"club": club, "presets": club.house_rules.all()})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def house_rules_edit(request: HttpRequest, club_id: int, preset_id: int | None = None) -> HttpResponse:
    club = _club(request, club_id)
    preset = get_object_or_404(HouseRules, pk=preset_id, club=club) if preset_id is not None else None
    form = forms.HouseRulesForm(request.POST if request.method == "POST" else None, club=club, preset=preset)
    if form.is_valid():
        data = form.cleaned_data
        services.house_rules_save(
            club=club, name=data["name"], ruleset=data["ruleset"], options=data["options"], preset=preset
        )
        messages.success(request, _("House rules “%(name)s” saved.") % {"name": data["name"]})
        return redirect("house-rules", club_id=club.pk)
    return render(request, "events/house_rules_form.html", {"club": club, "preset": preset, "form": form})


@login_required
@require_POST
def house_rules_delete(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    club = _club(request, club_id)
    preset = get_object_or_404(HouseRules, pk=preset_id, club=club)
    if not _confirmed(request):
        return _confirm(
            request,
            title=_("Delete the house rules “%(name)s”?") % {"name": preset.name},
            lines=[_("Events created with them keep their rules.")],
            button=_("Delete"),
            back=reverse("house-rules-edit", kwargs={"club_id": club.pk, "preset_id": preset.pk}),
        )
    services.house_rules_delete(preset=preset)
    messages.success(request, _("House rules “%(name)s” deleted.") % {"name": preset.name})
    return redirect("house-rules", club_id=club.pk)
