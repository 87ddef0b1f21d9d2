"""The engine's field list (engine/fields.py) as a property over random records and options.

A form shows exactly the fields the list names, so the list promises two things:

* changing a field it does not show never changes the settlement (a form that leaves it at its default records
  the same deal), and
* every conditional field it shows can change it: for some record of the same shape (session, contract, whether
  the hombre plays alone, tricks, a held remainder) a valid change of that field alone settles differently, or
  the rules refuse the record without it (the hombre's own tricks in Britannica). The ally, where there is one,
  is asked like the hombre: one of the deal's players.

"The settlement" is what the ledger shows of a deal: outcome, line, stake, multiplier, factor, every seat's
change and the table's stores after it. The always-asked fields (dealer, contract, hombre, trump, tricks,
penalties) are the record itself and are not part of the property.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Claims, Contract, DealRecord, EngineError, Options, RuleSet, Session, settle_deal
from scorekeeper.engine.cards import SUITS
from scorekeeper.engine.fields import fields_read, only_read
from scorekeeper.engine.ledger import TableState, opening_state
from scorekeeper.engine.model import NONE_HELD
from scorekeeper.engine.simulate import random_session, random_table

CONDITIONAL = (
    "run_side",
    "run_hombre",
    "claims.matadors",
    "claims.sans_prendre",
    "premiers",
    "vole_attempted",
    "ally",
    "called",
    "mediateur_giver",
    "hombre_tricks",
    "tricks_by_seat",
    "remainder_winner",
)
ABSENT = {"premiers": False, "vole_attempted": False, "claims.matadors": True, "claims.sans_prendre": True}
DEALS = 24
PROPERTY = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
# The search for a record where a shown field matters costs more: fewer tables, as many fields.
SEARCH = settings(PROPERTY, max_examples=12)


def settlement(session: Session, state: TableState, record: DealRecord, position: int) -> tuple:
    try:
        e = settle_deal(session, state, record, position)
    except EngineError as error:
        return ("refused", error.code)
    return ("settled", e.outcome, e.line, e.stake, e.multiplier, e.factor, e.deltas, e.state)


def settles(result: tuple) -> bool:
    return result[0] == "settled"


def values(field: str, record: DealRecord) -> list:
    """What a scorer could enter for `field` (the runs as the form offers them)."""
    if field in ("run_side", "run_hombre"):
        return [0, *range(3, 13)]
    if field in ("premiers", "vole_attempted", "claims.matadors", "claims.sans_prendre"):
        return [False, True]
    if field in ("ally", "mediateur_giver"):
        return [None, 0, 1, 2, 3]
    if field == "called":
        return [None] + [rank + suit for rank in "KQ" for suit in SUITS]
    if field == "hombre_tricks":
        return [None, *range(11)]
    if field == "remainder_winner":
        return [None, NONE_HELD, 0, 1, 2, 3]
    if field == "trump":
        return list(SUITS)
    if field == "tricks_by_seat":
        return [None, *_distributions(record)]
    raise AssertionError(field)


def _distributions(record: DealRecord) -> list[tuple[int, ...]]:
    """Ways the four players' tricks can agree with the record: the opponents' tricks all to one of them, or
    spread as evenly as they go."""
    tricks = record.tricks or 0
    own = tricks if record.ally is None or record.hombre_tricks is None else record.hombre_tricks
    opponents = [s for s in range(4) if s not in (record.hombre, record.ally)]
    shapes = [[10 - tricks if s == o else 0 for s in opponents] for o in opponents]
    even = [(10 - tricks) // len(opponents)] * len(opponents)
    for i in range((10 - tricks) % len(opponents)):
        even[i] += 1
    shapes.append(even)
    found = []
    for shape in shapes:
        seats = [0, 0, 0, 0]
        seats[record.hombre] = own
        if record.ally is not None:
            seats[record.ally] = tricks - own
        for seat, count in zip(opponents, shape, strict=True):
            seats[seat] = count
        found.append(tuple(seats))
    return found


def changed(record: DealRecord, field: str, value) -> DealRecord:
    """The record with one field changed; a one-player side has one run, so its two names change together."""
    if field == "claims.matadors":
        return dataclasses.replace(record, claims=Claims(value, record.claims.sans_prendre))
    if field == "claims.sans_prendre":
        return dataclasses.replace(record, claims=Claims(record.claims.matadors, value))
    if field in ("run_side", "run_hombre") and record.ally is None:
        return dataclasses.replace(record, run_side=value, run_hombre=value)
    return dataclasses.replace(record, **{field: value})


def tables(ruleset: RuleSet, seed: int):
    rng = random.Random(seed)
    session = random_session(rng, ruleset)
    for position, (record, state) in enumerate(random_table(rng, session, DEALS, void_rate=0), start=1):
        yield session, state, record, position


# --- a field the list does not show never changes the settlement ---------------------------------------------


def check_unshown(session: Session, state: TableState, record: DealRecord, position: int) -> None:
    shown = fields_read(session, record, held=state.held)
    base = settlement(session, state, record, position)
    assert settles(base)
    # What a form that shows only these fields records: the same deal.
    assert settlement(session, state, only_read(record, shown), position) == base, (record, shown)
    for field in CONDITIONAL:
        if field in shown or field == "run_hombre" and record.ally is None:  # one run, named run_side
            continue
        for value in values(field, record):
            other = settlement(session, state, changed(record, field, value), position)
            assert not settles(other) or other == base, (field, value, record, session.options)


@pytest.mark.parametrize("ruleset", list(RuleSet))
@PROPERTY
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_field_the_list_does_not_show_never_changes_the_settlement(ruleset, seed):
    for session, state, record, position in tables(ruleset, seed):
        check_unshown(session, state, record, position)


# --- every field the list shows can change it ------------------------------------------------------------------


def as_entered(session: Session, state: TableState, record: DealRecord) -> DealRecord:
    """What a form that shows the list's fields records for `record`."""
    return only_read(record, fields_read(session, record, held=state.held))


