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
