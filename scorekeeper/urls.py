from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scorekeeper.tables.urls")),
    path("", include("scorekeeper.events.urls")),
    path("", include("scorekeeper.reports.urls")),
    path("", include("scorekeeper.analysis.urls")),
    path("", include("scorekeeper.pages.urls")),
    path("", include("scorekeeper.webapp.urls")),
]
