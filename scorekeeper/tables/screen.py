"""The entry screen's cache: what a table's page, preview and save read between two changes of the table.

A phone taps a preview five to eight times a deal, and each one used to fold every deal of the table. Here the
state after the last deal (the head) and the ledger's rendered rows are kept under the table's token and revision
and a fingerprint of its session (rule set, options, names): every write that changes the fold raises the
revision in its transaction, so nothing stale is ever read, and deleting the cache loses nothing. The cache is
the "tables" alias, shared by the server's processes (a SQLite file of its own: sqlitecache.py), so the head a
save leaves is the one the next tap reads, whichever process serves it. A save (an append) extends the head and
the rows of the revision before it; anything else (a correction, a strike, an import) leaves the next read to fold
afresh.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.cache import caches
from django.urls import reverse
from django.utils.translation import get_language

from scorekeeper.engine import LedgerEntry, Session, TableState
from scorekeeper.tables.presenters import ledger_row_html

# An evening's length; old revisions are never read again and are deleted when the next one is kept.
TIMEOUT = 6 * 3600


def _cache():
    return caches["tables"]


@dataclass(frozen=True)
class TourTotal:
    tour: int
    deltas: tuple[int, ...]
    played: int  # the tour's valid deals recorded so far

    @property
    def complete(self) -> bool:
        return self.played == 4


@dataclass(frozen=True)
class TableHead:
    """A table's fold reduced to what its entry screen needs: the state after its last deal, how many deals
    (void ones included) are recorded, each tour's changes, and how many deals were struck out (a strike raises
    the revision; the page reads the struck deals only when there are some)."""

    state: TableState
    records: int
    tours: tuple[TourTotal, ...]
    struck: int


def tour_totals(entries: Iterable[LedgerEntry], tours: tuple[TourTotal, ...] = ()) -> tuple[TourTotal, ...]:
    """Each tour's changes and how many of its deals are played: `tours` extended by `entries`."""
    totals = {t.tour: (list(t.deltas), t.played) for t in tours}
    for entry in entries:
        if entry.void:
            continue
        deltas, played = totals.get(entry.tour, ([0, 0, 0, 0], 0))
        totals[entry.tour] = ([d + e for d, e in zip(deltas, entry.deltas, strict=True)], played + 1)
    return tuple(TourTotal(tour, tuple(deltas), played) for tour, (deltas, played) in sorted(totals.items()))


def session_key(session: Session) -> str:
    """A short fingerprint of what the fold and its rendering depend on besides the deals."""
    return hashlib.blake2b(repr(session).encode(), digest_size=8).hexdigest()


def _head_key(token: str, revision: int, session: Session) -> str:
    # The token, not the id: ids come back after a rollback or a restored backup, tokens do not.
    return f"head2:{token}:{revision}:{session_key(session)}"


def _rows_key(token: str, revision: int, session: Session, language: str) -> str:
    return f"rows:{token}:{revision}:{session_key(session)}:{language}"


def _older_rows_key(token: str, revision: int, session: Session, language: str) -> str:
    return f"older-rows:{token}:{revision}:{session_key(session)}:{language}"


# The rows of a revision are kept in two parts: the newest rows, and the key of the older rows below them, kept
# once. A save adds its row to the newest part only, so it writes a few kilobytes instead of the whole ledger
# (at 200 deals, 130 kB compressed again at every save: 2 ms of the save's 3.5 ms in this cache); once the newest
# part holds NEWEST_ROWS rows it goes under the older ones, and that write is the whole ledger's, one save in 20.
NEWEST_ROWS = 20


@dataclass(frozen=True)
class _Rows:
    newest: str  # the newest rows, rendered, newest first
    count: int  # how many rows `newest` holds
    older: str  # the cache key of the rows below them


def head_get(*, token: str, revision: int, session: Session) -> TableHead | None:
    return _cache().get(_head_key(token, revision, session))


def head_keep(*, token: str, revision: int, session: Session, head: TableHead) -> None:
    _cache().set(_head_key(token, revision, session), head, TIMEOUT)


def rows_get(*, token: str, revision: int, session: Session) -> str | None:
    """The ledger's rows (newest first) as rendered in the active language, if kept."""
    cache = _cache()
    rows = cache.get(_rows_key(token, revision, session, get_language()))
    older = cache.get(rows.older) if isinstance(rows, _Rows) else None
    return None if older is None else rows.newest + older


def rows_keep(*, token: str, revision: int, session: Session, html: str) -> None:
    language = get_language()
    older = _older_rows_key(token, revision, session, language)
    _cache().set_many({older: html, _rows_key(token, revision, session, language): _Rows("", 0, older)}, TIMEOUT)


def appended(*, table, session: Session, revision: int, before: TableHead, entry: LedgerEntry) -> None:
    """Keep revision `revision` + 1 of `table` after one deal (`entry`) was appended at `revision`: call once
    the append is committed. The rows are extended only if the revision before was kept (in the active
    language); the revision before is dropped."""
    cache = _cache()
    token = table.token
    head = TableHead(
        state=entry.state, records=before.records + 1, tours=tour_totals([entry], before.tours), struck=before.struck
    )
    cache.set(_head_key(token, revision + 1, session), head, TIMEOUT)
    language = get_language()
    rows_key = _rows_key(token, revision, session, language)
    rows = cache.get(rows_key)
    dropped = [_head_key(token, revision, session), rows_key]
    if isinstance(rows, _Rows):
        href = reverse("deal", kwargs={"token": token, "position": entry.position})
        newest = ledger_row_html(entry, session.players, href=href, corrected=False) + rows.newest
        kept: _Rows | None = _Rows(newest, rows.count + 1, rows.older)
        if rows.count + 1 >= NEWEST_ROWS:
            older = cache.get(rows.older)
            kept = None  # the older rows were dropped by the cache meanwhile: the next page folds them afresh
            if older is not None:
                kept = _Rows("", 0, _older_rows_key(token, revision + 1, session, language))
                cache.set(kept.older, newest + older, TIMEOUT)
                dropped.append(rows.older)
        if kept is not None:
            cache.set(_rows_key(token, revision + 1, session, language), kept, TIMEOUT)
    cache.delete_many(dropped)
