"""The planner on every size up to 64 entrants × 8 rounds: repeats, triples, bound, T-20's target, seconds.

    .venv/bin/python scripts/plan_sizes.py [--entrants 8,12,16] [--rounds 1-8] [--seed HEX]

Prints one line a size and ends with the sizes that miss T-20's target (exit status 1 when a D or S cell misses).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine.tournament.planner import TARGET_STATUS, Entrant, Request, plan  # noqa: E402

SEED = "9f86d081884c7d659a2feaa0c55ad015"


def numbers(text: str) -> list[int]:
    result: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        result.extend(range(int(low), int(high or low) + 1))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", default="4-64")
    parser.add_argument("--rounds", default="1-8")
    parser.add_argument("--seed", default=SEED)
    args = parser.parse_args()
    print(
        f"{'N':>3} {'R':>2} {'repeats':>7} {'triples':>7} {'b2b':>4} {'dealer':>6} {'bound':>5} {'target':>9} "
        f"{'cell':>4} {'seconds':>7}"
    )
    missed, slowest = [], 0.0
    for n in numbers(args.entrants):
        for r in numbers(args.rounds):
            request = Request(seed=args.seed, sessions=(r,), entrants=tuple(Entrant(i) for i in range(1, n + 1)))
            began = time.perf_counter()
            schedule = plan(request)
            seconds = time.perf_counter() - began
            slowest = max(slowest, seconds)
            m = schedule.measures
            wanted = "-" if schedule.target is None else f"{schedule.target}"
            if schedule.target_triples:
                wanted += f" ({schedule.target_triples})"
            status = TARGET_STATUS.get(n, "-") if schedule.target is not None else "-"
            if schedule.shortfall:
                missed.append((n, r, status, schedule.shortfall))
            print(
                f"{n:>3} {r:>2} {m.repeats:>7} {m.triples:>7} {m.back_to_back:>4} {m.dealer_spread:>6} "
                f"{m.lower_bound:>5} {wanted:>9} {status:>4} {seconds:>7.2f}",
                flush=True,
            )
    print(f"slowest: {slowest:.2f} s")
    for n, r, status, shortfall in missed:
        print(f"short of the target: {n} x {r} ({status}): {shortfall}")
    return 1 if any(status in ("D", "S") for _n, _r, status, _s in missed) else 0


if __name__ == "__main__":
    sys.exit(main())
