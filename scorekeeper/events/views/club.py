"""The club's director pages: the clubs directed, a new event, the players, the house rules."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs import services as club_services
from scorekeeper.clubs.models import Club
from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.engine import EngineError
from scorekeeper.events import forms, services
from scorekeeper.events.models import HouseRules, PlayerMerge
from scorekeeper.events.selectors import merges_to_undo
from scorekeeper.events.views.asking import ask, club_of, confirmation


@login_required
@require_safe
def director_home(request: HttpRequest) -> HttpResponse:
    clubs = clubs_directed_by(user=request.user).prefetch_related("events")
    return render(request, "events/director_home.html", {"clubs": clubs})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_of(request, club_id)
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
@confirmation
def players(request: HttpRequest, club_id: int) -> HttpResponse:
    """Players of a club: search, add (similar names are caught), rename, deactivate, merge duplicates."""
    club = club_of(request, club_id)
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
        ask(
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
@confirmation
def merge_undo(request: HttpRequest, club_id: int, merge_id: int) -> HttpResponse:
    club = club_of(request, club_id)
    merge = get_object_or_404(PlayerMerge, pk=merge_id, club=club)
    ask(
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
@require_safe
def house_rules(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_of(request, club_id)
    return render(request, "events/house_rules.html", {"club": club, "presets": club.house_rules.all()})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def house_rules_edit(request: HttpRequest, club_id: int, preset_id: int | None = None) -> HttpResponse:
    club = club_of(request, club_id)
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
@confirmation
def house_rules_delete(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    club = club_of(request, club_id)
    preset = get_object_or_404(HouseRules, pk=preset_id, club=club)
    ask(
        request,
        title=_("Delete the house rules “%(name)s”?") % {"name": preset.name},
        lines=[_("Events created with them keep their rules.")],
        button=_("Delete"),
        back=reverse("house-rules-edit", kwargs={"club_id": club.pk, "preset_id": preset.pk}),
    )
    services.house_rules_delete(preset=preset)
    messages.success(request, _("House rules “%(name)s” deleted.") % {"name": preset.name})
    return redirect("house-rules", club_id=club.pk)
