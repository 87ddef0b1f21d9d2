"""The evening under another rule set: PC-6's four deals settled again under each rule set's defaults."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.analysis.rulesets import rulesets_compared
from scorekeeper.clubs.models import Player
from scorekeeper.clubs.services import player_create
from scorekeeper.tables.services import deal_record, table_create
from tests.factories import make_table, make_user
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


@pytest.fixture
def pc6_table():
    table = make_table()
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    return table


def changes_by_name(resettled, table):
    return {p.name: resettled.changes[p.pk] for p in table.players}


def test_the_same_deals_under_each_rule_set(pc6_table):
    compared = rulesets_compared(event=pc6_table.event)
    assert changes_by_name(compared.actual, pc6_table) == {"Ann": -4, "Ben": -28, "Cat": -28, "Dan": 60}
    others = {r.ruleset: r for r in compared.others}
    assert set(others) == {"parlett-points", "modern-chips", "britannica-counters"}
    # Modern chips (§4.3.2), by hand: every deal each antes 1; the three losses pay nothing and the pot carries,
    # so Dan's solo takes the 16 chips in it alone: Dan -4 + 16 = +12, the others -4.
    assert changes_by_name(others["modern-chips"], pc6_table) == {"Ann": -4, "Ben": -4, "Cat": -4, "Dan": 12}
    # The two biggest differences: Ben's -28 under Parlett points, Dan's +60 (+12 under modern chips, 48 less).
    top = [(d.player.name, d.ruleset, d.gap) for d in compared.biggest[:2]]
    assert top[1] == ("Dan", "Modern chips", -48) and top[0][:2] == ("Ben", "Parlett points")


def test_a_deal_without_what_a_rule_set_needs_is_named_not_guessed(pc6_table):
    # Britannica counters needs the hombre's own tricks on a loss (§3.4); PC-6 never recorded them. Deal 1 and 2
    # are solos (the hombre's tricks are the side's); deal 3, Cat's alliance remise, is the first that lacks them.
    bc = next(r for r in rulesets_compared(event=pc6_table.event).others if r.ruleset == "britannica-counters")
    assert bc.tables == 0 and bc.changes == {}
    (missing,) = bc.missing
    assert (missing.round, missing.table, missing.position) == (1, 1, 3)
    assert "hombre take alone" in missing.problem


def test_the_evening_analysis_shows_them_side_by_side(client, pc6_table):
    director = make_user()
    pc6_table.event.club.directors.add(director)
    client.force_login(director)
    page = client.get(reverse("event-analysis", args=[pc6_table.event.pk])).content.decode()
    assert "Under other rule sets" in page and "Modern chips" in page
    assert "Round 1 · table 1, deal 3:" in page and "The table is left out." in page


def test_a_player_with_a_table_a_rule_set_could_not_settle_has_no_change_under_it(pc6_table):
    # Round 2 seats Ann with three others and plays nothing: Britannica counters settles it (nothing changes),
    # but not round 1 (PC-6 lacks the hombre's own tricks). Ann's change under it is not the 0 of round 2 alone.
    event, club = pc6_table.event, pc6_table.event.club
    others = [player_create(club=club, name=name) for name in ("Eve", "Fay", "Gus")]
    table_create(event=event, number=1, round=2, players=[pc6_table.seat_0, *others])
    compared = rulesets_compared(event=event)
    bc = next(r for r in compared.others if r.ruleset == "britannica-counters")
    assert bc.tables == 1
    assert {player.name: change for player, change in _changes(bc)} == {"Eve": 0, "Fay": 0, "Gus": 0}
    assert compared.actual.changes[pc6_table.seat_0.pk] == -4
    assert not [d for d in compared.biggest if d.ruleset == "Britannica counters"]


def _changes(resettled):
    return [(Player.objects.get(pk=pk), change) for pk, change in resettled.changes.items()]