def changes_alone(session: Session, state: TableState, record: DealRecord, position: int, field: str) -> bool:
    entered = as_entered(session, state, record)
    base = settlement(session, state, entered, position)
    if not settles(base):
        return False
    absent = ABSENT.get(field)
    if field not in ("claims.matadors", "claims.sans_prendre"):
        without = as_entered(session, state, changed(entered, field, absent))
        if not settles(settlement(session, state, without, position)):
            return True  # the rules refuse the record without it
    for value in values(field, entered):
        # From what the form shows, or from the whole record: a change of shape (no ally: forced spadille played
        # alone) shows fields the first did not, which the scorer then fills in.
        for source in (entered, record):
            other = settlement(session, state, as_entered(session, state, changed(source, field, value)), position)
            if settles(other) and other != base:
                return True
    return False


def can_change(session: Session, state: TableState, record: DealRecord, position: int, field: str) -> bool:
    """Whether some record of the same shape as `record` settles differently with `field` changed: the record
    itself, the record with one other field (or without penalties, with another trump, or with premiers and a vole
    attempt, and one other field) changed, or either at a fresh table (a pot too small to pay a unit, say)."""
    shown = fields_read(session, record, held=state.held)
    starts = [(state, position)]
    if not state.held:
        starts.append((dataclasses.replace(opening_state(session), next_dealer=record.dealer), 1))
    for start, at in starts:
        plain = dataclasses.replace(record, penalties=())  # a penalty can bar the vole
        bases = [record, plain] + [changed(plain, "trump", t) for t in SUITS if t != record.trump]
        if (record.tricks or 0) >= 6:  # from seven to nine tricks, premiers and the vole attempt go together
            bases.append(dataclasses.replace(plain, premiers=True, vole_attempted=True))
        for base in bases:
            if not settles(settlement(session, start, base, at)):
                continue
            if changes_alone(session, start, base, at, field):
                return True
            for other in CONDITIONAL:
                if other == field:
                    continue
                for value in values(other, base):
                    near = changed(base, other, value)
                    if fields_read(session, near, held=start.held) != shown:
                        continue
                    if changes_alone(session, start, near, at, field):
                        return True
    return False


