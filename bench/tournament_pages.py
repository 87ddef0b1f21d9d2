"""Benchmark: a tournament's standings and live pages at 64 entrants, under gunicorn with DEBUG off.

The tournament is bench/tournament_standings.py's document (64 entrants, seeded random valid deals, 40 a table)
with rounds 1-4 played (64 tables, about 2,700 deal records) and rounds 5-8 only planned, imported through
`import_tournament`'s service; `--entrants 240 --played 1` makes it 240 entrants with one round of 60 tables played.
Interleaved, one client: the trivial request (the floor), the director's standings page, the live board as htmx
polls it and the whole live page (the projector), the public standings, the public live board as htmx polls it and
the whole public live page; p50 and p99 and each p50 as a ratio to the floor's; and, for comparison, an evening's
live board at 60 tables of 40 deals (the read model's own poll). The pages read the tables' snapshots, so their cost
must not grow with the deals. Prints Markdown.

    BENCH_PORT=8110 .venv/bin/python bench/tournament_pages.py [--samples 40] [--entrants 64] [--played 4] [--saving]

With --saving the last round played is still being played: its tables keep their last HELD records back, and one
of them saves its next deal (through the service a phone's save goes through) before each round of requests, so
that every page meets a changed tournament, as its polls do while the tables play.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import random
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

os.environ["DEBUG"] = "false"
sys.path.insert(0, str(Path(__file__).resolve().parent))
import database  # noqa: E402,F401  (first: Django on a fresh temporary SQLite file; the server inherits its URL)
from tournament_standings import tournament  # noqa: E402
from web import build_tables, floor_path, quantile, start_server  # noqa: E402

from scorekeeper.clubs.services import club_create, player_create  # noqa: E402
from scorekeeper.engine import RuleSet  # noqa: E402
from scorekeeper.engine.interchange import parse_deal  # noqa: E402
from scorekeeper.events.services import event_create  # noqa: E402
from scorekeeper.public.services import event_link_make  # noqa: E402
from scorekeeper.tables.models import Deal, Table  # noqa: E402
from scorekeeper.tables.services import deal_record  # noqa: E402
from scorekeeper.tournaments.imports import tournament_import  # noqa: E402
from tests.factories import make_user  # noqa: E402

DIRECTOR, PASSWORD = "bench-director", "a-long-bench-password"
HELD = 3  # records each table of the last round played keeps back with --saving (40 samples over 16 tables)


def request(port: int, method: str, path: str, headers: dict, htmx: bool = False) -> tuple[int, float]:
    """One GET on a fresh connection (gunicorn's sync workers close each), with `headers`; status and seconds."""
    headers = {"Host": "localhost", **headers, **({"HX-Request": "true"} if htmx else {})}
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    return response.status, time.perf_counter() - start


def login(port: int) -> str:
    """The director's session cookie, from the login form as a browser posts it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/accounts/login/", headers={"Host": "localhost"})
    response = connection.getresponse()
    page = response.read().decode()
    csrf = response.getheader("Set-Cookie").split("csrftoken=")[1].split(";")[0]
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    connection.close()
    form = urllib.parse.urlencode({"username": DIRECTOR, "password": PASSWORD, "csrfmiddlewaretoken": token})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {
        "Host": "localhost",
        "Cookie": f"csrftoken={csrf}",
        "Content-Type": "application/x-www-form-urlencoded",
        "Referer": "http://localhost/accounts/login/",
    }
    connection.request("POST", "/accounts/login/", body=form, headers=headers)
    response = connection.getresponse()
    response.read()
    cookies = response.getheader("Set-Cookie") or ""
    connection.close()
    assert response.status == 302 and "sessionid=" in cookies, (response.status, cookies)
    return cookies.split("sessionid=")[1].split(";")[0]


def build(entrants: int, played: int, held: dict[int, list[dict]]) -> tuple[int, int, str, int, int]:
    """The tournament and the evening; with `held` (--saving), the last played round's tables each keep their
    last HELD records back (into `held`, by table number), so that they are still being played."""
    doc = tournament(RuleSet.PARLETT_CHIPS, entrants=entrants, played=played)
    for planned in doc["rounds"][played:]:
        planned["started"] = False
    if held is not None:
        for table in doc["rounds"][played - 1]["tables"]:
            held[table["table"]] = table["deals"][-HELD:]
            del table["deals"][-HELD:]
    director = make_user(DIRECTOR, PASSWORD)
    club = club_create(name="Bench club", directors=[director])
    started = time.perf_counter()
    event = tournament_import(raw=doc, club=club)
    imported = time.perf_counter() - started
    token = event_link_make(event=event).token
    tables = event.tables.count()
    deals = Deal.objects.filter(table__event=event).count()
    print(f"Imported {entrants} entrants, {tables} tables played, {deals} deal records in {imported:.1f} s.\n")
    # For comparison, an evening of 60 tables of 40 deals in the same club: its live board reads 60 snapshots too.
    evening = event_create(
        club=club, name="Bench evening", date=dt.date(2026, 11, 21), ruleset="parlett-chips", options={}
    )
    players = [player_create(club=club, name=f"Player {i:02d}") for i in range(40)]
    build_tables(evening, players, 60, 40, random.Random(17), 1)
    return event.pk, evening.pk, token, tables, deals


def save_next_deal(table: Table, held: list[dict]) -> None:
    """The table's next deal saved as a phone saves it (`held`: its records not yet saved, the next first)."""
    deal_record(table=table, position=table.deals.count() + 1, record=parse_deal(held.pop(0)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--entrants", type=int, default=64, help="a multiple of 4 (default 64)")
    parser.add_argument("--played", type=int, default=4, help="rounds played of the 8 (default 4)")
    parser.add_argument(
        "--saving", action="store_true", help="a table of the last round played saves a deal before each round"
    )
    args = parser.parse_args()
    held: dict[int, list[dict]] | None = {} if args.saving else None
    event_id, evening_id, token, tables, deals = build(args.entrants, args.played, held)
    server, port, how = start_server()
    try:
        session = login(port)
        floor, floor_name = floor_path(port)
        cookie = {"Cookie": f"sessionid={session}"}
        pages = {
            "floor": (floor, {}, False),
            "standings (director)": (f"/events/{event_id}/tournament/standings/", cookie, False),
            "live board (htmx poll)": (f"/events/{event_id}/tournament/live/", cookie, True),
            "live page (projector)": (f"/events/{event_id}/tournament/live/", cookie, False),
            "public standings": (f"/p/{token}/", {}, False),
            "public live board (htmx poll)": (f"/p/{token}/live/", {}, True),
            "public live page": (f"/p/{token}/live/", {}, False),
            "evening live board, 60 tables (htmx poll)": (f"/events/{evening_id}/live/", cookie, True),
        }
        for path, headers, htmx in pages.values():  # warm each worker's caches and check the answers
            status, _ = request(port, "GET", path, headers=headers, htmx=htmx)
            assert status == 200, (path, status)
        times: dict[str, list[float]] = {name: [] for name in pages}
        rng = random.Random(1)
        playing = list(Table.objects.filter(event_id=event_id, round=args.played).order_by("number"))
        for sample in range(args.samples):
            if held:
                table = playing[sample % len(playing)]
                save_next_deal(table, held[table.number])
            order = list(pages)
            rng.shuffle(order)
            for name in order:
                path, headers, htmx = pages[name]
                status, seconds = request(port, "GET", path, headers=headers, htmx=htmx)
                assert status == 200, (path, status)
                times[name].append(seconds)
    finally:
        server.terminate()
        server.wait(10)
    base = statistics.median(times["floor"])
    saving = "; a table of the last round played saves a deal before each round of requests" if args.saving else ""
    print(f"Server: {how}; floor: {floor_name}; {args.samples} samples each, interleaved{saving}.\n")
    print("| request | p50 ms | p99 ms | p50 / floor |")
    print("|---|---:|---:|---:|")
    for name, values in times.items():
        p50 = statistics.median(values)
        print(f"| {name} | {p50 * 1000:.1f} | {quantile(values, 0.99) * 1000:.1f} | {p50 / base:.1f}x |")


if __name__ == "__main__":
    main()
