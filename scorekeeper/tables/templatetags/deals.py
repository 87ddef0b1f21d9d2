"""Template filters for deals: the settlement explanation in the page's language."""

from __future__ import annotations

from django import template

from scorekeeper.tables.messages import author_words
from scorekeeper.tables.presenters import end_of_round_words, explanation, progress_words, store_text

register = template.Library()


@register.filter
def explained(entry, players) -> str:
    """`{{ entry|explained:view.session.players }}`: the entry's notes as sentences in the active language."""
    return explanation(entry, players)


@register.filter
def store_words(state, ruleset) -> str:
    """`{{ view.state|store_words:view.ruleset }}`: what is on the table, in the active language."""
    return store_text(state, ruleset)


@register.filter
def author(who: str) -> str:
    """`{{ change.who|author }}`: who made a change, a table link or the app worded in the active language."""
    return author_words(who)


@register.filter
def progress(view) -> str:
    """`{{ view|progress }}`: where the table's round stands (tour, deal, deals played and to play)."""
    return progress_words(view)


@register.filter
def end_of_round(view) -> str:
    """`{{ view|end_of_round }}`: what the end-of-round rule did with what was left on the table, once the round is
    over ("" otherwise)."""
    return end_of_round_words(view)