def check_shown(session: Session, state: TableState, record: DealRecord, position: int) -> None:
    shown = fields_read(session, record, held=state.held)
    for field in CONDITIONAL:
        # The ally is one of the deal's players, like the hombre: asked wherever there is one, even where no chip
        # depends on him (a lost forced spadille in modern chips); the player's pages count alliances by him.
        if field in shown and field != "ally":
            assert can_change(session, state, record, position, field), (field, record, session.options)


@pytest.mark.parametrize("ruleset", list(RuleSet))
@SEARCH
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_field_the_list_shows_can_change_the_settlement(ruleset, seed):
    for session, state, record, position in tables(ruleset, seed):
        check_shown(session, state, record, position)


# --- the cases that once asked for a field nothing reads (issue figures: 353 of 1,996 random records) --------


def record(contract: Contract, tricks: int, **fields) -> DealRecord:
    return DealRecord(dealer=0, contract=contract, hombre=1, trump="S", tricks=tricks, **fields)


@pytest.mark.parametrize(
    ("ruleset", "options", "deal", "unread"),
    [
        # A lost MC deal pays nothing under mc.loss = carry: no matadors, no claim (§4.3.2).
        (RuleSet.MODERN_CHIPS, {}, record(Contract.SOLO, 3), {"run_side", "run_hombre", "claims.matadors"}),
        (RuleSet.MODERN_CHIPS, {}, record(Contract.ALLIANCE, 5, ally=2), {"run_side", "run_hombre"}),
        # A declared vole is a vole line whatever premiers says, in points and in counters.
        (RuleSet.PARLETT_POINTS, {}, record(Contract.VOLE_BID, 8), {"premiers", "vole_attempted"}),
        (RuleSet.BRITANNICA_COUNTERS, {}, record(Contract.VOLE_BID, 7), {"premiers", "vole_attempted"}),
        # The médiateur's king changes the fee only when it is doubled for the favourite suit.
        (RuleSet.PARLETT_CHIPS, {"variant.mediateur": "on"}, record(Contract.MEDIATEUR, 6), {"called"}),
        # Claims pay nothing when their counters are 0.
        (RuleSet.BRITANNICA_COUNTERS, {"bc.matador_per": 0}, record(Contract.SOLO, 6), {"run_side", "claims.matadors"}),
        (RuleSet.BRITANNICA_COUNTERS, {"bc.sans_appeller": 0}, record(Contract.SOLO, 6), {"claims.sans_prendre"}),
        # A forced spadille that may not play for the vole is not asked about it.
        (RuleSet.PARLETT_CHIPS, {"forced.vole_allowed": False}, record(Contract.FORCED, 7, ally=2), {"vole_attempted"}),
    ],
)
def test_the_list_no_longer_asks_what_nothing_reads(ruleset, options, deal, unread):
    session = Session(ruleset=ruleset, options=Options.from_mapping(options))
    assert not fields_read(session, deal) & unread


def test_forced_spadille_played_alone_asks_one_run_like_a_solo():
    # in MC it is paid as a solo, its matadors included; its side is one player, so its runs are equal.
    session = Session(ruleset=RuleSet.MODERN_CHIPS, options=Options(call_forced_self_call=True))
    shown = fields_read(session, record(Contract.FORCED, 6))
    assert {"run_side", "claims.matadors"} <= shown and "run_hombre" not in shown
    solo = fields_read(session, record(Contract.SOLO, 6))
    assert shown - {"ally"} == solo
