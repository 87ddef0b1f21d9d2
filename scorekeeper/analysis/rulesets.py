"""The evening under another rule set: the same deals re-settled under each other rule set (with its defaults),
so a club can choose its house rules from its own play.

A deal that lacks what a rule set needs (the hombre's own tricks, every player's tricks for Britannica counters)
is named, and its table left out of that rule set's accounts: nothing is guessed."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Player
from scorekeeper.collation import name_key
from scorekeeper.engine import EngineError, Options, RuleSet, Session, fold
from scorekeeper.engine.ledger import opening_state
from scorekeeper.events.models import RULESET_CHOICES, Event
from scorekeeper.tables.messages import message_for
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Deal, Table

WORDS = dict(RULESET_CHOICES)

# What a rule set needs that an evening may not have recorded, named as the thing the records lack.
LACKS = {
    "hombre_tricks_required": _("the hombre's own tricks in an alliance"),
    "tricks_by_seat_required": _("every player's tricks"),
    "remainder_winner_required": _("who held Spadille in the deal after a codille"),
}


@dataclass(frozen=True)
class Missing:
    """A deal a rule set could not settle, and why, in the reader's words."""

    round: int
    table: int
    position: int
    problem: str
    lacks: str = ""  # the field the records lack, when that is why


@dataclass
class Resettled:
    ruleset: str
    label: str
    changes: dict[int, int] = field(default_factory=dict)  # player id: change over the tables it could settle
    tables: int = 0  # tables settled
    missing: list[Missing] = field(default_factory=list)  # one a table it could not settle

    @property
    def lacking(self) -> list[str]:
        """The fields the evening's records lack for this rule set, each named once."""
        return list(dict.fromkeys(m.lacks for m in self.missing if m.lacks))


@dataclass(frozen=True)
class Difference:
    player: Player
    actual: int
    other: int
    ruleset: str

    @property
    def gap(self) -> int:
        return self.other - self.actual


@dataclass
class Comparison:
    actual: Resettled
    others: list[Resettled]
    players: list[Player]
    biggest: list[Difference]  # the largest changes of a player's result, largest first

    @property
    def settled(self) -> list[Resettled]:
        """The other rule sets that settled at least one table: a column each."""
        return [other for other in self.others if other.tables]

    @property
    def unsettled(self) -> list[Resettled]:
        """The other rule sets that could settle no table of the evening: said in words, not a column of dashes."""
        return [other for other in self.others if not other.tables]

    def rows(self) -> list[tuple[Player, list[int | None]]]:
        """Each player's change under the event's rule set, then under each other one that settled a table (None:
        none of the player's tables settled)."""
        sets = [self.actual, *self.settled]
        return [(p, [s.changes.get(p.pk) for s in sets]) for p in self.players]


def _settle(tables: list[Table], deals: dict[int, list], ruleset: RuleSet, options: Options) -> Resettled:
    result = Resettled(ruleset.value, str(WORDS[ruleset.value]))
    totals: dict[int, int] = defaultdict(int)
    partial: set[int] = set()  # players with a table this rule set could not settle: no change of theirs is whole
    for table in tables:
        seats = (table.seat_0_id, table.seat_1_id, table.seat_2_id, table.seat_3_id)
        session = Session(ruleset, options, start=0)
        state = dataclasses.replace(opening_state(session), next_dealer=table.first_dealer)
        try:
            ledger = fold(session, deals[table.pk], state=state, close=table.ended_at is not None)
        except EngineError as error:
            problem = message_for(error)
            lacks = str(LACKS.get(error.code, ""))
            result.missing.append(Missing(table.round, table.number, error.position or 0, problem, lacks))
            partial.update(seats)
            continue
        result.tables += 1
        for seat, player_id in enumerate(seats):
            totals[player_id] += ledger.balances[seat]
    result.changes = {player: change for player, change in totals.items() if player not in partial}
    return result


def rulesets_compared(*, event: Event) -> Comparison:
    """The evening's tables settled under the event's own rule set and options, and under each other rule set with
    its defaults; the players' accounts side by side and the biggest differences."""
    tables = list(Table.objects.filter(event=event).defer(*SNAPSHOT_FIELDS).order_by("round", "number"))
    deals: dict[int, list] = defaultdict(list)
    for deal in Deal.objects.filter(table__event=event).order_by("table_id", "position"):
        deals[deal.table_id].append(deal.to_record())
    actual = _settle(tables, deals, event.engine_ruleset, event.engine_options)
    others = [_settle(tables, deals, r, Options()) for r in RuleSet if r is not event.engine_ruleset]
    people = Player.objects.in_bulk({p for t in tables for p in (t.seat_0_id, t.seat_1_id, t.seat_2_id, t.seat_3_id)})
    language = event.club.language
    players = sorted(people.values(), key=lambda p: (-actual.changes.get(p.pk, 0), name_key(p.name, language)))
    differences = [
        Difference(people[pk], actual.changes[pk], other.changes[pk], other.label)
        for other in others
        for pk in other.changes
        if pk in actual.changes
    ]
    biggest = sorted(differences, key=lambda d: (-abs(d.gap), name_key(d.player.name, language)))[:5]
    return Comparison(actual, others, players, biggest)
