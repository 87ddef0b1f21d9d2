"""The deal form's fields, written out in Python: what the phone, the browser tests and offline.js rely on."""

from __future__ import annotations

import dataclasses
import threading

import pytest
from django.template.loader import render_to_string
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation

from scorekeeper.engine import EngineError, RuleSet, Session
from scorekeeper.engine.options import Options
from scorekeeper.tables.deal_fields import deal_fields
from scorekeeper.tables.forms import CorrectionForm, DealForm
from tests.factories import make_table
from tests.tables.pc6 import BASE, PC6_POSTS

NAMES = ("Ann", '<b>Kit & "Ann"</b>', "Cat", "Dan")
KIT = "&lt;b&gt;Kit &amp; &quot;Ann&quot;&lt;/b&gt;"
SESSION = Session(ruleset=RuleSet.PARLETT_CHIPS, players=NAMES)


@pytest.fixture(autouse=True)
def english():
    """The messages below are English whatever language an earlier test left active."""
    with translation.override("en"):
        yield


def count(html: str, needle: str) -> int:
    """How often an element (with its content) occurs, attributes in any order."""
    return parse_html(html).count(parse_html(needle))


def test_an_unbound_form_asks_for_every_radio_group_and_checks_the_alliance():
    html = deal_fields(DealForm(session=SESSION, initial={"position": 1}))
    hombre = "".join(
        f'<label class="pill"><input type="radio" name="hombre" value="{s}" id="id_hombre_{s}" required>'
        f"<span>{name}</span></label>"
        for s, name in enumerate(("Ann", KIT, "Cat", "Dan"))
    )
    assert count(html, f'<div class="pill-row">{hombre}</div>') == 1
    assert (
        count(
            html,
            '<label class="pill"><input type="radio" name="contract" value="alliance" id="id_contract_0" required '
            "checked><span>Alliance</span></label>",
        )
        == 1
    )
    assert (
        html.count(" checked") == 1 and html.count('<fieldset class="pills') == 5
    )  # hombre, contract, trump, ally, tricks
    assert (
        '<fieldset class="pills seats" id="f-ally">' in html and '<fieldset class="pills tricks" id="f-tricks">' in html
    )
    assert "<b>Kit" not in html and html.count(KIT) == 1 + 2 * 2 + 1  # hombre, ally; two offenders, two owners
    assert '<input type="number" name="penalty_count" value="1" min="1" max="9" id="id_penalty_count">' in html
    assert '<details class="more">' in html  # folded while no penalty is entered


def test_a_posted_form_keeps_the_entries_and_puts_each_error_beside_its_field():
    post = {"position": "2", "hombre": "1", "contract": "solo", "tricks": "7", "run_side": "4", "premiers": "on"}
    form = DealForm(post, session=SESSION)
    assert not form.is_valid()
    html = deal_fields(form)
    checked = '<input type="radio" name="hombre" value="1" id="id_hombre_1" required checked>'
    assert count(html, f'<label class="pill">{checked}<span>{KIT}</span></label>') == 1
    assert 'value="solo" id="id_contract_1" required checked' in html and "tricks_7" in html
    trump = html[html.index('id="f-trump"') : html.index("</fieldset>", html.index('id="f-trump"'))]
    assert trump.count('required aria-invalid="true"') == 4
    assert '<p class="error" role="alert" id="id_trump_error">This field is required.</p>' in trump
    assert html.count('role="alert"') == 1  # the trump only: everything else was entered
    assert 'id="f-ally"' not in html  # a solo has no ally
    assert '<option value="4" selected>4</option>' in html
    assert '<input type="checkbox" name="premiers" id="id_premiers" checked> Premiers (first six tricks)' in html


def test_an_engine_refusal_and_an_error_on_a_hidden_field_are_shown():
    form = DealForm({"position": "x", "hombre": "0", "contract": "solo", "trump": "S", "tricks": "7"}, session=SESSION)
    form.is_valid()
    form.add_engine_error(EngineError("tricks_out_of_range", "tricks", "tricks out of range"))
    form.add_error("ally", 'An ally for a "solo" <i>')
    html = deal_fields(form)
    tricks = html[html.index('id="f-tricks"') :]
    assert tricks.index('<p class="error" role="alert" id="id_tricks_error">') < tricks.index("</fieldset>")
    # The position and the ally are not on the page (a solo has no ally): their errors are shown at the top.
    stray = '<div class="errors" role="alert">Enter a whole number. An ally for a &quot;solo&quot; &lt;i&gt;</div>'
    assert html.startswith(stray)


