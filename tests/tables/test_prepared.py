"""The table lookup of every tap: SQL compiled once, rows read afresh at every call, the ORM's instances."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection, transaction
from django.db.models import Count
from django.db.transaction import TransactionManagementError
from django.http import Http404

from scorekeeper.clubs.models import Player
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Table
from scorekeeper.tables.prepared import PreparedGet
from scorekeeper.tables.selectors import _TABLE_LOCKED, table_by_token, table_locked
from tests.factories import make_table

pytestmark = pytest.mark.django_db


def values(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_the_prepared_lookup_gives_what_the_orm_gives_with_every_related_row(django_assert_num_queries):
    table = make_table(names=("Ann Bell", "Ben Cole", "Cat Dunn", "Dan Eyre"), options={"session.tours": 3})
    orm = Table.objects.select_related("event__club", "seat_0", "seat_1", "seat_2", "seat_3").get(pk=table.pk)
    with django_assert_num_queries(1):
        found = table_by_token(token=table.token)
        names = [p.name for p in found.players]
        club = found.event.club.name
    assert names == ["Ann Bell", "Ben Cole", "Cat Dunn", "Dan Eyre"]
    assert club == orm.event.club.name
    assert values(found) == values(orm)
    assert values(found.event) == values(orm.event)
    assert values(found.event.club) == values(orm.event.club)
    assert [values(p) for p in found.players] == [values(p) for p in orm.players]
    # The event's options are a JSON column: converted to a dict as the ORM does, on SQLite as on PostgreSQL.
    assert found.event.options == orm.event.options and found.event.options["session.tours"] == 3
    assert found.created_at == orm.created_at and found.created_at.tzinfo is not None
    assert found._state.db == "default" and not found._state.adding
    assert found.session() == orm.session()


def test_the_locked_lookup_by_id_gives_the_same_table_and_locks_its_row_on_postgresql():
    table = make_table()
    with transaction.atomic():
        locked = table_locked(pk=table.pk)
        sql = _TABLE_LOCKED.sql()
    assert values(locked) == values(table_by_token(token=table.token))
    assert [p.name for p in locked.players] == ["Ann", "Ben", "Cat", "Dan"]
    if connection.vendor == "postgresql":
        assert sql.endswith('FOR UPDATE OF "tables_table"')
    else:  # SQLite has no row locks: its IMMEDIATE transactions serialise the writers
        assert connection.vendor == "sqlite" and "FOR UPDATE" not in sql


@pytest.mark.django_db(transaction=True)
def test_the_locked_lookup_outside_a_transaction_is_refused_on_every_database():
    table = make_table()
    with pytest.raises(TransactionManagementError):
        table_locked(pk=table.pk)


def test_an_unknown_link_is_a_404_and_an_unknown_id_does_not_exist():
    make_table()
    with pytest.raises(Http404):
        table_by_token(token="no-such-link")
    with pytest.raises(Http404):
        table_by_token(token="")
    with transaction.atomic(), pytest.raises(Table.DoesNotExist):
        table_locked(pk=10**9)


def test_a_renamed_player_and_a_closed_event_are_seen_at_once():
    table = make_table()
    assert table_by_token(token=table.token).seat_2.name == "Cat"
    Player.objects.filter(pk=table.seat_2_id).update(name="Catherine")
    Event.objects.filter(pk=table.event_id).update(status=Event.Status.CLOSED)
    again = table_by_token(token=table.token)
    assert again.seat_2.name == "Catherine" and again.event.is_open is False
    with transaction.atomic():
        assert table_locked(pk=table.pk).seat_2.name == "Catherine"


def test_two_tables_are_told_apart_by_their_links():
    first = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    second = make_table(names=("Eve", "Fay", "Gil", "Hal"), number=2)
    assert [p.name for p in table_by_token(token=second.token).players] == ["Eve", "Fay", "Gil", "Hal"]
    assert table_by_token(token=first.token).pk == first.pk


def test_the_sql_is_compiled_once_and_only_the_value_changes(monkeypatch):
    first = make_table()
    second = make_table(names=("Eve", "Fay", "Gil", "Hal"), number=2)
    lookup = PreparedGet(lambda: Table.objects.select_related("event", "seat_0"), "token")
    compiled = []
    compile_now = lookup._compile_now
    monkeypatch.setattr(lookup, "_compile_now", lambda alias: compiled.append(alias) or compile_now(alias))
    assert lookup.get(first.token).pk == first.pk
    assert lookup.get(second.token).seat_0.name == "Eve"
    with pytest.raises(Table.DoesNotExist):
        lookup.get("nothing")
    assert compiled == ["default"]


def test_other_values_in_the_sql_stay_and_an_annotated_query_is_refused():
    make_table(number=1)
    make_table(number=2)
    lookup = PreparedGet(lambda: Table.objects.filter(number__gte=2), "number")
    assert lookup.get(2).number == 2
    with pytest.raises(Table.DoesNotExist):
        lookup.get(1)  # number >= 2 kept beside the looked-up value
    counted = PreparedGet(lambda: Table.objects.annotate(deals_count=Count("deals")), "token")
    with pytest.raises(ValueError, match="cannot be prepared"):
        counted.get("x")


@pytest.mark.django_db(transaction=True)
def test_threads_compiling_at_once_share_one_compilation_and_each_reads_its_own_table():
    tables = [make_table(names=(f"A{i}", f"B{i}", f"C{i}", f"D{i}"), number=i) for i in range(1, 5)]
    lookup = PreparedGet(lambda: Table.objects.select_related("event__club", "seat_0", "seat_3"), "token")
    barrier = threading.Barrier(4)
    found: list[object] = [None] * 4

    def read(i: int) -> None:
        try:
            barrier.wait()
            for _ in range(20):
                table = lookup.get(tables[i].token)
                assert (table.seat_0.name, table.seat_3.name) == (f"A{i + 1}", f"D{i + 1}")
            found[i] = table.pk
        except Exception as exc:  # asserted on below
            found[i] = exc
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=read, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [t.pk for t in tables]
    assert len(lookup._compiled) == 1
