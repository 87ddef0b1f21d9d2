"""The club's averages after a restore: those of the restored deals and what was played since, never those kept
in the server's cache from before it (pg_restore does not empty a running server's cache, and a restored table
reaches its old revisions again with other deals)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection, connections

from scorekeeper.analysis.selectors import reference
from scorekeeper.analysis.services import club_tables
from scorekeeper.engine import DealRecord
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import deal_record
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = [
    pytest.mark.django_db(transaction=True),  # the backup reads what is committed
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the database is put back as a SQLite file"),
]


def _put_back(backup: Path) -> None:
    """The backup put back the way pg_restore does it: the database alone, the cache left as it was."""
    live = connection.settings_dict["NAME"]
    connections.close_all()
    source, target = sqlite3.connect(f"file:{backup}?mode=ro", uri=True), sqlite3.connect(live)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


def _averages(club) -> dict:
    averages = reference(club, club_tables(club=club), "parlett-chips")
    return {"deals": averages.deals, **{"|".join(map(str, key)): value for key, value in averages.by_tricks.items()}}


def test_the_club_averages_after_a_restore_are_those_of_the_restored_deals(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    table = make_table()
    club = table.event.club
    for position, record in enumerate(PC6[:2], start=1):
        deal_record(table=table, position=position, record=record)
    club_tables(club=club)  # the digest of the two deals, kept in the backup
    call_command("backup")
    (backup,) = tmp_path.glob("*.sqlite3")
    # After the backup, PC-6's third deal (Cat calls Dan, five tricks): its alliance is among the averages.
    deal_record(table=Table.objects.get(pk=table.pk), position=3, record=PC6[2])
    assert _averages(club)["hombre|alliance|5"] == -5  # on a fresh table, Cat's share of the remise

    _put_back(backup)
    # Deal 3 again, a misdeal this time: the table is back at the revision it had with the alliance.
    deal_record(table=Table.objects.get(pk=table.pk), position=3, record=DealRecord(dealer=1, void=True))
    # PC-6's first two deals on a fresh table, by hand: Ann's solo of five tricks -5 (remise), Ben's solo of three
    # -9 (codille), each opponent -1; eight player-deals, and no alliance.
    assert _averages(club) == {
        "deals": 8,
        "hombre|solo|5": -5,
        "opponent|solo|5": -1,
        "hombre|solo|3": -9,
        "opponent|solo|3": -1,
    }