def test_seat_by_seat_tricks_are_labelled_by_the_players_names():
    session = dataclasses.replace(SESSION, options=Options(outcome_thresholds="ombre_style"))
    form = DealForm({"position": "1", "hombre": "0", "tricks": "5"}, session=session)
    assert not form.is_valid()
    html = deal_fields(form)
    seats = html[html.index('<fieldset class="seat-tricks">') : html.index("</fieldset>", html.index("seat-tricks"))]
    assert '<label>Ann <input type="number" name="seat_tricks_0" min="0" max="10" aria-invalid="true"' in seats
    assert f'<label>{KIT} <input type="number" name="seat_tricks_1" min="0" max="10" id="id_seat_tricks_1">' in seats
    assert 'aria-describedby="id_seat_tricks_0_error"' in seats
    assert 'role="alert" id="id_seat_tricks_0_error">This event needs every player&#x27;s tricks.</p>' in seats


def test_a_correction_opens_its_penalties_and_the_template_renders_the_fields():
    form = CorrectionForm(
        initial={"position": 3, "hombre": 2, "contract": "alliance", "penalty_kind": "renounce", "penalty_seat": 1},
        session=SESSION,
    )
    html = render_to_string("tables/_deal_fields.html", {"form": form})
    assert '<details class="more" open>' in html
    assert '<option value="renounce" selected>renounce</option>' in html
    assert f'<option value="1" selected>{KIT}</option>' in html
    assert 'value="2" id="id_hombre_2" required checked' in html


def test_forms_of_one_session_share_no_field_a_form_may_change():
    one = CorrectionForm(session=SESSION, eligible=(0, 2))
    other = CorrectionForm(session=SESSION, eligible=(0, 2))
    one.fields["reason"].required = False  # what the correction's preview does
    one.fields["run_side"].widget.attrs["class"] = "changed"
    assert other.fields["reason"].required and other.fields["run_side"].widget.attrs == {"class": "run"}
    assert CorrectionForm(session=SESSION, eligible=(0, 2)).fields["reason"].required
    assert '<select name="run_side" class="run" id="id_run_side">' in deal_fields(
        DealForm(
            {"contract": "solo", "tricks": "6"}, session=dataclasses.replace(SESSION, ruleset=RuleSet.MODERN_CHIPS)
        )
    )


def test_each_session_gets_its_own_choices():
    mediateur = dataclasses.replace(SESSION, options=Options(variant_mediateur="on"), players=("A", "B", "C", "D"))
    assert [value for value, _ in DealForm(session=mediateur).fields["contract"].choices][-1] == "mediateur"
    assert "mediateur" not in dict(DealForm(session=SESSION).fields["contract"].choices)
    assert DealForm(session=mediateur).fields["hombre"].choices == [(0, "A"), (1, "B"), (2, "C"), (3, "D")]
    assert DealForm(session=mediateur).fields["seat_tricks_3"].label == "D"
    held = DealForm(session=SESSION, eligible=(1, 3), held=5).fields["remainder_winner"].choices
    assert [value for value, _ in held] == ["1", "3", "none"] and held[0][1] == NAMES[1]


def test_the_fields_speak_the_language_of_each_request():
    html = deal_fields(DealForm(session=SESSION, eligible=(0,), held=4))
    assert "<legend>Contract</legend>" in html and "nobody holds a trump: to the board" in html
    with translation.override("fr"):
        html = deal_fields(DealForm(session=SESSION, eligible=(0,), held=4))
    assert "<legend>Contrat</legend>" in html and "personne n&#x27;a d&#x27;atout : au tapis" in html
    assert "<summary>Carte appelée, pénalités, demandes tardives</summary>" in html
    assert "<legend>Contract</legend>" in deal_fields(DealForm(session=SESSION, eligible=(0,), held=4))


