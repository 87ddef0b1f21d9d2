"""What a tournament adds to the pages of the rooms below it, through their signals (connected in apps.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scorekeeper.tournaments.selectors import seat_holders


def substitute_notes(sender, *, table, next_position: int, **kwargs) -> dict[int, str]:
    """Under each seat a substitute holds at the deal the table's form is for: who plays it (T-25). The seat's
    player is still the entrant whose round it is; his score counts for him. No query for a club evening's table."""
    holders = seat_holders(table=table, next_position=next_position)
    return {seat: _("played by %(name)s") % {"name": name} for seat, name in holders.items()}
