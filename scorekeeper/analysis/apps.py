from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    name = "scorekeeper.analysis"
    verbose_name = _("Analysis")

    def ready(self) -> None:
        # Imported here because the services import models, which only exist once the app registry is ready.
        from scorekeeper.analysis.services import digest_refresh_after_response
        from scorekeeper.tables.signals import table_changed

        table_changed.connect(digest_refresh_after_response, dispatch_uid="analysis-digest-after-response")
