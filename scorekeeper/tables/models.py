"""A table of four and the deals recorded at it. A Deal holds what was recorded, never its settlement:
balances, pots and multipliers are the engine's fold over the table's deals."""

from __future__ import annotations

import dataclasses

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import (
    Contract,
    DealRecord,
    EngineError,
    Ledger,
    Session,
    TableState,
    close_session,
    fold,
)
from scorekeeper.engine.ledger import opening_state
from scorekeeper.links import new_token
from scorekeeper.tables.records import record_from_row, row_values


def planned_deals(session: Session, extra_tours: int) -> int:
    """Valid deals in a table's round: the event's tours and `extra_tours` the director added, four deals each."""
    return 4 * (session.options.session_tours + extra_tours)


# The columns of a table's snapshot: a cache of its deals' fold, not part of what was played (a club's export
# leaves them out; the next read makes them again).
SNAPSHOT_FIELDS = ("snapshot_revision", "snapshot_key", "snapshot_data", "snapshot_rows")


class Table(models.Model):
    event = models.ForeignKey("events.Event", on_delete=models.PROTECT, related_name="tables", verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("table"))
    round = models.PositiveSmallIntegerField(_("round"), default=1)
    # Seat s+1 sits on the right of seat s; play goes to the right.
    seat_0 = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("seat 1"))
    seat_1 = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("seat 2"))
    seat_2 = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("seat 3"))
    seat_3 = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("seat 4"))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    # When the table ended its round (after whole tours): the end-of-round pot rule then applies.
    ended_at = models.DateTimeField(null=True, blank=True)
    # Tours the director added to this table's round beyond the event's planned length.
    extra_tours = models.PositiveSmallIntegerField(_("extra tours"), default=0)
    # The cards drawn for seats the old way (king, queen, knave, ace), when they were.
    drawn_cards = models.CharField(max_length=8, blank=True, default="")
    # The entry link: unguessable, reaches this table only.
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    # Raised by every write that changes what the table's fold gives (a deal saved, corrected or imported, the
    # round ended), in the same transaction: figures kept from an older revision are stale.
    revision = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # The table's snapshot (tables.snapshot): everything its pages read of its fold, a cache that says it is one.
    # Written with the revision by the change that made it, in its transaction, so a restore brings it back with
    # the deals it was made from; made for `snapshot_revision` and the fingerprint of the table's session
    # (`snapshot_key`), and made again before it is read when either differs. Emptying it loses nothing.
    snapshot_revision = models.PositiveIntegerField(null=True, editable=False)
    snapshot_key = models.CharField(max_length=16, blank=True, default="", editable=False)
    snapshot_data = models.JSONField(null=True, editable=False)  # all but the rows: what the standings read
    # Every deal's row, as JSON text: decoded by the pages that show the deals alone, appended to by a save.
    snapshot_rows = models.TextField(blank=True, default="", editable=False)

    class Meta:
        ordering = ["event", "round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "number"], name="table_number_unique_in_round"),
            models.CheckConstraint(condition=models.Q(first_dealer__lte=3), name="table_first_dealer_is_a_seat"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{self.event} · {_('table')} {self.number}"

    @property
    def players(self) -> tuple:
        return (self.seat_0, self.seat_1, self.seat_2, self.seat_3)

    def changed(self) -> int:
        """Mark the table's fold as changed (call inside the transaction of the change, the table's row locked):
        its revision goes up by one, which this instance and the returned value give."""
        # An instance read under the lock holds the stored revision: the next one is written as a value. One read
        # before the lock is caught by the condition: the database counts up then, and the instance takes its
        # count. (A save raises the revision with its snapshot instead, in one statement: snapshot_store.)
        if Table.objects.filter(pk=self.pk, revision=self.revision).update(revision=self.revision + 1):
            self.revision += 1
        else:
            Table.objects.filter(pk=self.pk).update(revision=models.F("revision") + 1)
            self.revision = Table.objects.values_list("revision", flat=True).get(pk=self.pk)
        return self.revision

    def opening(self, session: Session, *, boards: bool | None = None) -> TableState:
        """The engine's state before the first deal: empty stores, and this table's first dealer to deal.
        `boards`: whether it plays boards, when the caller read it for many tables at once (plays_boards)."""
        boards = self.plays_boards if boards is None else boards
        return dataclasses.replace(opening_state(session), next_dealer=self.first_dealer, boards=boards)

    @property
    def plays_boards(self) -> bool:
        """Whether the table plays a duplicate tournament's round: each deal on a prepared board (read through the
        reverse relation: the tournaments app sits above this one). Kept once true: a table's round is linked to it
        after the table is made, and never unlinked."""
        if not self.__dict__.get("_plays_boards") and playing_boards([self]):
            self.__dict__["_plays_boards"] = True
        return bool(self.__dict__.get("_plays_boards"))

    def fold(self, records, *, explain: bool = False) -> Ledger:
        session = self.session()
        return fold(session, records, state=self.opening(session), explain=explain)

    def planned_deals(self, session: Session) -> int:
        """Valid deals in this table's round: the event's tours and any the director added, four deals each."""
        return planned_deals(session, self.extra_tours)

    def round_complete(self, session: Session, state: TableState) -> bool:
        """Whether the round has reached its planned length and may stop there (under play_on_until_won it
        goes on while the pot is not won)."""
        if state.number + state.passed < self.planned_deals(session):
            return False
        try:
            close_session(session, state)
        except EngineError:
            return False
        return True

    def session(self) -> Session:
        """The engine's view of this table's session (the event's rule set and options, frozen)."""
        event = self.event
        return Session(
            ruleset=event.engine_ruleset,
            options=event.engine_options,
            players=tuple(p.name for p in self.players),  # type: ignore[arg-type]
            start=event.start,
            favourite_suit=event.favourite_suit or None,
        )


def playing_boards(tables) -> set[int]:
    """The ids of those of `tables` (with their events) that play a duplicate tournament's round (Table.plays_boards),
    in one query, none for an evening's tables (read through the reverse relation: the tournaments app sits above
    this one)."""
    ids = [table.pk for table in tables if table.event.kind == "tournament"]
    if not ids:
        return set()
    planned = Table._meta.get_field("planned").related_model
    rows = planned.objects.filter(table_id__in=ids).values_list("table_id", "round__tournament__options")
    return {table_id for table_id, options in rows if (options or {}).get("tournament.format") == "duplicate"}


class LiveDeals(models.Manager):
    """The deals of the tables' sequences: a struck deal is kept (audit, score sheet) but folded by nobody."""

    def get_queryset(self):
        return super().get_queryset().filter(struck_at__isnull=True)


class Deal(models.Model):
    """One record of the table's sequence, void deals (misdeals) included, in `position` order.

    `Deal.objects` (and `table.deals`) holds the live deals only; `Deal.every` includes struck ones."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="deals")
    position = models.PositiveIntegerField()
    void = models.BooleanField(default=False)
    dealer = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=12, blank=True, default="", choices=[(c.value, c.value) for c in Contract])
    hombre = models.PositiveSmallIntegerField(null=True, blank=True)
    ally = models.PositiveSmallIntegerField(null=True, blank=True)
    called = models.CharField(max_length=2, blank=True, default="")
    trump = models.CharField(max_length=1, blank=True, default="")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    hombre_tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_by_seat = models.JSONField(null=True, blank=True)
    premiers = models.BooleanField(default=False)
    vole_attempted = models.BooleanField(default=False)
    run_side = models.PositiveSmallIntegerField(default=0)
    run_hombre = models.PositiveSmallIntegerField(default=0)
    mediateur_giver = models.PositiveSmallIntegerField(null=True, blank=True)
    claims_matadors = models.BooleanField(default=True)
    claims_sans_prendre = models.BooleanField(default=True)
    penalties = models.JSONField(default=list, blank=True)
    remainder_winner = models.CharField(max_length=4, blank=True, default="")
    # Minted with the form that saved the deal: the same form posted again (a double tap, a retry, an offline
    # phone catching up) finds this deal instead of recording another. Empty for deals saved without a form.
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    # A struck deal left the sequence (entered at the wrong table, tapped by mistake): it keeps the position it
    # had, later deals moved up one, and the audit says who struck it and why.
    struck_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    every = models.Manager()
    objects = LiveDeals()

    class Meta:
        ordering = ["table", "position"]
        default_manager_name = "objects"
        base_manager_name = "every"
        constraints = [
            # Two phones saving the same deal: the second insert fails here, whatever the timing.
            models.UniqueConstraint(
                fields=["table", "position"],
                condition=models.Q(struck_at__isnull=True),
                name="deal_position_unique_at_table",
            ),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="deal_idempotency_key_unique_at_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.position}"

    def to_record(self) -> DealRecord:
        return record_from_row(self)

    def set_record(self, record: DealRecord) -> None:
        """Copy a validated record's fields onto this row (the settlement is never stored)."""
        for column, value in row_values(record).items():
            setattr(self, column, value)


class Signature(models.Model):
    """A player's agreement with the table's final balances: the signature line of the paper sheet. A correction
    or strike afterwards clears it (kept, with when it was cleared): the players sign again."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="signatures")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+")
    revision = models.PositiveIntegerField()  # the table's revision the player agreed with
    signed_at = models.DateTimeField(auto_now_add=True)
    cleared_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "seat", "signed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat"], condition=models.Q(cleared_at__isnull=True), name="signature_once_per_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.player} signed"


class AppendOnly(models.Model):
    """An audit row: written once, never changed or deleted, so that nothing recorded is lost."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise PermissionDenied("the audit is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionDenied("the audit is append-only")


class DealChange(AppendOnly):
    """Append-only audit: who changed which deal, when, from what to what, and why."""

    class Action(models.TextChoices):
        RECORDED = "recorded", _("recorded")
        CORRECTED = "corrected", _("corrected")
        IMPORTED = "imported", _("imported")
        STRUCK = "struck", _("struck out")

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="changes")
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    reason = models.TextField(blank=True, default="")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    who = models.CharField(max_length=150)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "at", "id"]

    def __str__(self) -> str:
        return f"{self.deal} {self.action} by {self.who}"


class ReplacedDeals(AppendOnly):
    """Append-only audit of an import that replaced a table's deals: the deals as they were, each with the
    history of its changes, so that nothing recorded is lost."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="replacements")
    deals = models.JSONField()  # [{"position": n, "record": {...}, "changes": [{"action", "who", "at", ...}]}]
    reason = models.TextField(blank=True, default="")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    who = models.CharField(max_length=150)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "at", "id"]
        verbose_name = _("replaced deals")
        verbose_name_plural = _("replaced deals")

    def __str__(self) -> str:
        return f"{self.table} · {len(self.deals)} deals replaced by {self.who}"
