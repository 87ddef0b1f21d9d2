from __future__ import annotations

from django.db import transaction

from scorekeeper.clubs.models import Club, Player, PlayerLink


@transaction.atomic
def club_create(*, name: str, directors=()) -> Club:
    club = Club.objects.create(name=name.strip())
    club.directors.set(directors)
    return club


def player_create(*, club: Club, name: str) -> Player:
    return Player.objects.create(club=club, name=" ".join(name.split()))


def player_rename(*, player: Player, name: str) -> Player:
    """Rename a player (spaces tidied); a name another player of the club has is refused by the constraint."""
    player.name = " ".join(name.split())
    with transaction.atomic():
        player.save(update_fields=["name"])
    return player


def player_set_active(*, player: Player, active: bool) -> Player:
    """An inactive player keeps his history but is no longer offered at check-in."""
    player.active = active
    player.save(update_fields=["active"])
    return player


@transaction.atomic
def player_link_get(*, player: Player) -> PlayerLink:
    """The player's own link, made the first time it is asked for."""
    link, _created = PlayerLink.objects.get_or_create(player=player)
    return link


@transaction.atomic
def player_link_renew(*, player: Player) -> PlayerLink:
    """A new own link for the player; the old one stops working."""
    PlayerLink.objects.filter(player=player).delete()
    return PlayerLink.objects.create(player=player)


def club_language_set(*, club: Club, language: str) -> Club:
    """The language (with its date format) the club's documents are printed in when the reader's is not known."""
    club.language = language
    club.save(update_fields=["language"])
    return club
