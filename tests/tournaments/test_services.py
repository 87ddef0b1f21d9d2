from __future__ import annotations

import datetime as dt
import random

import pytest
from django.utils import timezone

from scorekeeper.clubs.services import player_create
from scorekeeper.engine import Contract, DealRecord, EngineError
from scorekeeper.events.models import Event
from scorekeeper.events.services import checkin_apply, event_create, seat_draw
from scorekeeper.operations.club_export import SECTIONS, club_export, club_import
from scorekeeper.tables.models import Table
from scorekeeper.tables.services import deal_record, table_extend_round, table_sign
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import PhysicalTable, PlannedTable, Tournament
from scorekeeper.tournaments.selectors import places_needed, round_progress, table_at
from tests.factories import make_club
from tests.tournaments.builders import end_round_tables, make_tournament, meetings

pytestmark = pytest.mark.django_db


def test_sixteen_entrants_in_five_rounds_never_meet_twice():
    tournament, schedule, _ = make_tournament(entrants=16, sessions=(3, 2))
    assert schedule.measures.repeats == 0
    assert schedule.target == 0
    assert tournament.record["seed_sha256"] == tournament.seed_sha256
    assert tournament.record["seed"] is None
    assert tournament.planned_rounds.count() == 5
    assert [r.session for r in tournament.planned_rounds.order_by("number")] == [1, 1, 1, 2, 2]
    met = meetings(tournament)
    # 16 entrants, 5 rounds, 3 opponents a round: 15 different opponents each, 120 pairs, each once.
    assert len(met) == 120
    assert set(met.values()) == {1}


def test_the_seed_commitment_is_sha256_of_the_seed():
    tournament, _, _ = make_tournament()
    # sha256("9f86d081884c7d659a2feaa0c55ad015"), computed with `printf %s SEED | sha256sum`
    assert tournament.seed_sha256 == "67212462231402852f818d095bb0c2bf1f422ede8b9025878ff2a89fc383f6ef"


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"entrants": 3}, "too_few_entrants", "entrants"),
        ({"options": {"pc.session_end_pot": "carry_over"}}, "tournament_end_rule", "options.pc.session_end_pot"),
        ({"seed": "not hex at all, not hex at all!!"}, "request_invalid", "seed"),
    ],
)
def test_a_refused_tournament_leaves_nothing_behind(kwargs, code, field):
    with pytest.raises(EngineError) as refused:
        make_tournament(**kwargs)
    assert (refused.value.code, refused.value.field) == (code, field)
    assert not Event.objects.exists()
    assert not Tournament.objects.exists()


def test_a_team_of_three_among_eight_is_refused_before_any_draw():
    club = make_club()
    players = [player_create(club=club, name=f"P{i}") for i in range(8)]
    with pytest.raises(EngineError) as refused:
        services.tournament_create(
            club=club,
            name="Cup",
            date=dt.date(2026, 4, 18),
            ruleset="parlett-chips",
            sessions=[2],
            players=players,
            teams={"Aces": players[:3]},
        )
    assert refused.value.code == "keep_apart_infeasible"
    assert refused.value.field == "teams.Aces"
    assert not Tournament.objects.exists()


def open_round(tournament, number):
    return services.round_open(tournament=tournament, number=number)


def test_each_round_opens_its_tables_with_the_planned_seats_seat_0_dealing_first():
    tournament, _, players = make_tournament()
    with pytest.raises(services.RoundRefused) as refused:
        open_round(tournament, 1)
    assert refused.value.reason == "unconfirmed"
    services.tournament_confirm(tournament=tournament)
    with pytest.raises(services.RoundRefused) as refused:
        open_round(tournament, 2)
    assert (refused.value.reason, refused.value.number) == ("not_next", 1)
    open_round(tournament, 1)
    by_name = {p.name: p for p in players}
    for planned in PlannedTable.objects.filter(round__number=1).select_related("table"):
        table = planned.table
        numbers = {e.number: e.player.name for e in tournament.entrants.select_related("player")}
        assert [p.name for p in table.players] == [numbers[n] for n in planned.seats]
        assert table.first_dealer == 0 and table.round == 1 and table.number == planned.number
        assert all(by_name[p.name] == p for p in table.players)
    with pytest.raises(services.RoundRefused) as refused:
        open_round(tournament, 2)
    assert (refused.value.reason, refused.value.number) == ("still_playing", 1)
    with pytest.raises(services.RoundRefused) as refused:
        open_round(tournament, 6)
    assert refused.value.reason == "past_plan"


