"""The cache the server's processes share (the "tables" alias): a SQLite file of its own, in TABLE_CACHE_DIR.

A table's page, preview and save read what the table's last save left here (tables/screen.py), whichever gunicorn
process served that save. Django's file cache keeps a file per key: each write created a temporary file and renamed
it into place, 0.2 to 0.3 ms on ext4 (a new inode and a journal entry), twice in every save, and each read opened a
file. Here a write is one INSERT into a WAL-mode SQLite file (0.02 ms) and a read one SELECT (0.01 ms).

- Nothing kept here is needed: deleting the directory loses nothing. A process that has the file open goes on with
  the deleted one until it restarts; the keys carry the table's revision, so no value is ever stale, only missed.
- WAL with synchronous=NORMAL: a process killed loses nothing it committed; a machine that stops may lose the last
  writes. A file that is not a database (or not this one) is replaced by an empty one.
- A write that waits more than a second for another process's, or meets any other SQLite error, is logged and
  dropped, and a read that fails or finds a value it cannot unpickle misses: the next read folds afresh. A file
  found damaged or of another shape is replaced by an empty one. Only clear() raises when it cannot clear: a
  restored database reaches again revisions the cache holds for other deals (operations/backup.py).
- Expired rows are never returned. Once every CULL_EVERY writes of a process, the expired rows are deleted and,
  past MAX_ENTRIES, the share 1/CULL_FREQUENCY that expire first.
- Values are pickled: only this app writes the file, which is created readable by its owner only (SQLite gives
  its -wal and -shm files the same permissions).
"""

from __future__ import annotations

import itertools
import logging
import os
import pickle
import sqlite3
import threading
import time
from pathlib import Path

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

logger = logging.getLogger(__name__)

FILE = "cache.sqlite3"
_SCHEMA = "CREATE TABLE IF NOT EXISTS cache (key TEXT PRIMARY KEY, expires REAL, value BLOB NOT NULL)"


