from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.links import new_token


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="directed_clubs", blank=True, verbose_name=_("directors")
    )
    language = models.CharField(
        _("language of printed documents"),
        max_length=10,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text=_("Score sheets and reports are printed in this language unless the link asks for another."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=80)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club")]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class PlayerLink(models.Model):
    """A player's own link: his history, figures and charts, without a login (printed as a QR code on his
    report). Unguessable like a table's link; deleting the row revokes it, and the next one differs."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="own_link", verbose_name=_("player"))
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player's own link")
        verbose_name_plural = _("players' own links")

    def __str__(self) -> str:
        return f"own link of {self.player}"
