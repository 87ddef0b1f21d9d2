"""Backups of the club's database, taken while the app runs, and putting one back.

SQLite: the online backup API copies a consistent snapshot (a read transaction in WAL mode, so phones keep
saving while it runs). PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore` (see README).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.cache import caches
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.models import Max
from django.utils import timezone

from scorekeeper.events.models import EventLog
from scorekeeper.tables.models import DealChange

PREFIX = "quadrille-"
Progress = Callable[[int, int], None]


class BackupError(Exception):
    """A backup or a restore could not be done; the message says why, for the person at the laptop."""


@dataclass(frozen=True)
class Marks:
    """How far the club's writes have gone: the last deal audit row and the last event closing."""

    deal_change: int
    event_closed: int


def _database() -> dict:
    return settings.DATABASES["default"]


def is_sqlite() -> bool:
    return _database()["ENGINE"] == "django.db.backends.sqlite3"


def live_path() -> Path:
    return Path(_database()["NAME"])


def backups_list(*, directory: Path | None = None) -> list[Path]:
    """The backups in `directory`, oldest first (their names sort by time)."""
    directory = directory or settings.BACKUP_DIR
    if not directory.exists():
        return []
    return sorted(p for p in directory.iterdir() if p.name.startswith(PREFIX) and not p.name.endswith(".part"))


def backup_create(*, directory: Path | None = None, keep: int | None = None) -> Path:
    """Write a consistent copy of the database into `directory`, keep the newest `keep`, return its path."""
    directory = directory or settings.BACKUP_DIR
    keep = settings.BACKUP_KEEP if keep is None else keep
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S-%f")
    target = directory / f"{PREFIX}{stamp}.{'sqlite3' if is_sqlite() else 'pgdump'}"
    partial = target.with_name(target.name + ".part")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if is_sqlite():
            _sqlite_copy(live_path(), partial)
        else:
            _pg_dump(partial)
        # Renamed only when complete: a backup listed is a backup whole.
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        reason = getattr(error, "strerror", None) or str(error)
        raise BackupError(f"No backup written: cannot write into {directory}: {reason}.") from error
    for old in backups_list(directory=directory)[:-keep] if keep > 0 else []:
        old.unlink()
    return target


def _sqlite_copy(source: Path, target: Path) -> None:
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=20)
    dst = sqlite3.connect(target)
    try:
        # One step, inside one read transaction: the copy is the snapshot at its start, and phones keep saving
        # (WAL). Copied in several steps, a save from another connection would restart the copy each time.
        src.backup(dst, pages=-1)
    finally:
        dst.close()
        src.close()


def _pg_env() -> dict:
    db = _database()
    env = dict(os.environ)
    for key, var in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if db.get(key):
            env[var] = str(db[key])
    return env


