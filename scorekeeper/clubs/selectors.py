from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from scorekeeper.clubs.models import Club, Player, PlayerLink
from scorekeeper.collation import by_name, name_key


def clubs_directed_by(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Club]:
    """Clubs a user may direct: every club for a superuser, else those naming the user as a director."""
    if not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(directors=user)


def directed_club(*, user: AbstractBaseUser | AnonymousUser, club_id: int) -> Club:
    """The club, if the user directs it (404 otherwise)."""
    return get_object_or_404(clubs_directed_by(user=user), pk=club_id)


def player_by_link(*, token: str) -> Player:
    """The player whose own link this is (404 for an unknown or renewed link)."""
    return get_object_or_404(PlayerLink.objects.select_related("player__club"), token=token).player


def club_players(*, club: Club, active_only: bool = False, query: str = "") -> list[Player]:
    """The club's players (only the active ones, or those whose name contains `query`, if asked) in the order of
    names in the club's language (Émile with the Es; in Danish, Øster after Z)."""
    players = club.players.all()
    if active_only:
        players = players.filter(active=True)
    if query:
        players = players.filter(name__icontains=query)
    return by_name(players, club.language)


def club_roll(*, club: Club) -> list[tuple[int, str]]:
    """The club's active players as (id, name) pairs, in the order of names in the club's language: the event
    page's check-in roll, a few hundred lines read on every view of it (no model instance each)."""
    players = club.players.filter(active=True).values_list("pk", "name")
    return sorted(players, key=lambda player: name_key(player[1], club.language))
