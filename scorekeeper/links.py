"""The address a phone uses to reach a page: SITE_URL when set, else the address the page was asked for.

Table links and their QR codes go on paper and onto phones, so they must carry an address the club's Wi-Fi can
reach, not the `localhost` a director may have typed on the laptop.
"""

from __future__ import annotations

import ipaddress
import secrets
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest


def new_token() -> str:
    """An unguessable link token (a table's, an event's public page, a player's own page): 24 URL-safe characters."""
    return secrets.token_urlsafe(18)


def absolute_url(request: HttpRequest, path: str) -> str:
    """The full address of `path` (a path from reverse()) as a phone on the club's network should open it."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def is_loopback_host(host: str) -> bool:
    """True for an address only this machine can reach (localhost, 127.0.0.0/8, ::1, or no address at all)."""
    host = host.strip("[]").lower()
    if host in ("", "localhost") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def links_point_to_loopback(request: HttpRequest) -> bool:
    return is_loopback_host(urlsplit(absolute_url(request, "/")).hostname or "")


def site_url(request: HttpRequest) -> dict:
    """Context processor: lets a page warn that the links it prints cannot be opened from a phone."""
    return {"links_point_to_loopback": lambda: links_point_to_loopback(request)}
