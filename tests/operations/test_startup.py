from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from scorekeeper.operations import startup
from scorekeeper.operations.startup import secret_key_ensure, site_url_for, startup_refusals
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
CLUB_HOST = "0.0.0.0"  # noqa: S104 (club mode, as `make run HOST=0.0.0.0`)


def test_secret_key_is_written_once_into_env(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("TIME_ZONE=Europe/Paris\n")
    assert secret_key_ensure(env_file=env_file) is True
    written = env_file.read_text()
    (key,) = re.findall(r"^SECRET_KEY=(\S+)$", written, re.M)
    assert len(key) >= 50 and key != settings.DEVELOPMENT_SECRET_KEY
    assert "TIME_ZONE=Europe/Paris" in written and env_file.stat().st_mode & 0o077 == 0
    assert secret_key_ensure(env_file=env_file) is False
    assert env_file.read_text() == written


def test_secret_key_from_the_environment_is_left_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert secret_key_ensure(env_file=tmp_path / ".env") is False
    assert not (tmp_path / ".env").exists()


@pytest.mark.django_db
def test_club_mode_refuses_an_account_with_the_demo_password(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]  # the test environment adds "testserver"
    make_user("director", password="quadrille")
    make_user("treasurer", password="a-long-test-password")
    assert startup_refusals(host="127.0.0.1") == []
    (refusal,) = startup_refusals(host=CLUB_HOST)
    assert refusal.username == "director"
    assert "manage.py changepassword director" in refusal.message
    assert [r.username for r in startup_refusals(host="192.168.1.20")] == ["director"]


@pytest.mark.django_db
def test_club_mode_serves_once_the_demo_password_is_changed():
    director = make_user("director", password="quadrille")
    director.set_password("a-new-club-password")
    director.save()
    assert startup_refusals(host=CLUB_HOST) == []


def test_site_url_in_club_mode_is_the_lan_address(settings, monkeypatch):
    settings.SITE_URL = ""
    monkeypatch.setattr(startup, "lan_address", lambda: "192.168.1.20")
    assert site_url_for(host=CLUB_HOST, port=8000) == "http://192.168.1.20:8000"
    assert site_url_for(host="192.168.1.33", port=8080) == "http://192.168.1.33:8080"
    assert site_url_for(host="127.0.0.1", port=8000) == ""
    settings.SITE_URL = "http://club.lan:8000"
    assert site_url_for(host=CLUB_HOST, port=8000) == "http://club.lan:8000"


def test_lan_address_sends_nothing_and_is_never_loopback():
    address = startup.lan_address()
    assert address is None or not address.startswith("127.")


# The real start path, as `make run HOST=0.0.0.0` runs it, on a fresh database in a subprocess.


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def club_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_ALLOW", "SITE_URL", "ALLOWED_HOSTS"))}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        SECRET_KEY="a-test-secret-key-" + "q" * 40,
        SERVER_PIDFILE=str(tmp_path / "server.pid"),
        BACKUP_DIR=str(tmp_path / "backups"),
        SITE_URL="http://127.0.0.1",  # links only; keeps the test off the machine's real LAN address
        WEB_CONCURRENCY="1",
        GUNICORN_THREADS="2",
    )
    return env


def _manage(env, *args, **kwargs):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        **kwargs,
    )


def _login(base: str, username: str, password: str) -> int:
    """Post the login form as a browser would; the status of the answer (302: logged in)."""
    jar = CookieJar()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    page = opener.open(f"{base}/accounts/login/", timeout=10).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": username, "password": password})
    request = urllib.request.Request(f"{base}/accounts/login/", data=data.encode(), headers={"Referer": f"{base}/"})
    try:
        return opener.open(request, timeout=10).status
    except urllib.error.HTTPError as answer:
        return answer.code


