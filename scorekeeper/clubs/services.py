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


@transaction.atomic
def player_merge(*, player: Player, into: Player) -> int:
    """Merge a duplicate player into another: every seat, check-in and sit-out moves; no deal is touched
    (deals refer to seats). Returns how many tables were moved. The duplicate is deactivated."""
    from scorekeeper.events.models import CheckIn, SitOut
    from scorekeeper.tables.models import Table

    if player.club_id != into.club_id:
        raise ValueError("players of different clubs cannot be merged")
    moved = 0
    for seat in ("seat_0", "seat_1", "seat_2", "seat_3"):
        moved += Table.objects.filter(**{seat: player}).update(**{seat: into})
    for checkin in CheckIn.objects.filter(player=player):
        if CheckIn.objects.filter(event=checkin.event, player=into).exists():
            checkin.delete()
        else:
            CheckIn.objects.filter(pk=checkin.pk).update(player=into)
    SitOut.objects.filter(player=player).update(player=into)
    Player.objects.filter(pk=player.pk).update(active=False, name=f"{player.name} (merged into {into.name})")
    return moved
