"""A club with eight players and an evening in progress (two tables, a dozen deals, one correction), and a
tournament of sixteen entrants with three of its five rounds played and signed, built through the same services
the pages use, so a newcomer lands on a real evening and a real tournament."""

from __future__ import annotations

import dataclasses
import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club
from scorekeeper.clubs.services import club_create, player_create
from scorekeeper.engine.simulate import random_deal
from scorekeeper.events.services import checkin_set, event_create
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_correct, deal_record, table_create, table_end_round, table_sign
from scorekeeper.tournaments.services import round_open, tournament_confirm, tournament_create

PLAYERS = [
    "Ann Carlisle",
    "Ben Ashdown",
    "Cat Pemberton",
    "Dan Whitlock",
    "Eve Marchmont",
    "Fay Dunstable",
    "Gus Thornbury",
    "Hal Kingsley",
]
# Eight more for the tournament: sixteen entrants, four tables a round.
GUESTS = [
    "Ivy Lockwood",
    "Jem Ashby",
    "Kay Fennimore",
    "Len Oakhurst",
    "Mae Penrose",
    "Ned Quarles",
    "Ora Stanhope",
    "Pip Tallis",
]
TOURNAMENT_ROUNDS = (3, 2)  # two sessions: five rounds
TOURNAMENT_PLAYED = 3
DIRECTOR = ("director", "quadrille")


class Command(BaseCommand):
    help = "Create a demo club, an evening in progress and a tournament three rounds in."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--if-empty", action="store_true", help="do nothing when a club already exists")

    @transaction.atomic
    def handle(self, *args, if_empty: bool = False, **options) -> None:
        if if_empty and Club.objects.exists():
            self.stdout.write("The database already has a club: no demo data added.")
            return
        User = get_user_model()
        director = User.objects.filter(username=DIRECTOR[0]).first()
        if director is None:
            director = User.objects.create_user(username=DIRECTOR[0], password=DIRECTOR[1])
        club = club_create(name="Bath Quadrille Circle", directors=[director])
        players = [player_create(club=club, name=name) for name in PLAYERS]
        event = event_create(
            club=club, name="Thursday club evening", date=timezone.localdate(), ruleset="parlett-chips", start=40
        )
        for player in players:
            checkin_set(event=event, player=player, present=True)
        rng = random.Random(1751)
        tables = [
            table_create(event=event, number=1, players=players[:4], first_dealer=3),
            table_create(event=event, number=2, players=players[4:], first_dealer=0),
        ]
        for table in tables:
            for _ in range(6):
                self._play(table, rng)
        first = tables[0].deals.get(position=2)
        record = first.to_record()
        if not record.void:
            tricks = 5 if record.tricks == 6 else max(0, min(record.tricks, 9) - 1)
            fixed = dataclasses.replace(
                record, tricks=tricks, hombre_tricks=None, tricks_by_seat=None, premiers=False, vole_attempted=False
            )
            deal_correct(deal=first, record=fixed, reason="Scorer tapped the wrong number of tricks", user=director)
        self.stdout.write(self.style.SUCCESS(f"Demo evening ready: {event.name}, {len(tables)} tables."))
        for table in tables:
            self.stdout.write(f"  table {table.number}: /t/{table.token}/")
        tournament = self._tournament(club, players + [player_create(club=club, name=n) for n in GUESTS], rng)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo tournament ready: {tournament.event.name}, {len(PLAYERS) + len(GUESTS)} entrants, "
                f"{TOURNAMENT_PLAYED} of {sum(TOURNAMENT_ROUNDS)} rounds played (event {tournament.event.pk})."
            )
        )

    def _tournament(self, club: Club, players: list, rng: random.Random):
        """Sixteen entrants, five rounds planned by the planner, rounds 1-3 played to their end and signed."""
        tournament, _schedule = tournament_create(
            club=club,
            name="Autumn open",
            date=timezone.localdate() - datetime.timedelta(days=3),
            ruleset="parlett-chips",
            options={"session.tours": 2},
            sessions=TOURNAMENT_ROUNDS,
            players=players,
            teams={"Crescent": players[0:2], "Abbey": players[2:4], "Pulteney": players[4:6]},
            seed=f"{rng.getrandbits(128):032x}",
        )
        tournament_confirm(tournament=tournament)
        for number in range(1, TOURNAMENT_PLAYED + 1):
            round_open(tournament=tournament, number=number)
            for table in Table.objects.filter(event=tournament.event, round=number).order_by("number"):
                while not table_ledger(table=table, explain=False).state.number >= 4 * table.event.tours_per_round:
                    self._play(table, rng)
                for seat in range(4):  # the players sign the complete round, then the director ends it
                    table_sign(table=table, seat=seat)
                table_end_round(table=table)
        return tournament

    def _play(self, table: Table, rng: random.Random) -> None:
        view = table_ledger(table=table, explain=False)
        state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
        record = random_deal(rng, view.session, state, void_rate=0.05, penalty_rate=0.0)
        deal_record(table=table, position=view.next_position, record=record)
