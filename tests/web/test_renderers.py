"""The fast form renderer gives the very HTML of Django's widget templates."""

from __future__ import annotations

import pytest
from django.forms.renderers import DjangoTemplates
from django.utils import html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from scorekeeper.renderers import FastWidgets, conditional_escape
from scorekeeper.tables.forms import CorrectionForm, DealForm
from tests.factories import make_table

pytestmark = pytest.mark.django_db

POSTS = [
    None,
    {"position": "3", "hombre": "1", "contract": "alliance", "ally": "2", "trump": "S", "tricks": "6"},
    {"position": "x", "hombre": "9", "contract": "mediateur", "trump": "Z", "tricks": "11", "penalty_kind": "renounce"},
    {"position": "2", "called": "KH", "run_side": "4", "premiers": "on", "penalty_count": "<b>", "reason": 'a "b" <c>'},
]


def rendered(form) -> list[str]:
    """Every field as a template shows it: each radio button on its own, and each field whole."""
    form.is_valid() if form.is_bound else None
    out = []
    for field in form:
        out.append(str(field))
        out.extend(str(radio.tag()) for radio in field.subwidgets)
        out.extend(str(radio.tag(wrap_label=True)) for radio in field.subwidgets)
    return out


@pytest.mark.parametrize("data", POSTS)
@pytest.mark.parametrize("form_class", [DealForm, CorrectionForm])
def test_the_fast_renderer_gives_the_html_of_the_widget_templates(data, form_class):
    table = make_table(names=("Ann", "Ben & Co", "Cat <i>", 'Dan "D"'))
    session = table.session()
    kwargs = {"session": session, "eligible": (0, 2), "held": 3}
    fast = form_class(data, renderer=FastWidgets(), **kwargs)
    django = form_class(data, renderer=DjangoTemplates(), **kwargs)
    fast_html, django_html = rendered(fast), rendered(django)
    assert fast_html == django_html
    assert any("Ben &amp; Co" in html for html in fast_html) and any("<option" in html for html in fast_html)


def test_the_renderers_escaping_is_djangos():
    for value in ['<b>Kit & "Ann"</b>', "l'as", 7, None, gettext_lazy("Hombre"), mark_safe("<i>ok</i>"), ""]:
        assert conditional_escape(value) == html.conditional_escape(value)
    assert conditional_escape('<b>Kit & "Ann"</b>') == "&lt;b&gt;Kit &amp; &quot;Ann&quot;&lt;/b&gt;"
