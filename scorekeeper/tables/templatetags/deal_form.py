"""`{% deal_fields form %}` and `{% deal_form %}`: the deal form, written out in Python (tables/deal_fields.py)."""

from __future__ import annotations

from django import template

from scorekeeper.tables import deal_fields as written

register = template.Library()
register.simple_tag(written.deal_fields, name="deal_fields")


@register.simple_tag(takes_context=True)
def deal_form(context):
    """The table page's deal form, from the page's `view`, `form` and `preview`."""
    return written.deal_form(
        view=context["view"], form=context["form"], preview=context.get("preview"), csrf_token=context["csrf_token"]
    )
