"""What a tournament adds to the pages of the rooms below it, through their signals (connected in apps.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scorekeeper.events.models import Event
from scorekeeper.tournaments.models import Substitute


def substitute_notes(sender, *, table, next_position: int, **kwargs) -> dict[int, str]:
    """Under each seat a substitute holds at the deal the table's form is for: who plays it (T-25). The seat's
    player is still the entrant whose round it is; his score counts for him. No query for a club evening's table."""
    if table.event.kind != Event.Kind.TOURNAMENT:
        return {}
    playing = (
        Substitute.objects.filter(planned_table__table=table, from_deal__lte=next_position)
        .order_by("seat", "from_deal")
        .values_list("seat", "name", "player__name")
    )
    # The latest substitute of a seat holds it.
    return {seat: _("played by %(name)s") % {"name": player_name or name} for seat, name, player_name in playing}
