"""Standings of a tournament (TOURNAMENTS.md §5): totals, the tie-break chain, shared places and the lot.

`rank` is a pure function over scored rounds (`scores.ScoredRound`): the same call serves a table tournament
(`table_standings`, from plain table results) and a duplicate one (whose board scores come in hundredths). It is a
fold over what was recorded, never stored truth (T-51): correct a deal, score its table again, rank again.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.model import RuleSet
from scorekeeper.engine.tournament.scores import (
    TWELFTHS,
    RoundResult,
    Scale,
    ScoredRound,
    ScoredTable,
    TournamentOptions,
    beaten,
    round_ratio,
    score_rounds,
)

PLAYED = "played"
BYE = "bye"
ABSENCE = "absence"
PENDING = "pending"  # seated at a started table that has no valid deal yet: no score for the round (T-83)


# No slots: the app keeps a tournament's standings pickled in its cache, and pickle copies a plain instance's
# __dict__ in C but a slots dataclass field by field in Python (240 entrants: 1.2 ms to store, 1.7 to read,
# against 2.8 and 3.2).
@dataclass(frozen=True)
class Entrant:
    number: int
    name: str
    withdrawn_after: int | None = None


@dataclass(frozen=True)
class RoundEntry:
    """One round of an entrant's score card: what he did and what it scored, in the Scale's units.

    `place` is his place at the table (1-4) and `tied` whether he shares it; `opponents` are the other three
    entrants in seat order. A bye or an absence has no table; a pending seat has no score yet."""

    round: int
    kind: str
    score: int | None
    table: int | None = None
    seat: int | None = None
    opponents: tuple[int, ...] = ()
    change: int | None = None
    place: int | None = None
    tied: bool = False
    substituted: bool = False
    chips: int | None = None  # for the chips tie-break: the round change, or a duplicate round's board values
    beaten: int | None = None  # linear place points in the table order (T-45 `placement`)
    tops: int | None = None  # duplicate only (T-76)
    place_points: int | None = None  # in twelfths, under placement and placement+chips (T-33)


@dataclass(frozen=True)
class Standing:
    """One entrant's row. `place` is None for an unranked withdrawn entrant (T-52); `decided_by` names what put
    him ahead of the next row on an equal total (a tie-break key, `lot`), or `share` for a shared place."""

    entrant: Entrant
    place: int | None
    shared: bool
    total: int
    entries: tuple[RoundEntry, ...]
    played: int
    byes: int
    absences: int
    firsts: int
    chips: int
    placement: int
    tops: int | None
    withdrawn: bool
    decided_by: str | None = None

    @property
    def place_label(self) -> str:
        """T-50's form: `3`, `=3` for a shared place, empty for an unranked entrant."""
        if self.place is None:
            return ""
        return f"={self.place}" if self.shared else str(self.place)

    @property
    def number(self) -> int:
        return self.entrant.number


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
    provisional: bool
    through_round: int
    scale: Scale = TWELFTHS
    lot_pending: bool = False  # a lot would decide a shared place, but the seed is not yet revealed (T-26, T-49)

    def row(self, number: int) -> Standing:
        """The row of entrant `number`; KeyError when he is not entered."""
        for row in self.rows:
            if row.entrant.number == number:
                return row
        raise KeyError(number)


def session_end(rounds: Sequence[RoundResult | ScoredRound], session: int) -> int:
    """The last round of a session: the standings after a session are the standings after it (T-10)."""
    numbers = [r.round for r in rounds if r.session == session]
    if not numbers:
        raise EngineError("session_invalid", "session", f"the tournament has no session {session}")
    return max(numbers)


def lot_digest(seed: str, key: int | str) -> str:
    """T-49: the lowercase hex SHA-256 of `<seed>:lot:<key>`; the lot orders ascending."""
    return hashlib.sha256(f"{seed}:lot:{key}".encode()).hexdigest()


def table_standings(
    entrants: Sequence[Entrant],
    rounds: Sequence[RoundResult],
    options: TournamentOptions,
    ruleset: RuleSet,
    *,
    seed: str | None = None,
    through_round: int | None = None,
) -> Standings:
    """The standings of a table tournament from plain table results (no deal is settled here)."""
    return rank(entrants, score_rounds(rounds, options, ruleset), options, seed=seed, through_round=through_round)


