"""The seating planner of docs/TOURNAMENTS.md §3: a schedule request in, a schedule out (T-11 … T-29).

The planner fixes who meets whom first and the seat order afterwards (T-14: items 4–5 never compete with 1–3):

1. byes by the bye rule (T-16), round by round;
2. tables: a relabelled design where one applies (T-20's D cells), else a greedy draw; then a tabu search of swaps
   (two entrants of one round, or a seated entrant and one on a bye) minimising, in strict order, keep-apart
   violations (hard, T-13), triples, repeats and back-to-back meetings (T-14 items 1–3);
3. seats: the first dealers balanced by exchange paths (T-14 item 4), then each table's order around it chosen to
   avoid sitting on the same person's right twice (item 5).

Everything is a pure function of the request (T-27): one `random.Random` seeded from the request's seed, iteration
bounds and never the clock, entrants in number order.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations, permutations

from scorekeeper.engine.errors import EngineError

# Changes whenever a change of this module can change a schedule (part of T-27's version string).
PLANNER_REVISION = 1

BYE_CHOICES = ("planner", "lowest_standing")

# T-20: the repeats every schedule of N entrants (all present, no byes, no keep-apart) × R rounds must reach (D, S) or
# should reach (F); in brackets there the triples.
TARGET_REPEATS: dict[int, tuple[int, ...]] = {
    8: (0, 4, 12, 24, 32, 44, 56, 68),
    12: (0, 3, 9, 18, 30, 45, 60, 78),
    16: (0, 0, 0, 0, 0, 24, 48, 72),
    20: (0, 0, 0, 0, 0, 6, 20, 50),
    24: (0, 0, 0, 0, 0, 0, 0, 18),
    **dict.fromkeys(range(28, 65, 4), (0,) * 8),
}
TARGET_TRIPLES: dict[int, tuple[int, ...]] = {
    8: (0, 0, 0, 0, 8, 16, 28, 40),
    12: (0, 0, 0, 0, 0, 0, 3, 12),
}
TARGET_STATUS = {8: "F", 12: "F", 16: "D", 20: "D", 24: "D", 28: "D", 32: "D", **dict.fromkeys(range(36, 65, 4), "S")}

# Tabu search bounds (T-21: under 10 s for 64 entrants × 8 rounds on a slow laptop; bounded by iterations only).
MAX_ITERATIONS = 60_000
MAX_EVALUATIONS = 1_200_000
STALL_LIMIT = 6_000
BYE_REDRAWS = 4  # draws of the byes tried again when a keep-apart pair is left together (plan)


@dataclass(frozen=True)
class Entrant:
    """An entrant of the request: present in rounds `from_round` … `until_round` (None: the last round)."""

    number: int
    name: str = ""
    from_round: int = 1
    until_round: int | None = None


@dataclass(frozen=True)
class Round:
    """One round: its tables (entrant numbers in seat order 0–3, seat 0 deals first) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Request:
    """What a schedule is a function of (T-27). `standings` (entrant numbers, best first) is the standing order after
    the last started round; it decides the next round's byes under `lowest_standing` (T-18) and seats a
    standings-seeded round (T-29)."""

    seed: str
    sessions: tuple[int, ...]
    entrants: tuple[Entrant, ...]
    teams: tuple[tuple[str, tuple[int, ...]], ...] = ()
    keep_apart: tuple[tuple[int, int], ...] = ()
    bye_choice: str = "planner"
    started: tuple[Round, ...] = ()
    by_standings: int = 0
    standings: tuple[int, ...] | None = None

    @property
    def rounds(self) -> int:
        return sum(self.sessions)

    def present(self, round_number: int) -> tuple[int, ...]:
        """Entrant numbers present in a round (1-based), in number order."""
        last = self.rounds
        return tuple(
            e.number
            for e in self.entrants
            if e.from_round <= round_number <= (e.until_round if e.until_round is not None else last)
        )

    def apart_pairs(self) -> tuple[tuple[int, int], ...]:
        """Every pair that must never share a table: team-mates and the keep-apart pairs, each once, sorted."""
        pairs = {tuple(sorted(pair)) for pair in self.keep_apart}
        for _name, members in self.teams:
            pairs.update(tuple(sorted(pair)) for pair in combinations(members, 2))
        return tuple(sorted(pairs))


@dataclass(frozen=True)
class Measures:
    """T-12's measures of a whole schedule."""

    repeats: int
    triples: int
    distinct_repeated_pairs: int
    back_to_back: int
    dealer_spread: int
    neighbour_repeats: int
    bye_spread: int
    keep_apart_violations: int
    lower_bound: int

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True)
class Schedule:
    """A planned schedule: every round, the number of started (fixed) rounds, the measures and T-20's target."""

    rounds: tuple[Round, ...]
    started: int
    measures: Measures
    target: int | None
    target_triples: int | None
    by_standings_from: int | None

    @property
    def shortfall(self) -> dict[str, int]:
        """How far the schedule misses T-20's target (T-15): `repeats` and `triples` above it; empty when met."""
        missed = {}
        if self.target is not None and self.measures.repeats > self.target:
            missed["repeats"] = self.measures.repeats - self.target
        if self.target_triples is not None and self.measures.triples > self.target_triples:
            missed["triples"] = self.measures.triples - self.target_triples
        return missed


