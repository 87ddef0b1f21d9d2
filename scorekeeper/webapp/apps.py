from django.apps import AppConfig


class WebappConfig(AppConfig):
    """The table page as an installable web app: icons, the manifest and the service worker."""

    name = "scorekeeper.webapp"