def rank(
    entrants: Sequence[Entrant],
    rounds: Sequence[ScoredRound],
    options: TournamentOptions,
    *,
    scale: Scale = TWELFTHS,
    seed: str | None = None,
    through_round: int | None = None,
) -> Standings:
    """T-44 … T-52 over the rounds up to `through_round` (default: all): totals, tie-breaks, places.

    Byes score the entrant's average over the rounds he played up to then (T-41); a round not started scores
    nothing. The standings are provisional while any round is not started or a counted table is unfinished."""
    last = rounds[-1].round if rounds else 0
    if through_round is None:
        through_round = last
    elif not 1 <= through_round <= last:
        raise EngineError("round_invalid", "through_round", f"the tournament has rounds 1 to {last}")
    counted = [r for r in rounds if r.started and r.round <= through_round]
    provisional = any(not r.started for r in rounds) or any(not t.complete for r in counted for t in r.tables)

    seated = [_seats(r) for r in counted]
    cards = {e.number: _card(e.number, counted, seated, options, scale) for e in entrants}
    rows = [_row(e, cards[e.number], through_round) for e in entrants]
    left_out = options.withdrawn == "unranked"
    ranked = [r for r in rows if not (left_out and r.withdrawn)]
    unranked = sorted((r for r in rows if left_out and r.withdrawn), key=lambda r: r.number)

    # Head-to-head reads the meetings of the members of a tied block alone (most entrants are in no tie).
    keys: dict[str, Callable[[list[Standing]], dict[int, object]]] = {
        "firsts": lambda block: {r.number: r.firsts for r in block},
        "chips": lambda block: {r.number: r.chips for r in block},
        "placement": lambda block: {r.number: r.placement for r in block},
        "fewer_byes": lambda block: {r.number: -r.byes for r in block},
        "tops": lambda block: {r.number: r.tops or 0 for r in block},
        "head_to_head": lambda block: head_to_head({r.number: _meetings(cards[r.number]) for r in block}),
    }
    blocks, decided = order_blocks(
        ranked,
        total=lambda r: r.total,
        criteria=[(name, keys[name]) for name in options.tiebreak_chain],
        number=lambda r: r.number,
        lot=_lot(options, seed, key=lambda r: r.number),
    )
    result = []
    ahead = 0
    for block in blocks:
        shared = len(block) > 1
        for row in sorted(block, key=lambda r: r.number) if shared else block:
            result.append(_placed(row, ahead + 1, shared, decided.get(row.number)))
        ahead += len(block)
    for row in unranked:
        result.append(_placed(row, None, False, None))
    pending = options.tiebreak_last == "lot" and seed is None and any(len(b) > 1 for b in blocks)
    return Standings(tuple(result), provisional, through_round, scale, pending)


def _placed(row: Standing, place: int | None, shared: bool, decided_by: str | None) -> Standing:
    """`row` at its place (dataclasses.replace, written out: it was a tenth of the ranking at 240 entrants)."""
    return Standing(
        row.entrant,
        place,
        shared,
        row.total,
        row.entries,
        row.played,
        row.byes,
        row.absences,
        row.firsts,
        row.chips,
        row.placement,
        row.tops,
        row.withdrawn,
        decided_by,
    )


def _lot(options: TournamentOptions, seed: str | None, key: Callable) -> Callable | None:
    if options.tiebreak_last != "lot" or seed is None:
        return None
    return lambda row: lot_digest(seed, key(row))


def order_blocks(
    rows: Iterable,
    *,
    total: Callable,
    criteria: Sequence[tuple[str, Callable[[list], dict]]],
    number: Callable,
    lot: Callable | None,
) -> tuple[list[list], dict]:
    """T-47, T-48: rows in blocks of equal rank, best first, and for each row the criterion that put it ahead of
    the next row of equal total (`share` for rows left level). `criteria` give, for a block, each member's key
    (higher ranks higher); `lot`, when given, orders what is still level (T-49)."""
    by_total: dict[object, list] = {}
    for row in rows:
        by_total.setdefault(total(row), []).append(row)
    blocks: list[list] = []
    decided: dict[object, str] = {}
    for value in sorted(by_total, reverse=True):
        # The blocks of one total, and between each two neighbours the name of what separated them.
        group: list[list] = [by_total[value]]
        between: list[str] = []
        steps = [*criteria, ("lot", None)] if lot is not None else list(criteria)
        for name, key in steps:
            split: list[list] = []
            labels: list[str] = []
            for i, block in enumerate(group):
                if i:
                    labels.append(between[i - 1])
                parts = _split(block, key, number) if key is not None else [[row] for row in sorted(block, key=lot)]
                split.extend(parts)
                labels.extend([name] * (len(parts) - 1))
            group, between = split, labels
        for i, block in enumerate(group[:-1]):
            decided[number(block[-1])] = between[i]
        for block in group:
            if len(block) > 1:
                decided.update((number(row), "share") for row in block)
        blocks.extend(group)
    return blocks, decided


def _split(block: list, key: Callable[[list], dict], number: Callable) -> list[list]:
    """A block split by one criterion, highest key first; a single row stays as it is."""
    if len(block) == 1:
        return [block]
    values = key(block)
    parts: dict[object, list] = {}
    for row in block:
        parts.setdefault(values[number(row)], []).append(row)
    return [parts[v] for v in sorted(parts, reverse=True)]


