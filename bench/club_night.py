"""A club night under load: 60 tables with two phones each, at a fast pace, against the server `make run`
starts (gunicorn) and against Django's runserver (`make dev`), in one run, on loopback only.

Each phone loads its table's page, waits, saves a deal (the page's own form post), waits, and again. Figures are
page loads and saves, p50 and p99, and each as a ratio to /healthz (a trivial request) in the same round, so a
busy machine shows as a busy machine. Rounds alternate between the servers. Bounded: ROUND_SECONDS a round,
MAX_REQUESTS per round. A second part times deal_record in-process with SQLite synchronous=FULL and NORMAL.

The functions (evening_build, server_start, server_stop, phone_loop, load_run, percentiles) are meant to be
imported by other benchmarks.

    .venv/bin/python bench/club_night.py [--tables 60] [--seconds 20] [--rounds 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
MAX_REQUESTS = 20_000

_BUILD = """
import json, django
django.setup()
from django.core.management import call_command
from django.utils import timezone
from scorekeeper.clubs.services import club_create, player_create
from scorekeeper.events.services import checkin_set, event_create
from scorekeeper.tables.services import table_create
call_command("migrate", verbosity=0)
club = club_create(name="Bench Club", directors=[])
event = event_create(club=club, name="Club night", date=timezone.localdate(), ruleset="parlett-chips", start=40)
players = [player_create(club=club, name=f"Player {i:03d}") for i in range(4 * {tables})]
for p in players:
    checkin_set(event=event, player=p, present=True)
tokens = [table_create(event=event, number=n + 1, players=players[4 * n : 4 * n + 4], first_dealer=0).token
          for n in range({tables})]
print(json.dumps(tokens))
"""


def _env(db_path: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SITE_URL", "ALLOWED_HOSTS")}
    env.update(
        DATABASE_URL=f"sqlite:///{db_path}",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        SECRET_KEY="bench-secret-key-" + "b" * 40,
        SERVER_PIDFILE=str(db_path.with_suffix(".pid")),
        BACKUP_DIR=str(db_path.parent / "backups"),
        LOG_LEVEL="ERROR",
    )
    env.update(extra)
    return env


def evening_build(db_path: Path, tables: int) -> list[str]:
    """A fresh database at `db_path` with one open evening of `tables` tables; their entry tokens."""
    out = subprocess.run(
        [PYTHON, "-c", _BUILD.replace("{tables}", str(tables))],
        cwd=ROOT,
        env=_env(db_path),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_start(kind: str, *, port: int, db_path: Path, env: dict | None = None) -> subprocess.Popen:
    """Start `kind` ("gunicorn": as `make run` does; "runserver": as `make dev` does) on 127.0.0.1:`port`
    serving `db_path`, and wait until /healthz answers."""
    if kind == "gunicorn":
        argv = [PYTHON, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
        extra = {}
    elif kind == "runserver":
        argv = [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
        extra = {"DEBUG": "true"}
    else:
        raise ValueError(kind)
    process = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**_env(db_path, **extra), **(env or {})},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"{kind} did not answer on port {port} within 60 s")


def server_stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass
class Samples:
    """Seconds per request, by kind of request; shared by the phone threads of one round."""

    page: list[float] = field(default_factory=list)
    save: list[float] = field(default_factory=list)
    trivial: list[float] = field(default_factory=list)
    errors: int = 0
    requests: int = 0
    statuses: Counter = field(default_factory=Counter)  # (kind, HTTP status) -> requests
    record_from: float = 0.0  # time.perf_counter() after the warm-up: earlier requests are not recorded
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, start: float, status: int) -> None:
        seconds = time.perf_counter() - start
        with self.lock:
            self.requests += 1
            if start >= self.record_from:
                getattr(self, kind).append(seconds)
                self.statuses[kind, status] += 1


class Phone:
    """One phone: a keep-alive connection and the table's cookies, as a browser would hold them."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token, self.cookies = port, token, {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Referer": "http://127.0.0.1/"})
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, text


def phone_loop(port: int, token: str, *, until: float, pace: float, samples: Samples, seed: int) -> None:
    """Load the table page, wait about `pace` seconds, save the deal it asks for, wait, and again, until
    `until` (time.monotonic()) or the round's request bound. Every third turn also times /healthz."""
    rng = random.Random(seed)
    phone = Phone(port, token)
    path = f"/t/{token}/"
    turn = 0
    while time.monotonic() < until and samples.requests < MAX_REQUESTS:
        try:
            start = time.perf_counter()
            status, page = phone.request("GET", path)
            samples.add("page", start, status)
            if status != 200:
                samples.errors += 1
                continue
            position = re.search(r'name="position" value="(\d+)"', page)
            csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
            key = re.search(r'name="idempotency_key" value="([^"]*)"', page)
            time.sleep(rng.uniform(0.5, 1.5) * pace)
            if position and csrf:
                deal = {
                    "csrfmiddlewaretoken": csrf.group(1),
                    "position": position.group(1),
                    "hombre": str(rng.randrange(4)),
                    "contract": "solo",
                    "trump": rng.choice("SCDH"),
                    "tricks": str(rng.choice((5, 6, 6, 7))),
                    "run_side": "0",
                    "claims_matadors": "on",
                    "claims_sans_prendre": "on",
                    "action": "save",
                    "idempotency_key": key.group(1) if key else "",
                }
                start = time.perf_counter()
                status, _ = phone.request("POST", path, deal)
                samples.add("save", start, status)
                if status not in (200, 302, 409):  # 409: the other phone saved this deal first
                    samples.errors += 1
            if turn % 3 == 0:
                start = time.perf_counter()
                status, _ = phone.request("GET", "/healthz")
                samples.add("trivial", start, status)
            turn += 1
            time.sleep(rng.uniform(0.5, 1.5) * pace)
        except (OSError, http.client.HTTPException):
            samples.errors += 1
            time.sleep(0.5)


