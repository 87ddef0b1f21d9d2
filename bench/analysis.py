"""Benchmark: the analysis pages on a club's season of 200 events x 10 tables x 40 deals (80,000 deals, 60
players), on a temporary SQLite database, through Django's test client (views, queries and templates).

Targets on a 2-core machine: the first analysis page after the import <= 1 s (each table's digest is made
right after its import commits, as a table import does), the season ladder <= 1 s, a player's page <= 300 ms.

    .venv/bin/python bench/analysis.py
"""

from __future__ import annotations

import datetime as dt
import random
import time

import database  # noqa: F401  (first: Django on a temporary database, migrated)
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorekeeper.clubs.models import Player
from scorekeeper.clubs.services import club_create
from scorekeeper.engine.simulate import random_table
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Deal, Table

EVENTS, TABLES, DEALS, PLAYERS = 200, 10, 40, 60
YEAR = 2026


def build_season():
    """The season written straight to the tables (random valid deals, as the engine's simulator draws them)."""
    user = get_user_model().objects.create_user("director")  # the client logs in with force_login
    club = club_create(name="Bench club", directors=[user])
    players = Player.objects.bulk_create(Player(club=club, name=f"Player {i:02d}") for i in range(PLAYERS))
    rng = random.Random(200)
    start = dt.date(YEAR, 1, 1)
    events = Event.objects.bulk_create(
        Event(club=club, name=f"Evening {n + 1}", date=start + dt.timedelta(days=n * 365 // EVENTS), ruleset=r)
        for n, r in enumerate(["parlett-chips"] * EVENTS)
    )
    deals = []
    for event in events:
        seated = rng.sample(players, 4 * TABLES)
        tables = []
        records = []
        for number in range(TABLES):
            table = Table(event=event, number=number + 1, ended_at=timezone.now())
            table.seat_0, table.seat_1, table.seat_2, table.seat_3 = seated[4 * number : 4 * number + 4]
            table.event = event
            drawn = [deal for deal, _ in random_table(rng, table.session(), DEALS)]
            table.first_dealer = drawn[0].dealer
            tables.append(table)
            records.append(drawn)
        Table.objects.bulk_create(tables)
        for table, drawn in zip(tables, records, strict=True):
            for position, record in enumerate(drawn, start=1):
                deal = Deal(table=table, position=position)
                deal.set_record(record)
                deals.append(deal)
    Deal.objects.bulk_create(deals, batch_size=2000)
    return club, players, events


def import_commits(club) -> tuple[float, int]:
    """Each table's import ends with Table.changed() in its transaction, as tables.services.table_import does; its
    digest is then made right after the commit (analysis's hook). Seconds in all, and tables."""
    tables = list(Table.objects.filter(event__club=club))
    start = time.perf_counter()
    for table in tables:
        with transaction.atomic():
            table.changed()
    return time.perf_counter() - start, len(tables)


def timed(client: Client, url: str, runs: int) -> tuple[float, float, int]:
    times = []
    queries = 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured)
    times.sort()
    return times[0], times[len(times) // 2], queries


def main() -> None:
    written: set[str] = set()
    record_keys(written)
    start = time.perf_counter()
    club, players, events = build_season()
    deals = Deal.objects.count()
    print(
        f"{EVENTS} events x {TABLES} tables x {DEALS} deals = {deals:,} deals, {PLAYERS} players "
        f"(built in {time.perf_counter() - start:.0f} s)"
    )
    spent, tables = import_commits(club)
    print(
        f"digests made after each table's import commit: {spent:.1f} s for {tables} tables "
        f"({1000 * spent / tables:.1f} ms a table of {DEALS} deals)"
    )
    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.get(username="director"))
    ladder = f"/clubs/{club.pk}/season/?year={YEAR}"
    player = f"/clubs/{club.pk}/players/{players[0].pk}/"
    evening = f"/events/{events[-1].pk}/analysis/"

    warm, _, _ = timed(client, "/", 1)  # the process's first request: imports, URLs, templates, catalogues
    print(f"home page, the process's first request: {warm:.2f} s")
    first, _, queries = timed(client, evening, 1)
    print(f"evening analysis, first view after the import: {first:.2f} s, {queries} queries")
    first, _, queries = timed(client, ladder, 1)
    print(f"season ladder, first view after the import: {first:.2f} s, {queries} queries")
    for label, url, runs in (
        ("season ladder", ladder, 7),
        ("season ladder by rating", ladder + "&by=rating", 7),
        ("player page (whole history)", player, 7),
        ("player page (one season)", player + f"?year={YEAR}", 7),
        ("evening analysis", evening, 7),
        ("player's season report (PDF)", f"/clubs/{club.pk}/players/{players[0].pk}/season.pdf?year={YEAR}", 5),
    ):
        best, median, queries = timed(client, url, runs)
        print(f"{label:<48} best {best * 1000:7.1f} ms   median {median * 1000:7.1f} ms   {queries} queries")

    # A deal saved tonight, at a table of the last event: that digest is made again, and tonight's tables are
    # rated on top of the kept run (the deal here changes no result, so the rating would be found as it was;
    # emptying tonight's part of the cache stands for a changed result). Then the worst case: an empty cache (a
    # restart, or the correction of an old result), where the rating runs again over every table.
    tonight = list(Table.objects.filter(event=events[-1]))
    rng = random.Random(1)
    scenarios = (
        (
            "a deal saved tonight",
            lambda: cache.delete_many(sorted(k for k in written if k.startswith("rating:"))),
        ),
        ("the cache emptied", cache.clear),
    )
    for label, forget in scenarios:
        for name, url in (("ladder", ladder), ("player page", player)):
            times = []
            for _ in range(5):
                rng.choice(tonight).changed()
                forget()
                times.append(timed(client, url, 1)[0])
            times.sort()
            print(f"{name + ' after ' + label:<48} best {times[0] * 1000:7.1f} ms   median {times[2] * 1000:7.1f} ms")


def record_keys(written: set[str]) -> None:
    """Note every key the code stores through the default cache's public set() and set_many(); the benchmark
    forgets entries by those keys, since Django's cache API offers no listing of the keys it holds."""
    set_one, set_many = cache.set, cache.set_many

    def record_one(key, *args, **kwargs):
        written.add(key)
        return set_one(key, *args, **kwargs)

    def record_many(data, *args, **kwargs):
        written.update(data)
        return set_many(data, *args, **kwargs)

    cache.set, cache.set_many = record_one, record_many


if __name__ == "__main__":
    main()
