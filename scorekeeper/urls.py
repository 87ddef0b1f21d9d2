from django.contrib import admin
from django.urls import include, path

from scorekeeper.operations.accounts import AdminLoginForm

# The admin's login refuses the demo password from another machine, as the site's does.
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("scorekeeper.operations.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the switch at the foot of every page
    path("", include("scorekeeper.clubs.urls")),
    path("", include("scorekeeper.tables.urls")),
    path("", include("scorekeeper.events.urls")),
    path("", include("scorekeeper.tournaments.standings_urls")),
    path("", include("scorekeeper.reports.urls")),
    path("", include("scorekeeper.tournaments.duplicate_urls")),
    path("", include("scorekeeper.reports.duplicate_urls")),
    path("", include("scorekeeper.public.duplicate_urls")),
    path("", include("scorekeeper.analysis.urls")),
    path("", include("scorekeeper.tournaments.urls")),
    path("", include("scorekeeper.public.urls")),
    path("", include("scorekeeper.pages.urls")),
    path("", include("scorekeeper.webapp.urls")),
]

# Django's own 404 view checks the CSRF token, which parses the body: a POST with a broken multipart body to an
# unknown address then fails with a 500 inside the error handler. This one answers 404 without reading the body.
handler404 = "scorekeeper.pages.views.not_found"
