"""A URL that fails, to see the 500 page a club's phones would get."""

from django.urls import include, path


def boom(request):
    raise RuntimeError("secret-internal-detail")


urlpatterns = [path("boom/", boom), path("", include("scorekeeper.urls"))]
