"""Tournament documents (T-82) for the tests, made from seeded random valid deals (`engine.simulate`): every
feature the export and import must carry (a bye, a substitute, teams, a keep-apart pair, a short table, a
withdrawn entrant, a round still being played and a round only planned)."""

from __future__ import annotations

import dataclasses
import hashlib
import random

from scorekeeper.engine import Options, RuleSet, Session, deal_json
from scorekeeper.engine.ledger import opening_state, settle_deal
from scorekeeper.engine.simulate import random_deal

SEED = "0123456789abcdef0123456789abcdef"
NAMES = [
    "Ann",
    "Ben",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jon",
    "Kit",
    "Lou",
    "Max",
    "Ned",
    "Oda",
    "Pia",
    "Quin",
]


def table_deals(rng: random.Random, session: Session, valid: int) -> list[dict]:
    """A table-round's records, misdeals included, until it has `valid` valid deals (seat 0 deals first)."""
    state = dataclasses.replace(opening_state(session), next_dealer=0)
    deals = []
    while state.number < valid:
        deal = random_deal(rng, session, state, void_rate=0.05, penalty_rate=0.0)
        state = settle_deal(session, state, deal, len(deals) + 1).state
        deals.append(deal_json(deal))
    return deals


# Seatings of 17 entrants over four rounds: a bye in rounds 1 to 3, teams (1, 2) and (3, 4) and the pair (5, 6) apart.
SEATINGS = [
    ([[1, 3, 5, 7], [2, 4, 6, 8], [9, 10, 11, 12], [13, 14, 15, 16]], [17]),
    ([[1, 4, 9, 13], [2, 5, 10, 14], [3, 6, 11, 15], [7, 8, 12, 17]], [16]),
    ([[1, 6, 10, 15], [2, 7, 11, 16], [3, 8, 12, 13], [4, 5, 14, 17]], [9]),
    ([[1, 8, 11, 14], [2, 3, 13, 15], [4, 6, 10, 17], [5, 7, 9, 16]], []),
]


def tournament_document(*, seed: int = 26, revealed: bool = False, tours: int = 2, method: str | None = None) -> dict:
    """17 entrants, four rounds in two sessions: rounds 1 and 2 played (round 2's table 3 ended short after one
    tour, a substitute at round 1's table 2 from the fifth record), round 3 being played (table 1 one deal short of
    its length), round 4 only planned; entrant 12 withdrew after round 3."""
    rng = random.Random(seed)
    session = Session(ruleset=RuleSet.PARLETT_CHIPS, options=Options(session_tours=tours), start=40)
    full = 4 * tours
    rounds = []
    for number, (tables, byes) in enumerate(SEATINGS, start=1):
        started = number <= 3
        round_tables = []
        for t, seats in enumerate(tables, start=1):
            table: dict = {"table": t, "seats": seats}
            if started:
                valid = full
                if number == 2 and t == 3:
                    valid, table["short"] = 4, True
                if number == 3 and t == 1:
                    valid = full - 1
                table["deals"] = table_deals(rng, session, valid)
                if number == 1 and t == 2:
                    table["substitutes"] = [{"seat": 1, "name": "Zoe", "from_deal": 5}]
            round_tables.append(table)
        rounds.append(
            {"round": number, "session": 1 + (number > 2), "started": started, "byes": byes, "tables": round_tables}
        )
    tournament = {"tiebreak.chain": "firsts, chips, head_to_head, fewer_byes"}
    if method:
        tournament["tournament.method"] = method
    return {
        "format": "quadrille-tournament/1",
        "name": "Spring open",
        "date": "2026-04-18",
        "ruleset": "parlett-chips",
        "options": {"session.tours": tours},
        "start": 40,
        "tournament": tournament,
        "seed_sha256": hashlib.sha256(SEED.encode()).hexdigest(),
        "seed": SEED if revealed else None,
        "entrants": [
            {"number": n, "name": name} | ({"withdrawn_after": 3} if n == 12 else {})
            for n, name in enumerate(NAMES, start=1)
        ],
        "teams": {"Aces": [1, 2], "Kings": [3, 4]},
        "keep_apart": [[5, 6]],
        "rounds": rounds,
    }
