"""The worked examples of TOURNAMENTS.md §9 as plain results, and random tournaments, shared by the tests."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from scorekeeper.engine import Options, RuleSet, Session, deal_json
from scorekeeper.engine.ledger import opening_state, settle_deal
from scorekeeper.engine.simulate import random_deal
from scorekeeper.engine.tournament.scores import RoundResult, TableResult
from scorekeeper.engine.tournament.standings import Entrant

# Nine entrants, two rounds of one tour each and a third only planned (see test_document.py).
SPRING = Path(__file__).resolve().parent / "documents" / "spring-open.json"

PC = RuleSet.PARLETT_CHIPS
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
EIGHT = [Entrant(number, name) for number, name in enumerate(NAMES, start=1)]
ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(1, 9)
SEED = "3f9c2a7e5b1d4c6a8e0f2b4d6a8c0e1f"
PAIRS = {"Aces": [ANN, BEN], "Kings": [CAT, DAN], "Queens": [EVE, FAY], "Knaves": [GUS, HAL]}


def played(number: int, *tables: tuple[tuple[int, ...], tuple[int, ...]], byes=(), **round_fields) -> RoundResult:
    return RoundResult(
        number,
        tuple(TableResult(t, seats, changes) for t, (seats, changes) in enumerate(tables, start=1)),
        tuple(byes),
        **round_fields,
    )


# §9.4: tables in seat order with their round changes.
ROUNDS = [
    played(1, ((ANN, CAT, EVE, GUS), (8, -24, -16, 32)), ((BEN, DAN, FAY, HAL), (4, -4, 24, -24))),
    played(2, ((CAT, FAY, HAL, ANN), (-24, 24, -24, 24)), ((DAN, EVE, GUS, BEN), (20, 0, 4, -24))),
    played(3, ((EVE, HAL, ANN, DAN), (0, 16, -12, -4)), ((FAY, GUS, BEN, CAT), (-12, -8, 4, 16))),
]


# --- §9.3: Ivy has a bye in round 3 ------------------------------------------------------------------------------

IVY = 1
FIVE = [Entrant(1, "Ivy"), Entrant(2, "Jo"), Entrant(3, "Kim"), Entrant(4, "Lou"), Entrant(5, "Max")]
# Ivy's changes 17 (first), -9 (third), 30 (first with another), -5 (third with another) give her table scores of
# §9.3 under chips, placement and placement+chips alike; contracts come with their own points.
IVY_TABLES = [
    (1, (1, 2, 3, 4), (17, 10, -12, -15), (60, 0, -30, -30), 5),
    (2, (1, 2, 3, 5), (-9, 20, 5, -16), (-150, 50, 50, 50), 4),
    (4, (1, 3, 4, 5), (30, 30, -20, -40), (30, 0, 0, -30), 2),
    (5, (1, 2, 4, 5), (-5, -5, 4, 6), (50, 0, -50, 0), 3),
]


def ivy_rounds(bye: bool = True) -> list[RoundResult]:
    """Ivy's five rounds of §9.3; without `bye`, round 3 is an absence."""
    rounds = [
        RoundResult(number, (TableResult(1, seats, changes, points),), (bye,))
        for number, seats, changes, points, bye in IVY_TABLES
    ]
    third = RoundResult(3, (TableResult(1, (2, 3, 4, 5), (0, 0, 0, 0), (0, 0, 0, 0)),), (IVY,) if bye else ())
    return [*rounds[:2], third, *rounds[2:]]


def random_tournament(rng: random.Random) -> tuple[list[Entrant], list[RoundResult]]:
    """Eight to thirteen entrants, one to five rounds, small changes so that ties are common."""
    count = rng.randint(8, 13)
    entrants = [Entrant(n, f"E{n}") for n in range(1, count + 1)]
    rounds = []
    for number in range(1, rng.randint(1, 5) + 1):
        order = [e.number for e in entrants]
        rng.shuffle(order)
        seated, byes = order[: count - count % 4], order[count - count % 4 :]
        tables = []
        for t in range(len(seated) // 4):
            a, b, c = (rng.choice((-8, -4, 0, 4, 8)) for _ in range(3))
            tables.append(TableResult(t + 1, tuple(seated[4 * t : 4 * t + 4]), (a, b, c, -a - b - c)))
        rounds.append(RoundResult(number, tuple(tables), tuple(byes)))
    return entrants, rounds


def random_document(rng: random.Random, ruleset: RuleSet, tours: int = 2) -> dict:
    """A valid tournament document: eight entrants, two rounds of `tours` tours, seeded random valid deals."""
    session = Session(ruleset=ruleset, options=Options(session_tours=tours), start=40)
    numbers = list(range(1, 9))
    rounds = []
    for number in (1, 2):
        rng.shuffle(numbers)
        tables = []
        for t in (0, 1):
            state = dataclasses.replace(opening_state(session), next_dealer=0)
            deals = []
            while state.number < 4 * tours:
                deal = random_deal(rng, session, state)
                state = settle_deal(session, state, deal, len(deals) + 1).state
                deals.append(deal_json(deal))
            tables.append({"table": t + 1, "seats": numbers[4 * t : 4 * t + 4], "deals": deals})
        rounds.append({"round": number, "tables": tables})
    return {
        "format": "quadrille-tournament/1",
        "ruleset": ruleset.value,
        "options": {"session.tours": tours},
        "start": 40,
        "entrants": [{"number": n, "name": f"E{n}"} for n in range(1, 9)],
        "rounds": rounds,
    }
