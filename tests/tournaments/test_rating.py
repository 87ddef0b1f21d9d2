"""A tournament feeds the club rating (T-77, T-78): each finished table-round with a whole tour is one game of
four, ranked by the table order, and a seat is rated for whoever held it for most of its valid deals."""

from __future__ import annotations

import datetime as dt

import pytest

from scorekeeper.analysis.selectors import rating_run
from scorekeeper.analysis.services import club_tables
from scorekeeper.clubs.models import Player
from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import event_create
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import deal_record, table_create
from scorekeeper.tournaments.imports import tournament_import
from tests.factories import make_club
from tests.tables.pc6 import PC6
from tests.tournaments.documents import tournament_document

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("from_deal", "rated"), [(3, "Zoe"), (5, "Dan")])
def test_each_finished_table_round_is_one_game_and_a_substitute_is_rated_for_himself(from_deal, rated):
    club = make_club()
    doc = tournament_document()
    doc["rounds"][0]["tables"][1]["substitutes"][0]["from_deal"] = from_deal
    tournament_import(raw=doc, club=club)
    lines = club_tables(club=club)
    # Rounds 1 and 2 finished (round 2's short table has its one whole tour), round 3 with its table 1 still
    # playing: 4 + 4 + 3 games.
    assert rating_run(club, lines).games == 11
    # Round 1, table 2 seats Ben, Dan, Fay, Hal (entrants 2, 4, 6, 8); Zoe takes Dan's seat from a record on.
    # The table's nine records, by hand: the fifth a misdeal, eight valid deals. From record 3 Zoe holds 6 of the
    # 8 and is rated; from record 5 they hold 4 each, and the one who started, Dan, is rated.
    records = doc["rounds"][0]["tables"][1]["deals"]
    assert [bool(deal.get("void")) for deal in records] == [False] * 4 + [True] + [False] * 4
    names = dict(Player.objects.filter(club=club).values_list("pk", "name"))
    line = next(t for t in lines if t.round == 1 and t.number == 2)
    assert [names[p] for p in line.rated] == ["Ben", rated, "Fay", "Hal"]
    assert [names[p] for p in line.seats] == ["Ben", "Dan", "Fay", "Hal"]
    zoe = next(pk for pk, name in names.items() if name == "Zoe")
    assert (zoe in rating_run(club, lines).ratings) is (rated == "Zoe")


def test_an_evening_table_counts_from_its_first_deal_as_before():
    from tests.factories import make_table

    table = make_table()
    lines = club_tables(club=table.event.club)
    assert lines[0].tournament is False and lines[0].rated is None


def test_under_contracts_a_table_round_is_ranked_by_its_contract_points():
    from scorekeeper.engine.tournament.document import standings_document

    club = make_club()
    doc = tournament_document(method="contracts")
    tournament_import(raw=doc, club=club)
    scored = standings_document(doc)["rounds"][0]["tables"]
    lines = [t for t in club_tables(club=club) if t.round == 1]
    # Under contracts a table score is its contract points (T-39): the command line's scores are the order.
    assert [t.order for t in lines] == [tuple(int(s) for s in table["scores"]) for table in scored]
    assert any(t.order != t.changes for t in lines)


@pytest.mark.parametrize(
    ("last_round_ended", "evening_first"), [(dt.date(2026, 5, 2), True), (dt.date(2026, 4, 19), False)]
)
def test_a_tournament_is_rated_by_the_end_of_its_last_round_not_by_the_day_it_began(last_round_ended, evening_first):
    """T-77: the tournament begins on 18 April (round 1 ends that day); an evening on 25 April seats Dan, who is
    entrant 4, with three newcomers. When the tournament's last round ended on 2 May, the evening is rated first."""
    club = make_club()
    evening = event_create(club=club, name="Evening", date=dt.date(2026, 4, 25), ruleset="parlett-chips", options={})
    players = [player_create(club=club, name=name) for name in ("Uma", "Vic", "Wes", "Dan")]
    table = table_create(event=evening, number=1, players=players, first_dealer=3)
    for position, record in enumerate(PC6, start=1):
        deal_record(table=table, position=position, record=record)
    tournament = tournament_import(raw=tournament_document(), club=club)
    ended = Table.objects.filter(event=tournament, ended_at__isnull=False)
    ended.filter(round=1).update(ended_at=dt.datetime(2026, 4, 18, 20, tzinfo=dt.UTC))
    ended.exclude(round=1).update(ended_at=dt.datetime.combine(last_round_ended, dt.time(20), tzinfo=dt.UTC))
    dan = Player.objects.get(club=club, name="Dan")
    history = rating_run(club, club_tables(club=club)).history[dan.pk]
    assert [event for event, _ in history] == (
        [evening.pk, tournament.pk] if evening_first else [tournament.pk, evening.pk]
    )
    if evening_first:
        # PC-6 leaves Dan +60, Ann -4, Ben and Cat -28 each: Dan alone first, every player new (mu 25, sigma 25/3).
        # By hand, Weng and Lin's update for the one winner of four equal players: variance v = sigma² + tau²
        # = 69.4514, c² = 4(v + beta²) = 347.25, c = 18.6346; mu + (3/4)·v/c = 27.7953; delta = (1/4)(3/4)·v/c²
        # ·√v/c = 0.016771, sigma = √v·√(1 − delta) = 8.2636; shown mu − 3 sigma = 3.0045.
        assert history[0][1] == pytest.approx(3.0045, abs=5e-4)
    else:
        assert history[1][1] != pytest.approx(3.0045, abs=5e-4)  # Dan came to the evening already rated
