"""The deal form's fields written out in Python give the HTML the templates gave, for every kind of form."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re

import pytest
from django.forms import ValidationError
from django.template.loader import render_to_string

from scorekeeper.engine import EngineError, RuleSet
from scorekeeper.engine.simulate import random_session, random_table
from scorekeeper.tables.deal_fields import deal_fields
from scorekeeper.tables.forms import CorrectionForm, DealForm, initial_from_record
from tests.tables.posts import post_for

NAMES = ("Ann", '<b>Kit & "Ann"</b>', "Cat", "Dan")


def normalized(html: str) -> str:
    """Whitespace between tags does not show; whitespace beside text does, and is kept (as one space)."""
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


def check(form) -> None:
    old = render_to_string("tables/_deal_fields.html", {"form": form})
    new = deal_fields(form)
    assert normalized(new) == normalized(old)


def forms_for(ruleset: RuleSet, seed: int):
    """Bound forms for a table of random deals: as posted, with fields missing, with bad values; and the
    correction form of each deal, unbound and bound."""
    rng = random.Random(seed)
    session = dataclasses.replace(random_session(rng, ruleset), players=NAMES)
    if seed % 2:  # tricks asked seat by seat
        session = dataclasses.replace(
            session, options=dataclasses.replace(session.options, outcome_thresholds="ombre_style")
        )
    for position, (record, state) in enumerate(random_table(rng, session, 12, void_rate=0), start=1):
        kwargs = {"session": session, "eligible": state.eligible, "held": state.held}
        post = post_for(record, session=session, state=state, position=position)
        yield DealForm(post, **kwargs)
        missing = dict(post)
        for name in rng.sample(sorted(missing), 3):
            del missing[name]
        yield DealForm(missing, **kwargs)
        yield DealForm({**post, rng.choice(sorted(post)): rng.choice(["x", "<i>", "99", "", "-1"])}, **kwargs)
        yield DealForm(initial={"position": position, "idempotency_key": "k"}, **kwargs)
        yield DealForm({**post, "penalty_kind_2": "turned_hand", "premiers": "<b>"}, **kwargs)
        initial = initial_from_record(record, position)
        yield CorrectionForm(initial=initial, **kwargs)
        yield CorrectionForm({**post, "reason": "<script>"}, **kwargs)


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_the_fields_written_out_give_the_html_of_the_templates(ruleset):
    shown = 0
    for seed in range(6):
        for form in forms_for(ruleset, seed):
            if form.is_valid():
                with contextlib.suppress(ValidationError):  # to_record puts a missing offender next to its field
                    form.to_record(0)
            check(form)
            shown += 1
    assert shown == 6 * 12 * 7


@pytest.mark.parametrize("stage", ["invalid", "engine error", "preview"])
def test_an_engine_error_and_errors_dropped_by_the_preview_render_the_same(stage):
    # One rendering per form: the templates' radio buttons are cached on the form once rendered.
    rng = random.Random(3)
    session = dataclasses.replace(random_session(rng, RuleSet.PARLETT_CHIPS), players=NAMES)
    form = DealForm({"position": "1", "contract": "alliance", "penalty_kind": "renounce"}, session=session)
    form.is_valid()
    if stage != "invalid":
        form.add_engine_error(EngineError("tricks_out_of_range", "tricks", "tricks out of range"))
    if stage == "preview":
        for name in ("hombre", "trump"):
            del form.errors[name]
    check(form)
