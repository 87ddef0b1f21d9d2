"""gunicorn as `make run` starts it (`manage.py serve` adds --bind): tuned for a club laptop with two cores.

Three worker processes, so one slow page (a PDF, the analysis) never holds up a phone's save, with four threads
each, because most of a request is spent waiting on SQLite's write lock or the network, not on the CPU.
bench/club_night.py measures this configuration against runserver.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent

wsgi_app = "scorekeeper.wsgi"
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = 30
graceful_timeout = 10
# No keep-alive: with it, a phone's next request on its open connection waited for the worker's poll loop, and
# bench/club_night.py measured /healthz at 2.2 s p50 under 120 phones (3 ms without); reconnecting on a LAN is cheap.
keepalive = 0
pidfile = os.environ.get("SERVER_PIDFILE", str(BASE_DIR / ".server.pid"))
errorlog = "-"
loglevel = "warning"
proc_name = "quadrille"


def on_starting(server) -> None:
    """Refuse to serve with the development key or, off loopback, with an account on the demo password."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    # The workers' shared cache of tournament standings (settings.CACHES): a new directory each start, so that
    # nothing drawn by an earlier version of the templates or the code is ever read; set before the settings load.
    os.environ["STANDINGS_CACHE_DIR"] = standings_directory()
    import django

    django.setup()
    from django.conf import settings
    from django.db import connections

    from scorekeeper.operations.startup import startup_refusals

    problems = []
    if settings.SECRET_KEY == settings.DEVELOPMENT_SECRET_KEY:
        problems.append("SECRET_KEY is the development key: start with `make run`, which writes one into .env.")
    for address in server.cfg.bind:
        host = address.rsplit(":", 1)[0] if not address.startswith("unix:") else "127.0.0.1"
        problems.extend(refusal.message for refusal in startup_refusals(host=host))
    # Workers are forked from this process: none may inherit its database connection.
    connections.close_all()
    if problems:
        sys.stderr.write("\n".join(dict.fromkeys(problems)) + "\n")
        on_exit(server)
        sys.exit(1)


STANDINGS_PREFIX = "quadrille-standings-"


def standings_directory() -> str:
    """A new directory for the standings cache, named after this server's process. The directories of servers that
    are gone without removing theirs (killed, or the machine stopped) are removed first."""
    for old in Path(tempfile.gettempdir()).glob(STANDINGS_PREFIX + "*"):
        pid = old.name.removeprefix(STANDINGS_PREFIX).split("-", 1)[0]
        if pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{STANDINGS_PREFIX}{os.getpid()}-")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # no signal sent: whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        return True
    return True


def on_exit(server) -> None:
    shutil.rmtree(os.environ["STANDINGS_CACHE_DIR"], ignore_errors=True)


def on_reload(server) -> None:
    """New workers on new code (a HUP): nothing the old ones drew is read (the cache makes its directory again)."""
    on_exit(server)


def post_worker_init(worker) -> None:
    from scorekeeper.operations.autobackup import autobackup_start

    autobackup_start()
