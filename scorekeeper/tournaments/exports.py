"""A tournament written as the document of T-82 (docs/TOURNAMENTS.md §10), by the engine's own writer: what
`python -m scorekeeper.engine standings` scores and `import_tournament` reads back. Every planned round is in it
(a round not started with its seats only); the seed is in it once revealed, when the tournament closed (T-26).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scorekeeper.engine import Session
from scorekeeper.engine.tournament import document
from scorekeeper.engine.tournament.scores import TournamentOptions
from scorekeeper.events.models import Event
from scorekeeper.tables.models import Deal
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.models import KeepApart, Tournament
from scorekeeper.tournaments.standings import entrants_of, planned_rounds, revealed_seed, substitutions


def _teams(tournament: Tournament) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(
        (team.name, tuple(sorted(m.number for m in team.members.all())))
        for team in tournament.teams.prefetch_related("members").order_by("name")
    )


def _keep_apart(tournament: Tournament) -> tuple[tuple[int, int], ...]:
    return tuple(
        (pair.first.number, pair.second.number)
        for pair in KeepApart.objects.filter(tournament=tournament).select_related("first", "second").order_by("id")
    )


def tournament_of(*, event: Event) -> document.Tournament:
    """The engine's view of the tournament held for `event`: settings, entrants, teams, keep-apart pairs and every
    planned round, with the deal records of each played table in play order."""
    tournament = Tournament.objects.select_related("event").get(event=event)
    if duplicate.is_duplicate(tournament):  # its deals are played on boards, which the document carries (T-82)
        return dataclasses.replace(
            duplicate.tournament_document(tournament),
            teams=_teams(tournament),
            keep_apart=_keep_apart(tournament),
            seed_sha256=tournament.seed_sha256 or None,
            seed=revealed_seed(tournament),
        )
    rounds = planned_rounds(tournament=tournament)
    played = [pt.table_id for r in rounds for pt in r.tables.all() if pt.table_id is not None]
    deals: dict[int, list] = {pk: [] for pk in played}
    for deal in Deal.objects.filter(table_id__in=played).order_by("table_id", "position"):
        deals[deal.table_id].append(deal.to_record())
    session = Session(
        ruleset=event.engine_ruleset,
        options=event.engine_options,
        start=event.start,
        favourite_suit=event.favourite_suit or None,
    )
    return document.Tournament(
        session=session,
        options=TournamentOptions.from_mapping(tournament.options),
        entrants=tuple(entrants_of(tournament=tournament)),
        rounds=tuple(
            document.PlannedRound(
                round=r.number,
                session=r.session,
                started=r.started,
                tables=tuple(
                    document.PlannedTable(
                        table=pt.number,
                        seats=tuple(pt.seats),  # type: ignore[arg-type]
                        deals=tuple(deals.get(pt.table_id, ())) if r.started else (),
                        short=pt.short and r.started,
                        substitutes=substitutions(pt) if r.started else (),
                    )
                    for pt in r.tables.all()
                ),
                byes=tuple(r.byes),
            )
            for r in rounds
        ),
        teams=_teams(tournament),
        keep_apart=_keep_apart(tournament),
        name=event.name,
        date=event.date.isoformat(),
        seed_sha256=tournament.seed_sha256 or None,
        seed=revealed_seed(tournament),
    )


def tournament_document(*, event: Event) -> dict[str, Any]:
    """The T-82 document of the tournament held for `event`."""
    return document.tournament_json(tournament_of(event=event))


def document_name(event: Event) -> str:
    """The download's file name: the event's date and id, nothing a user typed."""
    return f"tournament-{event.date.isoformat()}-{event.pk}.json"
