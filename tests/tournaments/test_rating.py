"""A tournament feeds the club rating (T-77, T-78): each finished table-round with a whole tour is one game of
four, ranked by the table order, and a seat is rated for whoever held it for most of its valid deals."""

from __future__ import annotations

import pytest

from scorekeeper.analysis.selectors import rating_run
from scorekeeper.analysis.services import club_tables
from scorekeeper.clubs.models import Player
from scorekeeper.tournaments.imports import tournament_import
from tests.factories import make_club
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
