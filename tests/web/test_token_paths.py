"""A table's own addresses, reversed once with a stand-in token: the same paths as reverse() gives."""

from __future__ import annotations

import pytest
from django.urls import NoReverseMatch, reverse, set_script_prefix

from scorekeeper.links import token_paths
from scorekeeper.tables.selectors import TABLE_PATHS

TOKENS = ["Jd7fQ2x-_kLm9PqRsTuVwXyZ", "é ü&'()~:@!$*+,;=%"]


@pytest.fixture
def script_prefix():
    yield set_script_prefix
    set_script_prefix("/")


@pytest.mark.parametrize("token", TOKENS)
def test_every_path_is_what_reverse_gives(token):
    paths = token_paths(token, TABLE_PATHS)
    assert paths == {key: reverse(name, args=[token]) for key, name in TABLE_PATHS.items()}


def test_the_paths_by_hand():
    paths = token_paths(TOKENS[0], TABLE_PATHS)
    assert paths["preview"] == "/t/Jd7fQ2x-_kLm9PqRsTuVwXyZ/preview/"
    assert paths["json"] == "/t/Jd7fQ2x-_kLm9PqRsTuVwXyZ/export.json"
    assert token_paths("a b/é", {"page": "table"})["page"] == "/t/a%20b/%C3%A9/"  # quoted as reverse() quotes


def test_a_server_under_a_script_prefix_gets_its_prefix(script_prefix):
    token_paths(TOKENS[0], TABLE_PATHS)  # kept for "/" first
    script_prefix("/club/")
    assert token_paths(TOKENS[0], TABLE_PATHS)["sheet"] == "/club/t/Jd7fQ2x-_kLm9PqRsTuVwXyZ/sheet.pdf"
    assert token_paths(TOKENS[1], TABLE_PATHS)["page"] == reverse("table", args=[TOKENS[1]])


def test_a_name_without_a_token_is_refused():
    with pytest.raises(NoReverseMatch):
        token_paths(TOKENS[0], {"home": "home"})
