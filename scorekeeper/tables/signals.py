"""What the rooms above may add to a table's pages without this room importing them (Django signals)."""

from __future__ import annotations

from django.dispatch import Signal

# Sent by a table's page with `table` (read with its event) and `next_position` (the position of the deal the form
# is for): each receiver answers {seat: words} to show under that seat's player (a tournament's substitute), or {}.
seat_notes = Signal()
