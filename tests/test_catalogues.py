"""Every shipped language is complete: the strings in the code, extracted afresh, all have a translation."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from scripts.messages_todo import todo

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [code for code, _name in settings.LANGUAGES if not code.startswith("en")]


def test_every_language_in_settings_has_a_catalogue():
    for code in SHIPPED:
        assert (ROOT / "locale" / code / "LC_MESSAGES" / "django.po").exists(), code


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    """The catalogues as `make messages` leaves them (the strings of the code extracted afresh, nothing obsolete
    kept), made in a copy, so that the check never rewrites the working tree's catalogues."""
    copy = tmp_path_factory.mktemp("extracted")
    for name in ("scorekeeper", "templates", "locale", "scripts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "fonts"))
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    languages = [arg for code in SHIPPED for arg in ("-l", code)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *languages, "--no-location", "--no-obsolete", "-v", "0"],
        cwd=copy,
        # The copy has no tests package: the app's own settings (the suite's environment keeps writes out of it).
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"},
        check=True,
    )
    return copy / "locale"


def test_every_string_of_the_code_is_translated_in_every_shipped_language(extracted):
    left = {}
    for code in SHIPPED:
        entries = todo(polib.pofile(str(extracted / code / "LC_MESSAGES" / "django.po")))
        if entries:
            left[code] = [e.msgid for e in entries]
    assert not left, f"run `make messages` and translate: {left}"


def test_no_translation_is_dropped_when_the_strings_are_extracted_afresh(extracted):
    # A word the code translates through a variable (gettext(text)) is not found by makemessages: the next
    # `make messages` would drop its translations, and the pages would show it in English.
    dropped = {}
    for code in SHIPPED:
        kept = {(e.msgctxt, e.msgid) for e in polib.pofile(str(extracted / code / "LC_MESSAGES" / "django.po"))}
        shipped = polib.pofile(str(ROOT / "locale" / code / "LC_MESSAGES" / "django.po"))
        lost = [e.msgid for e in shipped if not e.obsolete and e.translated() and (e.msgctxt, e.msgid) not in kept]
        if lost:
            dropped[code] = lost
    assert dropped == {}


def test_every_plural_entry_has_each_form_its_language_counts():
    # Spanish counts three forms (one, a million's multiples, the rest): an entry with two shows the English
    # plural ("5 tricks") for every number but 1.
    short = {}
    for code in SHIPPED:
        po = polib.pofile(str(ROOT / "locale" / code / "LC_MESSAGES" / "django.po"))
        forms = int(po.metadata["Plural-Forms"].split("nplurals=")[1].split(";")[0])
        missing = [e.msgid for e in po if e.msgid_plural and not e.obsolete and len(e.msgstr_plural) < forms]
        if missing:
            short[code] = missing
    assert short == {}
