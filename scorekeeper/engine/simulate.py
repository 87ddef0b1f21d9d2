"""Random valid deals, for property tests, benchmarks and demonstration evenings.

`random_deal` draws a record that the rules allow at the table's current state: the right dealer, a consistent
trick count, premiers and vole, runs that exist, and the codille remainder's winner when one is held.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scorekeeper.engine.cards import SUITS, max_run
from scorekeeper.engine.ledger import TableState, opening_state, settle_deal
from scorekeeper.engine.model import (
    NONE_HELD,
    Claims,
    Contract,
    DealRecord,
    Penalty,
    PenaltyKind,
    RuleSet,
    Session,
)
from scorekeeper.engine.options import OPTION_SPECS, Options, attribute


def contracts_allowed(options: Options) -> list[Contract]:
    # Weighted roughly as clubs play: alliances most, then solos; forced and declared voles are rarer.
    allowed = [Contract.ALLIANCE] * 3 + [Contract.SOLO, Contract.FORCED, Contract.VOLE_BID]
    if options.call_self_call_allowed:
        allowed.append(Contract.SELF_CALL)
    if options.variant_mediateur == "on":
        allowed.append(Contract.MEDIATEUR)
    return allowed


def _run(rng: random.Random, trump: str, players: int, at_most: int | None = None) -> int:
    top = max_run(trump, players) if at_most is None else min(at_most, max_run(trump, players))
    if top < 3 or rng.random() < 0.55:
        return 0
    return rng.randint(3, min(top, rng.choice((3, 4, 5, top))))


def random_deal(
    rng: random.Random,
    session: Session,
    state: TableState,
    *,
    void_rate: float = 0.04,
    penalty_rate: float = 0.05,
) -> DealRecord:
    """A record the rules allow as the table's next deal."""
    options = session.options
    dealer = state.next_dealer if state.next_dealer is not None else rng.randrange(4)
    if rng.random() < void_rate:
        return DealRecord(dealer=dealer, void=True)

    contract = rng.choice(contracts_allowed(options))
    hombre = rng.randrange(4)
    ally = None
    if contract in (Contract.ALLIANCE, Contract.FORCED):
        if contract is Contract.FORCED and options.call_forced_self_call and rng.random() < 0.1:
            ally = None
        else:
            ally = rng.choice([s for s in range(4) if s != hombre])
    trump = rng.choice(SUITS)
    one_player = ally is None
    called = None
    if contract in (Contract.ALLIANCE, Contract.FORCED, Contract.SELF_CALL) and rng.random() < 0.5:
        rank = rng.choice(["K", "Q"])
        if contract is Contract.SELF_CALL or ally is None:
            rank = "K"  # a self-call names one of the hombre's kings; drawn all the same, to keep the stream
        called = rank + rng.choice([s for s in SUITS if s != trump])
    giver = rng.choice([s for s in range(4) if s != hombre]) if contract is Contract.MEDIATEUR else None
    if contract is Contract.MEDIATEUR:
        called = "K" + rng.choice(SUITS)

    tricks = rng.choice((0, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10))
    premiers = False
    vole = contract is Contract.VOLE_BID
    barred = contract is Contract.FORCED and not options.forced_vole_allowed
    if tricks == 10 and barred:
        tricks = 9
    if tricks == 10:
        premiers = vole = True
    elif tricks >= 6 and rng.random() < 0.3:
        premiers = True
        vole = vole or (rng.random() < 0.3 and not barred)
        if not vole and not (contract is Contract.FORCED or options.record_allow_play_on_after_premiers):
            tricks = 6

    hombre_tricks = tricks if one_player else rng.randint(max(0, tricks - 10), tricks)
    by_seat = None
    if options.outcome_thresholds == "ombre_style" or rng.random() < 0.1:
        by_seat = [0, 0, 0, 0]
        by_seat[hombre] = hombre_tricks
        if ally is not None:
            by_seat[ally] = tricks - hombre_tricks
        opponents = [s for s in range(4) if s != hombre and s != ally]
        for _ in range(10 - tricks):
            by_seat[rng.choice(opponents)] += 1
        by_seat = tuple(by_seat)

    if one_player:
        run_side = run_hombre = _run(rng, trump, 1)
    else:
        run_side = _run(rng, trump, 2)
        run_hombre = _run(rng, trump, 1, at_most=run_side) if run_side else 0

    penalties: list[Penalty] = []
    if rng.random() < penalty_rate:
        kind = rng.choice(
            (PenaltyKind.RENOUNCE, PenaltyKind.ELEVEN_CARDS, PenaltyKind.TURNED_HAND, PenaltyKind.SHOWED_CARDS)
        )
        if kind is PenaltyKind.TURNED_HAND:
            penalties.append(Penalty(kind, tuple(rng.sample(range(4), 2))))
        else:
            penalties.append(Penalty(kind, (rng.randrange(4),), rng.choice((1, 1, 2))))
    eldest = (dealer + 1) % 4
    if ally is not None and ally != eldest and not vole and rng.random() < penalty_rate:
        penalties.append(Penalty(PenaltyKind.FRIEND_REVEALED, (ally,), 1, rng.random() < 0.5))

    winner: int | str | None = None
    if state.held:
        winner = rng.choice([*state.eligible, NONE_HELD])

    claims = Claims(rng.random() > 0.05, rng.random() > 0.05)
    return DealRecord(
        dealer=dealer,
        contract=contract,
        hombre=hombre,
        ally=ally,
        called=called,
        trump=trump,
        tricks=tricks,
        hombre_tricks=hombre_tricks,
        tricks_by_seat=by_seat,  # type: ignore[arg-type]
        premiers=premiers,
        vole_attempted=vole,
        run_side=run_side,
        run_hombre=run_hombre,
        mediateur_giver=giver,
        claims=claims,
        penalties=tuple(penalties),
        remainder_winner=winner,
    )


def random_table(
    rng: random.Random, session: Session, count: int, **kwargs: float
) -> Iterator[tuple[DealRecord, TableState]]:
    """`count` valid deals in order, each with the state before it."""
    state = opening_state(session)
    for position in range(1, count + 1):
        deal = random_deal(rng, session, state, **kwargs)
        yield deal, state
        state = settle_deal(session, state, deal, position).state


def random_options(rng: random.Random) -> Options:
    """Any option set of Appendix A (small numbers for the counter options)."""
    chosen = {}
    for key, (default, allowed) in OPTION_SPECS.items():
        if rng.random() < 0.5:
            continue
        if isinstance(allowed, tuple):
            chosen[attribute(key)] = rng.choice((default, *allowed))
        elif allowed == "boolean":
            chosen[attribute(key)] = rng.random() < 0.5
        elif key == "session.tours":
            chosen[attribute(key)] = rng.randint(1, 12)
        else:
            chosen[attribute(key)] = rng.randint(1 if allowed == "positive integer" else 0, 12)
    return Options(**chosen)


def random_session(rng: random.Random, ruleset: RuleSet, options: Options | None = None, start: int = 40) -> Session:
    options = random_options(rng) if options is None else options
    favourite = rng.choice(SUITS) if options.favourite_mode == "drawn_card" else None
    return Session(
        ruleset=ruleset, options=options, players=("Ann", "Ben", "Cat", "Dan"), start=start, favourite_suit=favourite
    )
