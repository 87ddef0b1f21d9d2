"""An import checks the whole file before it writes a row: a refusal names the place and the rule, in one line,
and leaves the database as it was."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from scorekeeper.clubs.models import Club, Player
from scorekeeper.events.selectors import event_summary
from scorekeeper.operations.club_check import NO_CHECKS_WARNING, document_checks
from scorekeeper.operations.club_export import SECTIONS, club_export
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tables.selectors import table_ledger
from tests.operations.test_club_export import _club_delete

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def exported():
    """The demo club's export, the club then gone from the database (as on the new laptop)."""
    call_command("demo")
    document = club_export(club=Club.objects.get())
    _club_delete(Club.objects.get())
    return json.loads(json.dumps(document))


def _signed(document: dict) -> dict:
    """The document with checks made again, as an export of that content would carry."""
    document = {k: v for k, v in document.items() if k != "checks"}
    document["checks"] = document_checks(document, [s.key for s in SECTIONS])
    return document


def _unchecked(document: dict) -> dict:
    """The document as an export from before the checks existed."""
    return {k: v for k, v in document.items() if k != "checks"}


def _refusal(tmp_path, document: dict) -> str:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path))
    assert refused.value.returncode == 2
    assert not Club.objects.exists() and not Deal.every.exists() and not Player.objects.exists()
    message = str(refused.value)
    assert "\n" not in message and message.startswith("Nothing imported: ")
    return message


def _deal(document: dict, table: int, position: int) -> dict:
    return next(d for d in document["deals"] if d["table"] == table and d["position"] == position)


def _first_won_deal(document: dict) -> dict:
    return next(d for d in document["deals"] if not d["void"] and d["tricks"] is not None)


def test_a_deal_the_rules_refuse_is_refused_with_its_table_deal_and_rule(tmp_path, exported):
    deal = _first_won_deal(exported)
    table = exported["tables"][deal["table"] - 1]
    place = f"Event 'Thursday club evening' ({exported['events'][0]['date']}), round 1, table {table['number']}, "
    place += f"deal {deal['position']}: "

    deal["tricks"] = 11
    message = _refusal(tmp_path, _unchecked(exported))
    assert message.startswith("Nothing imported: " + place)
    assert "tricks" in message and "rule tricks_" in message

    deal["tricks"], deal["hombre"] = 6, 9
    message = _refusal(tmp_path, _signed(exported))
    assert message.startswith("Nothing imported: " + place) and "rule hombre_invalid, field hombre" in message

    deal["hombre"], deal["penalties"] = 0, [{"kind": "cheating", "seats": [1]}]
    message = _refusal(tmp_path, _signed(exported))
    assert message.startswith(f"Nothing imported: {place[:-2]} (deals row {deal['id']}): penalties names 'cheating', ")
    assert "which is not a penalty (discovered_game, eleven_cards," in message


def test_the_good_file_still_imports_exactly(tmp_path, exported):
    path = tmp_path / "club.json"
    path.write_text(json.dumps(exported))
    call_command("import_club", str(path))
    assert Deal.objects.count() == len(exported["deals"]) and Club.objects.get().name == "Bath Quadrille Circle"


def test_the_club_keeps_its_printing_language(tmp_path, exported):
    exported["club"]["language"] = "fr"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(_signed(exported)))
    call_command("import_club", str(path))
    assert Club.objects.get().language == "fr"
    exported["club"]["language"] = "klingon"
    Club.objects.update(name="Elsewhere")
    assert "The club's language must be one of en, en-gb, fr, de, da, es." in _refusal_kept(tmp_path, exported)


def _refusal_kept(tmp_path, document: dict) -> str:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(_signed(document)))
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path))
    return str(refused.value)


def test_a_cut_file_is_refused(tmp_path, exported):
    written = len(exported["deals"])  # the demo's evening and its tournament
    half = {**exported, "deals": exported["deals"][:6]}
    assert _refusal(tmp_path, half) == (
        f"Nothing imported: The file holds 6 rows of 'deals' where its export wrote {written}: it was cut short or "
        "edited. Export the club again."
    )
    without = {k: v for k, v in exported.items() if k != "deals"}
    assert _refusal(tmp_path, without) == (
        f"Nothing imported: The file has no 'deals' section where its export wrote {written} rows: it was cut."
    )
    assert _refusal(tmp_path, _unchecked(without)) == (
        "Nothing imported: The file has no 'deals' section: it is not a whole export (cut short?)."
    )
    edited = json.loads(json.dumps(exported))
    edited["players"][0]["name"] = "Anne Carlisle"
    assert "was changed after its export (its digest does not match)" in _refusal(tmp_path, edited)
    text = json.dumps(exported)
    (tmp_path / "cut.json").write_text(text[: len(text) // 2])
    with pytest.raises(CommandError, match=r"is not whole JSON \(.*\): cut short or damaged\?") as refused:
        call_command("import_club", str(tmp_path / "cut.json"))
    assert refused.value.returncode == 2 and not Club.objects.exists()


def test_a_file_from_before_the_checks_imports_with_a_warning(tmp_path, exported, capsys):
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_unchecked(exported)))
    call_command("import_club", str(path))
    assert Deal.objects.count() == len(exported["deals"])
    assert f"Warning: {NO_CHECKS_WARNING}" in capsys.readouterr().err


