"""The deal form as HTML, written out in Python: its fields (templates/tables/_deal_fields.html calls deal_fields)
and, around them, the form with its preview (deal_form: the table page's form, and all a preview tap answers).

The table phone asks for this form on every tap of the live preview. Through the template engine (an include
per radio group, Django's subwidgets for every radio button: attributes copied, a context per option) it cost
4.5 ms of an 11.5 ms preview; this gives the same HTML in a fraction of that. Every value comes from the form
as Django would render it (its widgets' values, attributes and errors); everything that comes from data (player
names, posted values, messages) is escaped (renderers.conditional_escape).
"""

from __future__ import annotations

import threading

from django.forms import BoundField, CheckboxInput
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from scorekeeper.renderers import attrs_html, conditional_escape, text_html
from scorekeeper.tables.presenters import delta_tone, explanation, store_text

# The radio groups shown as rows of pills, with the class that sizes them (static/css).
PILLS = {
    "hombre": "seats",
    "contract": "contracts",
    "trump": "suits",
    "ally": "seats",
    "mediateur_giver": "seats",
    "tricks": "tricks",
    "hombre_tricks": "tricks",
    "remainder_winner": "seats",
}

# The fields deal_fields never writes: deal_form writes them before the others (the key is new on every page).
WRITTEN_APART = frozenset({"position", "idempotency_key"})

# The fields folded under "Called card, penalties, late claims": the fold opens when one of them has an error.
MORE = (
    "called",
    *(f"penalty_{name}{slot}" for slot in ("", "_2") for name in ("kind", "seat", "other", "count", "intentional")),
    "matadors_late",
    "sans_prendre_late",
)


def deal_form(*, view, form, preview: dict | None, csrf_token: str) -> SafeString:
    """The table page's deal form (templates/tables/table.html, {% deal_form %}): the form of the next deal,
    its fields, and the settlement `preview` gives (the view's _preview: record, entry, rows), if any. Through the
    template engine this frame cost as much as the fields; a preview tap answers with this alone."""
    paths = view.paths
    deal = conditional_escape(gettext("Deal %(number)s") % {"number": view.next_number})
    errors = form.non_field_errors()
    errors_html = f'<div class="errors" role="alert">{conditional_escape(errors)}</div>' if errors else ""
    return mark_safe(  # noqa: S308  (every value is escaped)
        f'\n<form id="deal-form" class="card deal-form" method="post" action="{conditional_escape(paths["page"])}"\n'
        f'      hx-post="{conditional_escape(paths["preview"])}" hx-trigger="change" hx-target="this" '
        'hx-swap="outerHTML"\n'
        '      hx-sync="this:replace">\n'
        f'  <input type="hidden" name="csrfmiddlewaretoken" value="{conditional_escape(csrf_token)}">\n'
        f"  {form['position']}{form['idempotency_key']}\n"
        f"  <h2>{deal}</h2>\n"
        f"  {errors_html}\n"
        f"  {deal_fields(form)}\n\n"
        '  <div id="preview" class="preview" aria-live="polite">\n'
        f"    {_settlement(view, preview) if preview else ''}\n"
        "  </div>\n"
        '  <div class="actions">\n'
        '    <button type="submit" name="action" value="save" class="primary">'
        f"{conditional_escape(gettext('Save'))}</button>\n"
        '    <button type="submit" name="action" value="preview" class="secondary">'
        f"{conditional_escape(gettext('Preview'))}</button>\n"
        "  </div>\n"
        "</form>\n"
    )


