"""Benchmark: the table screen as phones see it, under gunicorn with DEBUG off, on a temporary SQLite file.

Interleaved, one client: a trivial request (the floor), the table page, the preview (htmx POST) and the save (POST,
redirect not followed) at tables of 1, 40 and 200 deals. A preview posts what a phone's form holds, its "shown"
fingerprint read from the last answer that brought the form (Phone): a deal's tap on Solo (a solo's fields in place
of the empty form's) gets the whole form and is timed on its own line; the preview line is the tap on the tricks,
answered with the settlement alone while the fields stay as they are (3 to 5 tricks), else the whole form. p50 and
p99, and each as a ratio to the floor's p50 in the same run. Then 60 tables x 2 phones at a club's pace (a preview
every 2 s per phone, a save every 30 s per phone, each followed by the page it redirects to), bounded in time. Then
the SQLite write lock held per save at 200 deals (BEGIN IMMEDIATE to COMMIT), measured in this process through the
same view. Prints Markdown.

    .venv/bin/python bench/web.py [--samples 300] [--pace-seconds 60]

Targets (issue 17), as ratios to the floor: at 40 deals page <= 4x, preview <= 3x, save <= 4x; at 200 deals each
at most 1.5x its 40-deal figure; write lock <= 5 ms per save at 200 deals; at the club's pace save p99 <= 100 ms.
Save tables grow while measured (each takes samples/30 saves), so "200 deals" means 200 to 210. Each table's
page is shown once before measuring, as a phone opens it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

os.environ["DEBUG"] = "false"
import database  # noqa: E402,F401  (first: Django on a fresh temporary SQLite file; the server inherits its URL)

from scorekeeper.clubs.services import club_create, player_create  # noqa: E402
from scorekeeper.engine import settle_deal  # noqa: E402
from scorekeeper.engine.simulate import random_deal  # noqa: E402
from scorekeeper.events.services import event_create  # noqa: E402
from scorekeeper.tables.models import Deal, DealChange, Table  # noqa: E402
from scorekeeper.tables.services import table_create  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1, 40, 200)
ROTATION = 30  # tables of each size the interleaved run goes round
PACE_TABLES, PACE_DEALS = 60, 40
CSRF = secrets.token_hex(16)  # any well-formed secret is a valid csrftoken cookie
SAVE_BASE = {"run_side": "0", "claims_matadors": "on", "claims_sans_prendre": "on", "trump": "S"}


# --- the data --------------------------------------------------------------------------------------------


def build_tables(event, players, count: int, deals: int, rng: random.Random, first_number: int) -> list[Table]:
    """`count` tables of `deals` random valid deals each, written in bulk (each deal settled once)."""
    tables = []
    for i in range(count):
        seats = rng.sample(players, 4)
        table = table_create(event=event, number=first_number + i, players=seats)
        session = table.session()
        state = table.opening(session)
        rows = []
        for position in range(1, deals + 1):
            record = random_deal(rng, session, state, void_rate=0.03)
            entry = settle_deal(session, state, record, position)
            deal = Deal(table=table, position=position)
            deal.set_record(entry.deal)
            rows.append(deal)
            state = entry.state
        Deal.objects.bulk_create(rows)
        DealChange.objects.bulk_create(
            [DealChange(deal=d, action="recorded", after={}, who="bench") for d in Deal.objects.filter(table=table)]
        )
        tables.append(table)
    return tables


def build() -> dict:
    rng = random.Random(17)
    club = club_create(name="Bench club")
    players = [player_create(club=club, name=f"Player {i:02d}") for i in range(40)]
    # A round long enough for the 200-deal tables and the saves measured on them: a round ends when planned.
    event = event_create(
        club=club,
        name="Bench evening",
        date=dt.date(2026, 11, 21),
        ruleset="parlett-chips",
        options={"session.tours": 100},
    )
    number = 1
    tables: dict = {}
    for size in SIZES:
        tables[size] = build_tables(event, players, ROTATION, size, rng, number)
        number += ROTATION
    tables["pace"] = build_tables(event, players, PACE_TABLES, PACE_DEALS, rng, number)
    number += PACE_TABLES
    tables["lock"] = build_tables(event, players, 10, 200, rng, number)
    return {key: [(t.token, t.deals.count() + 1) for t in value] for key, value in tables.items()}


# --- the server --------------------------------------------------------------------------------------------


def free_port() -> int:
    """BENCH_PORT when set (the port this machine gives the benchmark), else any free loopback port."""
    if os.environ.get("BENCH_PORT"):
        return int(os.environ["BENCH_PORT"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server() -> tuple[subprocess.Popen, int, str]:
    """gunicorn as `make run` starts it (its gunicorn.conf.py when there is one), on a free loopback port."""
    port = free_port()
    command = [str(ROOT / ".venv/bin/gunicorn"), "scorekeeper.wsgi", "--bind", f"127.0.0.1:{port}"]
    config = ROOT / "gunicorn.conf.py"
    if config.exists():
        command[2:2] = ["--config", str(config)]
        how = "gunicorn.conf.py"
    else:
        command += ["--workers", "3"]
        how = "gunicorn --workers 3 (no gunicorn.conf.py yet)"
    log = open(database.DB.parent / "gunicorn.log", "wb")  # noqa: SIM115  (closed with the process)
    scratch = database.DB.parent
    env = {
        **os.environ,
        # The benchmark's own key when it set one (bench/room.py signs a director's session with it).
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "SERVER_PIDFILE": str(scratch / "server.pid"),
        "BACKUP_DIR": str(scratch / "backups"),
    }
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            request(port, "GET", "/static/css/app.css")
            return server, port, how
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit(f"the server did not start (see {log.name})")


def request(port: int, method: str, path: str, form: dict | None = None, htmx: bool = False) -> tuple[int, float]:
    """One request on a fresh connection (gunicorn's sync workers close each); its status and seconds."""
    status, seconds, _answer = exchange(port, method, path, form, htmx)
    return status, seconds


def exchange(
    port: int, method: str, path: str, form: dict | None = None, htmx: bool = False
) -> tuple[int, float, http.client.HTTPResponse]:
    """request(), with the response (its headers, and its body as `.text`) for what a phone reads from it."""
    headers = {"Cookie": f"csrftoken={CSRF}", "Host": "localhost"}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["X-CSRFToken"] = CSRF
    if htmx:
        headers["HX-Request"] = "true"
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    seconds = time.perf_counter() - start
    response.text = body.decode("utf-8", "replace")
    return response.status, seconds, response


SHOWN = re.compile(r'<input type="hidden" name="shown" value="([^"]*)">')


class Phone:
    """What a phone's deal form holds between taps: the fingerprint of the fields it shows ("shown", read from the
    last answer that brought a form) and the deal it numbers. A live preview posts it back; an answer with the
    settlement alone leaves the form, and so the fingerprint, as they were."""

    def __init__(self) -> None:
        self.position: int | None = None
        self.shown = ""

    def post(self, fields: dict) -> dict:
        same_deal = self.position == int(fields["position"])
        return {**fields, "shown": self.shown} if same_deal and self.shown else fields

    def read(self, position: int, answer: http.client.HTTPResponse) -> bool:
        """Takes in a preview's answer; whether it was the settlement alone."""
        if answer.getheader("HX-Retarget") == "#preview":
            return True
        found = SHOWN.search(answer.text)
        self.position, self.shown = position, found[1] if found else ""
        return False


def floor_path(port: int) -> tuple[str, str]:
    status, _ = request(port, "GET", "/healthz")
    if status == 200:
        return "/healthz", "GET /healthz"
    return "/static/css/app.css", "GET a static file (no /healthz yet)"


def deal_post(rng: random.Random, position: int, action: str) -> dict:
    """A deal the rules always allow: a solo in spades, won or lost, by any seat, with the idempotency key a phone's
    form always carries (a save looks it up before it writes)."""
    return {
        **SAVE_BASE,
        "idempotency_key": f"{rng.getrandbits(128):032x}",
        "position": str(position),
        "hombre": str(rng.randrange(4)),
        "contract": "solo",
        "tricks": str(rng.choice((3, 4, 5, 6, 7))),
        "action": action,
    }


# --- the measurements -------------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def interleaved(port: int, floor: str, tables: dict, samples: int) -> dict:
    rng = random.Random(1)
    times: dict[tuple, list[float]] = {}
    statuses: dict[tuple, set] = {}
    positions = {size: [p for _, p in tables[size]] for size in SIZES}
    phones: dict[str, Phone] = {}
    answered: dict[bool, dict] = {True: {}, False: {}}  # the preview line's times, by answer: settlement alone?
    for i in range(samples):
        ops = [("floor", None)] + [(kind, size) for size in SIZES for kind in ("page", "preview", "save")]
        rng.shuffle(ops)
        for kind, size in ops:
            if kind == "floor":
                status, seconds = request(port, "GET", floor)
            else:
                index = i % ROTATION
                token = tables[size][index][0]
                position = positions[size][index]
                if kind == "page":
                    status, seconds = request(port, "GET", f"/t/{token}/")
                elif kind == "preview":
                    phone = phones.setdefault(token, Phone())
                    if phone.position != position:
                        # The deal's tap on Solo, before the tricks: a solo's fields replace the empty form's
                        # alliance's (the whole form).
                        post = phone.post(deal_post(rng, position, "preview"))
                        del post["tricks"]
                        status, seconds, got = exchange(port, "POST", f"/t/{token}/preview/", post, htmx=True)
                        phone.read(position, got)
                        times.setdefault(("first tap", size), []).append(seconds)
                        statuses.setdefault(("first tap", size), set()).add(status)
                    # The tricks, posting what the form shows: 3 to 5 keep a solo's fields (the settlement alone),
                    # 6 or 7 add premiers and the vole (the whole form).
                    post = phone.post(deal_post(rng, position, "preview"))
                    status, seconds, got = exchange(port, "POST", f"/t/{token}/preview/", post, htmx=True)
                    alone = phone.read(position, got)
                    answered[alone].setdefault(size, []).append(seconds)
                else:
                    status, seconds = request(port, "POST", f"/t/{token}/", deal_post(rng, position, "save"))
                    if status == 302:
                        positions[size][index] += 1
            times.setdefault((kind, size), []).append(seconds)
            statuses.setdefault((kind, size), set()).add(status)
    expected = {"floor": {200}, "page": {200}, "preview": {200}, "first tap": {200}, "save": {302}}
    for (kind, size), seen in statuses.items():
        if seen != expected[kind]:
            print(f"warning: {kind} at {size} deals answered {sorted(seen)}", file=sys.stderr)
    return {"times": times, "answered": answered}


def club_pace(port: int, tables: list, seconds: float) -> dict:
    """Two phones a table: a preview every 2 s each, a save every 30 s each (the two 15 s apart), each save
    followed by the page it redirects to. Requests start only within `seconds`; each is bounded by a timeout."""
    positions = dict(tables)
    lock = threading.Lock()
    results: dict[str, list[float]] = {"preview": [], "save": [], "page": []}
    refused = {"stale": 0, "error": 0, "settlement": 0}
    start = time.monotonic()
    end = start + seconds

    def tapping(token: str, offset: float, rng: random.Random) -> None:
        phone = Phone()
        next_preview = start + rng.uniform(0, 2)
        next_save = start + offset
        while True:
            now = time.monotonic()
            due = min(next_preview, next_save)
            if due >= end:
                return
            if due > now:
                time.sleep(due - now)
            with lock:
                position = positions[token]
            try:
                if next_save <= next_preview:
                    next_save += 30
                    status, took = request(port, "POST", f"/t/{token}/", deal_post(rng, position, "save"))
                    kind = "save"
                    if status == 302:
                        with lock:
                            positions[token] = max(positions[token], position + 1)
                        page_status, page_took = request(port, "GET", f"/t/{token}/")
                        with lock:
                            results["page"].append(page_took)
                    elif status == 409:
                        with lock:
                            refused["stale"] += 1
                    else:
                        with lock:
                            refused["error"] += 1
                else:
                    next_preview += 2
                    post = phone.post(deal_post(rng, position, "preview"))
                    status, took, got = exchange(port, "POST", f"/t/{token}/preview/", post, htmx=True)
                    if phone.read(position, got):
                        with lock:
                            refused["settlement"] += 1
                    kind = "preview"
            except OSError:
                with lock:
                    refused["error"] += 1
                continue
            with lock:
                results[kind].append(took)

    rng = random.Random(60)
    threads = []
    for token, _position in tables:
        first = rng.uniform(0, 15)
        for offset in (first, first + 15):
            threads.append(threading.Thread(target=tapping, args=(token, offset, random.Random(rng.random()))))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    return {"times": results, "refused": refused, "seconds": seconds}


def write_lock(tables: list, samples: int) -> dict[str, list[float]]:
    """For each save through the view, in this process: seconds from BEGIN IMMEDIATE to the end of COMMIT, and
    of those, the work before COMMIT. Between saves, the same for a one-row UPDATE (the disk's own floor).

    Public hooks only: an execute wrapper sees BEGIN IMMEDIATE and every statement after it; at the first
    statement inside the transaction it registers `transaction.on_commit`, which Django runs right after COMMIT
    returns (the project registers no other commit hook, so it runs first). "The work before COMMIT" ends when
    the transaction's last statement returns, so the few microseconds of Python between that statement and
    COMMIT count as COMMIT's, not as work. A transaction that rolls back records nothing."""
    from django.db import connection, transaction
    from django.test import Client

    from scorekeeper.clubs.models import Club

    held: dict[str, list[float]] = {"save": [], "save_work": [], "floor": []}
    marks: dict[str, float] = {}
    measuring = [""]

    def committed(kind: str) -> None:
        if measuring[0] == kind and "begin" in marks:
            begun = marks.pop("begin")
            held[kind].append(time.perf_counter() - begun)
            if kind == "save":
                held["save_work"].append(marks.pop("last") - begun)

    def note(execute, sql, params, many, context):
        kind = measuring[0]
        if kind and sql.startswith("BEGIN"):
            marks.clear()
            marks["begin"] = time.perf_counter()
            return execute(sql, params, many, context)
        if kind and "begin" in marks and "hooked" not in marks and connection.in_atomic_block:
            marks["hooked"] = 1.0
            transaction.on_commit(lambda: committed(kind))
        result = execute(sql, params, many, context)
        marks["last"] = time.perf_counter()
        return result

    client = Client(HTTP_HOST="localhost")
    client.get("/healthz")
    connection.ensure_connection()
    rng = random.Random(5)
    positions = [p for _, p in tables]
    club = Club.objects.first()
    with connection.execute_wrapper(note):
        for i in range(samples):
            index = i % len(tables)
            token = tables[index][0]
            client.get(f"/t/{token}/")  # a save follows the page its phone shows
            measuring[0] = "save"
            response = client.post(f"/t/{token}/", deal_post(rng, positions[index], "save"))
            measuring[0] = "floor"
            with transaction.atomic():
                Club.objects.filter(pk=club.pk).update(name=f"Bench club {i}")
            measuring[0] = ""
            marks.clear()
            if response.status_code == 302:
                positions[index] += 1
    return held


# --- the report ---------------------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--pace-seconds", type=float, default=60)
    parser.add_argument("--lock-samples", type=int, default=100)
    args = parser.parse_args()

    started = time.monotonic()
    tables = build()
    server, port, how = start_server()
    try:
        floor, floor_what = floor_path(port)
        for _ in range(20):  # every worker imports and compiles templates before the first sample
            request(port, "GET", floor)
            request(port, "GET", f"/t/{tables[1][0][0]}/")
        for key in (*SIZES, "pace"):  # each table's page has been shown once, as a phone opens it
            for token, _position in tables[key]:
                request(port, "GET", f"/t/{token}/")
        run = interleaved(port, floor, tables, args.samples)
        times = run["times"]
        pace = club_pace(port, tables["pace"], args.pace_seconds)
    finally:
        server.terminate()
        server.wait(timeout=30)
    held = write_lock(tables["lock"], args.lock_samples)

    floor50 = statistics.median(times[("floor", None)])
    load = os.getloadavg()
    print(f"### bench/web.py — {how}, DEBUG off, SQLite (WAL)\n")
    print(f"Floor: {floor_what}. {args.samples} interleaved samples of each line; ratios are p50 / floor p50.")
    print(f"Machine: {os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}.\n")
    print("| request | deals | p50 ms | p99 ms | p50 / floor | p99 / floor |")
    print("|---|---:|---:|---:|---:|---:|")
    floor_times = times[("floor", None)]
    print(
        f"| floor | | {ms(floor50)} | {ms(quantile(floor_times, 0.99))} | 1.0 | "
        f"{quantile(floor_times, 0.99) / floor50:.1f} |"
    )
    for kind, label in (
        ("page", "table page (GET)"),
        ("preview", "preview (POST)"),
        ("first tap", "preview, a deal's tap on Solo"),
        ("save", "save (POST)"),
    ):
        for size in SIZES:
            values = times[(kind, size)]
            p50, p99 = statistics.median(values), quantile(values, 0.99)
            print(f"| {label} | {size} | {ms(p50)} | {ms(p99)} | {p50 / floor50:.1f} | {p99 / floor50:.1f} |")
    print("\nThe preview line by answer (a deal's first tap, on Solo, always gets the whole form):\n")
    print("| preview answered with | deals | count | p50 ms | p50 / floor |")
    print("|---|---:|---:|---:|---:|")
    for alone, label in ((True, "the settlement alone"), (False, "the whole form")):
        for size in SIZES:
            values = run["answered"][alone].get(size, [])
            if values:
                p50 = statistics.median(values)
                print(f"| {label} | {size} | {len(values)} | {ms(p50)} | {p50 / floor50:.1f} |")
    print(
        "\nAt 200 deals / at 40 deals (p50): "
        + ", ".join(
            f"{kind} {statistics.median(times[(kind, 200)]) / statistics.median(times[(kind, 40)]):.2f}"
            for kind in ("page", "preview", "save")
        )
    )

    result = pace["times"]
    print(
        f"\n{PACE_TABLES} tables x 2 phones at a club's pace for {pace['seconds']:.0f} s ({PACE_DEALS} deals a table "
        f"at the start): {len(result['preview'])} previews, {len(result['save'])} saves, "
        f"{pace['refused']['stale']} refused as already recorded, {pace['refused']['error']} errors; "
        f"{pace['refused']['settlement']} previews answered with the settlement alone.\n"
    )
    print("| at the club's pace | p50 ms | p99 ms |")
    print("|---|---:|---:|")
    for kind in ("preview", "save", "page"):
        values = result[kind]
        if values:
            print(f"| {kind} | {ms(statistics.median(values))} | {ms(quantile(values, 0.99))} |")
    print(
        f"\nSQLite write lock at 200 deals, BEGIN IMMEDIATE to the end of COMMIT "
        f"({len(held['save'])} saves, in-process):\n"
    )
    print("| write transaction | p50 ms | p99 ms |")
    print("|---|---:|---:|")
    for key, label in (
        ("save", "a save"),
        ("save_work", "of which the work before COMMIT"),
        ("floor", "a one-row UPDATE (the disk's floor)"),
    ):
        print(f"| {label} | {ms(statistics.median(held[key]))} | {ms(quantile(held[key], 0.99))} |")
    print(f"\n(whole run {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
