"""The installable web app's companions to the pages: icons first; the manifest and service worker beside them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.http import require_safe


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    # Pages link their icons; a browser showing a PDF or a JSON export still asks for /favicon.ico.
    return redirect(static("icons/favicon.ico"), permanent=True)
