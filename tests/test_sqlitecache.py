"""The cache the server's processes share: Django's cache API over one SQLite file, which never fails a request."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import threading
import time
from pathlib import Path

from django.core.cache import caches

from scorekeeper.sqlitecache import SQLiteCache


def make(tmp_path, **options) -> SQLiteCache:
    return SQLiteCache(str(tmp_path / "tables"), {"OPTIONS": options})


def test_values_round_trip_and_every_call_of_the_api_does_what_django_says(tmp_path):
    cache = make(tmp_path)
    head = {"balances": (38, 14, 42, 42), "names": ["<b>Kit & 'Ann'</b>"]}
    cache.set("head:abc:2", head)
    assert cache.get("head:abc:2") == head
    assert cache.get("head:abc:3") is None and cache.get("head:abc:3", "none") == "none"
    assert cache.has_key("head:abc:2") and not cache.has_key("head:abc:3")
    cache.set_many({"a": 1, "b": [2]})
    assert cache.get_many(["a", "b", "c"]) == {"a": 1, "b": [2]}
    assert cache.add("a", 10) is False and cache.get("a") == 1  # add leaves a live key alone
    assert cache.add("c", 3) is True and cache.get("c") == 3
    assert cache.delete("a") is True and cache.delete("a") is False
    cache.delete_many(["b", "c", "never"])
    assert cache.get_many(["b", "c"]) == {}
    cache.set("head:n", 5)
    assert cache.incr("head:n", 2) == 7  # through get and set
    cache.clear()
    assert cache.get("head:abc:2") is None and cache.get("head:n") is None


def test_an_expired_value_is_never_read_and_touch_and_add_see_it_gone(tmp_path):
    cache = make(tmp_path)
    cache.set("short", "x", timeout=0.05)
    cache.set("forever", "y", timeout=None)
    assert cache.get("short") == "x"
    time.sleep(0.1)
    assert cache.get("short") is None and not cache.has_key("short")
    assert cache.touch("short") is False
    assert cache.add("short", "again") is True and cache.get("short") == "again"
    assert cache.touch("forever", timeout=60) is True and cache.get("forever") == "y"
    cache.set("zero", "z", timeout=0)  # Django's meaning: expires at once
    assert cache.get("zero") is None


def test_writes_are_culled_once_every_cull_every_and_the_soonest_to_expire_go(tmp_path):
    cache = make(tmp_path, MAX_ENTRIES=10, CULL_FREQUENCY=2)
    cache.CULL_EVERY = 5
    for i in range(20):
        cache.set(f"k{i}", i, timeout=1000 + i)  # k0 expires first
    # Counted after writes k0, k5, k10 and k15. After k10 there were 11 rows, at least the 10 allowed: half of them
    # (5), those that expire first, went (k0-k4). After k15 there were 11 again: k5-k9 went.
    kept = [i for i in range(20) if cache.get(f"k{i}") is not None]
    assert kept == list(range(10, 20))
    assert [cache.get(f"k{i}") for i in kept] == kept


def test_a_file_damaged_while_in_use_or_of_another_shape_is_replaced_and_a_bad_value_misses(tmp_path, caplog):
    cache = make(tmp_path)
    cache.set("kept", 1)
    cache.set("bad", 2)
    with sqlite3.connect(cache.path) as db:
        db.execute("UPDATE cache SET value = ? WHERE key LIKE '%bad'", (b"\x80\x05not a pickle",))
    assert cache.get("bad") is None and cache.get("kept") == 1  # a value it cannot read: a miss, and deleted
    assert "could not read" in caplog.text

    other = make(tmp_path / "other")
    other.path.parent.mkdir(parents=True)
    with sqlite3.connect(other.path) as db:
        db.execute("CREATE TABLE cache (key TEXT PRIMARY KEY, value BLOB)")  # another shape
    other.set("k", 1)
    assert other.get("k") == 1

    with sqlite3.connect(cache.path) as db:  # the table dropped behind the cache's back, while in use
        db.execute("DROP TABLE cache")
    assert cache.get("kept") is None  # logged, the file replaced
    cache.set("again", 3)
    assert cache.get("again") == 3


def test_a_cull_frequency_of_zero_empties_the_cache_when_it_is_full(tmp_path):
    cache = make(tmp_path, MAX_ENTRIES=3, CULL_FREQUENCY=0)
    cache.CULL_EVERY = 4
    for i in range(4):
        cache.set(f"k{i}", i)  # counted after k0 (1 row) and after k4
    assert [cache.get(f"k{i}") for i in range(4)] == [0, 1, 2, 3]
    cache.set("k4", 4)  # 5 rows, past 3: all go
    assert [cache.get(f"k{i}") for i in range(5)] == [None] * 5


def test_the_file_caches_files_left_from_before_are_deleted(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir()
    (directory / "0123abcd.djcache").write_bytes(b"an old head")
    (directory / "notes.txt").write_text("not the cache's")
    make(tmp_path).set("k", 1)
    assert sorted(p.name for p in directory.iterdir() if not p.name.startswith("cache.sqlite3")) == ["notes.txt"]


def test_a_file_that_is_not_a_database_is_replaced_by_an_empty_cache(tmp_path):
    cache = make(tmp_path)
    cache.path.parent.mkdir(parents=True)
    cache.path.write_bytes(b"this is not a database" * 100)
    assert cache.get("anything") is None
    cache.set("anything", 1)
    assert cache.get("anything") == 1


def test_a_write_that_cannot_get_the_lock_is_dropped_and_a_read_still_answers(tmp_path, caplog):
    cache = make(tmp_path)
    cache.set("kept", 1)
    holder = sqlite3.connect(cache.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process in the middle of a write, for longer than the timeout
    try:
        started = time.monotonic()
        cache.set("dropped", 2)
        assert time.monotonic() - started < 5
        assert cache.get("kept") == 1  # WAL: reads go on during the write
    finally:
        holder.rollback()
        holder.close()
    assert cache.get("dropped") is None
    assert "could not write" in caplog.text


def _write_from_another_process(location: str) -> None:
    SQLiteCache(location, {}).set("from-the-other-process", {"deal": 41})


def test_what_one_process_writes_another_reads_and_threads_have_their_own_connections(tmp_path):
    cache = make(tmp_path)
    process = multiprocessing.get_context("spawn").Process(
        target=_write_from_another_process, args=(str(tmp_path / "tables"),)
    )
    process.start()
    process.join(60)
    assert process.exitcode == 0
    assert cache.get("from-the-other-process") == {"deal": 41}

    errors = []

    def worker(n: int) -> None:
        try:
            for i in range(50):
                cache.set(f"t{n}:{i}", (n, i))
                assert cache.get(f"t{n}:{i}") == (n, i)
        except Exception as error:  # noqa: BLE001  (reported below)
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert cache.get_many([f"t{n}:49" for n in range(4)]) == {f"t{n}:49": (n, 49) for n in range(4)}


def test_the_tables_cache_is_this_one_its_files_are_the_owners_and_the_umask_is_left_alone(tmp_path):
    cache = caches["tables"]
    assert isinstance(cache, SQLiteCache)
    cache.set("probe", 1)
    assert cache.path.exists() and (cache.path.stat().st_mode & 0o077) == 0  # the owner's only
    before = os.umask(0o022)
    try:
        threads = [threading.Thread(target=make(tmp_path / str(n)).set, args=("k", n)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert os.umask(0o022) == 0o022  # no thread left its own behind
    finally:
        os.umask(before)
    opened = make(tmp_path / "0")
    assert opened.get("k") == 0
    for suffix in ("", "-wal", "-shm"):
        assert (Path(f"{opened.path}{suffix}").stat().st_mode & 0o077) == 0


def test_clear_empties_the_file_for_every_process_that_shares_it(tmp_path):
    # A restored database reaches again revisions kept here for other deals: every process must miss them.
    one, other = make(tmp_path), make(tmp_path)
    one.set("head2:token:7:abc", "the evening before the restore")
    assert other.get("head2:token:7:abc") == "the evening before the restore"
    other.clear()
    assert one.get("head2:token:7:abc") is None
