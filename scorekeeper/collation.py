"""Names in the order a reader of a language expects, without ICU (not installable from PyPI here without a C
build): accents and case count only between names otherwise equal, so Émile sorts with the Es; Danish puts Æ, Ø and
Å after Z (and Ä, Ö with them); Spanish puts Ñ after N; German reads ß as ss. Enough for a club's players' names."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

# Letters after z, in each language's own order ("{", "|" and "}" follow "z" in code points).
AFTER_Z = {"da": {"æ": "{", "ä": "{", "ø": "|", "ö": "|", "å": "}"}}
AFTER_N = {"es": {"ñ": "n\uffff"}}  # ñ after every other n
# Letters that no Unicode decomposition reduces to a base letter.
FLATTENED = {"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}


def _primary(name: str, language: str) -> str:
    own = {**AFTER_Z.get(language, {}), **AFTER_N.get(language, {})}
    out = []
    for char in unicodedata.normalize("NFC", name.casefold()):
        if char in own:
            out.append(own[char])
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
        out.append(FLATTENED.get(base, base))
    return "".join(out)


# Kept per name (a pure function of its arguments, so never stale): the standings a projector polls order every
# player by name, and working the key out afresh was a fifth of a poll at 240 players.
@functools.lru_cache(maxsize=4096)
def name_key(name: str, language: str) -> tuple[str, str, str]:
    """A sort key for `name` in `language` ("en", "fr", "de", "da", "es"; a region such as "en-gb" is ignored):
    the letters first, then the accents, then the case."""
    language = language.split("-")[0].lower()
    return _primary(name, language), unicodedata.normalize("NFD", name.casefold()), name


def by_name(items: Iterable[T], language: str, name: Callable[[T], str] = lambda item: item.name) -> list[T]:
    """The items in the order of their names in `language`."""
    return sorted(items, key=lambda item: name_key(name(item), language))
