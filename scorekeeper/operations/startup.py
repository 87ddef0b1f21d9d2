"""What `make run` checks and prepares before it lets gunicorn serve a club.

Loopback (the default HOST=127.0.0.1) is a newcomer trying the app: an empty database gets the demo evening and
its demo director. Any other HOST is club mode, on the club's Wi-Fi, and table links must carry the laptop's LAN
address. Whenever other machines can reach the server (club mode, or a reverse proxy in front of loopback), no
account may keep the demo password that README publishes.
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http.request import split_domain_port, validate_host

from scorekeeper.links import is_loopback_host

DEMO_DIRECTOR = ("director", "quadrille")


@dataclass(frozen=True)
class Refusal:
    """Why the server will not serve, with the command that fixes it."""

    username: str
    message: str


def secret_key_ensure(*, env_file: Path) -> bool:
    """Write a new random SECRET_KEY into `env_file` unless the environment or the file already has one.

    Returns True when it wrote one. The key is made once: sessions survive restarts.
    """
    if os.environ.get("SECRET_KEY"):
        return False
    lines = env_file.read_text(encoding="utf-8").splitlines() if env_file.exists() else []
    if any(line.strip().startswith("SECRET_KEY=") for line in lines):
        return False
    lines.append(f"SECRET_KEY={secrets.token_urlsafe(50)}")
    env_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env_file.chmod(0o600)
    return True


def demo_password_accounts() -> list[str]:
    """Usernames of active accounts whose password is the demo password published in README."""
    users = get_user_model().objects.filter(is_active=True).order_by("username")
    return [u.get_username() for u in users if u.has_usable_password() and u.check_password(DEMO_DIRECTOR[1])]


def reachable_settings() -> list[str]:
    """The settings that make this server reachable from other machines whatever address it binds to (a reverse
    proxy forwards to loopback): BEHIND_PROXY, HTTPS, or a name in ALLOWED_HOSTS or SITE_URL other than this
    machine's."""
    reasons = []
    if settings.BEHIND_PROXY:
        reasons.append("BEHIND_PROXY is on")
    if settings.HTTPS:
        reasons.append("HTTPS is on")
    public = [name for name in settings.ALLOWED_HOSTS if not is_loopback_host(name.lstrip("."))]
    if public:
        reasons.append(f"ALLOWED_HOSTS names {public[0]}")
    site_host = urlsplit(settings.SITE_URL).hostname or ""
    if not is_loopback_host(site_host):
        reasons.append(f"SITE_URL names {site_host}")
    return reasons


def network_reasons(*, host: str) -> list[str]:
    """Why a server on `host` with these settings can be reached from another machine (empty: this one only)."""
    bound = [] if is_loopback_host(host) else [f"it listens on {host}"]
    return bound + reachable_settings()


def startup_refusals(*, host: str) -> list[Refusal]:
    """Reasons not to serve on `host`: whenever other machines can reach the server, every account that still has
    the demo password."""
    reasons = network_reasons(host=host)
    if not reasons:
        return []
    return [
        Refusal(
            username=name,
            message=(
                f"The account '{name}' still has the demo password '{DEMO_DIRECTOR[1]}', which anyone can read in "
                f"README, and other machines can reach this server ({', '.join(reasons)}). Set a new one with:\n"
                f"    .venv/bin/python manage.py changepassword {name}\nthen start again."
            ),
        )
        for name in demo_password_accounts()
    ]


def lan_address() -> str | None:
    """The address this machine uses on its LAN, or None without a network.

    Connecting a UDP socket sends no packet: it only asks the kernel which interface would route there.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if is_loopback_host(address) else address


def local_url(*, host: str, port: int) -> str:
    """The address to print for a server bound to `host` when no SITE_URL says otherwise: `localhost` for this
    machine's usual addresses and for every interface, the host itself (IPv6 in brackets) for any other."""
    if host in ("127.0.0.1", "::1", "0.0.0.0", "::", ""):  # noqa: S104 (a comparison, not a bind)
        return f"http://localhost:{port}"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def allowed_hosts_with(allowed: list[str], urls: list[str]) -> list[str]:
    """ALLOWED_HOSTS with the host of every address in `urls` that it does not already let in."""
    hosts = list(allowed)
    for url in urls:
        domain, _port = split_domain_port(urlsplit(url).netloc)
        if domain and not validate_host(domain, hosts):
            hosts.append(domain)
    return hosts


def site_url_for(*, host: str, port: int) -> str:
    """SITE_URL when set; in club mode the detected LAN address; on loopback empty (the request's own address)."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if is_loopback_host(host):
        return ""
    if host not in ("0.0.0.0", "::"):  # noqa: S104 (a comparison, not a bind)
        return local_url(host=host, port=port)
    address = lan_address()
    return f"http://{address}:{port}" if address else ""
