from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command

from scorekeeper.clubs.models import Club, Player
from scorekeeper.clubs.services import player_create
from scorekeeper.events.models import CheckIn, Event, EventLog, HouseRules, SitOut
from scorekeeper.events.selectors import event_summary
from scorekeeper.events.services import checkin_set, event_close, player_merge
from scorekeeper.operations.club_export import NOT_EXPORTED, SECTIONS, club_export
from scorekeeper.tables.models import Deal, DealChange, Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tournaments.models import PhysicalTable, PlannedTable, Tournament
from scorekeeper.tournaments.services import physical_tables_ensure, round_open, substitute_add

pytestmark = pytest.mark.django_db


def _evening_figures(club: Club) -> dict:
    """Every table's balances and every standing, keyed by names (which survive the move; ids do not)."""
    figures = {}
    for event in Event.objects.filter(club=club).order_by("pk"):
        summary = event_summary(event=event)
        figures[event.name, "standings"] = [(a.player.name, a.account, a.rank, a.deals) for a in summary.accounts]
        for table in Table.objects.filter(event=event):
            view = table_ledger(table=table, explain=False)
            figures[event.name, table.round, table.number] = (
                table.token,
                [p.name for p in table.players],
                view.state.balances,
                view.next_position,
            )
    return figures


def _tournament_figures(club: Club) -> dict:
    """The club's tournament by names and numbers: its entrants, its plan, who substitutes, the room's cards."""
    tournament = Tournament.objects.get(event__club=club)
    return {
        "record": tournament.record,
        "entrants": [(e.number, e.player.name, e.team and e.team.name) for e in tournament.entrants.order_by("number")],
        "plan": [
            (t.round.number, t.number, t.seats, t.table and t.table.token)
            for t in PlannedTable.objects.filter(round__tournament=tournament).order_by("round__number", "number")
        ],
        "substitutes": [
            (s.planned_table.round.number, s.planned_table.number, s.seat, s.from_deal, s.name)
            for s in tournament.planned_rounds.get(number=4).tables.get(number=2).substitutes.all()
        ],
        "cards": list(PhysicalTable.objects.filter(event=tournament.event).values_list("number", "token")),
    }


def _club_delete(club: Club) -> None:
    """Remove a club and all it holds, children first (the models protect parents, and the audit its rows)."""
    for section in reversed(SECTIONS):
        # A queryset's delete() never calls the audit's Model.delete(), which refuses.
        section.model._base_manager.filter(**{section.club_path: club}).delete()
    club.delete()


def test_every_model_of_a_club_is_exported_or_deliberately_left_out():
    covered = {s.model._meta.label for s in SECTIONS} | set(NOT_EXPORTED) | {"clubs.Club"}
    ours = {m._meta.label for m in apps.get_models() if m.__module__.startswith("scorekeeper.")}
    assert ours - covered == set()


def test_round_trip_of_the_demo_evening_with_corrections_is_exact(tmp_path, django_user_model):
    call_command("demo")
    club = Club.objects.get()
    event = club.events.get(kind="evening")
    director = django_user_model.objects.get(username="director")
    duplicate = player_create(club=club, name="Ann C.")
    checkin_set(event=event, player=duplicate, present=True)
    player_merge(player=duplicate, into=Player.objects.get(name="Ann Carlisle"), user=director)
    event_close(event=event, user=director)
    assert DealChange.objects.filter(action="corrected").count() == 1
    # The demo's tournament, three rounds played, gets its table cards, round 4 open and a substitute in it.
    tournament = Tournament.objects.get(event__club=club)
    physical_tables_ensure(event=tournament.event, count=4)
    round_open(tournament=tournament, number=4)
    substitute_add(planned_table=PlannedTable.objects.get(round__number=4, number=2), seat=1, from_deal=1, name="Zoe")
    before = _evening_figures(club)
    tournament_before = _tournament_figures(club)
    assert tournament_before["substitutes"] == [(4, 2, 1, 1, "Zoe")] and len(tournament_before["cards"]) == 4
    counts = {s.key: s.model.objects.count() for s in SECTIONS}
    path = tmp_path / "club.json"
    call_command("export_club", "Bath Quadrille Circle", str(path))
    exported = json.loads(path.read_text())
    assert exported["format"] == "quadrille-club" and exported["version"] == 1
    assert exported["club"]["directors"] == ["director"]
    evening_row = next(e["id"] for e in exported["events"] if e["kind"] == "evening")
    evening_tables = {t["id"] for t in exported["tables"] if t["event"] == evening_row}
    assert len([d for d in exported["deals"] if d["table"] in evening_tables]) == 12
    assert len(exported["players"]) == 17  # the eight, the merged duplicate and the tournament's eight guests
    tournament_rows = ("tournaments", "entrants", "planned_rounds", "planned_tables", "substitutes", "physical_tables")
    assert [len(exported[key]) for key in tournament_rows] == [1, 16, 5, 20, 1, 4]
    assert [c["action"] for c in exported["deal_changes"]].count("corrected") == 1
    assert [e["action"] for e in exported["event_log"] if e["event"] == evening_row][-1] == "closed"
    (merge,) = exported["player_merges"]
    assert merge["name"] == "Ann C." and merge["into"] == 1  # Ann Carlisle, the first player

    _club_delete(club)
    assert not Deal.objects.exists() and not Player.objects.exists()
    call_command("import_club", str(path))
    moved = Club.objects.get(name="Bath Quadrille Circle")
    assert _evening_figures(moved) == before
    assert _tournament_figures(moved) == tournament_before
    assert {s.key: s.model.objects.count() for s in SECTIONS} == counts
    assert list(moved.directors.values_list("username", flat=True)) == ["director"]
    # Exported again, the moved club is the same document, times of every row and audit entry included.
    again = club_export(club=moved)
    assert {k: v for k, v in again.items() if k != "exported_at"} == {
        k: v for k, v in exported.items() if k != "exported_at"
    }


def test_import_refuses_a_club_already_here(tmp_path):
    call_command("demo")
    path = tmp_path / "club.json"
    call_command("export_club", "Bath Quadrille Circle", str(path))
    with pytest.raises(CommandError, match="already has a club"):
        call_command("import_club", str(path))
    assert Club.objects.count() == 1 and Deal.objects.filter(table__event__kind="evening").count() == 12


def test_import_refuses_another_format(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "quadrille-club", "version": 99, "club": {"name": "X"}}))
    with pytest.raises(CommandError, match="version 1"):
        call_command("import_club", str(path))
    assert not Club.objects.exists()


def test_a_director_missing_here_gets_an_account_without_a_password(tmp_path, django_user_model):
    call_command("demo")
    path = tmp_path / "club.json"
    call_command("export_club", "Bath Quadrille Circle", str(path))
    _club_delete(Club.objects.get())
    django_user_model.objects.all().delete()
    call_command("import_club", str(path))
    director = django_user_model.objects.get(username="director")
    assert not director.has_usable_password()
    # The audit keeps who made each change by name, and links the account again.
    assert DealChange.objects.filter(action="corrected", who="director", user=director).count() == 1


def test_sections_cover_the_events_models_in_an_order_that_imports():
    order = [s.model for s in SECTIONS]
    for late, early in ((CheckIn, Event), (SitOut, Event), (EventLog, Event), (Table, Event), (Deal, Table)):
        assert order.index(early) < order.index(late)
    assert HouseRules in order and DealChange in order
