"""Director pages: check-in, the seat draw, rounds, standings (with a live page for a projector), players."""

from __future__ import annotations

import datetime as dt
import difflib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.clubs.models import Club, Player
from scorekeeper.clubs.selectors import clubs_directed_by
from scorekeeper.clubs.services import player_merge
from scorekeeper.engine import EngineError, Options, RuleSet
from scorekeeper.events import services
from scorekeeper.events.models import CheckIn, Event
from scorekeeper.events.selectors import TIE_BREAK, event_summary
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import EventClosed


def season_year(request: HttpRequest) -> int:
    """The ?year= of a season page, or this year for anything else typed there."""
    text = request.GET.get("year", "")
    return int(text) if text.isdigit() and 1900 < int(text) < 3000 else timezone.localdate().year


def directed_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not clubs_directed_by(user=request.user).filter(pk=event.club_id).exists():
        raise Http404
    return event


def directed_club(request: HttpRequest, club_id: int) -> Club:
    club = get_object_or_404(Club, pk=club_id)
    if not clubs_directed_by(user=request.user).filter(pk=club.pk).exists():
        raise Http404
    return club


@login_required
@require_GET
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    summary = event_summary(event=event)
    present = set(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))
    players = event.club.players.filter(active=True)
    current = [t for t in summary.tables if t.table.round == summary.current_round]
    sitting_out = event.sitouts.filter(round=summary.current_round).select_related("player")
    context = {
        "event": event,
        "summary": summary,
        "players": players,
        "present": present,
        "current": current,
        "sitting_out": sitting_out,
        "round_finished": all(t.ended for t in current),
        "log": event.log.all(),
    }
    return render(request, "events/event.html", context)