@pytest.mark.django_db
def test_a_penalty_counted_out_of_range_is_said_in_the_open_fold(client):
    table = make_table()
    post = {**BASE, **PC6_POSTS[0], "position": "1", "penalty_kind_2": "renounce", "penalty_seat_2": "2"}
    response = client.post(
        reverse("table-preview", kwargs={"token": table.token}),
        {**post, "penalty_count_2": "12"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert '<details class="more" open>' in html and "Settlement" not in html
    fold = html[html.index('<details class="more" open>') : html.index("</details>")]
    times = fold.index('name="penalty_count_2" value="12"')
    said = fold.index('<p class="error" role="alert" id="id_penalty_count_2_error">Ensure this value is less than')
    assert said > times and 'aria-describedby="id_penalty_count_2_error" id="id_penalty_count_2"' in fold


def test_threads_in_different_languages_each_get_their_own_words():
    # gunicorn serves a worker's requests on four threads, each building its forms from the shared prepared fields;
    # half of them make the reason optional on their own forms, as the correction's preview does.
    words = {"en": "<legend>Contract</legend>", "fr": "<legend>Contrat</legend>", "de": "<legend>Spiel</legend>"}
    session = dataclasses.replace(SESSION, players=("T1", "T2", "T3", "T4"))  # prepared fields not yet built
    seen = []

    def serve(language: str, optional: bool) -> None:
        with translation.override(language):
            for _ in range(30):
                form = CorrectionForm({"contract": "solo"}, session=session)
                if optional:
                    form.fields["reason"].required = False
                form.is_valid()
                seen.append((words[language] in deal_fields(form), "reason" in form.errors, optional))

    threads = [threading.Thread(target=serve, args=(language, optional)) for language in words for optional in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 6 * 30
    assert all(said and asked_reason != optional for said, asked_reason, optional in seen)


def test_a_selects_options_follow_its_choices_language_and_value():
    # The options are escaped once per choices list and language: another list, another language or another
    # value chosen each gives its own options.
    form = DealForm({"penalty_kind": "renounce", "penalty_seat": "1"}, session=SESSION)
    html = deal_fields(form)
    assert count(html, f'<option value="1" selected>{KIT}</option>') == 1
    assert count(html, '<option value="renounce" selected>renounce</option>') == 1
    assert count(html, '<option value="" selected>none</option>') == 1  # the second penalty: none chosen
    assert count(html, '<option value="" selected>—</option>') == 3  # the other seat selects
    assert count(html, '<option value="">none</option>') == 1
    with translation.override("de"):
        german = deal_fields(DealForm(session=SESSION))
    assert count(german, '<option value="renounce">Renonce</option>') == 2 and ">renounce<" not in german
    form = DealForm({"penalty_kind": "renounce"}, session=SESSION)
    form.fields["penalty_kind"].choices = [("", "none"), ("renounce", "<i>renounce</i>")]
    assert '<option value="renounce" selected>&lt;i&gt;renounce&lt;/i&gt;</option>' in deal_fields(form)


def test_the_folded_part_kept_is_the_one_written_for_the_same_values():
    from scorekeeper.tables.deal_fields import _more, _more_written

    posts = [
        {"contract": "solo"},
        {"contract": "solo", "penalty_kind": "renounce", "penalty_seat": "1"},
        {"contract": "solo"},  # the first again: kept
        {"contract": "solo", "penalty_kind": "renounce", "penalty_seat": "2"},
        {"contract": "alliance", "called": "KS"},
    ]
    written = []
    for post in posts:
        for language in ("en", "da"):
            with translation.override(language):
                form = DealForm(post, session=SESSION)
                form.is_valid()
                html = _more(form)
                assert html == _more_written(form)
                written.append(html)
    assert written[0] == written[4] != written[2] != written[6]
    assert written[0] != written[1]  # another language
    assert '<details class="more" open>' in written[2] and '<details class="more">' in written[0]
    unbound = DealForm(session=SESSION)
    assert _more(unbound) == _more_written(unbound) != written[0]  # the times of a penalty start at 1 unbound


def test_an_unfilled_form_kept_is_the_one_written_for_its_rule_set_values_and_language():
    from scorekeeper.tables.deal_fields import _fields_written

    # The same players under two rule sets share their prepared fields; what applies differs (Modern chips asks
    # for the hombre's own tricks in an alliance: a field the Parlett form does not show).
    modern = dataclasses.replace(SESSION, ruleset=RuleSet.MODERN_CHIPS)
    for session in (SESSION, modern, SESSION, modern):
        for language in ("en", "es"):
            with translation.override(language):
                form = DealForm(session=session)
                assert deal_fields(form) == _fields_written(form)
    assert deal_fields(DealForm(session=SESSION)) != deal_fields(DealForm(session=modern))
    started = DealForm(session=SESSION, initial={"contract": "solo", "penalty_kind": "renounce"})
    assert deal_fields(started) == _fields_written(started) != deal_fields(DealForm(session=SESSION))


def test_each_page_of_a_table_reads_its_unfilled_fields_kept_and_a_long_value_is_never_kept():
    from scorekeeper.tables import deal_fields as written

    # Two page loads: each form has its own idempotency key, written apart from the fields.
    first = deal_fields(DealForm(session=SESSION, initial={"position": 5, "idempotency_key": "a" * 32}))
    second = deal_fields(DealForm(session=SESSION, initial={"position": 5, "idempotency_key": "b" * 32}))
    assert second is first
    # A count posted with two megabytes of spaces is valid (int() takes it) but is never kept.
    kept = len(written._MORE)
    padded = DealForm(
        {"contract": "solo", "penalty_kind": "renounce", "penalty_seat": "1", "penalty_count": "2" + " " * 2_000_000},
        session=SESSION,
    )
    assert padded.is_valid() or "penalty_count" not in padded.errors
    assert written._more(padded) == written._more_written(padded)
    assert len(written._MORE) == kept