@pytest.mark.slow
def test_make_run_in_club_mode_never_lets_the_demo_director_in(club_env):
    port = _free_port()
    # A fresh database in club mode: no demo evening, no account, and a clear way forward.
    fresh = _manage(club_env, "serve", "--host", CLUB_HOST, "--port", str(port))
    assert fresh.returncode == 1 and "manage.py createsuperuser" in fresh.stderr
    # The same database after a newcomer tried it on loopback: the demo director exists, club mode refuses it.
    assert _manage(club_env, "serve", "--check-only").returncode == 0
    refused = _manage(club_env, "serve", "--host", CLUB_HOST, "--port", str(port))
    assert refused.returncode == 1 and "manage.py changepassword director" in refused.stderr
    # Once the director has a password of their own, gunicorn serves, and the demo password opens nothing.
    script = (
        "from django.contrib.auth.models import User; u = User.objects.get(username='director');"
        "u.set_password('club-night-2026'); u.save()"
    )
    assert _manage(club_env, "shell", "-c", script).returncode == 0
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--host", CLUB_HOST, "--port", str(port)],
        cwd=ROOT,
        env=club_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # a minute: gunicorn starts three workers on a machine busy with other tests
            try:
                health = urllib.request.urlopen(f"{base}/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer /healthz within a minute")
        assert health.status == 200 and health.headers["Server"] == "gunicorn"
        assert _login(base, "director", "quadrille") == 200  # the form again, with its error
        assert _login(base, "director", "club-night-2026") == 302
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert "Director login:        http://127.0.0.1/accounts/login/" in output
    assert "password: quadrille" not in output


@pytest.mark.slow
def test_gunicorn_refuses_the_development_key(club_env):
    env = {**club_env, "SECRET_KEY": settings.DEVELOPMENT_SECRET_KEY}
    assert _manage(env, "migrate", "-v", "0").returncode == 0
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{_free_port()}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "SECRET_KEY is the development key" in result.stderr


def test_every_address_make_run_prints_answers(club_env, tmp_path):
    """`make run HOST=127.0.0.2`: the address printed is one ALLOWED_HOSTS lets in (it answered 400)."""
    env = {k: v for k, v in club_env.items() if k != "SITE_URL"}
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--host", "127.0.0.2", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        for _ in range(600):  # a minute: gunicorn starts three workers on a machine busy with other tests
            try:
                urllib.request.urlopen(f"http://127.0.0.2:{port}/healthz", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # an answer, even a refusal: the server is up
            except OSError:
                time.sleep(0.1)
        printed = re.findall(r"(http://\S+/)", log.read_text())
        assert printed == [f"http://127.0.0.2:{port}/", f"http://127.0.0.2:{port}/accounts/login/"]
        for url in printed:
            try:
                status = urllib.request.urlopen(url, timeout=10).status
            except urllib.error.HTTPError as answer:
                status = answer.code
            assert (url, status) == (url, 200)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_address_printed_is_one_the_server_lets_in():
    loopback = ["localhost", "127.0.0.1", "[::1]"]
    for host, printed in [
        ("127.0.0.1", "http://localhost:8000"),
        ("127.0.0.2", "http://127.0.0.2:8000"),
        ("::1", "http://localhost:8000"),
        ("fe80::1", "http://[fe80::1]:8000"),
        ("0.0.0.0", "http://localhost:8000"),  # noqa: S104 (club mode without a LAN address)
    ]:
        assert startup.local_url(host=host, port=8000) == printed
        domain, _port = split_domain_port(urllib.parse.urlsplit(printed).netloc)
        assert validate_host(domain, startup.allowed_hosts_with(loopback, [printed]))
    assert startup.allowed_hosts_with(loopback, ["http://127.0.0.2:8000"]) == [*loopback, "127.0.0.2"]
    assert startup.allowed_hosts_with(loopback, ["http://localhost:8000"]) == loopback


def test_a_server_removes_the_standings_cache_a_killed_server_left(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a server killed with kill -9: its process is gone, its directory is not
    killed = tmp_path / f"quadrille-standings-{gone.pid}-abc123"
    running = tmp_path / f"quadrille-standings-{os.getppid()}-def456"  # another server, still serving
    for directory in (killed, running):
        directory.mkdir()
        (directory / "entry.djcache").write_text("kept figures")
    made = Path(conf.standings_directory())
    assert not killed.exists() and running.exists()
    assert made.parent == tmp_path and made.name.startswith(f"quadrille-standings-{os.getpid()}-")
