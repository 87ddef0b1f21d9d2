"""A restore the way the README tells a club to do it, then the evening goes on: the table offers the deal and the
dealer that follow the restored deals, and every page answers."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection, connections
from django.urls import reverse

from scorekeeper.events.services import checkin_set
from scorekeeper.operations.backup import _pg_env
from scorekeeper.public.models import EventLink
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_screen
from scorekeeper.tables.services import deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6, PC6_POSTS

pytestmark = pytest.mark.django_db(transaction=True)  # the backup reads what is committed


def _evening():
    """PC-6's first two deals at one table (Dan dealt first, then Ann): from 40 each, 38 14 42 42 by hand."""
    director = make_user()
    table = make_table()
    table.event.club.directors.add(director)
    for player in table.players:
        checkin_set(event=table.event, player=player, present=True)
    for position, record in enumerate(PC6[:2], start=1):
        deal_record(table=table, position=position, record=record)
    return director, table


def _later_deals(table):
    """Two deals saved after the backup: the restore must forget them."""
    for position, record in enumerate(PC6[2:], start=3):
        deal_record(table=Table.objects.get(pk=table.pk), position=position, record=record)
    assert table_screen(table=Table.objects.get(pk=table.pk)).state.balances == (36, 12, 12, 100)


def _pages(client, director, table) -> dict[str, int]:
    client.force_login(director)
    event = table.event
    link = EventLink.objects.create(event=event)
    urls = {
        "table": reverse("table", args=[table.token]),
        "deal": reverse("deal", args=[table.token, 2]),
        "event": reverse("event", args=[event.pk]),
        "standings": reverse("event-standings", args=[event.pk]),
        "live": reverse("event-live", args=[event.pk]),
        "public standings": reverse("public-standings", args=[link.token]),
        "public live": reverse("public-live", args=[link.token]),
        "report": reverse("event-report", args=[event.pk]),
    }
    return {name: client.get(url).status_code for name, url in urls.items()}


def _goes_on_from_the_restored_deals(client, director, table):
    table = Table.objects.get(pk=table.pk)
    view = table_screen(table=table)
    # After PC-6's deal 2 (dealt by Ann), Ben deals deal 3; the balances are those of the two restored deals.
    assert (view.next_position, view.next_dealer, view.state.balances) == (3, 1, (38, 14, 42, 42))
    page = client.get(reverse("table", args=[table.token])).content.decode()
    assert "deal 3" in page
    for position, posted in enumerate(PC6_POSTS[2:], start=3):
        data = {
            **posted,
            "run_side": "0",
            "action": "save",
            "position": str(position),
            "idempotency_key": f"k{position}",
        }
        assert client.post(reverse("table", args=[table.token]), data).status_code == 302
    table = Table.objects.get(pk=table.pk)
    assert table_screen(table=table).state.balances == (36, 12, 12, 100)  # PC-6's final balances, by hand
    assert set(_pages(client, director, table).values()) == {200}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="manage.py restore puts back a SQLite file")
def test_a_sqlite_restore_then_new_deals_follow_the_restored_deals(client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    director, table = _evening()
    call_command("backup")
    (backup,) = tmp_path.glob("*.sqlite3")
    _later_deals(table)
    call_command("restore", str(backup), "--force")
    _goes_on_from_the_restored_deals(client, director, table)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_restore puts back a PostgreSQL dump")
def test_a_postgresql_restore_then_new_deals_follow_the_restored_deals(client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    director, table = _evening()
    call_command("backup")
    (dump,) = tmp_path.glob("*.pgdump")
    _later_deals(table)
    name = connection.settings_dict["NAME"]
    connections.close_all()
    # As the README says: pg_restore --clean --no-owner --dbname=quadrille FILE (here the test's database).
    subprocess.run(  # noqa: S603
        [shutil.which("pg_restore"), "--clean", "--no-owner", f"--dbname={name}", str(Path(dump))],
        env=_pg_env(),
        check=True,
        capture_output=True,
    )
    _goes_on_from_the_restored_deals(client, director, table)
