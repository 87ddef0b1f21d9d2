"""`{% deal_fields form %}`: the deal form's fields, written out in Python (tables/deal_fields.py)."""

from __future__ import annotations

from django import template

from scorekeeper.tables.deal_fields import deal_fields

register = template.Library()
register.simple_tag(deal_fields, name="deal_fields")
