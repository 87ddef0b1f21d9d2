from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path):
    # A fresh process with the default (SQLite) configuration on a new file, whatever database the suite uses.
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}"}
    script = (
        "import django; django.setup();"
        "from django.db import connection;"
        "c = connection.cursor();"
        "print(c.execute('PRAGMA journal_mode').fetchone()[0], c.execute('PRAGMA busy_timeout').fetchone()[0],"
        " connection.transaction_mode)"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        env={**env, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["wal", "20000", "IMMEDIATE"]


def test_database_url_selects_postgresql():
    script = "from scorekeeper import settings as s; print(s.DATABASES['default']['ENGINE'])"
    out = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "DATABASE_URL": "postgres://club@127.0.0.1:5432/quadrille"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "django.db.backends.postgresql"


def test_debug_is_off_unless_asked_for():
    assert settings.DEBUG is False


def test_a_production_configuration_passes_check_deploy():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "false",
        "HTTPS": "true",
        "SECRET_KEY": "k3y-" + "x7Qp9vLm2Rt8Zs4Wn6Yb1Hc5Jd0Fg3Ke" * 2,
        "ALLOWED_HOSTS": "quadrille.example.org",
    }
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr + out.stdout


def test_the_development_key_fails_check_deploy():
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update({"DEBUG": "false", "HTTPS": "true", "ALLOWED_HOSTS": "quadrille.example.org"})
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0
    assert "SECRET_KEY" in out.stderr + out.stdout
