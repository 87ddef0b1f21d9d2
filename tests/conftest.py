"""Shared fixtures. Browser tests use Debian's Chromium, never a browser downloaded by Playwright."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from django.core.signals import request_finished, request_started
from hypothesis import settings

# make test-quick draws fewer examples for the property tests (HYPOTHESIS_PROFILE=quick); make test draws them all.
settings.register_profile("quick", max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
# Screenshots are kept in the checkout's (ignored) screenshots/ folder only when asked: `SCREENSHOTS=1 make test`.
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # A missing browser must fail the run, not skip it.
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (make test does)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "device_scale_factor": 1, "locale": "en-GB"}


@pytest.fixture
def screenshot_dir(tmp_path) -> Path:
    if not os.environ.get("SCREENSHOTS"):
        return tmp_path
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(autouse=True)
def _empty_cache():
    """The analysis keeps ratings in the cache by fingerprints of tables, the standings theirs by digests; a test's
    ids may be another's."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request through the test client leaves the language it
    asked for active in the thread (LocaleMiddleware activates it and nothing deactivates it), and a later test on
    the same worker that words a message outside a request would meet it."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


class _InFlight:
    """The live server's requests not yet finished."""

    def __init__(self) -> None:
        self.count = 0
        self.idle = threading.Condition()

    def started(self, **_signal) -> None:
        with self.idle:
            self.count += 1

    def finished(self, **_signal) -> None:
        with self.idle:
            self.count -= 1
            self.idle.notify_all()

    def wait(self, timeout: float) -> None:
        with self.idle:
            self.idle.wait_for(lambda: self.count <= 0, timeout)


@pytest.fixture(autouse=True)
def _live_requests_finish_before_the_flush(request):
    """A browser test ends when the page shows what it waits for; the server may still be finishing a request
    (its answer sent, its connection not yet closed). The test's database is flushed only once they are done:
    a flush meeting a request that still writes is a deadlock on PostgreSQL."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up before this fixture, so flushed after it
    in_flight = _InFlight()
    request_started.connect(in_flight.started, weak=False)
    request_finished.connect(in_flight.finished, weak=False)
    try:
        yield
    finally:
        in_flight.wait(timeout=10)
        request_started.disconnect(in_flight.started)
        request_finished.disconnect(in_flight.finished)
