"""A club's results site, opt-in: its closed events with their final standings and the evening's report, the
season ladder and each player's page. The same pages are served by the app and written as static files by
`publish_club`; only the links differ (`WebLinks`, `FileLinks`)."""

from __future__ import annotations

from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

from scorekeeper.analysis.charts import ladder_chart, player_charts
from scorekeeper.analysis.selectors import ladder, player_analysis
from scorekeeper.clubs.models import Club, Player
from scorekeeper.drawing.charts import line_chart, svg
from scorekeeper.engine import EngineError
from scorekeeper.events import units
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import TIE_BREAK, event_summary
from scorekeeper.reports.gather import event_report_for
from scorekeeper.tournaments import duplicate, pages
from scorekeeper.tournaments.standings import is_duplicate, is_tournament, tournament_standings
from scorekeeper.tournaments.views_duplicate import standings_rows


class WebLinks:
    """Links between the pages as the app serves them."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.css = static("css/app.css")

    def index(self) -> str:
        return reverse("club-site", args=[self.club.pk])

    def event(self, event: Event) -> str:
        return reverse("club-site-event", args=[self.club.pk, event.pk])

    def season(self, year: int) -> str:
        return reverse("club-site-season", args=[self.club.pk, year])

    def player(self, player: Player) -> str:
        return reverse("club-site-player", args=[self.club.pk, player.pk])


class FileLinks:
    """Links between the pages as files side by side in one folder, opened from disk or any web server."""

    css = "app.css"

    def index(self) -> str:
        return "index.html"

    def event(self, event: Event) -> str:
        return f"event-{event.pk}.html"

    def season(self, year: int) -> str:
        return f"season-{year}.html"

    def player(self, player: Player) -> str:
        return f"player-{player.pk}.html"


def site_events(club: Club) -> list[Event]:
    """The club's events whose standings are final (closed), latest first."""
    return list(club.events.filter(status=Event.Status.CLOSED).order_by("-date", "name"))


def site_years(club: Club) -> list[int]:
    return sorted({event.date.year for event in site_events(club)}, reverse=True)


def index_context(club: Club, links) -> dict:
    return {"club": club, "links": links, "events": site_events(club), "years": site_years(club)}


def event_context(event: Event, links) -> dict:
    summary = event_summary(event=event)
    report = event_report_for(event)
    title = _("Each player's account, deal after deal")
    chart = line_chart(
        report.series,
        title,
        width=360,
        height=300 + 18 * max(0, len(report.series) - 4),
        font_size=12,
        empty=_("No deal played yet."),
        x_label=_("deals played"),
        y_label=units.axis(event.ruleset),
    )
    context = {
        "club": event.club,
        "links": links,
        "event": event,
        "summary": summary,
        "report": report,
        "tie_break": TIE_BREAK,
        "chart": svg(chart, "accounts", title),
    }
    if is_duplicate(event):  # ranked over the boards, as on its own results page
        try:
            results = duplicate.duplicate_results(tournament=event.tournament)
        except EngineError:
            results = None  # a recorded deal the rules refuse: the site shows the event without its standings
        if results is not None:
            context["duplicate"] = {"standings": standings_rows(results), "method": results.method}
    elif is_tournament(event):  # ranked by the tournament's method, not by chips
        view = tournament_standings(event=event)
        context["tournament"] = {
            "rows": pages.rows(view),
            "teams": pages.team_rows(view),
            "explained": pages.explained(view),
        }
    return context


def season_context(club: Club, year: int, links) -> dict:
    # Only the season's closed events count on a public page, as its list of events: an open one's results may
    # still change.
    board = ladder(club=club, year=year, events={event.pk for event in site_events(club)})
    return {"club": club, "links": links, "year": year, "ladder": board, "chart": ladder_chart(board)}


def player_context(player: Player, links, *, own_link: bool = False) -> dict:
    page = player_analysis(player=player)
    chips, rating = player_charts(page)
    # On the club's site only the finished events; on his own page, every one.
    closed = {event.pk for event in site_events(player.club)}
    history = [(event, chips) for event, chips in page.chips_history if own_link or event.pk in closed]
    return {
        "club": player.club,
        "links": links,
        "page": page,
        "f": page.figures,
        "chips": chips,
        "rating": rating,
        "history": history,
        "own_link": own_link,
    }
