"""Rounds of a tournament played through the services, as the tables' phones and the director would."""

from __future__ import annotations

import dataclasses
import random

from scorekeeper.engine.simulate import random_deal
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tables.services import deal_record, table_end_round, table_sign
from scorekeeper.tournaments.services import round_open, tournament_confirm


def play_rounds(tournament, rounds, rng: random.Random) -> None:
    """Open each round of `rounds`, play every table to its length with random valid deals, sign and end it."""
    tournament_confirm(tournament=tournament)
    for number in rounds:
        round_open(tournament=tournament, number=number)
        for table in Table.objects.filter(event=tournament.event, round=number).order_by("number"):
            while True:
                view = table_ledger(table=table, explain=False)
                if view.state.number >= 4 * table.event.tours_per_round:
                    break
                state = dataclasses.replace(view.state, next_dealer=view.next_dealer)
                record = random_deal(rng, view.session, state, void_rate=0.05, penalty_rate=0.0)
                deal_record(table=table, position=view.next_position, record=record)
            for seat in range(4):
                table_sign(table=table, seat=seat)
            table_end_round(table=table)
