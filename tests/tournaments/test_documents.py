"""The tournament document (T-82) out of the app and back in: `export_tournament`, `import_tournament`, and the
standings of the command line and of the app agreeing on the same tournament."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.engine.tournament.document import Result, parse_tournament, standings_json, tournament_json
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Deal, Table
from scorekeeper.tournaments.exports import tournament_document, tournament_of
from scorekeeper.tournaments.imports import tournament_import
from scorekeeper.tournaments.models import Entrant, Tournament
from scorekeeper.tournaments.standings import tournament_standings
from tests.factories import forget_snapshots, make_club
from tests.tournaments.documents import SEED
from tests.tournaments.documents import tournament_document as make_document

pytestmark = pytest.mark.django_db


def test_import_then_export_gives_the_same_document():
    doc = make_document()
    event = tournament_import(raw=doc, club=make_club())
    # The engine's writer of the parsed document is the document in its written form (defaults left out).
    assert tournament_document(event=event) == tournament_json(parse_tournament(doc))
    exported = tournament_document(event=event)
    assert [e["name"] for e in exported["entrants"]][:3] == ["Ann", "Ben", "Cat"]
    assert exported["entrants"][11] == {"number": 12, "name": "Lou", "withdrawn_after": 3}
    assert exported["teams"] == {"Aces": [1, 2], "Kings": [3, 4]}
    assert exported["keep_apart"] == [[5, 6]]
    assert exported["rounds"][0]["byes"] == [17]
    assert exported["rounds"][0]["tables"][1]["substitutes"] == [{"seat": 1, "name": "Zoe", "from_deal": 5}]
    assert exported["rounds"][1]["tables"][2]["short"] is True
    assert [r["started"] for r in exported["rounds"]] == [True, True, True, False]
    assert exported["rounds"][3]["tables"][0] == {"table": 1, "seats": [1, 8, 11, 14], "deals": []}
    assert exported["tournament"] == {"tiebreak.chain": "firsts, chips, head_to_head, fewer_byes"}
    assert exported["seed"] is None and exported["seed_sha256"] == doc["seed_sha256"]
    assert exported["options"] == {"session.tours": 2}


def test_import_records_the_tables_and_ends_the_finished_ones():
    event = tournament_import(raw=make_document(), club=make_club())
    assert event.kind == Event.Kind.TOURNAMENT and event.is_open
    tables = Table.objects.filter(event=event)
    assert tables.count() == 12  # rounds 1-3 started, four tables each; round 4 is the plan only
    # Every table ended but round 3's table 1, one deal short of its eight.
    assert list(tables.filter(ended_at=None).values_list("round", "number")) == [(3, 1)]
    assert Entrant.objects.filter(tournament__event=event).count() == 17
    assert Deal.objects.filter(table__event=event).count() == sum(
        len(t["deals"]) for r in make_document()["rounds"] for t in r["tables"] if r["started"]
    )


def test_a_revealed_seed_comes_back_and_the_event_is_closed():
    event = tournament_import(raw=make_document(revealed=True), club=make_club())
    assert not event.is_open
    assert tournament_document(event=event)["seed"] == SEED


def test_the_seed_is_revealed_with_the_document_only_after_the_tournament_closes():
    event = tournament_import(raw=make_document(), club=make_club())
    tournament = Tournament.objects.get(event=event)
    tournament.seed = SEED
    tournament.save()
    assert tournament_document(event=event)["seed"] is None
    tournament.seed_revealed_at = event.created_at
    tournament.save()
    assert tournament_document(event=event)["seed"] == SEED


def _faulty(path: list, value) -> dict:
    doc = make_document()
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "value", "field", "code"),
    [
        (["rounds", 1, "tables", 0, "deals", 2, "tricks"], 11, "rounds[1].tables[0].deals[2].tricks", None),
        (["options", "pc.session_end_pot"], "carry_over", "options.pc.session_end_pot", "tournament_end_rule"),
        (["tournament", "bye.score"], "best", "tournament.bye.score", "document_invalid"),
        (["rounds", 0, "tables", 0, "seats"], [1, 2, 5, 7], "rounds[0].tables[0].seats", "document_invalid"),
        (["entrants", 1, "name"], "Ann", "entrants[1].name", "document_invalid"),
        (["rounds", 3, "tables", 0, "table"], 40000, "rounds[3].tables[0].table", "document_invalid"),
        (["start"], 10**12, "start", "number_out_of_range"),  # the engine's bound (INTERCHANGE.md) comes first
    ],
)
def test_a_bad_document_is_refused_whole_naming_the_field(tmp_path, path, value, field, code):
    make_club()
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(_faulty(path, value)))
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(file))
    line = str(refused.value)
    assert refused.value.returncode == 2
    assert "\n" not in line and line.startswith(f"Nothing imported: {field}: ")
    if code:
        assert line.endswith(f"[{code}]")
    assert not Event.objects.exists() and not Tournament.objects.exists()


def test_a_field_named_with_a_line_break_is_refused_on_one_line(tmp_path):
    # The document's own key is echoed as the field at fault: its line break and tab are shown escaped.
    make_club()
    file = tmp_path / "bad.json"
    file.write_text(json.dumps({**make_document(), "a\nb\tc": 1}))
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(file))
    line = str(refused.value)
    assert refused.value.returncode == 2
    assert line == (
        "Nothing imported: a\\nb\\tc: 'a\\nb\\tc' is not a field of a tournament document (T-82) [document_invalid]"
    )


def test_the_commands_round_trip_and_the_import_prints_the_event_id_last(tmp_path, capsys):
    club = make_club(name="Bath")
    make_club(name="Wells")
    source = tmp_path / "in.json"
    source.write_text(json.dumps(make_document()))
    call_command("import_tournament", str(source), "--club", "Bath")
    event_id = int(capsys.readouterr().out.strip().splitlines()[-1])
    assert Event.objects.get(pk=event_id).club == club
    out = tmp_path / "out.json"
    call_command("export_tournament", str(event_id), "-o", str(out))
    assert json.loads(out.read_text()) == tournament_json(parse_tournament(make_document()))


def test_the_club_is_needed_when_there_are_several(tmp_path):
    make_club()
    make_club()
    source = tmp_path / "in.json"
    source.write_text(json.dumps(make_document()))
    with pytest.raises(CommandError, match=r"Nothing imported: club: .*\[club_required\]"):
        call_command("import_tournament", str(source))


def test_not_json_is_refused_in_one_line(tmp_path):
    make_club()
    source = tmp_path / "in.json"
    source.write_text("{not json")
    with pytest.raises(CommandError, match=r"^Nothing imported: .*\[json_invalid\]$"):
        call_command("import_tournament", str(source))


def test_export_of_an_evening_is_refused():
    from tests.factories import make_table

    table = make_table()
    with pytest.raises(CommandError, match="is not a tournament"):
        call_command("export_tournament", str(table.event_id))


def command_line_standings(event, tmp_path, *extra: str) -> dict:
    """The event's tournament document exported and scored by `python -m scorekeeper.engine standings`."""
    file = tmp_path / "t.json"
    file.write_text(json.dumps(tournament_document(event=event)))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.engine", "standings", str(file), *extra], capture_output=True, check=True
    )
    return json.loads(done.stdout)