def _settlement(view, preview: dict) -> str:
    """Each seat's change and balance after the deal, what is on the table then, and why."""
    rows = "".join(
        f'\n          <tr><th scope="row">{conditional_escape(row["name"])}</th>\n'
        f'            <td class="{delta_tone(row["delta"])}">{row["delta"]:+d}</td>\n'
        f'            <td class="muted">{conditional_escape(row["balance"])}</td></tr>\n        '
        for row in preview["rows"]
    )
    entry = preview["entry"]
    store = conditional_escape(store_text(entry.state, view.ruleset))
    explained = conditional_escape(explanation(entry, view.session.players))
    return (
        f"\n      <h3>{conditional_escape(gettext('Settlement'))}</h3>\n"
        '      <table class="changes">\n'
        "        <tbody>\n"
        f"        {rows}\n"
        "        </tbody>\n"
        "      </table>\n"
        f'      <p class="store">{conditional_escape(gettext("After the deal:"))} {store}</p>\n'
        f'      <p class="explain">{explained}</p>\n    '
    )


def deal_fields(form) -> SafeString:
    """The fields of a DealForm (or CorrectionForm) that apply to its entries, with their errors.

    A table page shows its next deal's form unfilled, the same at every load but for the position and the key
    (written apart): an unbound form's fields are kept for what applies and the values it starts with."""
    if form.is_bound:
        return _fields_written(form)
    values = (form[name].value() for name in form.fields if name not in WRITTEN_APART)
    return _kept_or_written(_UNBOUND, form, values, (form.read,), _fields_written)


class _Kept:
    """HTML kept by key, the oldest dropped first past `size` entries. Each key names an object by its id (prepared
    fields, a choices list); the entry holds that object, so that its id is never reused while the entry is kept."""

    def __init__(self, size: int = 512) -> None:
        self._entries: dict[tuple, tuple[object, object]] = {}
        self._size = size
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: tuple, owner: object):
        kept = self._entries.get(key)
        return kept[1] if kept is not None and kept[0] is owner else None

    def keep(self, key: tuple, owner: object, value):
        with self._lock:
            if len(self._entries) >= self._size:
                del self._entries[next(iter(self._entries))]  # the oldest
            self._entries[key] = (owner, value)
        return value


_UNBOUND = _Kept()
_MORE = _Kept()
_OPTIONS = _Kept()


def _kept_or_written(kept: _Kept, form, values, extra: tuple, write):
    """`write(form)`, kept for the form's prepared fields, language and layout, `extra` and the `values` it shows.
    A value too long for a real entry (a count followed by megabytes of spaces is valid) is written, never kept."""
    try:
        values = tuple(values)
        if any(isinstance(value, str) and len(value) > 32 for value in values):
            return write(form)
        key = (
            id(form.base_fields),
            get_language(),
            type(form),
            form.prefix,
            form.auto_id,
            form.use_required_attribute,
            form.empty_permitted,
            *extra,
            values,
        )
        hash(key)
    except TypeError:  # a value that cannot be a key
        return write(form)
    html = kept.get(key, form.base_fields)
    return html if html is not None else kept.keep(key, form.base_fields, write(form))


def _fields_written(form) -> SafeString:
    out = []
    if form.stray_errors:
        out.append(f'<div class="errors" role="alert">{_joined(form.stray_errors)}</div>')
    out += [_pills(form, "hombre"), _pills(form, "contract"), _pills(form, "trump")]
    if form.shows_ally:
        out.append(_pills(form, "ally"))
    if form.shows_giver:
        out.append(_pills(form, "mediateur_giver"))
    out.append(_pills(form, "tricks"))
    if form.shows_hombre_tricks:
        out.append(_pills(form, "hombre_tricks"))
    if form.shows_seat_tricks:
        seats = "".join(
            f"<label>{conditional_escape(form[f'seat_tricks_{s}'].label)} {_input(form[f'seat_tricks_{s}'])}</label>"
            for s in range(4)
        )
        legend = conditional_escape(gettext("Tricks of each player"))
        out.append(
            f'<fieldset class="seat-tricks"><legend>{legend}</legend>\n  {seats}\n'
            f"  {_error(form, 'seat_tricks_0')}\n</fieldset>"
        )
    if form.shows_run_side or form.shows_run_hombre:
        runs = []
        if form.shows_run_side:
            runs.append(_select_label(form, "run_side", form.run_side_label) + _error_after(form, "run_side"))
        if form.shows_run_hombre:
            runs.append(_select_label(form, "run_hombre") + _error_after(form, "run_hombre"))
        out.append('<div class="runs">\n  ' + "\n  ".join(runs) + "\n</div>")
    if form.shows_premiers:
        checks = [_check(form, "premiers") + _error_after(form, "premiers")]
        if form.shows_vole_attempted:
            checks.append(_check(form, "vole_attempted") + _error_after(form, "vole_attempted"))
        out.append('<div class="checks">\n  ' + "\n  ".join(checks) + "\n</div>")
    if form.shows_remainder:
        out.append(_pills(form, "remainder_winner"))
    out.append(_more(form))
    return mark_safe("\n".join(out) + "\n")  # noqa: S308  (every value is escaped above and below)


