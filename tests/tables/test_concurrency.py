"""Two phones at one table, for real: two threads save the same deal number at the same moment."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.services import StaleDeal, deal_record
from tests.factories import make_table

pytestmark = pytest.mark.django_db(transaction=True)


def race(table, records, keys=None):
    barrier = threading.Barrier(len(records))
    outcomes: list[object] = [None] * len(records)
    keys = keys or [""] * len(records)

    def save(i: int, record: DealRecord) -> None:
        try:
            barrier.wait()
            outcomes[i] = deal_record(table=table, position=1, record=record, idempotency_key=keys[i])
        except Exception as exc:  # recorded and asserted on below
            outcomes[i] = exc
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=save, args=(i, r)) for i, r in enumerate(records)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_two_phones_saving_different_deals_store_exactly_one():
    table = make_table()
    ann = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=5)
    cat = DealRecord(dealer=3, contract=Contract.SOLO, hombre=2, trump="H", tricks=7)
    outcomes = race(table, [ann, cat])
    stored = [o for o in outcomes if isinstance(o, Deal)]
    refused = [o for o in outcomes if isinstance(o, StaleDeal)]
    assert len(stored) == 1 and len(refused) == 1, outcomes
    assert Deal.objects.count() == 1 and DealChange.objects.count() == 1


def test_a_double_submit_racing_itself_stores_one_deal():
    table = make_table()
    ann = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=5)
    outcomes = race(table, [ann, ann])
    assert all(isinstance(o, Deal) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    assert Deal.objects.count() == 1 and DealChange.objects.count() == 1


def test_two_phones_saving_the_same_deal_each_with_its_own_key_store_it_once_and_tell_the_second():
    table = make_table()
    ann = DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=5)
    outcomes = race(table, [ann, ann], keys=["phone-one", "phone-two"])
    stored = [o for o in outcomes if isinstance(o, Deal)]
    refused = [o for o in outcomes if isinstance(o, StaleDeal)]
    # One deal is stored, with the key of the phone that recorded it; the other phone is told it did not record.
    assert len(stored) == 1 and len(refused) == 1, outcomes
    assert list(Deal.objects.values_list("idempotency_key", flat=True)) == [stored[0].idempotency_key]
    assert DealChange.objects.count() == 1
