from __future__ import annotations

import pytest
from django.core.management import call_command

from scorekeeper.clubs.models import Club, Player
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import event_summary
from scorekeeper.tables.models import Deal, DealChange, Signature, Table
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db


def test_demo_builds_an_evening_in_progress_and_a_tournament_once():
    call_command("demo", "--if-empty")
    call_command("demo", "--if-empty")
    assert Club.objects.count() == 1 and Player.objects.count() == 16
    evening = Club.objects.get().events.get(kind=Event.Kind.EVENING)
    assert Deal.objects.filter(table__event=evening).count() == 12
    assert DealChange.objects.filter(action="corrected").count() == 1
    summary = event_summary(event=evening)
    assert len(summary.tables) == 2 and len(summary.accounts) == 8 and summary.balanced


def test_demo_tournament_has_three_of_five_rounds_played_and_signed():
    call_command("demo")
    tournament = Tournament.objects.get()
    assert tournament.entrants.count() == 16 and tournament.rounds == 5
    assert tournament.planned_rounds.count() == 5 and tournament.record["rounds"]  # the planner's schedule
    assert [r.started for r in tournament.planned_rounds.order_by("number")] == [True, True, True, False, False]
    tables = Table.objects.filter(event=tournament.event)
    assert tables.count() == 12 and not tables.filter(ended_at=None).exists()
    assert Signature.objects.filter(table__in=tables, cleared_at=None).count() == 48
    view = tournament_standings(event=tournament.event)
    # Three rounds of 16 entrants at four tables: each entrant has three table scores, and the standings are
    # provisional while rounds 4 and 5 are to come.
    assert all(row.played == 3 for row in view.standings.rows) and view.standings.provisional