def app_standings(event, through_round: int | None = None) -> dict:
    """The app's standings of the event, read from the tables' snapshots, as a T-83 document."""
    app = tournament_standings(event=event, through_round=through_round)
    return standings_json(Result(tournament_of(event=event), app.scored, app.standings, app.teams))


def test_command_line_and_app_standings_agree(tmp_path):
    """The exported document scored by `python -m scorekeeper.engine standings` and the app's standings, read
    from the tables' snapshots, are the same T-83 document."""
    event = tournament_import(raw=make_document(revealed=True), club=make_club())
    from_command_line = command_line_standings(event, tmp_path)
    from_app = app_standings(event)
    assert from_app == from_command_line
    assert from_app["provisional"] is True  # round 3's table 1 is one deal short, round 4 not started
    # Round 1, table 1 by hand: changes -16, 2, 10, 4; placement+chips with U = 8: -16 - 3·8 = -40, 2 - 8 = -6,
    # 10 + 3·8 = 34, 4 + 8 = 12.
    assert from_app["rounds"][0]["tables"][0] == {
        "table": 1,
        "changes": [-16, 2, 10, 4],
        "scores": ["-40", "-6", "34", "12"],
    }


def test_standings_after_a_round_agree_with_the_command_line(tmp_path):
    event = tournament_import(raw=make_document(), club=make_club())
    assert app_standings(event, through_round=2) == command_line_standings(event, tmp_path, "--after-round", "2")


@pytest.mark.parametrize("method", ["chips", "placement", "contracts"])
def test_every_method_agrees_with_the_command_line(tmp_path, method):
    event = tournament_import(raw=make_document(method=method), club=make_club())
    from_app = app_standings(event)
    assert from_app == command_line_standings(event, tmp_path)
    assert from_app["method"] == method


def test_standings_read_from_stale_or_missing_snapshots_are_the_same(tmp_path):
    """A table whose snapshot is missing, or was kept for another revision (a restore), is folded again before
    the standings read it: the standings document is the one the command line gives."""
    event = tournament_import(raw=make_document(revealed=True), club=make_club())
    from_command_line = command_line_standings(event, tmp_path)
    first, second = Table.objects.filter(event=event).order_by("round", "number").values_list("pk", flat=True)[:2]
    forget_snapshots(Table.objects.filter(pk=first))
    Table.objects.filter(pk=second).update(snapshot_revision=0, snapshot_data={})
    assert app_standings(event) == from_command_line
    assert Table.objects.get(pk=second).snapshot_revision > 0  # kept again, made for the table's revision
    assert Table.objects.get(pk=first).snapshot_revision is not None


def test_under_contracts_the_app_prices_each_snapshot_s_tally_as_the_command_line_folds_the_deals(tmp_path):
    event = tournament_import(raw=make_document(method="contracts"), club=make_club())
    from_app = app_standings(event)
    assert from_app == command_line_standings(event, tmp_path)