# --- measures -------------------------------------------------------------------------------------------------


def counting_bound(entrants: int, played: Sequence[int]) -> int:
    """T-19: repeats ≥ ceil(Σ max(0, 3p − (N − 1)) / 2) over the rounds p each entrant plays."""
    excess = sum(max(0, 3 * p - (entrants - 1)) for p in played)
    return (excess + 1) // 2


def triples_bound(entrants: int, played: Sequence[int]) -> int:
    """The same count one level up: triples ≥ ceil(Σ max(0, 3p − 2(N − 1)) / 2)."""
    excess = sum(max(0, 3 * p - 2 * (entrants - 1)) for p in played)
    return (excess + 1) // 2


def measure(request: Request, rounds: Sequence[Round]) -> Measures:
    """T-12's measures of `rounds` for the entrants and keep-apart pairs of `request`."""
    numbers = [e.number for e in request.entrants]
    meets: dict[tuple[int, int], int] = {}
    right: dict[tuple[int, int], int] = {}
    dealt = dict.fromkeys(numbers, 0)
    played = dict.fromkeys(numbers, 0)
    byes = dict.fromkeys(numbers, 0)
    apart = set(request.apart_pairs())
    violations = back_to_back = 0
    previous: dict[int, int] = {}
    for rnd in rounds:
        here: dict[int, int] = {}
        for index, table in enumerate(rnd.tables):
            dealt[table[0]] += 1
            for seat, number in enumerate(table):
                here[number] = index
                played[number] += 1
                neighbour = (number, table[(seat + 1) % 4])
                right[neighbour] = right.get(neighbour, 0) + 1
            for a, b in combinations(sorted(table), 2):
                meets[a, b] = meets.get((a, b), 0) + 1
                violations += (a, b) in apart
                if a in previous and previous[a] == previous.get(b):
                    back_to_back += 1
        for number in rnd.byes:
            byes[number] += 1
        previous = here
    always = [n for n in numbers if all(n in _members(rnd) for rnd in rounds)]
    bye_counts = [byes[n] for n in always]
    return Measures(
        repeats=sum(max(0, m - 1) for m in meets.values()),
        triples=sum(max(0, m - 2) for m in meets.values()),
        distinct_repeated_pairs=sum(1 for m in meets.values() if m >= 2),
        back_to_back=back_to_back,
        dealer_spread=max(dealt.values()) - min(dealt.values()) if dealt else 0,
        neighbour_repeats=sum(max(0, c - 1) for c in right.values()),
        bye_spread=max(bye_counts) - min(bye_counts) if bye_counts else 0,
        keep_apart_violations=violations,
        lower_bound=counting_bound(len(numbers), list(played.values())),
    )


def _members(rnd: Round) -> set[int]:
    return {n for table in rnd.tables for n in table} | set(rnd.byes)


def target(request: Request) -> tuple[int | None, int | None]:
    """T-20's target (repeats, triples) for the request's size, or None where the table gives none: byes, absences,
    teams or keep-apart pairs, or a size outside it."""
    n, r = len(request.entrants), request.rounds
    if n not in TARGET_REPEATS or not 1 <= r <= 8 or request.apart_pairs():
        return None, None
    if any(len(request.present(k)) != n for k in range(1, r + 1)):
        return None, None
    triples = TARGET_TRIPLES[n][r - 1] if n in TARGET_TRIPLES else 0
    return TARGET_REPEATS[n][r - 1], triples


# --- the hard constraints of T-13 ----------------------------------------------------------------------------


def check_round(request: Request, round_number: int, rnd: Round, played: dict[int, int], field: str) -> None:
    """Refuse a round that breaks T-13 items 1–4 (`request_invalid`), given `played` before it (T-16)."""
    present = set(request.present(round_number))
    seen: set[int] = set()
    for t, table in enumerate(rnd.tables):
        if len(table) != 4 or len(set(table)) != 4:
            raise EngineError("request_invalid", f"{field}.tables[{t}]", "a table seats four different entrants")
        for number in table:
            if number in seen:
                raise EngineError("request_invalid", f"{field}.tables[{t}]", f"entrant {number} appears twice")
            seen.add(number)
    for number in rnd.byes:
        if number in seen:
            raise EngineError("request_invalid", f"{field}.byes", f"entrant {number} appears twice")
        seen.add(number)
    if seen != present:
        extra = sorted(seen - present)
        if extra:
            message = f"entrant {extra[0]} is not present in round {round_number}"
        else:
            missing = sorted(present - seen)[0]
            message = f"entrant {missing} is present in round {round_number} but neither seated nor on a bye"
        raise EngineError("request_invalid", field, message)
    if len(rnd.byes) != len(present) % 4:
        raise EngineError(
            "request_invalid",
            f"{field}.byes",
            f"round {round_number} needs {len(present) % 4} byes, not {len(rnd.byes)}",
        )
    if rnd.byes:
        seated = [n for table in rnd.tables for n in table]
        if seated and min(played[n] for n in rnd.byes) < max(played[n] for n in seated):
            raise EngineError(
                "request_invalid",
                f"{field}.byes",
                f"round {round_number} gives a bye to an entrant who has played fewer rounds than one seated (T-16)",
            )
    apart = set(request.apart_pairs())
    for t, table in enumerate(rnd.tables):
        for pair in combinations(sorted(table), 2):
            if pair in apart:
                raise EngineError(
                    "request_invalid",
                    f"{field}.tables[{t}]",
                    f"entrants {pair[0]} and {pair[1]} must be kept apart (T-13)",
                )


