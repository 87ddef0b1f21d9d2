from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from scorekeeper.clubs.services import player_create
from scorekeeper.events.models import Event
from scorekeeper.events.services import event_create
from scorekeeper.tournaments.models import Entrant, KeepApart, Tournament
from tests.factories import make_club

pytestmark = pytest.mark.django_db


def make_tournament(sessions=(3, 2)):
    club = make_club()
    event = event_create(
        club=club, name="Spring open", date=dt.date(2026, 4, 18), ruleset="parlett-chips", kind=Event.Kind.TOURNAMENT
    )
    return Tournament.objects.create(event=event, seed="0" * 32, seed_sha256="x" * 64, sessions=list(sessions))


def test_rounds_are_counted_over_sessions_and_each_round_knows_its_session():
    tournament = make_tournament((3, 2))
    assert tournament.rounds == 5
    assert [tournament.session_of(r) for r in range(1, 6)] == [1, 1, 1, 2, 2]
    assert tournament.tours == 10  # session.tours' default
    with pytest.raises(ValueError):
        tournament.session_of(6)


def test_an_entrant_number_and_a_keep_apart_pair_are_each_held_once():
    tournament = make_tournament()
    ann = player_create(club=tournament.event.club, name="Ann")
    ben = player_create(club=tournament.event.club, name="Ben")
    first = Entrant.objects.create(tournament=tournament, number=1, player=ann)
    second = Entrant.objects.create(tournament=tournament, number=2, player=ben)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entrant.objects.create(tournament=tournament, number=2, player=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        KeepApart.objects.create(tournament=tournament, first=first, second=first)
    KeepApart.objects.create(tournament=tournament, first=first, second=second)
    assert tournament.keep_apart.count() == 1