def test_a_late_arrival_takes_the_next_number_and_only_unstarted_rounds_change():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    first = [list(t.seats) for t in PlannedTable.objects.filter(round__number=1).order_by("number")]
    kit = player_create(club=tournament.event.club, name="Zed")
    entrant, schedule = services.entrant_late_add(tournament=tournament, player=kit)
    assert (entrant.number, entrant.from_round) == (17, 2)
    assert [list(t.seats) for t in PlannedTable.objects.filter(round__number=1).order_by("number")] == first
    # 17 present from round 2: four tables and one bye in each of rounds 2-5; nobody sits out twice.
    byes = [r.byes for r in tournament.planned_rounds.filter(number__gte=2).order_by("number")]
    assert [len(b) for b in byes] == [1, 1, 1, 1]
    assert len({b[0] for b in byes}) == 4
    assert schedule.measures.keep_apart_violations == 0
    tournament.refresh_from_db()
    assert tournament.record["fixed_rounds"] == 1


def test_a_late_arrival_after_the_last_round_has_started_is_refused():
    tournament, _, _ = make_tournament(sessions=(1,))
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    zed = player_create(club=tournament.event.club, name="Zed")
    with pytest.raises(EngineError) as refused:
        services.entrant_late_add(tournament=tournament, player=zed)
    assert refused.value.field == "player"
    assert tournament.entrants.count() == 16


def test_a_withdrawal_between_rounds_re_plans_the_rest_without_him():
    tournament, _, _ = make_tournament(entrants=17)
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    end_round_tables(tournament, 1)
    leaving = tournament.entrants.get(number=5)
    services.entrant_withdraw(tournament=tournament, entrant=leaving)
    leaving.refresh_from_db()
    assert leaving.withdrawn_after == 1
    for rnd in tournament.planned_rounds.filter(number__gte=2).prefetch_related("tables"):
        seated = [n for t in rnd.tables.all() for n in t.seats]
        assert 5 not in seated and 5 not in rnd.byes
        assert len(seated) == 16 and rnd.byes == []


def test_a_redraw_is_refused_once_a_deal_is_recorded_and_allowed_before():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    services.round_redraw(tournament=tournament)
    assert not Table.objects.filter(event=tournament.event).exists()
    assert not tournament.planned_rounds.get(number=1).started
    open_round(tournament, 1)
    table = Table.objects.get(event=tournament.event, round=1, number=1)
    deal_record(
        table=table, position=1, record=DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=6)
    )
    with pytest.raises(services.RoundRefused) as refused:
        services.round_redraw(tournament=tournament)
    assert refused.value.reason == "has_deals"
    assert Table.objects.filter(event=tournament.event, round=1).count() == 4


def test_a_substitute_needs_a_seat_with_a_player_and_a_deal_of_the_table():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    planned = PlannedTable.objects.get(round__number=1, number=2)
    with pytest.raises(EngineError) as refused:
        services.substitute_add(planned_table=planned, seat=4, from_deal=1, name="Zoe")
    assert refused.value.field == "seat"
    with pytest.raises(EngineError) as refused:
        services.substitute_add(planned_table=planned, seat=1, from_deal=3, name="Zoe")
    assert refused.value.field == "from_deal"
    sub = services.substitute_add(planned_table=planned, seat=1, from_deal=1, name="Zoe")
    assert (sub.seat, sub.from_deal, sub.display_name) == (1, 1, "Zoe")


def test_a_table_link_printed_before_round_one_opens_the_right_table_in_round_five():
    tournament, _, _ = make_tournament()
    places = services.physical_tables_ensure(event=tournament.event, count=4)
    place = PhysicalTable.objects.get(event=tournament.event, number=3)
    assert place in places
    assert table_at(place=place) is None
    services.tournament_confirm(tournament=tournament)
    for number in range(1, 6):
        open_round(tournament, number)
        table = table_at(place=place)
        assert (table.round, table.number) == (number, 3)
        end_round_tables(tournament, number)
    assert PhysicalTable.objects.filter(event=tournament.event).count() == 4


def test_the_director_sees_how_far_each_table_is():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    table = Table.objects.get(event=tournament.event, round=1, number=1)
    deal_record(
        table=table, position=1, record=DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=6)
    )
    progress = {p.number: p for p in round_progress(tournament=tournament, number=1)}
    assert (progress[1].deals, progress[1].planned_deals, progress[1].tours) == (1, 4, 0)
    assert progress[1].inside_tour and not progress[1].may_end_short
    assert (progress[2].deals, progress[2].ended) == (0, False)


def play_tour(table) -> None:
    """One whole tour at a fresh table (first dealer seat 0): each dealer's eldest hand wins a solo in spades."""
    for position, dealer in enumerate(range(4), start=1):
        record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=6)
        deal_record(table=table, position=position, record=record)


