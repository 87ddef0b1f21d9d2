"""A queryset's SQL compiled once, run again with each new value; a model's INSERT compiled once.

Every tap of a table's phone loads its table with the event, the club and the four players (one query of five
joins). Compiling that select_related query cost 1.3 ms and running it 0.09 ms (SQLite, DEBUG off), and a save
loaded it twice: here the SQL is compiled once per process and database, and each call only runs it and builds
the instances the way Django's ModelIterable does. Only the SQL is kept, never a row: every call reads the
database, so a renamed player or a closed event is seen at once.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, router, transaction
from django.db.models import Model, QuerySet, signals
from django.db.models.query import get_related_populators
from django.db.models.sql import InsertQuery
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)

# Two values for a looked-up field, valid for a text field and a number alike: the query is compiled with the
# first for every field, then with the second for each field in turn; the one parameter that moves is the slot
# that field's value takes at each call.
_PROBES = ("1", "2")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    slots: tuple[int, ...]  # where each looked-up field's value goes in the params, in the fields' order
    compiler: Any  # the SQLCompiler after as_sql(): its select and klass_info
    converters: dict  # compiler.get_converters() of the select: a third of a call when made each time
    init_list: tuple[str, ...]
    model_fields: slice
    related_populators: tuple


class _PerDatabase:
    """What is compiled once per database (alias and vendor) and kept by the process: thread-safe."""

    def __init__(self) -> None:
        self._compiled: dict[tuple[str, str], Any] = {}
        self._lock = threading.Lock()

    def _compiled_for(self, alias: str, vendor: str):
        compiled = self._compiled.get((alias, vendor))
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get((alias, vendor))
                if compiled is None:
                    compiled = self._compiled[(alias, vendor)] = self._compile_now(alias)
        return compiled

    def _compile_now(self, alias: str):
        raise NotImplementedError


class PreparedGet(_PerDatabase, Generic[M]):
    """`queryset().get(<field>=value, ...)`, with the queryset's SQL compiled once per database (alias and vendor)
    and kept by the process; thread-safe. The queryset may select_related and select_for_update, not annotate."""

    def __init__(self, queryset: Callable[[], QuerySet[M]], *fields: str) -> None:
        super().__init__()
        self._queryset = queryset
        self._fields = fields

    @cached_property
    def _shape(self) -> tuple[type[M], tuple, bool, str | None]:
        """The model, its looked-up fields, whether the query locks its rows, and the database the queryset names
        (if it does)."""
        queryset = self._queryset()
        model = queryset.model
        fields = tuple(model._meta.pk if name == "pk" else model._meta.get_field(name) for name in self._fields)
        return model, fields, bool(queryset.query.select_for_update), queryset._db

    def get(self, *values: object, using: str | None = None) -> M:
        """The one row whose fields have these `values` (the model's DoesNotExist when there is none), read now."""
        model, fields, for_update, named = self._shape
        if len(values) != len(fields):
            raise TypeError(f"{len(fields)} values expected, for {', '.join(self._fields)}")
        if using is None:
            using = named or (router.db_for_write(model) if for_update else router.db_for_read(model))
        alias = using or DEFAULT_DB_ALIAS
        connection = connections[alias]
        if for_update and connection.get_autocommit():
            # What the ORM says on PostgreSQL (the lock would be released at once), said on SQLite too, where the
            # ORM lets it pass, so that a lock forgotten is found by the tests on either.
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        compiled: _Compiled = self._compiled_for(alias, connection.vendor)
        params = list(compiled.params)
        for slot, field, value in zip(compiled.slots, fields, values, strict=True):
            params[slot] = field.get_db_prep_value(value, connection, prepared=False)
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchmany(2)
        if not fetched:
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
        if len(fetched) > 1:
            raise model.MultipleObjectsReturned(f"get() returned more than one {model._meta.object_name}")
        # What compiler.results_iter does, with the converters it would make again at every call made once; the
        # compiler kept from the compiling thread passes this thread's connection to them.
        compiler = copy.copy(compiled.compiler)
        compiler.connection = connection
        (row,) = compiler.apply_converters(fetched, compiled.converters) if compiled.converters else fetched
        obj = model.from_db(alias, compiled.init_list, row[compiled.model_fields])
        for populator in compiled.related_populators:
            populator.populate(row, obj)
        return obj

    def sql(self, using: str = DEFAULT_DB_ALIAS) -> str:
        """The SQL each call runs on database `using` (compiled now if it is not yet)."""
        vendor = connections[using].vendor
        return self._compiled_for(using, vendor).sql

    def _compile_now(self, alias: str) -> _Compiled:
        def compiled_with(probes: list[str]):
            # Unordered and at most two rows: what QuerySet.get asks for, the LIMIT written into the SQL.
            query = self._queryset().filter(**dict(zip(self._fields, probes, strict=True))).order_by()[:2].query
            compiler = query.get_compiler(using=alias)
            return (compiler, *compiler.as_sql())

        first, second = _PROBES
        compiler, sql, params = compiled_with([first] * len(self._fields))
        slots = []
        for index in range(len(self._fields)):
            probes = [first] * len(self._fields)
            probes[index] = second
            _other, other_sql, other_params = compiled_with(probes)
            moved = [i for i, (a, b) in enumerate(zip(params, other_params, strict=True)) if a != b]
            if other_sql != sql or len(moved) != 1:
                slots = []
                break
            slots.extend(moved)
        select = [s[0] for s in compiler.select[: compiler.col_count]]
        if (
            len(set(slots)) != len(self._fields)
            or compiler.annotation_col_map
            or compiler.has_extra_select
            or compiler.has_composite_fields(select)
        ):
            raise ValueError(f"{', '.join(self._fields)}: the query cannot be prepared with one parameter a field")
        klass_info = compiler.klass_info
        select_fields = klass_info["select_fields"]
        model_fields = slice(select_fields[0], select_fields[-1] + 1)
        return _Compiled(
            sql=sql,
            params=tuple(params),
            slots=tuple(slots),
            compiler=compiler,
            converters=compiler.get_converters(select),
            init_list=tuple(f[0].target.attname for f in compiler.select[model_fields]),
            model_fields=model_fields,
            related_populators=tuple(get_related_populators(klass_info, compiler.select, alias)),
        )


@dataclass(frozen=True)
class _CompiledInsert:
    sql: str
    fields: tuple  # the columns, in the SQL's order
    returning_fields: tuple
    returning_params: tuple
    returning_converters: dict


class PreparedInsert(_PerDatabase, Generic[M]):
    """`obj.save()` for a new row of `model`, with the INSERT's SQL compiled once per database; thread-safe.

    A save inserts a deal and its audit row under the table's write lock, and the ORM built each INSERT anew:
    0.8 ms for the two, where running them takes 0.2 ms (SQLite, DEBUG off). Each call prepares every value as
    the ORM does (the field's pre_save, auto_now and defaults included, then get_db_prep_save), sends the same
    pre_save and post_save signals, sets the returned primary key, and marks the transaction for rollback when
    the database refuses the row, as Model.save does. For a model without parents, ordering by
    order_with_respect_to or fields with placeholders of their own; a model whose save() adds work is not
    for it."""

    def __init__(self, model: type[M]) -> None:
        meta = model._meta
        if meta.parents or meta.order_with_respect_to or meta.pk_fields != [meta.auto_field]:
            raise ValueError(f"{meta.label}: only a model with an automatic primary key and no parents")
        super().__init__()
        self._model = model
        self._fields = tuple(f for f in meta.local_concrete_fields if not f.generated and f is not meta.auto_field)
        if any(hasattr(f, "get_placeholder") for f in self._fields):
            raise ValueError(f"{meta.label}: a field writes a placeholder of its own")

    def insert(self, obj: M, *, using: str | None = None) -> M:
        """Insert `obj`, a new instance (not saved yet), and return it saved."""
        model = self._model
        if type(obj) is not model or not obj._state.adding or obj.pk is not None:
            raise ValueError("a new instance of the model, never saved, is inserted")
        using = using or router.db_for_write(model, instance=obj)
        connection = connections[using]
        compiled: _CompiledInsert = self._compiled_for(using, connection.vendor)
        obj._prepare_related_fields_for_save(operation_name="save")
        signals.pre_save.send(sender=model, instance=obj, raw=False, using=using, update_fields=None)
        params = [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in compiled.fields]
        with transaction.mark_for_rollback_on_error(using=using), connection.cursor() as cursor:
            cursor.execute(compiled.sql, (*params, *compiled.returning_params))
            if compiled.returning_fields:
                if connection.features.can_return_columns_from_insert:
                    rows = [connection.ops.fetch_returned_insert_columns(cursor, compiled.returning_params)]
                else:
                    meta = model._meta
                    rows = [(connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column),)]
                if compiled.returning_converters:
                    rows = list(self._converted(rows, compiled, connection))
                for value, field in zip(rows[0], compiled.returning_fields, strict=True):
                    setattr(obj, field.attname, value)
        obj._state.adding = False
        obj._state.db = using
        signals.post_save.send(sender=model, instance=obj, created=True, update_fields=None, raw=False, using=using)
        return obj

    def _converted(self, rows, compiled: _CompiledInsert, connection):
        compiler = InsertQuery(self._model).get_compiler(connection=connection)
        return compiler.apply_converters(rows, compiled.returning_converters)

    def _compile_now(self, alias: str) -> _CompiledInsert:
        model = self._model
        meta = model._meta
        connection = connections[alias]
        query = InsertQuery(model)
        query.insert_values(list(self._fields), [model()])  # the probe's values are never kept: only the SQL
        compiler = query.get_compiler(using=alias)
        returning = tuple(meta.db_returning_fields)
        compiler.returning_fields = list(returning)
        ((sql, params),) = compiler.as_sql()
        returning_params = tuple(getattr(compiler, "returning_params", ()))
        if len(params) != len(self._fields) + len(returning_params):
            raise ValueError(f"{meta.label}: the INSERT does not take one parameter a field")
        if not connection.features.can_return_columns_from_insert:
            returning_params = ()
        columns = [field.get_col(meta.db_table) for field in returning]
        return _CompiledInsert(
            sql=sql,
            fields=self._fields,
            returning_fields=returning,
            returning_params=returning_params,
            returning_converters=compiler.get_converters(columns) if returning else {},
        )