def check_schedule(request: Request, rounds: Sequence[Round], field: str = "started") -> None:
    """Refuse rounds that break T-13 items 1–4, each with the played counts before it."""
    played = {e.number: 0 for e in request.entrants}
    for index, rnd in enumerate(rounds):
        check_round(request, index + 1, rnd, played, f"{field}[{index}]")
        for table in rnd.tables:
            for number in table:
                played[number] += 1


def _check_cliques(request: Request, first: int) -> None:
    """Refuse before any draw (`keep_apart_infeasible`) a team or pair with more members present in a round than the
    round has tables and byes to hold them apart."""
    groups = [(f"teams.{name}", f"team {name}", members) for name, members in request.teams]
    groups += [(f"keep_apart[{i}]", f"entrants {a} and {b}", (a, b)) for i, (a, b) in enumerate(request.keep_apart)]
    for round_number in range(first, request.rounds + 1):
        present = set(request.present(round_number))
        places = len(present) // 4 + len(present) % 4
        for field, label, members in groups:
            here = [m for m in members if m in present]
            if len(here) > places:
                raise EngineError(
                    "keep_apart_infeasible",
                    field,
                    f"{label} cannot be kept apart in round {round_number}: {len(here)} present, "
                    f"{len(present) // 4} tables and {len(present) % 4} byes",
                )


# --- planning ------------------------------------------------------------------------------------------------


def plan(request: Request) -> Schedule:
    """The schedule of `request`: its started rounds as given, every other round planned (T-11 … T-29).

    Raises `EngineError("request_invalid")` for started rounds that break T-13 and `keep_apart_infeasible` when the
    keep-apart pairs and teams cannot all be kept apart.
    """
    check_schedule(request, request.started)
    first = len(request.started) + 1
    for k in range(first, request.rounds + 1):
        if len(request.present(k)) < 4:
            raise EngineError("request_invalid", "entrants", f"round {k} has fewer than four entrants present")
    _check_cliques(request, first)
    planner = _Planner(request)
    rounds = planner.run()
    measures = measure(request, rounds)
    # The search moves byes only within a round with a pair together; a pair can be forced together by the byes of
    # an earlier round (five present, one of them late: T-17 seats the late arrival, the bye rule the rest). The
    # byes are then drawn again, from the seed and the attempt's number, a bounded number of times (T-27: still a
    # function of the request) before the pair is refused.
    for redraw in range(1, BYE_REDRAWS + 1):
        if not measures.keep_apart_violations:
            break
        planner = _Planner(request, redraw=redraw)
        rounds = planner.run()
        measures = measure(request, rounds)
    if measures.keep_apart_violations:
        raise planner.infeasible(rounds)
    repeats, triples = target(request)
    k = request.by_standings
    return Schedule(
        rounds=tuple(rounds),
        started=len(request.started),
        measures=measures,
        target=repeats,
        target_triples=triples,
        by_standings_from=request.rounds - k + 1 if k else None,
    )


