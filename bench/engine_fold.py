"""Benchmark: folding one 40-deal table, and a 100,000-deal season of 2,500 tables, under each rule set.

Targets on a 2-core machine: <= 2 ms for a table, <= 2 s for the season. Deals are built beforehand (as the
app holds them); `with parsing` also turns interchange JSON into records first.

    .venv/bin/python bench/engine_fold.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import Options, RuleSet, deal_json, fold, parse_document  # noqa: E402
from scorekeeper.engine.simulate import random_session, random_table  # noqa: E402

TABLES = 2500
DEALS = 40


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    print(f"Python {sys.version.split()[0]}; {TABLES} tables x {DEALS} deals = {TABLES * DEALS:,} deals per season")
    print(f"{'rule set':<22}{'table (best/median)':>24}{'season':>10}{'season+parse':>14}")
    for ruleset in RuleSet:
        rng = random.Random(ruleset.value)
        tables = []
        for _ in range(TABLES):
            session = random_session(rng, ruleset, Options())
            tables.append((session, [deal for deal, _ in random_table(rng, session, DEALS)]))
        documents = [
            json.dumps(
                {
                    "format": "quadrille-deals/1",
                    "ruleset": s.ruleset.value,
                    "players": list(s.players),
                    "start": s.start,
                    "deals": [deal_json(d) for d in deals],
                }
            )
            for s, deals in tables
        ]
        session, deals = tables[0]
        table_best, table_median = best_of(200, lambda session=session, deals=deals: fold(session, deals))

        def season(tables=tables):
            for s, d in tables:
                fold(s, d)

        def season_parsed(documents=documents):
            for text in documents:
                s, d, _ = parse_document(json.loads(text))
                fold(s, d)

        season_best, _ = best_of(5, season)
        parsed_best, _ = best_of(3, season_parsed)
        print(
            f"{ruleset.value:<22}{table_best * 1e3:>11.3f} / {table_median * 1e3:.3f} ms"
            f"{season_best:>9.2f}s{parsed_best:>13.2f}s"
        )


if __name__ == "__main__":
    main()
