"""Benchmark: the event report for 30 tables x 40 deals (target <= 2 s) and one table's score sheet
(target <= 150 ms), from the database to PDF bytes, on a temporary SQLite database.

    .venv/bin/python bench/reports.py
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
import time

import database  # noqa: F401  (first: Django on a temporary database, migrated)

from scorekeeper.clubs.services import club_create, player_create
from scorekeeper.engine.simulate import random_deal
from scorekeeper.events.services import event_create
from scorekeeper.reports import documents, gather
from scorekeeper.tables.models import Deal, DealChange
from scorekeeper.tables.services import table_create

TABLES, DEALS = 30, 40


def build_event():
    club = club_create(name="Bench club")
    players = [player_create(club=club, name=f"Player {i:03d}") for i in range(4 * TABLES)]
    event = event_create(club=club, name="Bench evening", date=dt.date(2026, 11, 21), ruleset="parlett-chips")
    rng = random.Random(30)
    tables = []
    for number in range(TABLES):
        table = table_create(event=event, number=number + 1, players=players[4 * number : 4 * number + 4])
        ledger = table.fold([])
        rows = []
        for position in range(1, DEALS + 1):
            state = dataclasses.replace(ledger.state, next_dealer=ledger.state.next_dealer)
            record = random_deal(rng, table.session(), state, void_rate=0)
            entry_ledger = table.fold([*[r.to_record() for r in rows], record])
            deal = Deal(table=table, position=position)
            deal.set_record(entry_ledger.entries[-1].deal)
            rows.append(deal)
            ledger = entry_ledger
        Deal.objects.bulk_create(rows)
        DealChange.objects.bulk_create(
            [DealChange(deal=d, action="recorded", after={}, who="bench") for d in Deal.objects.filter(table=table)]
        )
        tables.append(table)
    return event, tables


def best(runs: int, work) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), sorted(times)[len(times) // 2]


def main() -> None:
    event, tables = build_event()
    report_best, report_median = best(5, lambda: documents.event_report(gather.event_report_for(event)))
    sheet_best, sheet_median = best(20, lambda: documents.table_sheet(gather.sheet_for(tables[0])))
    size = len(documents.event_report(gather.event_report_for(event)))
    print(
        f"event report, {TABLES} tables x {DEALS} deals: best {report_best:.3f} s, median {report_median:.3f} s "
        f"({size // 1024} KiB)"
    )
    print(f"table score sheet, {DEALS} deals: best {sheet_best * 1000:.1f} ms, median {sheet_median * 1000:.1f} ms")


if __name__ == "__main__":
    main()