def load_designs() -> dict[int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """The designs of tournament-designs.json (T-20's D cells) by number of entrants."""
    text = resources.files(__package__).joinpath("designs.json").read_text(encoding="utf-8")
    return {
        design["entrants"]: tuple(tuple(tuple(table) for table in rnd) for rnd in design["rounds"])
        for design in json.loads(text)["designs"]
    }


def load_found_designs() -> dict[tuple[int, int], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The schedules of found-designs.json by (entrants, rounds): each used only for exactly its number of rounds."""
    text = resources.files(__package__).joinpath("found-designs.json").read_text(encoding="utf-8")
    found = {}
    for design in json.loads(text)["designs"]:
        rounds = tuple(tuple(tuple(table) for table in rnd) for rnd in design["rounds"])
        found[design["entrants"], len(rounds)] = rounds
    return found


def _rng(seed: str, redraw: int = 0) -> random.Random:
    return random.Random(int(seed, 16) if not redraw else f"{seed.lower()}/{redraw}")


class _Planner:
    """The search state: entrants as indices 0 … n−1 in number order; rounds 0-based; `where[r][e]` is e's table in
    round r, or a negative mark unique to e when he is not seated (so that equal marks mean one table)."""

    def __init__(self, request: Request, redraw: int = 0) -> None:
        self.request = request
        self.rng = _rng(request.seed, redraw)
        self.numbers = [e.number for e in request.entrants]
        self.index = {number: i for i, number in enumerate(self.numbers)}
        n = self.n = len(self.numbers)
        self.total = request.rounds
        self.fixed = len(request.started)
        self.present = [[self.index[x] for x in request.present(k + 1)] for k in range(self.total)]
        self.apart = [0] * (n * n)
        for a, b in request.apart_pairs():
            i, j = self.index[a], self.index[b]
            self.apart[i * n + j] = self.apart[j * n + i] = 1
        self.has_apart = bool(request.apart_pairs())
        self.tables: list[list[list[int]]] = [[] for _ in range(self.total)]
        self.byes: list[list[int]] = [[] for _ in range(self.total)]
        self.where: list[list[int]] = [[-1 - e for e in range(n)] for _ in range(self.total)]
        self.meet = [0] * (n * n)
        # Rounds whose byes (or whole seating) the search must not move.
        self.frozen_byes = [False] * self.total
        self.frozen = [k < self.fixed for k in range(self.total)]
        for k, rnd in enumerate(request.started):
            self.tables[k] = [[self.index[x] for x in table] for table in rnd.tables]
            self.byes[k] = [self.index[x] for x in rnd.byes]
        tables_total = sum(len(p) // 4 for p in self.present)
        top = 6 * tables_total + 1
        self.w1, self.w2, self.w3 = top, top * top, top * top * top

    # -- driving ---------------------------------------------------------------------------------------------

    def run(self) -> list[Round]:
        self._standings_round()
        design = self._design_start()
        if design is None:
            self._draw_byes()
        for k in range(self.total):
            self._index_round(k)
        if design is None:
            for k in range(self.fixed, self.total):
                if not self.frozen[k]:
                    self._greedy_round(k)
        if design is None or self._cost()[0]:
            # A design is searched only to undo the keep-apart pairs its relabelling could not avoid.
            self._search()
        return self._seat()

    def infeasible(self, rounds: Sequence[Round]) -> EngineError:
        """The refusal naming the first keep-apart pair or team the search could not keep apart."""
        apart = set(self.request.apart_pairs())
        for k, rnd in enumerate(rounds):
            for table in rnd.tables:
                for pair in combinations(sorted(table), 2):
                    if pair in apart:
                        return EngineError(
                            "keep_apart_infeasible", self._field_of(pair), self._label_of(pair) + f" in round {k + 1}"
                        )
        raise AssertionError("no violation to name")

    def _field_of(self, pair: tuple[int, int]) -> str:
        for i, (a, b) in enumerate(self.request.keep_apart):
            if tuple(sorted((a, b))) == pair:
                return f"keep_apart[{i}]"
        for name, members in self.request.teams:
            if pair[0] in members and pair[1] in members:
                return f"teams.{name}"
        return "keep_apart"

    def _label_of(self, pair: tuple[int, int]) -> str:
        return f"entrants {pair[0]} and {pair[1]} cannot be kept apart together with the bye rule (T-16)"

    # -- byes (T-16, T-18) -----------------------------------------------------------------------------------

    def _played_before(self, k: int) -> list[int]:
        played = [0] * self.n
        for j in range(k):
            for table in self.tables[j]:
                for e in table:
                    played[e] += 1
        return played

    def _draw_byes(self) -> None:
        """Byes for every round not fixed: those who played most, a seeded choice among the eligible (T-16)."""
        for k in range(self.fixed, self.total):
            if self.frozen[k]:
                continue
            played = self._played_before(k)
            present = self.present[k]
            need = len(present) % 4
            order = sorted(present, key=lambda e: -played[e])
            byes: list[int] = []
            if need:
                threshold = played[order[need - 1]]
                byes = [e for e in present if played[e] > threshold]
                eligible = [e for e in present if played[e] == threshold]
                if k == self.fixed and self.request.bye_choice == "lowest_standing" and self.request.standings:
                    rank = self._standing_rank()
                    eligible.sort(key=lambda e: rank[e], reverse=True)
                    self.frozen_byes[k] = True
                else:
                    self.rng.shuffle(eligible)
                byes += eligible[: need - len(byes)]
            self.byes[k] = sorted(byes)
            seated = [e for e in present if e not in set(byes)]
            # Placeholder tables; the greedy draw replaces them. Played counts only need the seated set.
            self.tables[k] = [seated[i : i + 4] for i in range(0, len(seated), 4)]

    def _standing_rank(self) -> list[int]:
        """Each entrant's place in the given standings (entrants not listed come last, by number)."""
        listed = [self.index[x] for x in self.request.standings or () if x in self.index]
        rest = [e for e in range(self.n) if e not in set(listed)]
        rank = [0] * self.n
        for place, e in enumerate(listed + rest):
            rank[e] = place
        return rank

    def byes_valid(self, start: int) -> bool:
        """T-16 in every round from `start` on, with the tables as they stand."""
        played = self._played_before(start)
        for k in range(start, self.total):
            byes = self.byes[k]
            if byes:
                seated_max = max((played[e] for table in self.tables[k] for e in table), default=0)
                if min(played[e] for e in byes) < seated_max:
                    return False
            for table in self.tables[k]:
                for e in table:
                    played[e] += 1
        return True

    # -- standings-seeded rounds (T-29) ------------------------------------------------------------------------

    def _standings_round(self) -> None:
        """Seat the first unstarted round by the standings when it is one of the last `by_standings` rounds and the
        standings are given; later standings-seeded rounds are planned provisionally like the others."""
        request = self.request
        k = self.fixed
        if k >= self.total or not request.by_standings or request.standings is None:
            return
        if k < self.total - request.by_standings:
            return
        played = self._played_before(k)
        rank = self._standing_rank()
        present = sorted(self.present[k], key=lambda e: rank[e])
        need = len(present) % 4
        byes: list[int] = []
        if need:
            threshold = sorted((played[e] for e in present), reverse=True)[need - 1]
            byes = [e for e in present if played[e] > threshold]
            eligible = [e for e in reversed(present) if played[e] == threshold]
            byes += eligible[: need - len(byes)]
        seated = [e for e in present if e not in set(byes)]
        tables = [seated[i : i + 4] for i in range(0, len(seated), 4)]
        self._separate_by_place(tables, rank, k + 1)
        self.tables[k] = tables
        self.byes[k] = sorted(byes)
        self.frozen[k] = self.frozen_byes[k] = True

    def _separate_by_place(self, tables: list[list[int]], rank: list[int], round_number: int) -> None:
        """T-29: a keep-apart conflict moves the lower-placed member to the next table (wrapping round to the first),
        swapping with the highest-placed entrant there who creates no conflict."""
        n, apart = self.n, self.apart
        count = len(tables)

        def clash(e: int, table: list[int], without: int) -> bool:
            return any(apart[e * n + x] for x in table if x not in (e, without))

        for _ in range(4 * n):
            conflict = None
            for t, table in enumerate(tables):
                for a, b in combinations(table, 2):
                    if apart[a * n + b]:
                        conflict = (t, max(a, b, key=lambda e: rank[e]))
                        break
                if conflict:
                    break
            if conflict is None:
                return
            t, mover = conflict
            for step in range(1, count):
                other = tables[(t + step) % count]
                fits = [
                    y
                    for y in sorted(other, key=lambda e: rank[e])
                    if not clash(mover, other, y) and not clash(y, tables[t], mover)
                ]
                if fits:
                    y = fits[0]
                    tables[t][tables[t].index(mover)] = y
                    other[other.index(y)] = mover
                    break
            else:
                break
        number = self.numbers
        for table in tables:
            for a, b in combinations(table, 2):
                if apart[a * n + b]:
                    pair = tuple(sorted((number[a], number[b])))
                    raise EngineError(
                        "keep_apart_infeasible",
                        self._field_of(pair),
                        f"entrants {pair[0]} and {pair[1]} cannot be kept apart in round {round_number}, "
                        "seated by the standings (T-29)",
                    )

    # -- designs (T-20's D cells) ----------------------------------------------------------------------------

    def _design_start(self) -> bool | None:
        """Relabel a shipped design (designs.json, or found-designs.json for its exact size) onto the entrants when
        every entrant is present in every round, none is started and a design of this size has enough rounds: the
        entrants drawn onto the design's numbers by the seed, then moved to keep teams and keep-apart pairs off the
        design's tables where it can."""
        n = self.n
        if self.fixed or any(self.frozen) or any(len(p) != n for p in self.present):
            return None
        design = load_found_designs().get((n, self.total)) or load_designs().get(n)
        if design is None or len(design) < self.total:
            return None
        rounds = design[: self.total]
        labels = list(range(n))
        self.rng.shuffle(labels)
        if self.has_apart:
            labels = self._relabel_apart(rounds, labels)
        for k, rnd in enumerate(rounds):
            order = list(rnd)
            self.rng.shuffle(order)
            self.tables[k] = [[labels[x - 1] for x in table] for table in order]
            self.byes[k] = []
        return True

    def _relabel_apart(self, rounds: Sequence[Sequence[Sequence[int]]], labels: list[int]) -> list[int]:
        """Swap labels to bring down the keep-apart pairs the design seats together (a bounded descent)."""
        n = self.n
        together = [0] * (n * n)
        for rnd in rounds:
            for table in rnd:
                for x, y in combinations(table, 2):
                    together[(x - 1) * n + (y - 1)] += 1
                    together[(y - 1) * n + (x - 1)] += 1
        slot = [0] * n  # slot[e] = the design point (0-based) entrant e takes
        for point, e in enumerate(labels):
            slot[e] = point
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if self.apart[i * n + j]]

        def cost() -> int:
            return sum(together[slot[i] * n + slot[j]] for i, j in pairs)

        current = cost()
        for _ in range(4000):
            if current == 0:
                break
            i, j = self.rng.sample(range(n), 2)
            slot[i], slot[j] = slot[j], slot[i]
            new = cost()
            if new <= current:
                current = new
            else:
                slot[i], slot[j] = slot[j], slot[i]
        result = [0] * n
        for e, point in enumerate(slot):
            result[point] = e
        return result

    # -- tables ----------------------------------------------------------------------------------------------

    def _index_round(self, k: int) -> None:
        where = self.where[k]
        n, meet = self.n, self.meet
        for t, table in enumerate(self.tables[k]):
            for e in table:
                where[e] = t
            for a, b in combinations(table, 2):
                meet[a * n + b] += 1
                meet[b * n + a] += 1

    def _unindex_round(self, k: int) -> None:
        where = self.where[k]
        n, meet = self.n, self.meet
        for table in self.tables[k]:
            for e in table:
                where[e] = -1 - e
            for a, b in combinations(table, 2):
                meet[a * n + b] -= 1
                meet[b * n + a] -= 1

    def _greedy_round(self, k: int) -> None:
        """A first draw of round k: each entrant (most constrained first) to the open table that adds least."""
        self._unindex_round(k)
        n, meet, apart = self.n, self.meet, self.apart
        seated = [e for table in self.tables[k] for e in table]
        self.rng.shuffle(seated)
        seated.sort(key=lambda e: -sum(apart[e * n : e * n + n]))
        tables: list[list[int]] = [[] for _ in range(len(seated) // 4)]
        for e in seated:
            best = None
            for table in tables:
                if len(table) == 4:
                    continue
                score = (
                    sum(apart[e * n + x] for x in table),
                    sum(meet[e * n + x] >= 2 for x in table),
                    sum(meet[e * n + x] for x in table),
                    self.rng.random(),
                )
                if best is None or score < best[0]:
                    best = (score, table)
            best[1].append(e)
        self.tables[k] = tables
        self._index_round(k)

    def _cost(self) -> tuple[int, int, int, int]:
        """(keep-apart violations, triples, repeats, back-to-back) of the whole schedule."""
        n, meet, apart = self.n, self.meet, self.apart
        violations = 0
        triples = repeats = 0
        for a in range(n):
            row = a * n
            for b in range(a + 1, n):
                m = meet[row + b]
                if m >= 2:
                    repeats += m - 1
                    if m >= 3:
                        triples += m - 2
        back = 0
        for k in range(self.total):
            nxt = self.where[k + 1] if k + 1 < self.total else None
            for table in self.tables[k]:
                for a, b in combinations(table, 2):
                    violations += apart[a * n + b]
                    if nxt is not None and nxt[a] == nxt[b]:
                        back += 1
        return violations, triples, repeats, back

    def _weighted(self, cost: tuple[int, int, int, int]) -> int:
        return cost[0] * self.w3 + cost[1] * self.w2 + cost[2] * self.w1 + cost[3]

    def _floor(self) -> int:
        """The weighted cost no schedule with these played counts can beat (T-19's bounds)."""
        played = self._played_before(self.total)
        return self._weighted((0, triples_bound(self.n, played), counting_bound(self.n, played), 0))

    def _conflicts(self, k: int) -> list[tuple[int, int]]:
        """The pairs of round k that cost something: kept apart, met before (or after), or met in the round beside."""
        n, meet, apart = self.n, self.meet, self.apart
        prev = self.where[k - 1] if k > 0 else None
        nxt = self.where[k + 1] if k + 1 < self.total else None
        bad = []
        for table in self.tables[k]:
            for a, b in combinations(table, 2):
                if (
                    meet[a * n + b] >= 2
                    or apart[a * n + b]
                    or (prev is not None and prev[a] == prev[b])
                    or (nxt is not None and nxt[a] == nxt[b])
                ):
                    bad.append((a, b))
        return bad

    def _swap_delta(self, k: int, a: int, b: int) -> int:
        """The weighted change of swapping seated a and b (at different tables) in round k."""
        where = self.where[k]
        ta = self.tables[k][where[a]]
        tb = self.tables[k][where[b]]
        return self._replace_delta(k, ta, a, b) + self._replace_delta(k, tb, b, a)

    def _bye_delta(self, k: int, a: int, c: int) -> int:
        """The weighted change of seating c (on a bye) in a's place and giving a the bye, in round k."""
        return self._replace_delta(k, self.tables[k][self.where[k][a]], a, c)

    def _replace_delta(self, k: int, table, out: int, into: int) -> int:
        """The weighted change, at `table` of round k, of `into` taking the seat of `out` among the others there."""
        n, meet, apart = self.n, self.meet, self.apart
        prev = self.where[k - 1] if k > 0 else None
        nxt = self.where[k + 1] if k + 1 < self.total else None
        d_apart = d_triple = d_repeat = d_back = 0
        on, inn = out * n, into * n
        for x in table:
            if x == out:
                continue
            m = meet[on + x]
            if m >= 2:
                d_repeat -= 1
                if m >= 3:
                    d_triple -= 1
            m = meet[inn + x]
            if m >= 1:
                d_repeat += 1
                if m >= 2:
                    d_triple += 1
            d_apart += apart[inn + x] - apart[on + x]
            if prev is not None:
                px = prev[x]
                d_back += (prev[into] == px) - (prev[out] == px)
            if nxt is not None:
                nx = nxt[x]
                d_back += (nxt[into] == nx) - (nxt[out] == nx)
        return d_apart * self.w3 + d_triple * self.w2 + d_repeat * self.w1 + d_back

    def _move(self, k: int, a: int, b: int) -> None:
        """Swap seated a with b in round k; b may be on a bye, and then a takes the bye."""
        n, meet = self.n, self.meet
        where = self.where[k]
        ta = self.tables[k][where[a]]
        for x in ta:
            if x != a:
                meet[a * n + x] -= 1
                meet[x * n + a] -= 1
                meet[b * n + x] += 1
                meet[x * n + b] += 1
        if where[b] >= 0:
            tb = self.tables[k][where[b]]
            for y in tb:
                if y != b:
                    meet[b * n + y] -= 1
                    meet[y * n + b] -= 1
                    meet[a * n + y] += 1
                    meet[y * n + a] += 1
            tb[tb.index(b)] = a
            where[a], where[b] = where[b], where[a]
        else:
            byes = self.byes[k]
            byes[byes.index(b)] = a
            where[b] = where[a]
            where[a] = -1 - a
        ta[ta.index(a)] = b

    def _snapshot(self) -> tuple:
        return ([[list(t) for t in tables] for tables in self.tables], [list(b) for b in self.byes])

    def _restore(self, state: tuple) -> None:
        tables, byes = state
        for k in range(self.total):
            self._unindex_round(k)
        self.tables = [[list(t) for t in ts] for ts in tables]
        self.byes = [list(b) for b in byes]
        for k in range(self.total):
            self._index_round(k)

    def _search(self) -> None:
        """Tabu search over the rounds not fixed, bounded by iterations (never by the clock)."""
        movable = [k for k in range(self.total) if not self.frozen[k]]
        if not movable:
            return
        rng = self.rng
        current = self._weighted(self._cost())
        best, best_state = current, self._snapshot()
        floor = self._floor()
        tabu = [[0] * self.n for _ in range(self.total)]
        stall = evaluations = 0
        bye_rounds = [k for k in movable if self.byes[k] and not self.frozen_byes[k]]
        for iteration in range(1, MAX_ITERATIONS + 1):
            if best <= floor or stall >= STALL_LIMIT or evaluations >= MAX_EVALUATIONS:
                break
            order = movable[:]
            rng.shuffle(order)
            conflict = None
            for k in order:
                bad = self._conflicts(k)
                if bad:
                    conflict = (k, bad)
                    break
            if conflict is None:
                break
            k, bad = conflict
            movers_set = {e for pair in bad for e in pair}
            movers = sorted(movers_set)
            where = self.where[k]
            tabu_k = tabu[k]
            choices: list[tuple[int, int]] = []
            best_delta = None
            for a in movers:
                wa = where[a]
                a_tabu = tabu_k[a] > iteration
                for b in range(self.n):
                    wb = where[b]
                    if wb < 0 or wb == wa or (b < a and b in movers_set):
                        continue
                    delta = self._swap_delta(k, a, b)
                    evaluations += 1
                    if (a_tabu or tabu_k[b] > iteration) and current + delta >= best:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, choices = delta, [(a, b)]
                    elif delta == best_delta:
                        choices.append((a, b))
            if k in bye_rounds:
                for a in movers:
                    for c in self.byes[k]:
                        delta = self._bye_delta(k, a, c)
                        evaluations += 1
                        if (tabu_k[a] > iteration or tabu_k[c] > iteration) and current + delta >= best:
                            continue
                        if best_delta is None or delta <= best_delta:
                            self._move(k, a, c)
                            valid = self.byes_valid(k)
                            self._move(k, c, a)
                            if not valid:
                                continue
                            if best_delta is None or delta < best_delta:
                                best_delta, choices = delta, [(a, c)]
                            else:
                                choices.append((a, c))
            if not choices:
                stall += 1
                continue
            a, b = choices[rng.randrange(len(choices))]
            self._move(k, a, b)
            current += best_delta
            tenure = 4 + rng.randrange(8)
            tabu_k[a] = tabu_k[b] = iteration + tenure
            if current < best:
                best, best_state, stall = current, self._snapshot(), 0
            else:
                stall += 1
                if stall % 400 == 0:
                    self._restore(best_state)
                    current = best
                    for _ in range(3):
                        self._random_swap(movable)
                    current = self._weighted(self._cost())
        self._restore(best_state)

    def _random_swap(self, movable: Sequence[int]) -> None:
        k = self.rng.choice(movable)
        tables = self.tables[k]
        if len(tables) < 2:
            return
        s, t = self.rng.sample(range(len(tables)), 2)
        self._move(k, self.rng.choice(tables[s]), self.rng.choice(tables[t]))

    # -- seats (T-14 items 4 and 5) ---------------------------------------------------------------------------

    def _seat(self) -> list[Round]:
        """Seat order: first dealers balanced (item 4), then each table's order round it (item 5)."""
        n, rng = self.n, self.rng
        dealt = [0] * n
        free: list[tuple[int, int]] = []  # (round, table) whose seats are ours to choose
        dealer: dict[tuple[int, int], int] = {}
        for k in range(self.total):
            for t, table in enumerate(self.tables[k]):
                if k < self.fixed:
                    dealt[table[0]] += 1
                else:
                    free.append((k, t))
        for k, t in free:
            table = self.tables[k][t]
            low = min(dealt[e] for e in table)
            choice = rng.choice([e for e in table if dealt[e] == low])
            dealer[k, t] = choice
            dealt[choice] += 1
        self._balance_dealers(free, dealer, dealt)
        right = [0] * (n * n)
        for k in range(self.fixed):
            for table in self.tables[k]:
                for s in range(4):
                    right[table[s] * n + table[(s + 1) % 4]] += 1
        order: dict[tuple[int, int], list[int]] = {}
        for k, t in free:
            others = [e for e in self.tables[k][t] if e != dealer[k, t]]
            rng.shuffle(others)
            seats = [dealer[k, t], *others]
            order[k, t] = seats
            for s in range(4):
                right[seats[s] * n + seats[(s + 1) % 4]] += 1
        for _ in range(20):
            changed = False
            for key in free:
                seats = order[key]
                for s in range(4):
                    right[seats[s] * n + seats[(s + 1) % 4]] -= 1
                best = None
                for rest in permutations(seats[1:]):
                    candidate = [seats[0], *rest]
                    score = sum(right[candidate[s] * n + candidate[(s + 1) % 4]] >= 1 for s in range(4))
                    if best is None or score < best[0]:
                        best = (score, candidate)
                current = sum(right[seats[s] * n + seats[(s + 1) % 4]] >= 1 for s in range(4))
                if best[0] < current:
                    seats = best[1]
                    order[key] = seats
                    changed = True
                for s in range(4):
                    right[seats[s] * n + seats[(s + 1) % 4]] += 1
            if not changed:
                break
        number = self.numbers
        rounds = []
        for k in range(self.total):
            if k < self.fixed:
                rounds.append(self.request.started[k])
                continue
            tables = tuple(tuple(number[e] for e in order[k, t]) for t in range(len(self.tables[k])))
            rounds.append(Round(tables=tables, byes=tuple(sorted(number[e] for e in self.byes[k]))))
        return rounds

    def _balance_dealers(self, free: list[tuple[int, int]], dealer: dict, dealt: list[int]) -> None:
        """Move first deals along exchange paths (a dealer hands his table to a table-mate, who hands one of his on,
        …) from the entrants who deal most to those who deal least, until no path lowers the spread."""
        tables_of: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for key in free:
            for e in self.tables[key[0]][key[1]]:
                tables_of[e].append(key)
        dealing: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for key, e in dealer.items():
            dealing[e].append(key)
        for _ in range(8 * len(free) + 8):
            high, low = max(dealt), min(dealt)
            if high - low <= 1:
                return
            path = None
            for level in range(high, low + 1, -1):
                path = self._dealer_path(level, dealing, dealt)
                if path:
                    break
            if path is None:
                return
            for key, giver, taker in path:
                dealer[key] = taker
                dealing[giver].remove(key)
                dealing[taker].append(key)
            dealt[path[0][1]] -= 1
            dealt[path[-1][2]] += 1

    def _dealer_path(self, high: int, dealing: list, dealt: list[int]) -> list | None:
        """A shortest chain from an entrant dealing `high` times to one dealing at most `high` − 2."""
        starts = [e for e in range(self.n) if dealt[e] == high]
        parent: dict[int, tuple] = dict.fromkeys(starts, ())
        queue = list(starts)
        for giver in queue:
            for key in dealing[giver]:
                for taker in self.tables[key[0]][key[1]]:
                    if taker in parent:
                        continue
                    parent[taker] = (key, giver)
                    if dealt[taker] <= high - 2:
                        path = []
                        e = taker
                        while parent[e]:
                            key_e, from_e = parent[e]
                            path.append((key_e, from_e, e))
                            e = from_e
                        return list(reversed(path))
                    queue.append(taker)
        return None
