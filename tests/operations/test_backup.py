from __future__ import annotations

import dataclasses
import os
import random
import shutil
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from scorekeeper.engine.simulate import random_deal
from scorekeeper.operations.autobackup import autobackup_due
from scorekeeper.operations.backup import Marks, backup_create, backups_list, marks_live, marks_of, restore
from scorekeeper.tables.models import Deal
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record
from tests.factories import make_table

# SQLite's backup is a copy made with its online backup API, and only a SQLite file can be restored in place;
# on PostgreSQL the backup is pg_dump's, tested on its own below. Each suite runs the half for its database.
sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite's online backup and restore (PostgreSQL's pg_dump is tested apart)"
)


def _play(table, rng: random.Random) -> None:
    view = table_ledger(table=table, explain=False)
    state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
    record = random_deal(rng, view.session, state, void_rate=0.05, penalty_rate=0.0)
    deal_record(table=table, position=view.next_position, record=record)


def _deal_rows(path: Path) -> list[dict]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(tables_deal)")]
        rows = db.execute("SELECT * FROM tables_deal ORDER BY table_id, position").fetchall()
    return [dict(zip(columns, row, strict=True)) for row in rows]


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_backup_taken_while_deals_are_saved_restores_that_set_of_deals(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    table = make_table()
    rng = random.Random(11)
    for _ in range(3):
        _play(table, rng)
    backup_done = threading.Event()
    saving = threading.Event()
    errors: list[BaseException] = []

    def scorer() -> None:
        # Saves deals through the service all the while the backup runs, and a few after it.
        try:
            after = 0
            while after < 5:
                _play(table, rng)
                saving.set()
                after += backup_done.is_set()
        except BaseException as error:  # noqa: BLE001 (reported by the test thread)
            errors.append(error)
        finally:
            connection.close()

    writer = threading.Thread(target=scorer)
    writer.start()
    assert saving.wait(timeout=60)
    path = backup_create()
    backup_done.set()
    writer.join(timeout=120)
    assert not errors and not writer.is_alive()
    snapshot = _deal_rows(path)
    total = Deal.objects.filter(table=table).count()
    # The copy is one moment of the evening: deals 1..n with nothing missing, fewer than were saved in the end.
    assert [row["position"] for row in snapshot] == list(range(1, len(snapshot) + 1))
    assert 4 <= len(snapshot) <= total - 5

    safety = restore(source=path)
    assert safety is not None and len(_deal_rows(safety)) == total
    assert _deal_rows(Path(settings.DATABASES["default"]["NAME"])) == snapshot
    assert Deal.objects.filter(table=table).count() == len(snapshot)
    assert table_ledger(table=table, explain=False).next_position == len(snapshot) + 1


@sqlite_only
@pytest.mark.django_db
def test_backup_command_prints_the_path_and_keeps_the_newest_twenty(tmp_path, settings, capsys):
    settings.BACKUP_DIR = tmp_path
    make_table()
    paths = [backup_create() for _ in range(22)]
    kept = backups_list()
    assert kept == paths[2:] and len(kept) == 20
    call_command("backup")
    printed = Path(capsys.readouterr().out.strip())
    assert printed.parent == tmp_path and printed.name.startswith("quadrille-") and printed.suffix == ".sqlite3"
    assert backups_list()[-1] == printed and len(backups_list()) == 20


@sqlite_only
@pytest.mark.django_db
def test_restore_refuses_while_the_server_runs(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    settings.SERVER_PIDFILE = tmp_path / "server.pid"
    settings.SERVER_PIDFILE.write_text(str(os.getpid()))  # a process that is alive
    path = backup_create()
    with pytest.raises(CommandError, match="server is running"):
        call_command("restore", str(path))


@sqlite_only
@pytest.mark.django_db
def test_restore_refuses_a_damaged_file(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    settings.SERVER_PIDFILE = tmp_path / "server.pid"
    path = backup_create()
    data = bytearray(path.read_bytes())
    data[4096 : 4096 + 512] = b"\xff" * 512  # a page of the copy overwritten
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(bytes(data))
    with pytest.raises(CommandError, match="integrity_check|not a readable"):
        call_command("restore", str(damaged))
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("hello")
    with pytest.raises(CommandError, match="not a readable"):
        call_command("restore", str(not_a_db))


@sqlite_only
@pytest.mark.django_db(transaction=True)  # the backup reads what is committed
def test_backup_remembers_how_far_the_club_had_got(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    table = make_table()
    _play(table, random.Random(3))
    _play(table, random.Random(4))
    assert marks_of(backup_create()) == marks_live()
    assert marks_live().deal_change >= 2


def test_automatic_backup_is_due_every_ten_minutes_of_deals_and_at_once_when_an_event_closes():
    last = Marks(deal_change=10, event_closed=1)
    assert not autobackup_due(now=last, last=last, seconds_since=3600, every=600)  # nothing new
    more_deals = Marks(deal_change=12, event_closed=1)
    assert not autobackup_due(now=more_deals, last=last, seconds_since=599, every=600)
    assert autobackup_due(now=more_deals, last=last, seconds_since=600, every=600)
    closed = Marks(deal_change=10, event_closed=2)
    assert autobackup_due(now=closed, last=last, seconds_since=5, every=600)
    assert autobackup_due(now=more_deals, last=None, seconds_since=0, every=600)
    assert not autobackup_due(now=Marks(0, 0), last=None, seconds_since=0, every=600)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump backs up a PostgreSQL database only")
@pytest.mark.django_db(transaction=True)  # pg_dump reads what is committed
def test_backup_on_postgresql_is_a_pg_dump_holding_every_deal(tmp_path, settings, capsys):
    settings.BACKUP_DIR = tmp_path
    table = make_table()
    rng = random.Random(5)
    for _ in range(4):
        _play(table, rng)
    call_command("backup")
    printed = Path(capsys.readouterr().out.strip())
    assert printed.parent == tmp_path and printed.suffix == ".pgdump" and backups_list() == [printed]
    pg_restore = shutil.which("pg_restore")
    assert pg_restore is not None, "PostgreSQL's client tools come with the server the suite runs on"
    dump = subprocess.run(
        [pg_restore, "--data-only", "--table=tables_deal", "--file=-", str(printed)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = dump.split("COPY public.tables_deal", 1)[1].split("\n\\.", 1)[0].splitlines()[1:]
    assert len(rows) == 4 == Deal.objects.filter(table=table).count()
