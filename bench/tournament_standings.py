"""Benchmark: `python -m scorekeeper.engine standings` on a tournament of 64 entrants x 8 rounds x 40 deals a table.

Target (issue 26): under 2 s on the command line, start-up included. The document is generated deterministically
(a seeded random seating, seeded random valid deals from `engine.simulate`, seat 0 dealing first) and written to a
temporary file; the command is timed as a separate process, best and median of five runs.

    .venv/bin/python bench/tournament_standings.py [--ruleset parlett-chips] [--keep FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import Options, RuleSet, Session, deal_json  # noqa: E402
from scorekeeper.engine.ledger import opening_state, settle_deal  # noqa: E402
from scorekeeper.engine.simulate import random_deal  # noqa: E402

ENTRANTS = 64
ROUNDS = 8
TOURS = 10  # 40 valid deals a table


def table_deals(rng: random.Random, session: Session) -> list[dict]:
    """One table-round's records, misdeals included, until it has 4 x TOURS valid deals."""
    state = dataclasses.replace(opening_state(session), next_dealer=0)
    deals = []
    while state.number < 4 * TOURS:
        deal = random_deal(rng, session, state)
        state = settle_deal(session, state, deal, len(deals) + 1).state
        deals.append(deal_json(deal))
    return deals


def _mates(seats: list[int]) -> bool:
    """Whether a table seats both members of a pair (2k + 1, 2k + 2)."""
    return len({(s + 1) // 2 for s in seats}) < 4


def tournament(ruleset: RuleSet, seed: int = 26, entrants: int = ENTRANTS, played: int = ROUNDS) -> dict:
    """The document: `entrants` (a multiple of 4) over ROUNDS rounds, the first `played` with their deals."""
    rng = random.Random(seed)
    session = Session(ruleset=ruleset, options=Options(session_tours=TOURS), start=40)
    numbers = list(range(1, entrants + 1))
    rounds = []
    for number in range(1, ROUNDS + 1):
        rng.shuffle(numbers)
        while any(_mates(numbers[i : i + 4]) for i in range(0, entrants, 4)):
            rng.shuffle(numbers)  # team-mates are kept apart (T-54)
        tables = [{"table": t + 1, "seats": numbers[4 * t : 4 * t + 4]} for t in range(entrants // 4)]
        if number <= played:
            for table in tables:
                table["deals"] = table_deals(rng, session)
        rounds.append({"round": number, "session": 1 + (number > ROUNDS // 2), "byes": [], "tables": tables})
    return {
        "format": "quadrille-tournament/1",
        "name": "Benchmark open",
        "ruleset": ruleset.value,
        "options": {"session.tours": TOURS},
        "start": 40,
        "tournament": {},
        "entrants": [{"number": n, "name": f"Entrant {n}"} for n in range(1, entrants + 1)],
        "teams": {f"Team {k + 1}": [2 * k + 1, 2 * k + 2] for k in range(entrants // 2)},
        "rounds": rounds,
    }


def timed_standings(doc: dict, keep: Path | None) -> tuple[dict, list[float], int, int]:
    """The standings command run 5 times on `doc` written to a file: its output, the times, the file's size in bytes
    and the document's deal records. `keep`: also write the document there."""
    deals = sum(len(t["deals"]) for r in doc["rounds"] for t in r["tables"])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(doc, handle)
        path = Path(handle.name)
    if keep:
        keep.write_text(path.read_text())
    size = path.stat().st_size
    command = [sys.executable, "-m", "scorekeeper.engine", "standings", str(path)]
    times = []
    try:
        for _ in range(5):
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, check=False)
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                sys.exit(f"standings failed: {done.stdout.decode()}")
    finally:
        path.unlink()
    return json.loads(done.stdout), times, size, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default=RuleSet.PARLETT_CHIPS.value, choices=[r.value for r in RuleSet])
    parser.add_argument("--keep", type=Path, help="also write the generated document here")
    args = parser.parse_args()

    doc = tournament(RuleSet(args.ruleset))
    out, times, size, deals = timed_standings(doc, args.keep)
    print(
        f"{args.ruleset}: {ENTRANTS} entrants x {ROUNDS} rounds, {deals:,} deal records "
        f"({size / 1e6:.1f} MB); leader {out['standings'][0]['name']} {out['standings'][0]['total']}"
    )
    best, median = min(times), statistics.median(times)
    print(f"standings on the command line: best {best:.2f} s, median {median:.2f} s (target 2 s)")


if __name__ == "__main__":
    main()
