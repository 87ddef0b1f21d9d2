from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "scorekeeper.pages"
    verbose_name = "Pages"
