"""Progress for long commands: a line redrawn in place on a terminal, nothing when output goes elsewhere."""

from __future__ import annotations

from collections.abc import Callable

from django.core.management.base import OutputWrapper


def tty_progress(stream: OutputWrapper, label: str) -> Callable[[int, int], None] | None:
    """A callback `(done, total)` drawing `label: done/total` on `stream`, or None when it is not a terminal."""
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        stream.write(f"\r{label}: {done}/{total}", ending="\n" if done >= total else "")
        stream.flush()

    return show
