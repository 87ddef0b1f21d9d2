"""What a locked-out login sees: the login page again, with the reason and how long, never a bare 403.

django-axes calls `lockout_response` (AXES_LOCKOUT_CALLABLE) after the fifth failure for one account from one
address, and for every attempt during the lockout that follows.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import ngettext

LOCKED_OUT = 429  # Too Many Requests: the form is fine, the pace is not


def lockout_message() -> str:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return ngettext(
        "Too many failed logins for this account from this device. Try again in %(minutes)d minute.",
        "Too many failed logins for this account from this device. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    # Unbound, with the name typed kept: the password is never checked, and the lockout is the only error.
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    form.cleaned_data = {}
    form.add_error(None, ValidationError(lockout_message(), code="locked_out"))
    if request.path == reverse("admin:login"):
        context = {**admin.site.each_context(request), "form": form, "app_path": request.get_full_path()}
        return render(request, "admin/login.html", context, status=LOCKED_OUT)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    context = {"form": form, "next": next_url, "mail_configured": settings.MAIL_CONFIGURED}
    return render(request, "registration/login.html", context, status=LOCKED_OUT)


def client_address(request: HttpRequest) -> str | None:
    """The phone's address as django-axes counts failures by it.

    Behind the federation's reverse proxy every request comes from the proxy: the address is then the last one
    the proxy appended to X-Forwarded-For (the only entry a client cannot forge). On a club's LAN, REMOTE_ADDR.
    """
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR")
