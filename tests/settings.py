"""The app's settings for the test suite: nothing written into the checkout, and SQLite without fsync.

Everything a test run writes (the test databases, backups, a server's pid file, a database a started server opens
by default) goes to one temporary folder per run, removed at its end. The folder is passed on through the
environment, so the servers the tests start (manage.py serve, runserver) and pytest-xdist's workers write there
too, each worker in a folder of its own (its test database: pytest-django adds `_gw0`, ...).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

if "QUADRILLE_TEST_STATE" not in os.environ:
    os.environ["QUADRILLE_TEST_STATE"] = tempfile.mkdtemp(prefix="quadrille-test-")
    atexit.register(shutil.rmtree, os.environ["QUADRILLE_TEST_STATE"], ignore_errors=True)
STATE = Path(os.environ["QUADRILLE_TEST_STATE"])

# Each xdist worker its own folder: one worker's servers and backups never meet another's.
OWN = STATE / os.environ.get("PYTEST_XDIST_WORKER", "main")
for name, value in {
    "DATABASE_URL": f"sqlite:///{OWN / 'db.sqlite3'}",
    "BACKUP_DIR": str(OWN / "backups"),
    "SERVER_PIDFILE": str(OWN / "server.pid"),
}.items():
    # Left alone when the environment chose another (a PostgreSQL DATABASE_URL, say); a worker replaces the run's.
    if name not in os.environ or str(STATE) in os.environ[name]:
        os.environ[name] = value
# A test database is thrown away after the run: no fsync at each commit (the club's database keeps FULL).
os.environ.setdefault("SQLITE_SYNCHRONOUS", "OFF")

from scorekeeper.settings import *  # noqa: E402, F403
from scorekeeper.settings import DATABASES  # noqa: E402

# Django's advice for tests: a fast hasher (logins, the demo director's password check in club mode).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(STATE / "test-db.sqlite3")}