def _more(form) -> str:
    """The folded part: the called card, two penalties and the late claims; open when any of it is in use.

    Nearly every preview leaves it as it was (nothing called, no penalty): without errors in it, its HTML is kept
    for the values of its fields."""
    if any(form.errors.get(name) for name in MORE):
        return _more_written(form)
    shows = (form.shows_called, form.shows_claims_matadors, form.shows_claims_sans_prendre)
    return _kept_or_written(_MORE, form, (form[name].value() for name in MORE), shows, _more_written)


def _more_written(form) -> str:
    errors = form.errors
    opened = form["penalty_kind"].value() or form["penalty_kind_2"].value() or any(errors.get(name) for name in MORE)
    summary = conditional_escape(gettext("Called card, penalties, late claims"))
    out = [f'<details class="more"{" open" if opened else ""}>', f"  <summary>{summary}</summary>"]
    if form.shows_called:
        out.append("  " + _select_label(form, "called") + _error_after(form, "called"))
    for slot in ("", "_2"):
        out += [
            "  " + _select_label(form, f"penalty_kind{slot}"),
            "  " + _select_label(form, f"penalty_seat{slot}"),
            "  " + _select_label(form, f"penalty_other{slot}"),
            f'  <label class="select">{conditional_escape(form[f"penalty_count{slot}"].label)} '
            f"{_input(form[f'penalty_count{slot}'])}</label>",
            "  " + _check(form, f"penalty_intentional{slot}"),
            "  " + _error(form, f"penalty_kind{slot}"),
            "  " + _error(form, f"penalty_seat{slot}"),
            # A times out of 1-9 or a stray owner posted by hand: said, not silently refused.
            "  " + _error(form, f"penalty_other{slot}"),
            "  " + _error(form, f"penalty_count{slot}"),
        ]
    if form.shows_claims_matadors:
        out.append("  " + _check(form, "matadors_late"))
    if form.shows_claims_sans_prendre:
        out.append("  " + _check(form, "sans_prendre_late"))
    out += ["  " + _error(form, "matadors_late"), "  " + _error(form, "sans_prendre_late"), "</details>"]
    return "\n".join(out)


def _joined(messages) -> str:
    """`{{ messages|join:" " }}`."""
    return " ".join(conditional_escape(m) for m in messages)


def _error(form, name: str) -> str:
    """The field's errors; Django points a field with errors at `<its id>_error` (aria-describedby)."""
    errors = form.errors.get(name)
    if not errors:
        return ""
    return f'<p class="error" role="alert" id="{conditional_escape(form[name].auto_id)}_error">{_joined(errors)}</p>'