def _pg_dump(target: Path) -> None:
    if shutil.which("pg_dump") is None:
        raise BackupError("pg_dump is not installed: install PostgreSQL's client tools.")
    # PostgreSQL's own client from PATH, with fixed arguments and the database name from settings.
    command = ["pg_dump", "--format=custom", "--no-owner", "--file", str(target), _database()["NAME"]]
    result = subprocess.run(  # noqa: S603
        command,
        env=_pg_env(),
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        target.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {result.stderr.strip()}")


def integrity_problems(path: Path) -> list[str]:
    """What `PRAGMA integrity_check` finds wrong with a SQLite file (empty: sound)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as check:
            rows = [row[0] for row in check.execute("PRAGMA integrity_check")]
            check.execute("SELECT count(*) FROM django_migrations").fetchone()
    except sqlite3.DatabaseError as error:
        return [f"not a readable Quadrille database ({error})"]
    return [] if rows == ["ok"] else rows


def foreign_problems(path: Path) -> list[str]:
    """Why the SQLite file at `path` is not a backup of this app (empty: it is one).

    A backup of this app has applied some of its migrations (an older backup fewer: `migrate` adds the rest), none
    unknown to this code, and holds every table those migrations made. Any Django project's database has a
    django_migrations table: that alone proves nothing.
    """
    ours = {app.label for app in apps.get_app_configs() if app.name.startswith("scorekeeper.")}
    loader = MigrationLoader(None, ignore_no_migrations=True)
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        applied = set(db.execute("SELECT app, name FROM django_migrations"))
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    known = {key for key in applied if key[0] in loader.migrated_apps}
    if not any(app in ours for app, _ in known):
        return ["it holds no data of this app (none of its migrations was applied)"]
    unknown = sorted(key for key in known if key not in loader.graph.nodes)
    if unknown:
        app, name = unknown[0]
        return [f"it was made by another version of the app (its migration {app}.{name} is unknown here)"]
    state = loader.project_state(nodes=sorted(known), at_end=True)
    expected = {model._meta.db_table for model in state.apps.get_models() if model._meta.managed}
    missing = sorted(expected - tables)
    if missing:
        return [f"it lacks the table {missing[0]} that its migrations made ({len(missing)} missing)"]
    return []


def migrations_behind(path: Path) -> int:
    """How many of this code's migrations the SQLite file at `path` has not applied yet."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        applied = set(db.execute("SELECT app, name FROM django_migrations"))
    return len(set(loader.graph.nodes) - applied)


def server_pid() -> int | None:
    """The pid of the running server (gunicorn's pidfile), or None when none runs."""
    try:
        pid = int(settings.SERVER_PIDFILE.read_text().strip())
        os.kill(pid, 0)
    except (FileNotFoundError, ValueError, ProcessLookupError):
        return None
    except PermissionError:
        pass
    return pid


def restore(*, source: Path, progress: Progress | None = None) -> Path | None:
    """Put the backup `source` back as the club's database; returns the safety copy taken of the one replaced.

    The caller checks that no server runs (server_pid): a worker holding the old file open would keep
    serving from the pages it has cached.
    """
    if not is_sqlite():
        raise BackupError("On PostgreSQL, restore with pg_restore --clean --dbname=... FILE (see README).")
    if not source.exists():
        raise BackupError(f"{source} does not exist.")
    problems = integrity_problems(source)
    if problems:
        raise BackupError(f"{source} fails PRAGMA integrity_check: " + "; ".join(problems[:5]))
    foreign = foreign_problems(source)
    if foreign:
        raise BackupError(f"{source} is not a backup of this app: {foreign[0]}. Nothing restored.")
    connections.close_all()
    safety = backup_create() if live_path().exists() else None
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(live_path(), timeout=20)
    try:
        # Through the backup API rather than a file copy: the live file's WAL and shared memory stay coherent.
        src.backup(
            dst, pages=256, progress=(lambda _status, left, total: progress(total - left, total)) if progress else None
        )
    finally:
        dst.close()
        src.close()
    # Nothing kept in a cache is met again after a restore (keyed by digest stamps or by results); emptied anyway:
    # a restore is rare, and a cache shared with the server then holds nothing for the old file.
    for cache in caches.all():
        cache.clear()
    return safety


def marks_live() -> Marks:
    return Marks(
        deal_change=DealChange.objects.aggregate(m=Max("pk"))["m"] or 0,
        event_closed=EventLog.objects.filter(action="closed").aggregate(m=Max("pk"))["m"] or 0,
    )


def marks_of(path: Path) -> Marks | None:
    """The marks a SQLite backup was taken at, read from the backup itself (None when it cannot be read)."""
    if not path.name.endswith(".sqlite3"):
        return None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            deal = db.execute("SELECT max(id) FROM tables_dealchange").fetchone()[0] or 0
            closed = db.execute("SELECT max(id) FROM events_eventlog WHERE action = 'closed'").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        return None
    return Marks(deal_change=deal, event_closed=closed)
