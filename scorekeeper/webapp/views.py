"""The table page as an installable web app: the bare favicon address, each table's manifest, the service worker."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorekeeper.tables.selectors import table_by_token

THEME = "#1f5c3a"  # --felt in app.css
BACKGROUND = "#fbf8f1"  # --paper


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    # Pages link their icons; a browser showing a PDF or a JSON export still asks for /favicon.ico.
    return redirect(static("icons/favicon.ico"), permanent=True)


@require_safe
def table_manifest(request: HttpRequest, token: str) -> JsonResponse:
    """One manifest a table: the app a scorer installs opens that table's page."""
    table = table_by_token(token=token)
    page = reverse("table", args=[table.token])
    short = _("Table %(number)s") % {"number": table.number}
    manifest = {
        "id": page,
        "name": f"{short} · {table.event.name}",
        "short_name": short,
        "lang": get_language(),
        "start_url": page,
        "scope": page,
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(manifest, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    # Served from /t/ so that its scope covers every table page without a Service-Worker-Allowed header;
    # no-cache so that a new version reaches the phones on their next visit.
    response = render(request, "webapp/sw.js", content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