def _pills(form, name: str) -> str:
    """A radio group as a row of pills: the radio buttons of Django's RadioSelect, each in its label."""
    bound = form[name]
    widget = bound.field.widget
    attrs = {**widget.attrs, **bound.build_widget_attrs({"id": bound.auto_id} if bound.auto_id else {})}
    # Each radio button has the group's attributes, its own id in the id's place, and `checked` last.
    radio_id = attrs.get("id")
    names = list(attrs)
    at = names.index("id") if radio_id else len(names)
    before = attrs_html({key: attrs[key] for key in names[:at]})
    after = attrs_html({key: attrs[key] for key in names[at + 1 :]})
    html_name = conditional_escape(bound.html_name)
    values = widget.format_value(bound.value())
    pills = []
    checked_one = False
    for index, (value, label) in enumerate(widget.choices):
        value = "" if value is None else value
        checked = not checked_one and str(value) in values
        checked_one |= checked
        id_html = f' id="{conditional_escape(widget.id_for_label(radio_id, str(index)))}"' if radio_id else ""
        pills.append(
            f'<label class="pill"><input type="radio" name="{html_name}" value="{text_html(value)}"{before}{id_html}'
            f"{after}{' checked' if checked else ''}><span>{conditional_escape(label)}</span></label>"
        )
    return (
        f'<fieldset class="pills {PILLS[name]}" id="f-{html_name}">\n'
        f"  <legend>{conditional_escape(bound.label)}</legend>\n"
        f'  <div class="pill-row">{"".join(pills)}</div>\n'
        f"  {_error(form, name)}\n</fieldset>"
    )


def _widget_attrs(bound: BoundField, extra: dict | None = None) -> dict:
    """The attributes BoundField.as_widget gives the widget: its own, required, aria-invalid, the id."""
    widget = bound.field.widget
    attrs = bound.build_widget_attrs({})
    if bound.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", bound.auto_id)
    return {**widget.attrs, **attrs, **(extra or {})}


def _input(bound: BoundField) -> str:
    """`{{ field }}` for an input (a number, a checkbox)."""
    widget = bound.field.widget
    value = bound.value()
    checked = {"checked": True} if isinstance(widget, CheckboxInput) and widget.check_test(value) else None
    shown = widget.format_value(value)
    value_html = "" if shown is None else f' value="{text_html(shown)}"'
    return (
        f'<input type="{widget.input_type}" name="{conditional_escape(bound.html_name)}"'
        f"{value_html}{attrs_html(_widget_attrs(bound, checked))}>"
    )


def _select(bound: BoundField) -> str:
    """`{{ field }}` for a select, as Django's select.html lays it out."""
    widget = bound.field.widget
    values = widget.format_value(bound.value())
    options, first = _options(widget.choices)
    out = [f'<select name="{conditional_escape(bound.html_name)}"{attrs_html(_widget_attrs(bound))}>']
    chosen = min((first[value] for value in values if value in first), default=None)
    out += (selected if index == chosen else plain for index, (plain, selected) in enumerate(options))
    out.append("\n</select>")
    return "".join(out)


def _options(choices) -> tuple[tuple[tuple[str, str], ...], dict[str, int]]:
    """Each option's HTML unselected and selected, and the index of the first option of each value: escaped once
    per choices list and language (the called card's and the penalties' selects are on every preview, folded or
    not)."""
    key = (id(choices), get_language())
    kept = _OPTIONS.get(key, choices)
    if kept is not None:
        return kept
    options, first = [], {}
    for index, (value, label) in enumerate(choices):
        value = "" if value is None else value
        first.setdefault(str(value), index)
        start, end = f'\n  <option value="{text_html(value)}"', f">{conditional_escape(label)}</option>\n"
        options.append((start + end, f"{start} selected{end}"))
    return _OPTIONS.keep(key, choices, (tuple(options), first))


def _select_label(form, name: str, label=None) -> str:
    bound = form[name]
    label = bound.label if label is None else label
    return f'<label class="select">{conditional_escape(label)} {_select(bound)}</label>'


def _check(form, name: str) -> str:
    bound = form[name]
    return f'<label class="check">{_input(bound)} {conditional_escape(bound.label)}</label>'


def _error_after(form, name: str) -> str:
    error = _error(form, name)
    return f"\n  {error}" if error else ""
