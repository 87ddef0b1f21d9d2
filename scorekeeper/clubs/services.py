from __future__ import annotations

from django.db import transaction

from scorekeeper.clubs.models import Club, Player


@transaction.atomic
def club_create(*, name: str, directors=()) -> Club:
    club = Club.objects.create(name=name.strip())
    club.directors.set(directors)
    return club


def player_create(*, club: Club, name: str) -> Player:
    return Player.objects.create(club=club, name=" ".join(name.split()))
