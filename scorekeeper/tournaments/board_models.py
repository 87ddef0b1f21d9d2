"""A duplicate round's boards and where each was played (TOURNAMENTS.md §7, T-58 … T-63).

A `Board` is a hand record (T-60) dealt and stored before its round and never rewritten: the truth every deal
recorded on it is checked against. A `BoardPlay` says that a table of the round played a board: the deal recorded
for it (a `tables.Deal`, in the table's own sequence) and whether the director marked it fouled there (T-63).

Document (T-82): `boards` are the `Board` rows, `hand_record_json` of each; a table's deal names its board by its
`BoardPlay`, and a table's `fouled` lists the boards whose play there is marked fouled.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Board(models.Model):
    """One board of a duplicate round: its number (across the tournament), its fixed dealer `(number − 1) mod 4`
    (T-58) and the ten cards of each seat's pocket, `hands[s]` for seat s."""

    # The round by number, not by its planned row: a round not started is planned again (T-22) with its boards kept.
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="boards")
    round = models.PositiveSmallIntegerField(_("round"))
    number = models.PositiveIntegerField(_("board"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    hands = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="board_number_unique_in_tournament"),
            models.CheckConstraint(condition=models.Q(dealer__lte=3), name="board_dealer_is_a_seat"),
        ]
        verbose_name = _("board")
        verbose_name_plural = _("boards")

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class BoardPlay(models.Model):
    """A board at a table of its round: the deal recorded for it, and the director's mark when the board was
    fouled there (wrong cards in a pocket, T-63), with who marked it and why."""

    board = models.ForeignKey(Board, on_delete=models.PROTECT, related_name="plays")
    planned_table = models.ForeignKey("tournaments.PlannedTable", on_delete=models.CASCADE, related_name="+")
    deal = models.OneToOneField(
        "tables.Deal", on_delete=models.PROTECT, null=True, blank=True, related_name="board_play"
    )
    fouled = models.BooleanField(_("fouled"), default=False)
    fouled_reason = models.CharField(_("why it is fouled"), max_length=300, blank=True, default="")
    fouled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["board", "planned_table"]
        constraints = [
            models.UniqueConstraint(fields=["board", "planned_table"], name="board_played_once_at_table"),
        ]
        verbose_name = _("board played")
        verbose_name_plural = _("boards played")

    def __str__(self) -> str:
        return f"{self.board} · {self.planned_table}"
