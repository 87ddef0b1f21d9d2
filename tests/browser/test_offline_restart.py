"""The laptop's server killed and started again while a phone keeps entering deals: nothing lost, nothing doubled.

`live_server` runs in the test's own process and cannot be killed, so this test starts the app as a real server
process (manage.py runserver) on a free loopback port with its own SQLite file, and kills it with SIGKILL."""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_offline_entry import PC6_TAPS, open_table, status, tap_deal
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """The app served by its own process; `kill` is a power cut, `start` the laptop coming back."""

    def __init__(self, database: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{database}",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECRET_KEY": "restart-test-key-restart-test-key-restart-test-key",
        }
        self.env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.process: subprocess.Popen | None = None
        self.manage("migrate", "--noinput", "-v", "0")

    def manage(self, *args: str) -> str:
        command = [sys.executable, "manage.py", *args]
        return subprocess.run(command, cwd=ROOT, env=self.env, check=True, capture_output=True, text=True).stdout

    def start(self) -> None:
        command = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload", "--nothreading"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.process = None


@pytest.fixture
def server(tmp_path):
    served = Server(tmp_path / "club.sqlite3")
    yield served
    if served.process is not None:
        served.kill()


def stored(database: Path) -> tuple[list[tuple], int]:
    """The deals in play order as the scorer tapped them, and how many distinct keys saved them."""
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT dealer, hombre, contract, trump, ally, tricks, idempotency_key FROM tables_deal ORDER BY position"
        ).fetchall()
    return [row[:6] for row in rows], len({row[6] for row in rows})


def test_a_server_killed_and_restarted_loses_and_doubles_nothing(server, tmp_path, page: Page, screenshot_dir):
    token = server.manage(
        "shell", "-v", "0", "-c", "from tests.factories import make_table; print(make_table(first_dealer=3).token)"
    ).split()[-1]
    server.start()
    open_table(page, f"{server.url}/t/{token}/")
    tap_deal(page, PC6_TAPS[0])
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()

    server.kill()
    tap_deal(page, PC6_TAPS[1])
    expect(status(page)).to_have_text(re.compile(r"^Offline since \d\d:\d\d · 1 deal waiting to send$"))
    # The phone is reloaded while the laptop is down: the kept page opens, the deal still waiting.
    page.reload()
    expect(status(page)).to_have_text(re.compile(r"^Offline since \d\d:\d\d · 1 deal waiting to send$"))
    tap_deal(page, PC6_TAPS[2])
    expect(status(page)).to_contain_text("2 deals waiting to send")
    page.screenshot(path=str(screenshot_dir / "offline-server-down.png"), full_page=True)

    server.start()
    expect(status(page)).to_have_text("All deals sent", timeout=20_000)
    expected = [(r.dealer, r.hombre, r.contract.value, r.trump, r.ally, r.tricks) for r in PC6[:3]]
    assert stored(tmp_path / "club.sqlite3") == (expected, 3)
    expect(page.locator(".seats .balance")).to_have_text(["37", "13", "13", "41"])
