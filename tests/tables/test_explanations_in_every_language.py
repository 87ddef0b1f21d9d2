"""Every explanation in the user's language: random evenings under each rule set, worded in French, German, Danish
and Spanish, leave no English behind (Spanish said "5 tricks"), and French elides before a name ("d'Ann", never
"de Ann")."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from scorekeeper.engine import Options, RuleSet, Session, fold
from scorekeeper.engine.simulate import random_table
from scorekeeper.tables.messages import elide
from scorekeeper.tables.presenters import explanation
from tests.browser.test_languages import left_in_english

PLAYERS = ("Ann", "Ben", "Ivy", "Ole")  # two names that begin with a vowel


@pytest.fixture(scope="module")
def evenings():
    """Sixty deals of each rule set, misdeals included, with their explanations."""
    ledgers = {}
    for ruleset in RuleSet:
        session = Session(ruleset, Options())
        records = [deal for deal, _state in random_table(random.Random(7), session, 60, void_rate=0.05)]
        ledgers[ruleset] = fold(session, records, explain=True).entries
    return ledgers


@pytest.mark.parametrize("language", ["fr", "de", "da", "es"])
def test_no_english_is_left_in_an_explanation(evenings, language):
    left = set()
    with translation.override(language):
        for entries in evenings.values():
            for entry in entries:
                text = explanation(entry, PLAYERS)
                left |= set(left_in_english(text, language))
                left |= set(re.findall(r"\b(?:tricks?|chips?|each|takes?|pays?)\b", text))
    assert left == set()


def test_french_elides_before_a_name(evenings):
    with translation.override("fr"):
        texts = [explanation(entry, PLAYERS) for entries in evenings.values() for entry in entries]
    joined = " ".join(texts)
    assert re.findall(r"\b(?:de|que) (?:Ann|Ivy|Ole)\b", joined) == []
    assert "d'Ann" in joined and "de Ben" in joined


def test_elision_is_for_a_vowel_or_a_mute_h_only():
    assert elide("à chacun de Ann et Ben") == "à chacun d'Ann et Ben"
    assert elide("le multiplicateur de Hélène, de Ben, de 4") == "le multiplicateur d'Hélène, de Ben, de 4"
    assert elide("plus que Ivy") == "plus qu'Ivy"
    assert elide("Ann dépose") == "Ann dépose"
