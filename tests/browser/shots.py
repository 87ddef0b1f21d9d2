"""Screenshots a person looks at, kept in the checkout's (ignored) screenshots/ folder only when asked:
`SCREENSHOTS=1 make test`. A test that has the `screenshot_dir` fixture uses that instead."""

from __future__ import annotations

import os

from playwright.sync_api import Page

from tests.conftest import SCREENSHOTS


def keep(page: Page, name: str) -> None:
    """Keep a full-page screenshot of `page` as `name` when screenshots are asked for."""
    if os.environ.get("SCREENSHOTS"):
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True)
