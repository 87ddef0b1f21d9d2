"""The address a phone uses to reach a page: SITE_URL when set, else the address the page was asked for.

Table links and their QR codes go on paper and onto phones, so they must carry an address the club's Wi-Fi can
reach, not the `localhost` a director may have typed on the laptop.
"""

from __future__ import annotations

import functools
import ipaddress
import posixpath
import secrets
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import get_script_prefix, get_urlconf, reverse

# RFC 3986's sub-delimiters: reverse() leaves them unquoted in a path, and so does token_paths.
SUB_DELIMITERS = "!$&'()*+,;="


def new_token() -> str:
    """An unguessable link token (a table's, an event's public page, a player's own page): 24 URL-safe characters."""
    return secrets.token_urlsafe(18)


def token_paths(token: str, names: dict[str, str]) -> dict[str, str]:
    """For each key of `names`, the path of that URL name taking `token` as its one argument: what
    reverse(name, args=[token]) gives. A table's page links to ten of its own addresses and reverse() (or {% url %})
    took 15 to 30 us each; here each is reversed once per script prefix and URL configuration with a stand-in token,
    then the token is put in its place, quoted as reverse() quotes it."""
    patterns = _token_patterns(tuple(names.items()), get_script_prefix(), get_urlconf())
    quoted = quote(token, safe=SUB_DELIMITERS + "/~:@")
    return {key: before + quoted + after for key, (before, after) in patterns.items()}


_STAND_IN = "~token~"  # unreserved characters only: reverse() leaves it as it is


@functools.lru_cache(maxsize=32)
def _token_patterns(names: tuple[tuple[str, str], ...], prefix: str, urlconf) -> dict[str, tuple[str, str]]:
    patterns = {}
    for key, name in names:
        before, stand_in, after = reverse(name, args=[_STAND_IN], urlconf=urlconf).partition(_STAND_IN)
        if not stand_in or _STAND_IN in after:
            raise ValueError(f"{name}: not a URL with one token in its path")
        patterns[key] = (before, after)
    return patterns


_NUMBER_STAND_IN = 987654321  # no id comes near it


def path_around(name: str, *args) -> tuple[str, str]:
    """The path of URL `name` taking `args` and then a number (a player's, an entrant's id), split around that
    number: a page of rows reverses it once and puts each row's number between the two parts (a reverse() a row was
    a fifth of a standings page at 240 players)."""
    before, stand_in, after = reverse(name, args=[*args, _NUMBER_STAND_IN]).rpartition(str(_NUMBER_STAND_IN))
    if not stand_in:
        raise ValueError(f"{name}: not a URL ending with a number")
    return before, after


def relative_path(path: str, page: str) -> str:
    """`path` as a link on the page at `page` (both absolute paths). The director's pages and the public link's
    place a score card alike beside the page, so the same relative link serves both readers, and one markup
    does."""
    relative = posixpath.relpath(path, page.rpartition("/")[0] + "/")
    return relative + "/" if path.endswith("/") else relative


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
