"""The event log in the reader's language: `{{ entry.action|log_action }}`, `{{ entry|log_note }}`. The log stores
stable action codes (and, for a duplicate tournament's boards, notes in a fixed form); the words are made here."""

from __future__ import annotations

import re

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.tables.messages import author_words

register = template.Library()
register.filter("author", author_words)  # who made a change, a table link or the app worded (tables.messages)

ACTIONS = {
    "closed": gettext_lazy("Event closed"),
    "reopened": gettext_lazy("Event reopened"),
    "merged": gettext_lazy("Players merged"),
    "merge undone": gettext_lazy("Merge undone"),
    "seat replaced": gettext_lazy("Seat given to another player"),
    "seats swapped": gettext_lazy("Seats swapped"),
    "new link": gettext_lazy("New table link"),
    "late arrival": gettext_lazy("Late arrival seated"),
    "extended": gettext_lazy("Round extended"),
    "planned": gettext_lazy("Tournament planned"),
    "confirmed": gettext_lazy("Plan confirmed"),
    "round_opened": gettext_lazy("Round opened"),
    "round_redrawn": gettext_lazy("Round drawn again"),
    "late_arrival": gettext_lazy("Late arrival entered"),
    "withdrawal": gettext_lazy("Entrant withdrawn"),
    "substitute": gettext_lazy("Substitute seated"),
    "boards_dealt": gettext_lazy("Boards dealt"),
    "board_fouled": gettext_lazy("Board marked fouled"),
    "board_unfouled": gettext_lazy("Board's fouled mark taken back"),
}

# The notes the duplicate services write (tournaments/duplicate.py): "round: count" and "board @ round/table: why".
BOARDS_DEALT = re.compile(r"(\d+): (\d+)")
BOARD_FOULED = re.compile(r"(\d+) @ (\d+)/(\d+): (.*)", re.DOTALL)
BOARD_UNFOULED = re.compile(r"(\d+) @ (\d+)/(\d+)")
# The substitutes' (tournaments/services.py): "round/table/seat", the seat counted from 0.
SUBSTITUTE = re.compile(r"(\d+)/(\d+)/(\d+)")


@register.filter
def log_action(code: str) -> str:
    """The action in words; a code this page does not know is shown as it is."""
    return str(ACTIONS.get(code, code))


@register.filter
def log_note(entry) -> str:
    """The entry's note, in words where the action's note has a fixed form; otherwise as written."""
    if entry.action == "boards_dealt" and (found := BOARDS_DEALT.fullmatch(entry.note)):
        return _("round %(round)s: %(count)s boards") % {"round": found[1], "count": found[2]}
    if entry.action == "board_fouled" and (found := BOARD_FOULED.fullmatch(entry.note)):
        return _("board %(board)s at table %(table)s of round %(round)s: %(reason)s") % {
            "board": found[1],
            "round": found[2],
            "table": found[3],
            "reason": found[4],
        }
    if entry.action == "board_unfouled" and (found := BOARD_UNFOULED.fullmatch(entry.note)):
        return _("board %(board)s at table %(table)s of round %(round)s") % {
            "board": found[1],
            "round": found[2],
            "table": found[3],
        }
    if entry.action == "substitute" and (found := SUBSTITUTE.fullmatch(entry.note)):
        return _("round %(round)s, table %(table)s, seat %(seat)s") % {
            "round": found[1],
            "table": found[2],
            "seat": int(found[3]) + 1,
        }
    return entry.note
