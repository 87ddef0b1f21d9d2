"""Ranking with ties, shared by the standings and the season ladder: one rule for who shares a place."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")


def rank_with_ties(items: Iterable[T], key: Callable[[T], Any], *, then: Callable[[T], Any] | None = None) -> list[T]:
    """The items sorted by `key` (smallest first), each given a `rank`: equal keys share the better place and the
    next place skips (1, 2, 2, 4). `then` orders the items that share a place (by name, say) without separating
    them."""
    ordered = sorted(items, key=(lambda item: (key(item), then(item))) if then else key)
    rank, previous_key = 0, None
    for place, item in enumerate(ordered, start=1):
        item_key = key(item)
        if place == 1 or item_key != previous_key:
            rank, previous_key = place, item_key
        item.rank = rank  # type: ignore[attr-defined]
    return ordered
