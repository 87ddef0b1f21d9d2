"""Logging in and forgotten passwords, as a club's server allows them.

The demo password is published in README: it opens nothing that another machine can reach. `manage.py serve` and
gunicorn refuse to start while an account has it and the server is reachable (startup.py); the login form
refuses it as well for any request that did not come from this machine, directly or through a proxy.

Password reset sends mail: it is offered only when mail is configured (EMAIL_URL); otherwise the login page says
whom to ask.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from scorekeeper.links import is_loopback_host
from scorekeeper.operations.startup import DEMO_DIRECTOR

# What the client's address may be forwarded in by a proxy between it and the server.
FORWARDING_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP")


def client_addresses(request: HttpRequest) -> list[str]:
    """Every address the request names for its client: the connection's, and any a proxy forwarded."""
    addresses = [request.META.get("REMOTE_ADDR", "")]
    for header in FORWARDING_HEADERS:
        addresses.extend(part.strip() for part in request.META.get(header, "").split(","))
    for element in request.META.get("HTTP_FORWARDED", "").replace(";", ",").split(","):
        name, _, value = element.strip().partition("=")
        if name.lower() == "for":
            addresses.append(value.strip('"').rsplit(":", 1)[0] if value.count(":") == 1 else value.strip('"'))
    return [address for address in addresses if address]


def from_this_machine(request: HttpRequest) -> bool:
    """Whether the request came from this machine, asked for by a loopback name, with no proxy from elsewhere."""
    if settings.BEHIND_PROXY or settings.HTTPS:
        return False  # a server configured for the network: its requests are the network's
    domain, _port = split_domain_port(request.get_host())
    return is_loopback_host(domain) and all(is_loopback_host(a) for a in client_addresses(request))


DEMO_REFUSED = _(
    "The demo password opens nothing from another machine. On the computer that runs the app, give this account a "
    "password of its own: .venv/bin/python manage.py changepassword %(username)s"
)


class DemoPasswordRefused:
    """A login form that refuses the published demo password unless the request is from this machine."""

    request: HttpRequest | None
    cleaned_data: dict

    def clean(self) -> dict:
        password = self.cleaned_data.get("password")
        if password == DEMO_DIRECTOR[1] and (self.request is None or not from_this_machine(self.request)):
            username = self.cleaned_data.get("username") or DEMO_DIRECTOR[0]
            raise ValidationError(DEMO_REFUSED, code="demo_password", params={"username": username})
        return super().clean()  # type: ignore[misc]


class LoginForm(DemoPasswordRefused, AuthenticationForm):
    pass


class AdminLoginForm(DemoPasswordRefused, AdminAuthenticationForm):
    pass


class LoginView(auth_views.LoginView):
    authentication_form = LoginForm

    def get_context_data(self, **kwargs) -> dict:
        return {**super().get_context_data(**kwargs), "mail_configured": settings.MAIL_CONFIGURED}


def mail_required(view: Callable) -> Callable:
    """Django's password-reset view, or, without mail configured, the page that says whom to ask."""

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not settings.MAIL_CONFIGURED:
            return render(request, "registration/password_forgotten.html")
        return view(request, *args, **kwargs)

    return guarded
