"""The file cache the server's processes share (the "tables" alias): Django's, without counting its files at every
write.

Django's FileBasedCache lists its whole directory at every `set` to decide whether to cull. An evening's cache holds
a few files per table (the head, the ledger's rows), so with 60 tables each write listed several hundred names:
about 1 ms, twice in every save. Here the files are counted on a process's first write and then once every
CULL_EVERY writes, so the directory can exceed MAX_ENTRIES by at most CULL_EVERY files per process before it is
culled; what is culled is lost as before (the next read folds afresh). Each write still goes to a temporary file
renamed into place, so a reader in another process sees the old file or the new one, never half of one.
"""

from __future__ import annotations

import itertools

from django.core.cache.backends.filebased import FileBasedCache


class FileCache(FileBasedCache):
    CULL_EVERY = 50

    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = itertools.count()  # next() on it is atomic under the GIL: threads share it safely

    def _cull(self):
        if next(self._writes) % self.CULL_EVERY == 0:
            super()._cull()
