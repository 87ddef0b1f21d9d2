"""Benchmark: `python -m scorekeeper.engine standings` on a duplicate tournament of 64 entrants x 8 rounds x 10 tours.

Sixteen tables a round play sixteen sets (64 boards), each board at ten tables; 512 boards in all, 5,120 deal
records, each checked against its board and settled alone. The document is generated deterministically (seeded
boards and seeded random valid deals from `engine.simulate`) and written to a temporary file; the command is timed
as a separate process, best and median of five runs.

    .venv/bin/python bench/duplicate_standings.py [--ruleset parlett-chips] [--method matchpoints] [--keep FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament_standings import timed_standings  # noqa: E402  (beside this file)

from scorekeeper.engine import Contract, Options, RuleSet, Session, deal_json  # noqa: E402
from scorekeeper.engine.ledger import opening_state  # noqa: E402
from scorekeeper.engine.simulate import random_deal  # noqa: E402
from scorekeeper.engine.tournament.boards import deal_boards, hand_record_json  # noqa: E402
from scorekeeper.engine.tournament.movement import round_movements  # noqa: E402

ENTRANTS = 64
ROUNDS = 8
TOURS = 10


def board_deal(rng: random.Random, session: Session, dealer: int) -> dict:
    """A record the rules allow on a board: its dealer, no misdeal; runs and the called card come from the pockets."""
    state = dataclasses.replace(opening_state(session), next_dealer=dealer)
    while True:
        deal = random_deal(rng, session, state)
        if not deal.void and deal.contract is not Contract.FORCED:
            return deal_json(dataclasses.replace(deal, run_side=None, run_hombre=None, called=None))


def tournament(ruleset: RuleSet, method: str, seed: int = 27) -> dict:
    rng = random.Random(seed)
    session = Session(ruleset=ruleset, options=Options(session_tours=TOURS), start=40)
    movements = round_movements([ENTRANTS // 4] * ROUNDS, TOURS)
    boards = deal_boards(1, 4 * sum(m.sets for m in movements), rng)
    numbers = list(range(1, ENTRANTS + 1))
    rounds = []
    for number, movement in enumerate(movements, start=1):
        rng.shuffle(numbers)
        tables = []
        for table in range(1, movement.tables + 1):
            deals = [
                {"board": board, **board_deal(rng, session, (board - 1) % 4)}
                for set_number in movement.sets_of_table(table)
                for board in range(4 * set_number - 3, 4 * set_number + 1)
            ]
            tables.append({"table": table, "seats": numbers[4 * table - 4 : 4 * table], "deals": deals})
        rounds.append({"round": number, "byes": [], "tables": tables})
    return {
        "format": "quadrille-tournament/1",
        "name": "Duplicate benchmark",
        "ruleset": ruleset.value,
        "options": {"session.tours": TOURS},
        "start": 40,
        "tournament": {"tournament.format": "duplicate", "tournament.method": method},
        "entrants": [{"number": n, "name": f"Entrant {n}"} for n in range(1, ENTRANTS + 1)],
        "rounds": rounds,
        "boards": [hand_record_json(board) for board in boards],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default=RuleSet.PARLETT_CHIPS.value, choices=[r.value for r in RuleSet])
    parser.add_argument("--method", default="matchpoints", choices=["matchpoints", "imps"])
    parser.add_argument("--keep", type=Path, help="also write the generated document here")
    args = parser.parse_args()

    doc = tournament(RuleSet(args.ruleset), args.method)
    out, times, size, deals = timed_standings(doc, args.keep)
    leader = out["standings"][0]
    print(
        f"{args.ruleset}, {args.method}: {ENTRANTS} entrants x {ROUNDS} rounds, {len(doc['boards'])} boards, "
        f"{deals:,} deal records ({size / 1e6:.1f} MB); leader {leader['name']} {leader['total']}"
    )
    best, median = min(times), statistics.median(times)
    print(f"standings on the command line: best {best:.2f} s, median {median:.2f} s")


if __name__ == "__main__":
    main()