class SQLiteCache(BaseCache):
    CULL_EVERY = 50

    def __init__(self, location: str, params: dict) -> None:
        super().__init__(params)
        self._dir = Path(location).resolve()
        self._local = threading.local()  # each thread of each process has its own connection
        self._writes = itertools.count()  # next() on it is atomic under the GIL

    @property
    def path(self) -> Path:
        return self._dir / FILE

    # --- the connection -----------------------------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():  # never a connection inherited across a fork
            local.connection = self._connect()
            local.pid = os.getpid()
        return local.connection

    def _connect(self) -> sqlite3.Connection:
        self._dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        for leftover in self._dir.glob("*.djcache"):  # the files of the file cache this one replaced
            leftover.unlink(missing_ok=True)
        try:
            return self._open()
        except sqlite3.Error as error:
            if not _broken(error):
                raise
            self._replace(error)
            return self._open()

    def _open(self) -> sqlite3.Connection:
        # Created by its owner for its owner: os.umask is the process's, shared by the server's threads.
        os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
        connection = sqlite3.connect(self.path, timeout=1.0, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA journal_size_limit=8388608")  # the WAL file cut back to 8 MB after a checkpoint
            connection.execute(_SCHEMA)
            columns = [row[1] for row in connection.execute("PRAGMA table_info(cache)")]
            if columns != ["key", "expires", "value"]:
                raise sqlite3.DatabaseError(f"a cache table of another shape: {columns}")
        except sqlite3.Error:
            connection.close()
            raise
        return connection

    def _replace(self, error: Exception) -> None:
        """Start again with an empty file (this thread's connection is dropped; the others are as they find)."""
        logger.warning("The cache file %s was unusable (%s): it starts again empty.", self.path, error)
        connection = getattr(self._local, "connection", None)
        self._local.pid = None
        if connection is not None:
            connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)

    def _run(self, what: str, sql: str, params=(), *, many: bool = False) -> sqlite3.Cursor | None:
        """`sql` run on this thread's connection (None, logged, if SQLite or the file system refused it)."""
        try:
            db = self._db()
            return db.executemany(sql, params) if many else db.execute(sql, params)
        except (sqlite3.Error, OSError) as error:
            self._refused(what, error)
            return None

    def _refused(self, what: str, error: Exception) -> None:
        logger.warning("The shared cache could not %s: %s", what, error)
        if isinstance(error, sqlite3.Error) and _broken(error):
            self._replace(error)

    # --- Django's cache API ---------------------------------------------------------------------------------

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        sql = "SELECT value FROM cache WHERE key = ? AND (expires IS NULL OR expires > ?)"
        cursor = self._run("read", sql, (key, time.time()))
        row = cursor.fetchone() if cursor is not None else None
        if row is None:
            return default
        try:
            return pickle.loads(row[0])  # noqa: S301  (written by this app only)
        except Exception as error:  # noqa: BLE001  (damaged bytes, a class renamed since: a miss, never a 500)
            logger.warning("The shared cache could not read %r: %s", key, error)
            self._run("delete", "DELETE FROM cache WHERE key = ?", (key,))
            return default

    def get_many(self, keys, version=None):
        return {key: value for key in keys if (value := self.get(key, _MISSING, version)) is not _MISSING}

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self.set_many({key: value}, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None) -> list:
        rows = [
            (self.make_and_validate_key(key, version=version), self.get_backend_timeout(timeout), _pickled(value))
            for key, value in data.items()
        ]
        sql = "INSERT OR REPLACE INTO cache (key, expires, value) VALUES (?, ?, ?)"
        if len(rows) == 1:
            self._run("write", sql, rows[0])
        else:
            self._in_one_transaction("write", sql, rows)
        if next(self._writes) % self.CULL_EVERY == 0:
            self._cull()
        return []

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        now = time.time()
        cursor = self._run(
            "write",
            "INSERT INTO cache (key, expires, value) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
            "expires = excluded.expires, value = excluded.value WHERE cache.expires IS NOT NULL AND cache.expires <= ?",
            (key, self.get_backend_timeout(timeout), _pickled(value), now),
        )
        return cursor is not None and cursor.rowcount == 1

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        cursor = self._run(
            "write",
            "UPDATE cache SET expires = ? WHERE key = ? AND (expires IS NULL OR expires > ?)",
            (self.get_backend_timeout(timeout), key, time.time()),
        )
        return cursor is not None and cursor.rowcount == 1

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        cursor = self._run("delete", "DELETE FROM cache WHERE key = ?", (key,))
        return cursor is not None and cursor.rowcount == 1

    def delete_many(self, keys, version=None) -> None:
        keys = [(self.make_and_validate_key(key, version=version),) for key in keys]
        self._run("delete", "DELETE FROM cache WHERE key = ?", keys, many=True)

    def has_key(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        sql = "SELECT 1 FROM cache WHERE key = ? AND (expires IS NULL OR expires > ?)"
        cursor = self._run("read", sql, (key, time.time()))
        return cursor is not None and cursor.fetchone() is not None

    def clear(self) -> None:
        """Delete every value, for every process; raises if SQLite refuses (waiting up to 30 s for a writer)."""
        db = self._db()
        db.execute("PRAGMA busy_timeout = 30000")
        try:
            db.execute("DELETE FROM cache")
        finally:
            db.execute("PRAGMA busy_timeout = 1000")

    def close(self, **kwargs) -> None:
        """Kept open between requests (Django closes the caches after each one): a connection is per thread."""

    # --- upkeep -----------------------------------------------------------------------------------------------

    def _in_one_transaction(self, what: str, sql: str, rows: list) -> None:
        try:
            db = self._db()
            with db:  # BEGIN ... COMMIT, or ROLLBACK on an error
                db.execute("BEGIN IMMEDIATE")
                db.executemany(sql, rows)
        except (sqlite3.Error, OSError) as error:
            self._refused(what, error)

    def _cull(self) -> None:
        self._run("cull", "DELETE FROM cache WHERE expires IS NOT NULL AND expires <= ?", (time.time(),))
        cursor = self._run("cull", "SELECT count(*) FROM cache")
        count = cursor.fetchone()[0] if cursor is not None else 0
        if count < self._max_entries:
            return
        if self._cull_frequency == 0:  # Django's meaning: empty the cache (a write never raises, unlike clear())
            self._run("cull", "DELETE FROM cache")
            return
        self._run(
            "cull",
            "DELETE FROM cache WHERE key IN (SELECT key FROM cache ORDER BY expires IS NULL, expires LIMIT ?)",
            (count // self._cull_frequency,),
        )


_MISSING = object()


def _broken(error: sqlite3.Error) -> bool:
    """Whether the file itself is unusable (damaged, not a database, another shape), not merely busy or out of
    reach for now (locked, unable to open, out of disk: the file is kept then)."""
    if not isinstance(error, sqlite3.OperationalError):
        return isinstance(error, sqlite3.DatabaseError)  # "file is not a database", "disk image is malformed"
    message = str(error)
    return "no such table" in message or "no such column" in message or "has no column" in message


def _pickled(value) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
