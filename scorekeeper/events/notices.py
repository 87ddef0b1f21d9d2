"""What a director is told when a player is in two open events at once: a warning at check-in, and why a seat
in a running round was refused."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.clubs.models import Player
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Table


def checked_in_elsewhere_warning(found: dict[Player, Event]) -> str:
    players = ", ".join(
        _("%(name)s (%(event)s)") % {"name": player.name, "event": event.name} for player, event in found.items()
    )
    return ngettext(
        "Also checked in to another open event: %(players)s. A player is seated in one running round at a time.",
        "Also checked in to another open event: %(players)s. A player is seated in one running round at a time.",
        len(found),
    ) % {"players": players}


def seated_elsewhere_refusal(seated: dict[Player, Table]) -> str:
    players = ", ".join(
        _("%(name)s (%(event)s, table %(number)s)")
        % {"name": player.name, "event": table.event.name, "number": table.number}
        for player, table in seated.items()
    )
    return ngettext(
        "Nobody was seated: %(players)s is playing a round of another event that is still running. End that round "
        "first, or leave the player out here.",
        "Nobody was seated: %(players)s are playing a round of another event that is still running. End that round "
        "first, or leave those players out here.",
        len(seated),
    ) % {"players": players}
