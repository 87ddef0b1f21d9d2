"""Benchmark: what a room of tables asks of the server while its phones keep saving, at 10 and at 60 tables.

Under gunicorn as `make run` starts it (bench/web.py's server, BENCH_PORT when set), DEBUG off, SQLite. Two open
events of 40-deal tables, 10 and 60 tables, four players checked in a table, each with a public link. While
`--phones` threads save a deal every `--save-every` seconds at random tables of both events, one client samples,
interleaved: the floor (GET /healthz), what the room polls (the public live page, its htmx screen, the htmx
board of the director's live page) and the pages that list every player (the director's standings, the director's
live page, the public standings, the director's event page). p50 and p99, each as a ratio to the floor's p50 in
the same run, and each page's p50 at 60 tables over its p50 at 10 tables; the size of each page at 60 tables.

    .venv/bin/python bench/room.py [--samples 120] [--phones 4] [--save-every 0.5]

Targets (issue 24): room polls p50 <= 6x the floor and <= 2x their own p50 at 10 tables; pages that list every
player p50 <= 15x the floor and <= 3.5x their p50 at 10 tables.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import secrets
import statistics
import threading
import time

os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # the server's too: it reads the session made here
import web  # noqa: E402,I001  (first: Django on a fresh temporary SQLite file, through bench/database.py)
from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from scorekeeper.clubs.services import club_create, player_create  # noqa: E402
from scorekeeper.events.models import CheckIn  # noqa: E402
from scorekeeper.events.services import event_create  # noqa: E402
from scorekeeper.public.models import EventLink  # noqa: E402

DEALS = 40
SIZES = (10, 60)


def build() -> dict:
    """Two events of `SIZES` tables, each table four players of its own, all checked in, with public links."""
    rng = random.Random(24)
    club = club_create(name="Room club")
    director = get_user_model().objects.create_user(username="director")  # force_login: no password
    club.directors.add(director)
    events = {}
    for size in SIZES:
        event = event_create(
            club=club,
            name=f"Evening of {size} tables",
            date=dt.date(2026, 11, 25),
            ruleset="parlett-chips",
            options={"session.tours": 100},  # room to keep saving: the round is far from its end
        )
        tables = []
        for number in range(1, size + 1):
            players = [player_create(club=club, name=f"Player {size}-{number}-{seat}") for seat in range(4)]
            CheckIn.objects.bulk_create([CheckIn(event=event, player=p) for p in players])
            tables += web.build_tables(event, players, 1, DEALS, rng, number)
        link = EventLink.objects.create(event=event)
        events[size] = {"event": event.pk, "link": link.token, "tables": [(t.token, DEALS + 1) for t in tables]}
    client = Client()
    client.force_login(director)
    return {"events": events, "session": client.cookies["sessionid"].value}


def pages(size: int, room: dict) -> dict[str, tuple[str, bool, str]]:
    """The measured requests at `size` tables: name -> (path, htmx, kind)."""
    event = room["events"][size]
    pk, link = event["event"], event["link"]
    return {
        "public live page": (f"/p/{link}/live/", False, "poll"),
        "public live screen (htmx)": (f"/p/{link}/live/?screen=2", True, "poll"),
        "director's live board (htmx)": (f"/events/{pk}/live/", True, "poll"),
        "director's standings": (f"/events/{pk}/standings/", False, "list"),
        "director's live page": (f"/events/{pk}/live/", False, "list"),
        "public standings": (f"/p/{link}/", False, "list"),
        "director's event page": (f"/events/{pk}/", False, "list"),
    }


def get(port: int, path: str, *, htmx: bool, session: str) -> tuple[int, float, int]:
    """One GET on a fresh connection, with the director's session: status, seconds and bytes."""
    import http.client

    headers = {"Host": "localhost", "Cookie": f"sessionid={session}"}
    if htmx:
        headers["HX-Request"] = "true"
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    return response.status, time.perf_counter() - start, len(body)


def phones(port: int, tables: list, stop: threading.Event, every: float, seed: int, saved: list) -> None:
    """A phone saving a deal every `every` seconds at a random one of its `tables` (its own: no other phone's)."""
    rng = random.Random(seed)
    next_position = dict(tables)
    while not stop.is_set():
        token, _ = rng.choice(tables)
        status, _seconds = web.request(port, "POST", f"/t/{token}/", web.deal_post(rng, next_position[token], "save"))
        if status == 302:
            next_position[token] += 1
            saved.append(status)
        stop.wait(every)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=120)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--save-every", type=float, default=0.5)
    args = parser.parse_args()
    started = time.monotonic()
    room = build()
    server, port, how = web.start_server()
    session = room["session"]
    stop = threading.Event()
    saved: list = []
    try:
        floor, floor_what = web.floor_path(port)
        measured = {(size, name): spec for size in SIZES for name, spec in pages(size, room).items()}
        sizes = {}
        for (size, name), (path, htmx, _kind) in measured.items():  # every worker renders each page once first
            for _ in range(3):
                status, _seconds, length = get(port, path, htmx=htmx, session=session)
                assert status == 200, (name, size, status)
            sizes[(size, name)] = length
        every_table = [t for size in SIZES for t in room["events"][size]["tables"]]
        threads = [
            threading.Thread(
                target=phones, args=(port, every_table[seed :: args.phones], stop, args.save_every, seed, saved)
            )
            for seed in range(args.phones)
        ]
        for thread in threads:
            thread.start()
        times: dict = {"floor": []}
        for _ in range(args.samples):
            times["floor"].append(web.request(port, "GET", floor)[1])
            for key, (path, htmx, _kind) in measured.items():
                status, seconds, _length = get(port, path, htmx=htmx, session=session)
                assert status == 200, (key, status)
                times.setdefault(key, []).append(seconds)
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=30)

    floor50 = statistics.median(times["floor"])
    load = os.getloadavg()
    print(f"### bench/room.py — {how}, DEBUG off, SQLite (WAL)\n")
    print(
        f"Floor: {floor_what}, p50 {web.ms(floor50)} ms, p99 {web.ms(web.quantile(times['floor'], 0.99))} ms. "
        f"{args.samples} interleaved samples of each line; {DEALS}-deal tables, four players a table; "
        f"{args.phones} phones saved {len(saved)} deals meanwhile."
    )
    print(f"Machine: {os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}.\n")
    print(
        "| request | kind | 10 tables p50 / floor | 60 tables p50 ms | p99 ms | p50 / floor | p99 / floor "
        "| 60 / 10 tables (p50) | kB at 60 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, (_path, _htmx, kind) in pages(60, room).items():
        ten, sixty = times[(10, name)], times[(60, name)]
        p50, p99, ten50 = statistics.median(sixty), web.quantile(sixty, 0.99), statistics.median(ten)
        print(
            f"| {name} | {'room poll' if kind == 'poll' else 'every player'} | {ten50 / floor50:.1f} | {web.ms(p50)} "
            f"| {web.ms(p99)} | {p50 / floor50:.1f} | {p99 / floor50:.1f} | {p50 / ten50:.2f} "
            f"| {sizes[(60, name)] / 1000:.0f} |"
        )
    print(f"\n(whole run {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
