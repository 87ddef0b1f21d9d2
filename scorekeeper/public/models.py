"""Public links: read-only pages anybody holding the link may open, without a login.

Each link is an unguessable token, like a table's entry link; deleting the row revokes it for good (a new link
gets a new token), so a link passed round the room stops working the moment the director says so."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.links import new_token


class EventLink(models.Model):
    """An event's public link: its standings and its live page, read-only."""

    event = models.OneToOneField(
        "events.Event", on_delete=models.CASCADE, related_name="public_link", verbose_name=_("event")
    )
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("public link of an event")
        verbose_name_plural = _("public links of events")

    def __str__(self) -> str:
        return f"public link of {self.event}"


class ClubSite(models.Model):
    """A club's opt-in to its public results site (and to `publish_club`): deleting the row takes it down."""

    club = models.OneToOneField(
        "clubs.Club", on_delete=models.CASCADE, related_name="results_site", verbose_name=_("club")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("club results site")
        verbose_name_plural = _("club results sites")

    def __str__(self) -> str:
        return f"results site of {self.club}"