@login_required
@require_POST
def checkin(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    chosen = {int(pk) for pk in request.POST.getlist("present") if pk.isdigit()}
    for player in event.club.players.filter(active=True):
        services.checkin_set(event=event, player=player, present=player.pk in chosen)
    messages.success(request, _("%(count)s players checked in.") % {"count": len(chosen)})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def draw(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    method = request.POST.get("method", "random")
    if method not in ("random", "cards", "standings"):
        method = "random"
    try:
        tables, out = services.seat_draw(event=event, method=method)
    except services.RoundNotFinished:
        messages.error(request, _("Every table must end the current round before a new seating."))
    except services.NotEnoughPlayers:
        messages.error(request, _("Check in at least four players first."))
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
    event = directed_event(request, event_id)
    table = get_object_or_404(Table, pk=table_id, event=event)
    try:
        services.table_end_round(table=table)
    except EngineError as error:
        messages.error(
            request,
            _("Table %(number)s cannot end yet: %(problem)s") % {"number": table.number, "problem": message_for(error)},
        )
    except EventClosed:
        messages.error(request, _("This event is closed: nothing can be changed."))
    else:
        messages.success(request, _("Table %(number)s has ended its round.") % {"number": table.number})
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def close(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    services.event_close(event=event, user=request.user)
    messages.success(request, _("The event is closed: table links no longer write."))
    return redirect("event", event_id=event.pk)


@login_required
@require_POST
def reopen(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    services.event_reopen(event=event, user=request.user, note=request.POST.get("note", "")[:300])
    messages.success(request, _("The event is open again; the reopening is recorded."))
    return redirect("event", event_id=event.pk)


def _standings_context(event: Event, round_param: str | None) -> dict:
    round_number = int(round_param) if round_param and round_param.isdigit() else None
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
@require_GET
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    return render(request, "events/standings.html", _standings_context(event, request.GET.get("round")))


@login_required
@require_GET
def live(request: HttpRequest, event_id: int) -> HttpResponse:
    """Large type for a projector; htmx refreshes the table body every few seconds without a reload."""
    event = directed_event(request, event_id)
    template = "events/live.html#board" if request.htmx else "events/live.html"
    return render(request, template, _standings_context(event, None))


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = directed_club(request, club_id)
    presets = club.house_rules.all()
    errors: dict[str, str] = {}
    values = {
        "name": "",
        "date": timezone.localdate().isoformat(),
        "kind": "evening",
        "rules": "",
        "ruleset": RuleSet.PARLETT_CHIPS.value,
        "start": "40",
        "rounds": "1",
        "tours": "10",
    }
    if request.method == "POST":
        values.update({k: request.POST.get(k, v).strip() for k, v in values.items()})
        ruleset, options = values["ruleset"], {}
        if values["rules"]:
            preset = presets.filter(pk=values["rules"]).first() if values["rules"].isdigit() else None
            if preset is None:
                errors["rules"] = _("Choose one of the club's house rules.")
            else:
                ruleset, options = preset.ruleset, dict(preset.options)
        if not values["name"]:
            errors["name"] = _("Give the event a name.")
        try:
            date = dt.date.fromisoformat(values["date"])
        except ValueError:
            errors["date"] = _("Enter a date such as 2026-11-21.")
        numbers = {}
        for key, low in (("start", 0), ("rounds", 1), ("tours", 1)):
            try:
                numbers[key] = int(values[key])
                if numbers[key] < low or numbers[key] > 100000:
                    raise ValueError
            except ValueError:
                errors[key] = _("Enter a whole number from %(low)s.") % {"low": low}
        if ruleset not in {r.value for r in RuleSet}:
            errors["ruleset"] = _("Choose a rule set.")
        if not errors:
            options["session.tours"] = numbers["tours"]
            try:
                Options.from_mapping(options)
                event = services.event_create(
                    club=club,
                    name=values["name"],
                    date=date,
                    ruleset=ruleset,
                    options=options,
                    start=numbers["start"],
                    kind=values["kind"] if values["kind"] in Event.Kind.values else "evening",
                    rounds=numbers["rounds"],
                )
            except (EngineError, ValueError) as error:
                errors["rules"] = str(getattr(error, "message", error))
            else:
                return redirect("event", event_id=event.pk)
    return render(
        request,
        "events/event_new.html",
        {
            "club": club,
            "presets": presets,
            "values": values,
            "errors": errors,
            "rulesets": [(r.value, Event(ruleset=r.value).get_ruleset_display()) for r in RuleSet],
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, club_id: int) -> HttpResponse:
    """Players of a club: search, add (similar names are caught), rename, deactivate, merge duplicates."""
    club = directed_club(request, club_id)
    query = request.GET.get("q", "").strip()
    error = ""
    similar: list[Player] = []
    name = ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "add":
            name = " ".join(request.POST.get("name", "").split())
            existing = list(club.players.all())
            similar = [p for p in existing if _similar(p.name, name)]
            if not name:
                error = _("Type the player's name.")
            elif any(p.name.casefold() == name.casefold() for p in existing):
                error = _("%(name)s is already a player of this club.") % {"name": name}
            elif similar and not request.POST.get("confirm"):
                error = _("Similar names exist: is this one of them? Tick “a different person” to add anyway.")
            else:
                Player.objects.create(club=club, name=name)
                messages.success(request, _("%(name)s added.") % {"name": name})
                return redirect("players", club_id=club.pk)
        elif action in ("deactivate", "activate", "rename", "merge"):
            player = get_object_or_404(Player, pk=request.POST.get("player"), club=club)
            if action == "rename":
                new = " ".join(request.POST.get("name", "").split())
                if new:
                    try:
                        with transaction.atomic():
                            Player.objects.filter(pk=player.pk).update(name=new)
                    except IntegrityError:
                        messages.error(request, _("%(name)s is already a player of this club.") % {"name": new})
            elif action == "merge":
                into = club.players.filter(pk=request.POST.get("into")).first()
                if into is None or into.pk == player.pk:
                    messages.error(request, _("Choose the player to merge into."))
                else:
                    moved = player_merge(player=player, into=into)
                    messages.success(
                        request,
                        _("%(old)s merged into %(new)s (%(tables)s tables moved).")
                        % {"old": player.name, "new": into.name, "tables": moved},
                    )
            else:
                Player.objects.filter(pk=player.pk).update(active=action == "activate")
            return redirect("players", club_id=club.pk)
    listed = club.players.all()
    if query:
        listed = listed.filter(name__icontains=query)
    return render(
        request,
        "events/players.html",
        {
            "club": club,
            "players": listed,
            "query": query,
            "error": error,
            "similar": similar,
            "name": name,
            "everyone": club.players.all(),
        },
    )


def _similar(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    return a != b and (
        difflib.SequenceMatcher(None, a, b).ratio() >= 0.8 or a.split()[-1:] == b.split()[-1:] and a[:1] == b[:1]
    )
