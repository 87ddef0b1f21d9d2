"""The shared file cache counts its files once every CULL_EVERY writes, and still culls."""

from __future__ import annotations

from scorekeeper.filecache import FileCache


def test_the_files_are_counted_once_every_cull_every_writes_and_culled_when_too_many(tmp_path):
    cache = FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    cache.CULL_EVERY = 5
    counted = []
    listing = cache._list_cache_files
    cache._list_cache_files = lambda: counted.append(1) or listing()

    for i in range(20):
        cache.set(f"k{i}", i)

    # Counted before writes 0, 5, 10 and 15. Before write 10 and before write 15 there were 10 files, the
    # maximum: half of them (5) were deleted each time, so 10 remain after the 20th write.
    assert len(counted) == 4
    assert len(listing()) == 10
    assert [cache.get(f"k{i}") for i in range(15, 20)] == [15, 16, 17, 18, 19]  # written after the last cull
    kept = [i for i in range(15) if cache.get(f"k{i}") is not None]
    assert len(kept) == 5 and all(cache.get(f"k{i}") == i for i in kept)


def test_the_tables_cache_is_this_one():
    from django.core.cache import caches

    assert isinstance(caches["tables"], FileCache)