def head_to_head(meetings: dict[int, list[tuple[int, object, int]]]) -> dict[int, int]:
    """T-46: for each member of a tied group, Σ sign(score_e − score_f) over the rounds he played, over the members
    f who played at his table that round. `meetings` give each member's (round, table, score) of rounds played."""
    at_table: dict[tuple[int, object], list[tuple[int, int]]] = {}
    for number, rounds in meetings.items():
        for round_number, table, score in rounds:
            at_table.setdefault((round_number, table), []).append((number, score))
    result = dict.fromkeys(meetings, 0)
    for members in at_table.values():
        for number, score in members:
            result[number] += sum((score > other) - (score < other) for _, other in members)
    return result


def _meetings(card: list[RoundEntry]) -> list[tuple[int, object, int]]:
    return [(e.round, e.table, e.score) for e in card if e.kind == PLAYED]  # type: ignore[misc]


def _seats(scored: ScoredRound) -> dict[int, tuple[ScoredTable, int]]:
    """Where each entrant sits in a round: his table and seat (the first table that seats him)."""
    seats: dict[int, tuple[ScoredTable, int]] = {}
    for table in scored.tables:
        for seat, number in enumerate(table.seats):
            seats.setdefault(number, (table, seat))
    return seats


def _card(
    number: int,
    rounds: Sequence[ScoredRound],
    seated: Sequence[dict[int, tuple[ScoredTable, int]]],
    options: TournamentOptions,
    scale: Scale,
) -> list[RoundEntry]:
    """An entrant's rounds, byes and absences scored (T-41, T-43, T-25); `seated` is `_seats` of each round."""
    entries: list[RoundEntry] = []
    for scored, seats in zip(rounds, seated, strict=True):
        entries.append(_entry(number, scored, seats.get(number), options))
    played = [e.score for e in entries if e.kind == PLAYED]
    average = round_ratio(sum(played), len(played), scale.bye_step) if played else 0  # type: ignore[arg-type]
    bye = average if options.bye_score == "average" else options.bye_fixed_value * scale.denominator
    absence = average if options.absence_score == "average" else 0
    scores = {BYE: bye, ABSENCE: absence}
    return [dataclasses.replace(e, score=scores[e.kind]) if e.kind in scores else e for e in entries]


def _entry(
    number: int, scored: ScoredRound, seat: tuple[ScoredTable, int] | None, options: TournamentOptions
) -> RoundEntry:
    if seat is not None:
        return _seat_entry(number, scored.round, *seat, options)
    if number in scored.byes:
        return RoundEntry(scored.round, BYE, None)
    return RoundEntry(scored.round, ABSENCE, None)


def _seat_entry(
    number: int, round_number: int, table: ScoredTable, seat: int, options: TournamentOptions
) -> RoundEntry:
    opponents = tuple(e for e in table.seats if e != number)
    substituted = any(s.seat == seat for s in table.substitutes)
    if substituted and options.substitute_score == "absent":
        return RoundEntry(round_number, ABSENCE, None, table.table, seat, opponents, substituted=True)
    if table.scores is None or table.order is None:
        return RoundEntry(round_number, PENDING, None, table.table, seat, opponents, substituted=substituted)
    mine = table.order[seat]
    # The seat's own count of seats above and below it (beaten() would work out all four seats for each).
    above = sum(1 for v in table.order if v > mine)
    below = sum(1 for v in table.order if v < mine)
    return RoundEntry(
        round_number,
        PLAYED,
        table.scores[seat],
        table.table,
        seat,
        opponents,
        change=None if table.changes is None else table.changes[seat],
        place=1 + above,
        tied=len(table.order) - above - below > 1,
        substituted=substituted,
        chips=None if table.chips is None else table.chips[seat],
        beaten=below - above,
        tops=None if table.tops is None else table.tops[seat],
        place_points=None if table.place_points is None else table.place_points[seat],
    )


def _row(entrant: Entrant, card: list[RoundEntry], through_round: int) -> Standing:
    """An entrant's unplaced row: his card's totals and counts, in one pass over it (a poll at 240 entrants makes
    240 rows each time a table saves)."""
    total = played = byes = absences = firsts = chips = placement = 0
    tops = None
    for e in card:
        if e.score is not None:
            total += e.score
        if e.kind == PLAYED:
            played += 1
            firsts += e.place == 1
            chips += e.chips or 0
            placement += e.beaten or 0
            if e.tops is not None:
                tops = (tops or 0) + e.tops
        elif e.kind == BYE:
            byes += 1
        elif e.kind == ABSENCE:
            absences += 1
    return Standing(
        entrant=entrant,
        place=None,
        shared=False,
        total=total,
        entries=tuple(card),
        played=played,
        byes=byes,
        absences=absences,
        firsts=firsts,
        chips=chips,
        placement=placement,
        tops=tops,
        withdrawn=entrant.withdrawn_after is not None and entrant.withdrawn_after < through_round,
    )


__all__ = [
    "ABSENCE",
    "BYE",
    "PENDING",
    "PLAYED",
    "Entrant",
    "RoundEntry",
    "Standing",
    "Standings",
    "beaten",
    "head_to_head",
    "lot_digest",
    "order_blocks",
    "rank",
    "session_end",
    "table_standings",
]