def test_a_table_whose_tours_are_played_and_signed_ends_on_its_own():
    tournament, _, _ = make_tournament()  # one tour a round
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    table = Table.objects.get(event=tournament.event, round=1, number=1)
    play_tour(table)
    for seat in range(3):
        table_sign(table=table, seat=seat)
    table.refresh_from_db()
    assert table.ended_at is None  # three of four signed: still open
    table_sign(table=table, seat=3)
    table.refresh_from_db()
    assert table.ended_at is not None
    progress = {p.number: p for p in round_progress(tournament=tournament, number=1)}
    assert progress[1].ended and not progress[1].short and progress[1].deals == 4


def test_a_tournament_table_is_never_extended():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    table = Table.objects.get(event=tournament.event, round=1, number=1)
    with pytest.raises(EngineError) as refused:
        table_extend_round(table=table)
    assert refused.value.code == "tournament_extend"
    table.refresh_from_db()
    assert table.extra_tours == 0


def test_the_director_ends_a_table_short_after_a_whole_tour_never_inside_one():
    tournament, _, _ = make_tournament(options={"session.tours": 2})
    services.tournament_confirm(tournament=tournament)
    open_round(tournament, 1)
    table = Table.objects.get(event=tournament.event, round=1, number=1)
    planned = PlannedTable.objects.get(table=table)
    deal_record(
        table=table,
        position=1,
        record=DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=6),
    )
    with pytest.raises(EngineError) as refused:
        services.table_end_short(planned_table=planned)
    assert refused.value.code == "tour_unfinished"
    table.refresh_from_db()
    assert table.ended_at is None
    for position, dealer in ((2, 1), (3, 2), (4, 3)):
        record = DealRecord(dealer=dealer, contract=Contract.SOLO, hombre=(dealer + 1) % 4, trump="S", tricks=6)
        deal_record(table=table, position=position, record=record)
    services.table_end_short(planned_table=planned)
    planned.refresh_from_db()
    table.refresh_from_db()
    assert planned.short and table.ended_at is not None


def test_an_evenings_table_card_opens_the_table_of_its_number_in_each_new_round():
    club = make_club()
    event = event_create(club=club, name="Thursday", date=dt.date(2026, 11, 19), ruleset="parlett-chips")
    players = [player_create(club=club, name=f"P{i}") for i in range(8)]
    checkin_apply(event=event, present=players)
    place = services.physical_tables_ensure(event=event, count=places_needed(event=event))[1]
    assert place.number == 2
    seat_draw(event=event, rng=random.Random(1))
    assert (table_at(place=place).round, table_at(place=place).number) == (1, 2)
    Table.objects.filter(event=event).update(ended_at=timezone.now())
    seat_draw(event=event, rng=random.Random(2))
    assert (table_at(place=place).round, table_at(place=place).number) == (2, 2)


def test_a_tournament_moves_with_its_club_and_its_cards_still_open_the_right_table():
    tournament, _, _ = make_tournament()
    services.tournament_confirm(tournament=tournament)
    services.physical_tables_ensure(event=tournament.event, count=4)
    open_round(tournament, 1)
    planned = PlannedTable.objects.get(round__number=1, number=2)
    services.substitute_add(planned_table=planned, seat=3, from_deal=1, name="Zoe")
    document = club_export(club=tournament.event.club)
    assert [e["number"] for e in document["entrants"]] == list(range(1, 17))
    assert len(document["planned_tables"]) == 20 and len(document["physical_tables"]) == 4
    record = Tournament.objects.get(pk=tournament.pk).record
    club = tournament.event.club
    # The club leaves this database (children first), as it would leave the old laptop.
    for section in reversed(SECTIONS):
        section.model._base_manager.filter(**{section.club_path: club}).delete()
    club.delete()
    moved, _warnings = club_import(document=document)
    copy = Tournament.objects.get(event__club=moved)
    assert copy.seed_sha256 == tournament.seed_sha256 and copy.record == record
    place = PhysicalTable.objects.get(event=copy.event, number=2)
    assert table_at(place=place) == PlannedTable.objects.get(round__tournament=copy, round__number=1, number=2).table
    assert PlannedTable.objects.get(round__tournament=copy, round__number=1, number=2).substitutes.get().name == "Zoe"


def test_a_withdrawal_before_round_one_takes_the_entrant_off_and_keeps_the_others_numbers():
    tournament, schedule, _ = make_tournament(entrants=17)
    assert schedule.target is None  # a bye each round: no target (T-20)
    schedule = services.entrant_withdraw(tournament=tournament, entrant=tournament.entrants.get(number=5))
    assert sorted(tournament.entrants.values_list("number", flat=True)) == [1, 2, 3, 4] + list(range(6, 18))
    assert (schedule.measures.repeats, schedule.target) == (0, 0)
    assert all(rnd.byes == [] for rnd in tournament.planned_rounds.all())
