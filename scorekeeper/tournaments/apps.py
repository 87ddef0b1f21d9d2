from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "scorekeeper.tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from scorekeeper.tables.signals import seat_notes  # noqa: PLC0415  (the apps are loaded only now)
        from scorekeeper.tournaments.receivers import substitute_notes  # noqa: PLC0415

        seat_notes.connect(substitute_notes, dispatch_uid="tournaments.substitute_notes")
