"""The analysis pages' charts as inline SVG, for the director's pages and the public ones alike (phone-sized;
they scale to the width of their box)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scorekeeper.analysis.selectors import Ladder, PlayerAnalysis
from scorekeeper.drawing.charts import line_chart, svg
from scorekeeper.events import units

# 12 units on a 360-unit drawing: at least 11 px on a 390 px phone, where the chart is about 335 px wide.
PHONE_CHART = {"width": 360, "height": 230, "font_size": 12}


def _chart(ident: str, name: str, values: list, title: str, y_label: str) -> str:
    """A line chart of one player's values event after event, from 0 before the first."""
    drawing = line_chart(
        {name: [0, *values]},
        title,
        **PHONE_CHART,
        empty=_("No event played yet."),
        x_label=_("events played"),
        y_label=y_label,
    )
    return svg(drawing, ident, title)


def player_charts(page: PlayerAnalysis, prefix: str = "") -> tuple[str, str]:
    """The player's chips and rating, event after event."""
    name = page.player.name
    titles = {"points": _("Points won, event after event"), "counters": _("Counters won, event after event")}
    chips = _chart(
        f"{prefix}chips",
        name,
        [chips for _event, chips in page.chips_history],
        titles.get(page.unit) or _("Chips won, event after event"),
        units.axis(page.ruleset),
    )
    rating = _chart(
        f"{prefix}rating",
        name,
        [value for _event, value in page.rating_history],
        _("Rating after each event"),
        _("rating points"),
    )
    return chips, rating


def ladder_chart(board: Ladder) -> str:
    """The five best rated players' ratings over the season."""
    title = _("The five best rated, event after event")
    drawing = line_chart(
        board.rating_series,
        title,
        width=360,
        height=320,
        font_size=12,
        x_label=_("events of the season"),
        y_label=_("rating points"),
    )
    return svg(drawing, "ratings", title)
