"""The INSERTs of every save, compiled once: the same rows as the ORM's, the same signals and refusals."""

from __future__ import annotations

import dataclasses

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import signals
from django.db.models.sql.compiler import SQLInsertCompiler

from scorekeeper.engine import Penalty, PenaltyKind
from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.prepared import PreparedInsert
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db

STAMPS = {"id", "position", "idempotency_key", "created_at", "updated_at"}


def stored(deal: Deal) -> dict:
    return {k: v for k, v in Deal.every.filter(pk=deal.pk).values().get().items() if k not in STAMPS}


def test_a_deal_inserted_is_the_row_the_orm_saves_with_its_key_and_timestamps():
    table = make_table()
    # PC-6's alliance deal with a renounce by Ben and tricks by seat: JSON in the row.
    record = dataclasses.replace(
        PC6[2], penalties=(Penalty(PenaltyKind.RENOUNCE, (1,), 1, False),), tricks_by_seat=(5, 0, 3, 2)
    )
    by_orm = Deal(table=table, position=1, idempotency_key="orm")
    by_orm.set_record(record)
    by_orm.save()
    prepared = Deal(table=table, position=2, idempotency_key="prepared")
    prepared.set_record(record)

    assert PreparedInsert(Deal).insert(prepared) is prepared

    assert prepared.pk is not None and prepared.pk != by_orm.pk
    assert (prepared._state.adding, prepared._state.db) == (False, "default")
    assert stored(prepared) == stored(by_orm)
    assert stored(prepared)["penalties"] == [{"kind": "renounce", "seats": [1], "count": 1, "intentional": False}]
    assert stored(prepared)["tricks_by_seat"] == [5, 0, 3, 2]
    row = Deal.every.get(pk=prepared.pk)
    assert (row.position, row.idempotency_key) == (2, "prepared")
    assert row.created_at == prepared.created_at and row.updated_at == prepared.updated_at
    assert row.created_at >= by_orm.created_at
    assert (
        row.to_record()
        == Deal.every.get(pk=by_orm.pk).to_record()
        == dataclasses.replace(record, run_side=0, run_hombre=0)
    )


def test_an_audit_row_keeps_its_json_and_who():
    table = make_table()
    deal = PreparedInsert(Deal).insert(Deal(table=table, position=1, dealer=0, void=True))
    change = PreparedInsert(DealChange).insert(
        DealChange(deal=deal, action=DealChange.Action.RECORDED, after={"dealer": 0, "names": ["<b>Kit</b>"]}, who="x")
    )
    row = DealChange.objects.get(pk=change.pk)
    assert (row.deal_id, row.action, row.after, row.before, row.who, row.user_id, row.reason) == (
        deal.pk,
        "recorded",
        {"dealer": 0, "names": ["<b>Kit</b>"]},
        None,
        "x",
        None,
        "",
    )
    with pytest.raises(ValueError):
        PreparedInsert(DealChange).insert(row)  # a row already stored is never inserted again


def test_the_save_signals_are_sent_as_the_orm_sends_them():
    table = make_table()
    heard = []

    def pre(sender, instance, raw, using, update_fields, **kwargs):
        heard.append(("pre", sender, instance.pk, raw, using, update_fields))

    def post(sender, instance, created, raw, using, update_fields, **kwargs):
        heard.append(("post", sender, instance.pk, created, raw, using, update_fields))

    signals.pre_save.connect(pre, sender=Deal)
    signals.post_save.connect(post, sender=Deal)
    try:
        deal = PreparedInsert(Deal).insert(Deal(table=table, position=1, dealer=0, void=True))
    finally:
        signals.pre_save.disconnect(pre, sender=Deal)
        signals.post_save.disconnect(post, sender=Deal)
    assert heard == [("pre", Deal, None, False, "default", None), ("post", Deal, deal.pk, True, False, "default", None)]


def test_a_refused_row_raises_and_marks_the_transaction_for_rollback_as_save_does():
    table = make_table()
    PreparedInsert(Deal).insert(Deal(table=table, position=1, dealer=0, void=True))
    with pytest.raises(IntegrityError), transaction.atomic():
        try:
            PreparedInsert(Deal).insert(Deal(table=table, position=1, dealer=1, void=True))
        finally:
            assert connection.needs_rollback  # nothing more runs in this transaction
    assert list(Deal.objects.filter(table=table).values_list("position", "dealer")) == [(1, 0)]


def test_the_sql_is_compiled_once(monkeypatch):
    table = make_table()
    insert = PreparedInsert(Deal)
    compiled = []
    as_sql = SQLInsertCompiler.as_sql
    monkeypatch.setattr(SQLInsertCompiler, "as_sql", lambda self: compiled.append(1) or as_sql(self))
    for position in (1, 2, 3):
        insert.insert(Deal(table=table, position=position, dealer=position % 4, void=True))
    assert len(compiled) == 1
    assert list(Deal.objects.filter(table=table).values_list("position", flat=True)) == [1, 2, 3]
