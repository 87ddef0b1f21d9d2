"""A page for an address only a form may post to, opened in a browser (a tab restored, an address typed again)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse


class FormOnlyAddress:
    """Django's 405 to a GET is an empty page: a phone restoring a tab it left on a form's answer showed white. It
    says what the address is for instead, with a way back to the table (a table's address) or home."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or request.method not in ("GET", "HEAD") or response.content:
            return response
        match = request.resolver_match
        token = match.kwargs.get("token") if match is not None else None
        at_a_table = token and match.url_name.startswith(("table", "deal"))
        back = reverse("table", kwargs={"token": token}) if at_a_table else ""
        page = render(request, "405.html", {"back": back}, status=405)
        page["Allow"] = response["Allow"]
        return page
