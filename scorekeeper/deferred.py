"""Work a request leaves until its answer is sent: caches that follow a write (the analysis digests) need not make
the phone wait.

`after_response(callback)` runs the callback once the transaction it is called in commits (never if it rolls
back). During a request it runs once the response has been sent: the WSGI server sends Django's
`request_finished` when it closes the response, after its body is written (gunicorn, the development server and
the test client alike). Outside a request (a management command, the shell, a test calling a service) it runs at
the commit. A callback that fails is logged and costs its request nothing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.core.signals import request_finished, request_started
from django.db import DEFAULT_DB_ALIAS, transaction

logger = logging.getLogger(__name__)

# Each gunicorn thread serves one request at a time: its queue is the current request's (None between requests).
_local = threading.local()


def after_response(callback: Callable[[], object], *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Run `callback` after the commit of the current transaction and, during a request, after its response."""
    transaction.on_commit(lambda: _queue_or_run(callback), using=using, robust=True)


def _queue_or_run(callback: Callable[[], object]) -> None:
    queue = getattr(_local, "queue", None)
    if queue is None:
        _run(callback)
    else:
        queue.append(callback)


def _run(callback: Callable[[], object]) -> None:
    try:
        callback()
    except Exception:
        logger.exception("Work after the response failed: %r", callback)


def _drain() -> None:
    queue = getattr(_local, "queue", None)
    _local.queue = None  # what the callbacks leave runs at once
    for callback in queue or ():
        _run(callback)


def _request_started(**_signal) -> None:
    _drain()  # a request whose response was never closed left its work: it is committed, so it runs
    _local.queue = []


def _request_finished(**_signal) -> None:
    _drain()


# Connected on import: the services that defer work import this module, so it is connected before any request.
request_started.connect(_request_started, dispatch_uid="scorekeeper-deferred-start")
request_finished.connect(_request_finished, dispatch_uid="scorekeeper-deferred-finish")
