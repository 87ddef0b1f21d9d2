"""Backups while serving: every 10 minutes when deals were recorded since the last one, and soon after an
event is closed.

Started in every gunicorn worker (post_worker_init), not in the master: the master forks workers, and a thread
running there at a fork may hold a lock the child never sees released. Each worker's thread tries an exclusive
lock on a file in the backup folder; the one that gets it does the work, and if its worker is recycled the
lock is released with the process and another worker's thread takes over. The events app needs no call into
this one: a closing writes an EventLog row, which the next look (every 30 seconds) sees.
"""

from __future__ import annotations

import fcntl
import logging
import threading
import time

from django.conf import settings
from django.db import connections

from scorekeeper.operations.backup import Marks, backup_create, backups_list, marks_live, marks_of

CHECK_SECONDS = 30
log = logging.getLogger(__name__)
_started = threading.Event()


def autobackup_due(*, now: Marks, last: Marks | None, seconds_since: float, every: float) -> bool:
    """A backup is due when an event was closed since the last one, or when deals were recorded since the
    last one and it is at least `every` seconds old."""
    if last is None:
        return now.deal_change > 0 or now.event_closed > 0
    if now.event_closed > last.event_closed:
        return True
    return now.deal_change > last.deal_change and seconds_since >= every


def autobackup_start() -> None:
    """Start this process's backup thread (once)."""
    if _started.is_set():
        return
    _started.set()
    threading.Thread(target=_run, name="autobackup", daemon=True).start()


def _run() -> None:
    settings.BACKUP_DIR.mkdir(parents=True, exist_ok=True)
    lock = (settings.BACKUP_DIR / ".autobackup.lock").open("w")
    holding = False
    last: Marks | None = None
    last_at = 0.0
    while True:
        try:
            if not holding:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                holding = True
                newest = backups_list()
                if newest:
                    last, last_at = marks_of(newest[-1]), newest[-1].stat().st_mtime
            now = marks_live()
            if autobackup_due(
                now=now, last=last, seconds_since=time.time() - last_at, every=settings.BACKUP_EVERY_SECONDS
            ):
                path = backup_create()
                last, last_at = now, time.time()
                log.info("Backup written: %s", path)
        except BlockingIOError:
            pass  # another worker does the backups
        except Exception:
            log.exception("Automatic backup failed; trying again in %s seconds", CHECK_SECONDS)
        finally:
            connections.close_all()
        time.sleep(CHECK_SECONDS)