def test_wrong_types_are_refused_not_stored(tmp_path, exported):
    named = json.loads(json.dumps(exported))
    named["players"][0]["name"] = ["Ann", "Carlisle"]
    assert _refusal(tmp_path, _signed(named)) == "Nothing imported: players row 1: name must be text."
    directed = json.loads(json.dumps(exported))
    directed["club"]["directors"] = "director"
    assert _refusal(tmp_path, _signed(directed)) == (
        'Nothing imported: The club\'s directors must be a list of usernames, such as ["director"].'
    )
    penalised = json.loads(json.dumps(exported))
    penalised["deals"][0]["penalties"] = "renounce"
    assert _refusal(tmp_path, _signed(penalised)).endswith("(deals row 1): penalties must be a list of penalties.")


def test_lengths_are_checked_whatever_the_database(tmp_path, exported):
    exported["players"][2]["name"] = "A" * 81
    assert _refusal(tmp_path, _signed(exported)) == (
        "Nothing imported: players row 3: name is 81 characters long, more than the 80 allowed."
    )


def test_a_duplicated_deal_row_is_refused(tmp_path, exported):
    copy = {**_deal(exported, 1, 2), "id": len(exported["deals"]) + 1, "idempotency_key": ""}
    exported["deals"].append(copy)
    message = _refusal(tmp_path, _signed(exported))
    assert message == (
        f"Nothing imported: Event 'Thursday club evening' ({exported['events'][0]['date']}), round 1, table 1, deal 2 "
        f"(deals row {copy['id']}) repeats deals row {_deal(exported, 1, 2)['id']}: the same table, position "
        "(deal_position_unique_at_table)."
    )


def test_a_list_where_a_row_number_belongs_is_refused(tmp_path, exported):
    exported["deals"][0]["table"] = [1]
    assert _refusal(tmp_path, _unchecked(exported)) == (
        "Nothing imported: deals row 1: table must be a row number of 'tables', not [1]."
    )


def test_importing_again_after_the_club_was_renamed_is_refused(tmp_path):
    call_command("demo")
    path = tmp_path / "club.json"
    call_command("export_club", "Bath Quadrille Circle", str(path))
    Club.objects.update(name="Bath Circle")
    tables, deals = Table.objects.count(), Deal.objects.count()
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path))
    message = str(refused.value)
    assert refused.value.returncode == 2 and "\n" not in message
    assert "already in this database in the club 'Bath Circle': the club is already here (renamed?)" in message
    assert list(Club.objects.values_list("name", flat=True)) == ["Bath Circle"]
    assert Table.objects.count() == tables and Deal.objects.count() == deals


def test_export_and_backup_to_a_folder_that_cannot_be_written_end_in_one_line(tmp_path, settings):
    call_command("demo")
    # Root writes anywhere, but not under a regular file.
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError) as refused:
        call_command("export_club", "Bath Quadrille Circle", str(blocker / "club.json"))
    assert str(refused.value) == f"Nothing written: cannot write {blocker / 'club.json'}: Not a directory."
    assert refused.value.returncode == 2
    if Club.objects.get() and settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        with pytest.raises(CommandError) as refused:
            call_command("backup", "--dir", str(blocker / "backups"))
        assert str(refused.value).startswith(f"No backup written: cannot write into {blocker / 'backups'}: ")
        assert refused.value.returncode == 2 and "\n" not in str(refused.value)


def test_the_command_line_shows_one_line_and_exit_status_2(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}"}
    run = subprocess.run(
        [sys.executable, "manage.py", "import_club", str(tmp_path / "missing.json")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"CommandError: Nothing imported: cannot read {tmp_path / 'missing.json'}: No such file or directory."
    ]


NASTY = [None, [], {}, [1], {"a": 1}, "", "x" * 200, -1, 10**20, True, 2.5, "2026-13-01", "none", 3, 9, "S"]


def test_whatever_a_file_holds_it_is_refused_in_one_line_or_every_table_of_it_settles(tmp_path, exported):
    rng = random.Random(29)
    path = tmp_path / "club.json"
    outcomes = Counter()
    for _ in range(300):
        document = json.loads(json.dumps(_unchecked(exported)))
        for _ in range(rng.randint(1, 3)):
            key = rng.choice([s.key for s in SECTIONS if document[s.key]])
            row = rng.choice(document[key])
            action = rng.random()
            if action < 0.1:
                document[key].append({**row, "id": len(document[key]) + 1})
            elif action < 0.15:
                document[key].remove(row)
            else:
                field = rng.choice(sorted(row))
                if action < 0.2:
                    del row[field]
                else:
                    row[field] = rng.choice(NASTY)
        path.write_text(json.dumps(document))
        try:
            with transaction.atomic():
                call_command("import_club", str(path), stdout=io.StringIO(), stderr=io.StringIO())
                club = Club.objects.get()
                for table in Table.objects.filter(event__club=club):
                    table_ledger(table=table, explain=True).rows  # noqa: B018 (every deal settles and describes)
                for event in club.events.all():
                    event_summary(event=event)
                outcomes["imported"] += 1
                transaction.set_rollback(True)
        except CommandError as refused:
            assert "\n" not in str(refused) and refused.returncode == 2
            outcomes["refused"] += 1
        assert not Club.objects.exists()
    assert outcomes["refused"] > 150 and outcomes["imported"] > 10
