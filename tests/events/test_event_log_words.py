"""The event log words the notes the services write in a fixed form, in the reader's language."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation

from scorekeeper.events.templatetags.event_log import log_note


def test_a_substitutes_note_names_the_round_table_and_seat_counted_from_one():
    entry = SimpleNamespace(action="substitute", note="2/3/0")
    assert log_note(entry) == "round 2, table 3, seat 1"
    with translation.override("fr"):
        assert log_note(entry) == "tour de table 2, table 3, place 1"


def test_a_note_of_another_form_is_shown_as_written():
    assert log_note(SimpleNamespace(action="substitute", note="Zoe <b>")) == "Zoe <b>"
    assert log_note(SimpleNamespace(action="closed", note="2/3/0")) == "2/3/0"
