"""`make run`: prepare the database and hand over to gunicorn, the server a club runs all evening."""

from __future__ import annotations

import getpass
import os
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from scorekeeper.links import is_loopback_host
from scorekeeper.operations.startup import (
    DEMO_DIRECTOR,
    allowed_hosts_with,
    demo_password_accounts,
    local_url,
    network_reasons,
    secret_key_ensure,
    site_url_for,
    startup_refusals,
)

GUNICORN_CONF = settings.BASE_DIR / "gunicorn.conf.py"


class Command(BaseCommand):
    help = "Migrate, check the accounts, and serve with gunicorn (what `make run` does)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--check-only", action="store_true", help="prepare and check, then stop")

    def handle(self, *args, host: str, port: int, check_only: bool = False, **options) -> None:
        if secret_key_ensure(env_file=settings.BASE_DIR / ".env"):
            self.stdout.write("A new SECRET_KEY was written to .env (kept for the next runs).")
        call_command("migrate", interactive=False, verbosity=0)
        club_mode = not is_loopback_host(host)
        # The demo director only where no other machine can reach the server (README: "Two commands").
        if not network_reasons(host=host):
            call_command("demo", if_empty=True)
        self._secure_accounts(host)
        site_url = site_url_for(host=host, port=port)
        base = site_url or local_url(host=host, port=port)
        self.stdout.write("")
        self.stdout.write(f"  Quadrille scorekeeper: {base}/")
        login = f"{base}/accounts/login/"
        if DEMO_DIRECTOR[0] in demo_password_accounts():
            login += f"  (user: {DEMO_DIRECTOR[0]}, password: {DEMO_DIRECTOR[1]}; this machine only)"
        self.stdout.write(f"  Director login:        {login}")
        if club_mode and not site_url:
            self.stdout.write("  No LAN address found: set SITE_URL to the address phones use (see README).")
        self.stdout.write("")
        connections.close_all()
        if check_only:
            return
        self._exec_gunicorn(host, port, site_url, base)

    def _secure_accounts(self, host: str) -> None:
        """When other machines can reach the server, stop (or, on a terminal, ask) until no account has the demo
        password."""
        if not network_reasons(host=host):
            return
        User = get_user_model()
        if not User.objects.exists():
            if sys.stdin.isatty():
                self.stdout.write("This database has no account yet: create the director's.")
                call_command("createsuperuser")
            else:
                raise CommandError(
                    "This database has no account yet. Create the director's with:\n"
                    "    .venv/bin/python manage.py createsuperuser\nthen start again."
                )
        for refusal in startup_refusals(host=host):
            if not sys.stdin.isatty():
                raise CommandError(refusal.message)
            self.stdout.write(f"The account '{refusal.username}' still has the published demo password.")
            user = User.objects.get_by_natural_key(refusal.username)
            user.set_password(self._ask_password(user))
            user.save(update_fields=["password"])

    def _ask_password(self, user) -> str:
        while True:
            first = getpass.getpass(f"New password for {user.get_username()}: ")
            if first != getpass.getpass("Again: "):
                self.stderr.write("The two passwords differ.")
                continue
            try:
                validate_password(first, user)
            except ValidationError as error:
                self.stderr.write(" ".join(error.messages))
                continue
            return first

    def _exec_gunicorn(self, host: str, port: int, site_url: str, base: str) -> None:
        env = dict(os.environ)
        env["SITE_URL"] = site_url
        # The phones ask for the address printed; a name missing from ALLOWED_HOSTS would answer 400 to everything.
        env["ALLOWED_HOSTS"] = ",".join(allowed_hosts_with(settings.ALLOWED_HOSTS, [base]))
        bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        argv = [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF), "--bind", bind, "scorekeeper.wsgi"]
        sys.stdout.flush()
        os.chdir(Path(settings.BASE_DIR))
        os.execve(sys.executable, argv, env)  # noqa: S606 (replaces this process with the server)
