from __future__ import annotations

from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.pages.documents import document as rendered
from scorekeeper.tables.selectors import NoTableLink


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html")


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """For a load balancer or a supervisor: 200 when the app and its database answer. Reads only."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def document(request: HttpRequest, name: str) -> HttpResponse:
    found = rendered(name)
    if found is None:
        raise Http404
    return render(request, "pages/document.html", {"document": found})


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    # A table's address whose link no table has: mistyped, or replaced by the director (the old one stops working).
    table_link = isinstance(exception, NoTableLink)
    context = {"table_link": table_link, "posted": table_link and request.method == "POST"}
    return render(request, "404.html", context, status=404)
