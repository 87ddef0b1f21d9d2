"""What `make run` checks and prepares before it lets gunicorn serve a club.

Loopback (the default HOST=127.0.0.1) is a newcomer trying the app: an empty database gets the demo evening and
its demo director. Any other HOST is club mode, on the club's Wi-Fi: no account may keep the demo password that
README publishes, and table links must carry the laptop's LAN address.
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model

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


def startup_refusals(*, host: str) -> list[Refusal]:
    """Reasons not to serve on `host`: in club mode, every account that still has the demo password."""
    if is_loopback_host(host):
        return []
    return [
        Refusal(
            username=name,
            message=(
                f"The account '{name}' still has the demo password '{DEMO_DIRECTOR[1]}', which anyone can read in "
                f"README. Set a new one with:\n    .venv/bin/python manage.py changepassword {name}\n"
                f"then start again."
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


def site_url_for(*, host: str, port: int) -> str:
    """SITE_URL when set; in club mode the detected LAN address; on loopback empty (the request's own address)."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if is_loopback_host(host):
        return ""
    if host not in ("0.0.0.0", "::"):  # noqa: S104 (a comparison, not a bind)
        return f"http://{host}:{port}"
    address = lan_address()
    return f"http://{address}:{port}" if address else ""
