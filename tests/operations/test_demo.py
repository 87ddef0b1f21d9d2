from __future__ import annotations

import pytest
from django.core.management import call_command

from scorekeeper.clubs.models import Club, Player
from scorekeeper.events.selectors import event_summary
from scorekeeper.tables.models import Deal, DealChange

pytestmark = pytest.mark.django_db


def test_demo_builds_an_evening_in_progress_once():
    call_command("demo", "--if-empty")
    call_command("demo", "--if-empty")
    assert Club.objects.count() == 1 and Player.objects.count() == 8
    assert Deal.objects.count() == 12
    assert DealChange.objects.filter(action="corrected").count() == 1
    summary = event_summary(event=Club.objects.get().events.get())
    assert len(summary.tables) == 2 and len(summary.accounts) == 8 and summary.balanced
