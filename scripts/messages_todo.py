"""List the catalogue entries still to translate: new (empty), fuzzy, or with an empty plural form."""

from __future__ import annotations

import sys
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def todo(po: polib.POFile) -> list[polib.POEntry]:
    return [
        e
        for e in po
        if not e.obsolete
        and (
            "fuzzy" in e.flags
            or (not e.msgid_plural and not e.msgstr)
            or (e.msgid_plural and (not e.msgstr_plural or not all(e.msgstr_plural.values())))
        )
    ]


def main() -> int:
    left = 0
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        entries = todo(polib.pofile(str(path)))
        left += len(entries)
        for e in entries:
            context = f"[{e.msgctxt}] " if e.msgctxt else ""
            print(f"{path.parent.parent.name}: {'fuzzy ' if 'fuzzy' in e.flags else ''}{context}{e.msgid!r}")
    if left:
        print(f"{left} entries to translate in locale/*/LC_MESSAGES/django.po", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