def load_run(
    port: int, tokens: list[str], *, phones: int = 2, seconds: float = 20, pace: float = 1.0, warmup: float = 5.0
) -> Samples:
    """Every table's `phones` phones at once against the server on `port` for `warmup` + `seconds`; only the
    last `seconds` are recorded (each worker's first requests load templates and translations)."""
    samples = Samples(record_from=time.perf_counter() + warmup)
    until = time.monotonic() + warmup + seconds
    threads = [
        threading.Thread(
            target=phone_loop,
            args=(port, token),
            kwargs={"until": until, "pace": pace, "samples": samples, "seed": n * 10 + k},
            daemon=True,
        )
        for n, token in enumerate(tokens)
        for k in range(phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    return samples


def percentiles(values: list[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    if not values:
        return (float("nan"), float("nan"))
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return (statistics.median(ordered) * 1000, p99 * 1000)


def _club_night(tables: int, seconds: float, rounds: int, pace: float) -> None:
    work = Path(tempfile.mkdtemp(prefix="club-night-"))
    try:
        template = work / "template.sqlite3"
        tokens = evening_build(template, tables)
        totals = {kind: Samples() for kind in ("gunicorn", "runserver")}
        for round_ in range(rounds):
            for kind in ("gunicorn", "runserver") if round_ % 2 == 0 else ("runserver", "gunicorn"):
                db = work / f"{kind}-{round_}.sqlite3"
                shutil.copy(template, db)
                port = free_port()
                server = server_start(kind, port=port, db_path=db)
                try:
                    samples = load_run(port, tokens, seconds=seconds, pace=pace)
                finally:
                    server_stop(server)
                for name in ("page", "save", "trivial"):
                    getattr(totals[kind], name).extend(getattr(samples, name))
                totals[kind].errors += samples.errors
                print(
                    f"  round {round_ + 1} {kind:9}: {len(samples.page)} pages, {len(samples.save)} saves, "
                    f"{samples.errors} errors",
                    flush=True,
                )
        print(f"\n{tables} tables x 2 phones, pace {pace} s, {rounds} rounds of {seconds:.0f} s per server (ms)")
        print(
            f"{'server':10} {'page p50':>9} {'page p99':>9} {'save p50':>9} {'save p99':>9} "
            f"{'healthz p50':>11} {'page/healthz':>12} {'saves/s':>8} {'errors':>7}"
        )
        for kind, samples in totals.items():
            page, save, trivial = percentiles(samples.page), percentiles(samples.save), percentiles(samples.trivial)
            rate = len(samples.save) / (seconds * rounds)
            print(
                f"{kind:10} {page[0]:9.0f} {page[1]:9.0f} {save[0]:9.0f} {save[1]:9.0f} {trivial[0]:11.1f} "
                f"{page[0] / trivial[0]:12.1f} {rate:8.1f} {samples.errors:7}"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


_SYNC = """
import dataclasses, json, random, sys, time, django
django.setup()
from django.db import connection
from scorekeeper.engine.simulate import random_deal
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
tables = list(Table.objects.all()[:8])
rng = random.Random(5)
times = {"FULL": [], "NORMAL": []}
for turn in range(int(sys.argv[1])):
    for mode in (("FULL", "NORMAL") if turn % 2 == 0 else ("NORMAL", "FULL")):
        connection.cursor().execute(f"PRAGMA synchronous={mode}")
        table = tables[turn % len(tables)]
        view = table_ledger(table=table, explain=False)
        record = random_deal(rng, view.session, dataclasses.replace(view.state, next_dealer=view.next_dealer))
        start = time.perf_counter()
        deal_record(table=table, position=view.next_position, record=record)
        times[mode].append(time.perf_counter() - start)
print(json.dumps(times))
"""


def _synchronous_cost(saves: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="club-night-sync-"))
    try:
        db = work / "sync.sqlite3"
        evening_build(db, 8)
        out = subprocess.run(
            [PYTHON, "-c", _SYNC, str(saves)], cwd=ROOT, env=_env(db), capture_output=True, text=True, check=True
        )
        times = json.loads(out.stdout.strip().splitlines()[-1])
        full, normal = percentiles(times["FULL"]), percentiles(times["NORMAL"])
        print(
            f"\ndeal_record in-process, {saves} saves each, interleaved (ms): "
            f"synchronous=FULL p50 {full[0]:.2f} p99 {full[1]:.2f}; NORMAL p50 {normal[0]:.2f} p99 {normal[1]:.2f}; "
            f"FULL costs {full[0] - normal[0]:+.2f} ms a save at the median ({full[0] / normal[0]:.2f}x)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--saves", type=int, default=150, help="saves per mode in the synchronous= measurement")
    # 4: each phone saves about every 8 s, 15 saves a second from the room, under what one SQLite file takes
    # (about 20 a second on the project's machine); at 1 the room asks for 60 and every queue grows.
    parser.add_argument("--pace", type=float, default=4.0, help="seconds a phone waits, about, between requests")
    args = parser.parse_args()
    print("Club night: gunicorn (make run) against runserver (make dev), loopback only", flush=True)
    _club_night(args.tables, args.seconds, args.rounds, args.pace)
    _synchronous_cost(args.saves)


if __name__ == "__main__":
    main()
