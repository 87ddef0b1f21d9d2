"""The analysis pages for directors: a player's figures, an evening's, and the season ladder with the rating."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from scorekeeper.analysis.charts import ladder_chart, player_charts
from scorekeeper.analysis.figures import ROLES
from scorekeeper.analysis.rulesets import rulesets_compared
from scorekeeper.analysis.selectors import event_analysis, ladder, player_analysis
from scorekeeper.clubs.models import Player
from scorekeeper.clubs.selectors import directed_club
from scorekeeper.engine import Contract
from scorekeeper.events.selectors import directed_event, season_year
from scorekeeper.tables.presenters import CONTRACTS

ROLE_WORDS = {"hombre": gettext_lazy("hombre"), "ally": gettext_lazy("ally"), "opponent": gettext_lazy("opponent")}


@login_required
@require_safe
def season(request: HttpRequest, club_id: int) -> HttpResponse:
    club = directed_club(user=request.user, club_id=club_id)
    year = season_year(request.GET.get("year"))
    board = ladder(club=club, year=year, order=request.GET.get("by", "chips"))
    chart = ladder_chart(board)
    return render(request, "analysis/ladder.html", {"club": club, "year": year, "ladder": board, "chart": chart})


@login_required
@require_safe
def player(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = directed_club(user=request.user, club_id=club_id)
    person = get_object_or_404(Player, pk=player_id, club=club)
    text = request.GET.get("year", "")
    year = season_year(request.GET.get("year")) if text else None
    page = player_analysis(player=person, year=year, unit=request.GET.get("unit"))
    chips, rating = player_charts(page)
    contracts = [
        (CONTRACTS[Contract(name)], figures)
        for name, figures in sorted(page.figures.contracts.items(), key=lambda item: -item[1].played)
    ]
    roles = [(ROLE_WORDS[role], page.figures.roles[role]) for role in ROLES]
    return render(
        request,
        "analysis/player.html",
        {
            "club": club,
            "page": page,
            "f": page.figures,
            "contracts": contracts,
            "roles": roles,
            "chips": chips,
            "rating": rating,
        },
    )


@login_required
@require_safe
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    evening = directed_event(user=request.user, event_id=event_id)
    context = {"event": evening, "a": event_analysis(event=evening), "compared": rulesets_compared(event=evening)}
    return render(request, "analysis/event.html", context)
