"""The form renderer: Django's, with its commonest widget templates written out in Python.

Every widget went through the template engine (input.html including attrs.html, a select including one template
per option), which made two thirds of a live preview's time (the deal form's radio buttons and selects, rendered
by templates/tables/_deal_fields.html). These functions give the same HTML as those templates, character for
character (tests/web/test_renderers.py compares them); any other template is rendered by the template engine.
"""

from __future__ import annotations

import html

from django.forms.renderers import DjangoTemplates
from django.utils.safestring import SafeData, SafeString, mark_safe


def conditional_escape(value) -> str:
    """django.utils.html.conditional_escape, the same text without its wrapper for lazy arguments (which cost
    as much as the escaping: a form's few hundred calls made a fifth of its rendering)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def text_html(value) -> str:
    """`{{ value|stringformat:'s' }}` in an autoescaped template."""
    return conditional_escape(value if isinstance(value, SafeData) else str(value))


def attrs_html(attrs: dict) -> str:
    """django/forms/widgets/attrs.html: True gives a bare name, False nothing."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        name = conditional_escape(name)
        out.append(f" {name}" if value is True else f' {name}="{text_html(value)}"')
    return "".join(out)


def _input(widget: dict) -> str:
    value = "" if widget["value"] is None else f' value="{text_html(widget["value"])}"'
    name = conditional_escape(widget["name"])
    return f'<input type="{conditional_escape(widget["type"])}" name="{name}"{value}{attrs_html(widget["attrs"])}>'


def _input_option(widget: dict) -> str:
    tag = _input(widget)
    if not widget.get("wrap_label"):
        return tag
    target = widget["attrs"].get("id")
    label_for = f' for="{conditional_escape(target)}"' if target else ""
    # input.html ends with a newline, which the include keeps.
    return f"<label{label_for}>{tag}\n {conditional_escape(widget['label'])}</label>"


def _option(widget: dict) -> str:
    value = text_html(widget["value"])
    return f'<option value="{value}"{attrs_html(widget["attrs"])}>{conditional_escape(widget["label"])}</option>'


def _select(widget: dict) -> str:
    out = [f'<select name="{conditional_escape(widget["name"])}"{attrs_html(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        for option in group_choices:
            render = WIDGETS.get(option["template_name"])
            # Included templates keep their file's last newline (a rendered widget alone is stripped).
            out.append("\n  " + (render(option) + "\n" if render else _template(option)))
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


def _template(option: dict) -> str:
    from django.template.loader import render_to_string

    return render_to_string(option["template_name"], {"widget": option})


_INPUTS = ("input", "text", "number", "email", "password", "hidden", "checkbox", "url", "date", "time", "search")
WIDGETS = {
    **{f"django/forms/widgets/{name}.html": _input for name in _INPUTS},
    "django/forms/widgets/radio_option.html": _input_option,
    "django/forms/widgets/checkbox_option.html": _input_option,
    "django/forms/widgets/input_option.html": _input_option,
    "django/forms/widgets/select.html": _select,
    "django/forms/widgets/select_option.html": _option,
}


class FastWidgets(DjangoTemplates):
    """Django's renderer; the widget templates above are rendered by their Python twins."""

    def render(self, template_name, context, request=None) -> SafeString:
        render = WIDGETS.get(template_name)
        if render is None or set(context) != {"widget"}:
            return super().render(template_name, context, request)
        return mark_safe(render(context["widget"]))  # noqa: S308  (every value above is escaped)
