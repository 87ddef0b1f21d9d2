from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

# The project's own documents a club may want to read from the app: the rules it scores by and the format
# its exports use. Served as the Markdown they are written in, so the text is the one the engine is checked against.
DOCUMENTS = {"rules": "QUADRILLE-SCORING.md", "interchange": "INTERCHANGE.md"}


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
    if name not in DOCUMENTS:
        raise Http404
    text = (settings.BASE_DIR / "docs" / DOCUMENTS[name]).read_text(encoding="utf-8")
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return render(request, "404.html", status=404)
