"""Links between the pages of a club's results site, whether served or written as files (public.site)."""

from django import template

register = template.Library()


@register.filter
def event_link(links, event) -> str:
    return links.event(event)


@register.filter
def season_link(links, year) -> str:
    return links.season(year)


@register.filter
def player_link(links, player) -> str:
    return links.player(player)
