from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import Options, RuleSet

RULESET_CHOICES = [
    (RuleSet.PARLETT_CHIPS.value, _("Parlett chips")),
    (RuleSet.PARLETT_POINTS.value, _("Parlett points")),
    (RuleSet.MODERN_CHIPS.value, _("Modern chips")),
    (RuleSet.BRITANNICA_COUNTERS.value, _("Britannica counters")),
]


class Event(models.Model):
    """A club evening or a tournament. Its rule set and options are frozen when it is created."""

    class Kind(models.TextChoices):
        EVENING = "evening", _("Club evening")
        TOURNAMENT = "tournament", _("Tournament")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="events", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.EVENING)
    ruleset = models.CharField(_("rule set"), max_length=24, choices=RULESET_CHOICES)
    # Only the options that differ from the defaults of Appendix A, as the interchange format writes them.
    options = models.JSONField(_("options"), default=dict, blank=True)
    favourite_suit = models.CharField(_("favourite suit"), max_length=1, blank=True, default="")
    start = models.IntegerField(_("starting chips"), default=40)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=1)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def engine_ruleset(self) -> RuleSet:
        return RuleSet(self.ruleset)

    @property
    def engine_options(self) -> Options:
        return Options.from_mapping(self.options)

    @property
    def tours_per_round(self) -> int:
        return self.engine_options.session_tours


class HouseRules(models.Model):
    """A club's named preset of rule set and options, chosen when an event is created (then frozen there)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="house_rules")
    name = models.CharField(_("name"), max_length=80)
    ruleset = models.CharField(_("rule set"), max_length=24, choices=RULESET_CHOICES)
    options = models.JSONField(_("options"), default=dict, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="house_rules_name_unique_in_club")]
        verbose_name = _("house rules")
        verbose_name_plural = _("house rules")

    def __str__(self) -> str:
        return self.name


class CheckIn(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="checkins")
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="checkins")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="checkin_once_per_event")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"


class SitOut(models.Model):
    """A checked-in player who sits out a round (the count was not a multiple of four)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sitouts")
    round = models.PositiveSmallIntegerField()
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "round", "player"], name="sitout_once_per_round")]

    def __str__(self) -> str:
        return f"{self.player} sits out round {self.round}"


class EventLog(models.Model):
    """What a director did to an event: closing and reopening are recorded."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=20)
    who = models.CharField(max_length=150)
    note = models.CharField(max_length=300, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.event} {self.action} by {self.who}"


class PlayerMerge(models.Model):
    """A duplicate player merged into another: what moved, so that the merge can be undone."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+")
    into = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+")
    # The duplicate's name before the merge, and the rows that moved: "seats" [[table id, "seat_2"]], "checkins"
    # and "sitouts" [ids moved], "checkins_dropped" [event ids], "sitouts_dropped" [[event id, round]].
    name = models.CharField(max_length=80)
    moved = models.JSONField(default=dict)
    who = models.CharField(max_length=150)
    at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} into {self.into}"
