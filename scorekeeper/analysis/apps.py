from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    name = "scorekeeper.analysis"
    verbose_name = _("Analysis")
