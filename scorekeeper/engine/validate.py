"""Validation of a deal record against the rules (§1.3, §2, §3.2, §4.4.3, INV-12).

Every impossible record is refused with an EngineError: a stable code, the field at fault and a message a
scorer understands. `check_deal` also returns the record completed with what the rules imply (the run of a
one-player side, the vole attempt of a declared vole, the hombre's tricks when he plays alone).
"""

from __future__ import annotations

from scorekeeper.engine.bounds import check_count, is_int
from scorekeeper.engine.cards import SUITS, is_red, max_run
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.model import (
    NONE_HELD,
    ONE_PLAYER,
    WITH_ALLY,
    Contract,
    DealRecord,
    PenaltyKind,
    RuleSet,
)
from scorekeeper.engine.options import Options

SEAT_WORDS = "a seat from 0 to 3"


SEATS = frozenset(range(4))
NO_KINDS: frozenset[PenaltyKind] = frozenset()


def _seat(value: object, field: str, code: str, what: str) -> int:
    # type() rather than isinstance(): True is not seat 1.
    if type(value) is not int or value not in SEATS:
        raise _not_a_seat(field, code, what)
    return value


def _not_a_seat(field: str, code: str, what: str) -> EngineError:
    return EngineError(code, field, f"{what} must be {SEAT_WORDS}")


def check_deal(
    deal: DealRecord,
    *,
    ruleset: RuleSet,
    options: Options,
    expected_dealer: int | None,
    held: int,
    eligible: tuple[int, ...],
) -> DealRecord:
    """Refuse an impossible record; return it completed. `expected_dealer` is None before the first deal."""
    dealer = deal.dealer
    if type(dealer) is not int or dealer not in SEATS:  # the seat checks of _seat, inline: they run for every deal
        raise _not_a_seat("dealer", "dealer_invalid", "the dealer")
    if expected_dealer is not None and dealer != expected_dealer:
        raise EngineError(
            "dealer_out_of_turn",
            "dealer",
            f"seat {expected_dealer} deals now (the deal passes to the right; after a misdeal the same dealer "
            f"deals again), not seat {dealer}",
        )
    if deal.void:
        if deal.remainder_winner is not None:
            raise EngineError(
                "remainder_winner_unexpected",
                "remainder_winner",
                "a misdeal takes no codille remainder; it waits for the next played deal",
            )
        return DealRecord(dealer=dealer, void=True)

    contract = deal.contract
    if type(contract) is not Contract:
        try:
            contract = Contract(contract)
        except ValueError:
            raise EngineError(
                "contract_invalid", "contract", "choose a contract: alliance, solo, vole, forced…"
            ) from None
    if contract is Contract.MEDIATEUR and options.variant_mediateur != "on":
        raise EngineError("contract_not_allowed", "contract", "the médiateur is not played in this event")
    if contract is Contract.SELF_CALL and not options.call_self_call_allowed:
        raise EngineError("contract_not_allowed", "contract", "calling one's own king is not allowed in this event")

    hombre = deal.hombre
    if type(hombre) is not int or hombre not in SEATS:
        raise _not_a_seat("hombre", "hombre_invalid", "the hombre")

    ally = deal.ally
    if contract in WITH_ALLY:
        if ally is None:
            if not (contract is Contract.FORCED and options.call_forced_self_call):
                raise EngineError("ally_required", "ally", "say who holds the called king (the ally)")
        else:
            ally = _seat(ally, "ally", "ally_invalid", "the ally")
            if ally == hombre:
                raise EngineError(
                    "ally_is_hombre",
                    "ally",
                    "the hombre cannot be his own ally: record a self-call instead"
                    if contract is Contract.ALLIANCE
                    else "in forced spadille the hombre must call a partner",
                )
    elif ally is not None:
        raise EngineError("ally_unexpected", "ally", "only an alliance or forced spadille has an ally")

    trump = deal.trump
    if trump not in SUITS:
        raise EngineError("trump_invalid", "trump", "choose the trump suit: spades, clubs, hearts or diamonds")

    called = deal.called
    if called is not None:
        if not isinstance(called, str) or len(called) != 2 or called[0] not in ("K", "Q") or called[1] not in SUITS:
            raise EngineError("called_invalid", "called", "the called card is a king or a queen, such as KH or QD")
        if contract in (Contract.ALLIANCE, Contract.FORCED, Contract.SELF_CALL) and called[1] == trump:
            raise EngineError("called_not_callable", "called", "the king and the queen of trumps can never be called")
        if contract in (Contract.SOLO, Contract.VOLE_BID):
            raise EngineError("called_unexpected", "called", "a solo or a vole calls no card")
        if called[0] != "K" and (contract is Contract.SELF_CALL or contract is Contract.FORCED and ally is None):
            # a self-call, and forced spadille played alone (a self-call, A-64), names one of his own kings.
            raise EngineError("self_call_not_king", "called", "a self-call names one of the hombre's own kings")
    elif (
        contract is Contract.MEDIATEUR
        and options.mediateur_double_fee_if == "king_is_favourite"
        and options.favourite_mode != "none"
    ):
        raise EngineError("called_required", "called", "say which king the médiateur bought")

    giver = deal.mediateur_giver
    if contract is Contract.MEDIATEUR:
        giver = _seat(giver, "mediateur_giver", "mediateur_giver_invalid", "the player who gave the king")
        if giver == hombre:
            raise EngineError("mediateur_giver_is_hombre", "mediateur_giver", "the hombre cannot buy his own king")
    elif giver is not None:
        raise EngineError("mediateur_giver_unexpected", "mediateur_giver", "only a médiateur buys a king")

    tricks = deal.tricks
    if type(tricks) is not int or not 0 <= tricks <= 10:  # type: ignore[operator]
        raise EngineError("tricks_invalid", "tricks", "tricks won by the contracting side: a number from 0 to 10")
    assert tricks is not None

    one_player = contract in ONE_PLAYER or ally is None
    hombre_tricks = deal.hombre_tricks
    if hombre_tricks is not None:
        if type(hombre_tricks) is not int or not 0 <= hombre_tricks <= tricks:
            raise EngineError(
                "hombre_tricks_invalid",
                "hombre_tricks",
                f"the hombre's own tricks must be between 0 and the side's {tricks}",
            )
        if one_player and hombre_tricks != tricks:
            raise EngineError(
                "hombre_tricks_mismatch", "hombre_tricks", "the hombre plays alone: his tricks are the side's"
            )
    elif one_player:
        hombre_tricks = tricks
    elif contract is Contract.ALLIANCE and uses_hombre_tricks(ruleset, options):
        raise EngineError(
            "hombre_tricks_required",
            "hombre_tricks",
            "how many tricks did the hombre take himself? (an ombre under three tricks pays alone)",
        )

    by_seat = deal.tricks_by_seat
    if by_seat is not None:
        if (
            not isinstance(by_seat, tuple | list)
            or len(by_seat) != 4
            or not all(is_int(t) and 0 <= t <= 10 for t in by_seat)
            or sum(by_seat) != 10
        ):
            raise EngineError("tricks_by_seat_invalid", "tricks_by_seat", "tricks of the four seats must add up to 10")
        side = (hombre,) if ally is None else (hombre, ally)
        if sum(by_seat[s] for s in side) != tricks:
            raise EngineError(
                "tricks_by_seat_mismatch",
                "tricks_by_seat",
                "the side's tricks by seat do not add up to its tricks",
            )
        if by_seat[hombre] != hombre_tricks and hombre_tricks is not None:
            raise EngineError(
                "tricks_by_seat_mismatch",
                "tricks_by_seat",
                "the hombre's tricks by seat differ from his own tricks",
            )
        if type(by_seat) is not tuple:
            by_seat = tuple(by_seat)
    elif options.outcome_thresholds == "ombre_style":
        raise EngineError(
            "tricks_by_seat_required",
            "tricks_by_seat",
            "this event needs every player's tricks (ombre-style codille)",
        )

    run_side, run_hombre = _check_runs(deal, trump, one_player)

    penalties = deal.penalties
    if penalties:
        eldest = (dealer + 1) % 4
        for p in penalties:
            _check_penalty(p, contract, ally, eldest)
        kinds = {p.kind for p in penalties}
    else:
        kinds = NO_KINDS

    premiers = deal.premiers
    vole = deal.vole_attempted or contract is Contract.VOLE_BID
    if not isinstance(premiers, bool) or not isinstance(deal.vole_attempted, bool):
        raise EngineError("flag_invalid", "premiers", "premiers and the vole attempt are yes or no")

    if premiers and tricks < 6:
        raise EngineError("premiers_too_few_tricks", "premiers", "premiers means the side took the first six tricks")
    if vole and not premiers and contract is not Contract.VOLE_BID:
        raise EngineError(
            "vole_without_premiers",
            "vole_attempted",
            "the vole is played for only after taking the first six tricks (premiers)",
        )
    if tricks == 10 and not vole:
        raise EngineError(
            "ten_tricks_without_vole", "tricks", "ten tricks are a vole: mark that the vole was played for"
        )
    if tricks == 10 and not premiers:
        raise EngineError("ten_tricks_without_premiers", "premiers", "all ten tricks include the first six: premiers")
    if contract is Contract.VOLE_BID and deal.vole_attempted is False:  # not read as true
        raise EngineError(
            "vole_bid_not_attempted", "vole_attempted", "a declared vole is played for the vole: mark the attempt"
        )
    played_on = premiers and not vole and tricks != 6
    if played_on and not (contract is Contract.FORCED or options.record_allow_play_on_after_premiers):
        raise EngineError(
            "premiers_without_six",
            "tricks",
            "premiers without a vole attempt means play stopped at six tricks",
        )

    barred = _vole_barred(contract, kinds, options)
    if vole and barred:
        # A declared vole is played for from the first trick: a bar refuses it like any attempt (§3.2).
        field = "contract" if contract is Contract.VOLE_BID else "vole_attempted"
        raise EngineError("vole_barred", field, f"the vole may not be played for: {barred}")
    if (
        premiers
        and not vole
        and not barred
        and PenaltyKind.PARTNER_OUT_OF_TURN in kinds
        and options.rules_partner_out_of_turn_vole == "compulsory"
        and contract is not Contract.FORCED
    ):
        raise EngineError(
            "vole_compulsory",
            "vole_attempted",
            "the called king's holder played out of turn: after premiers the side must play for the vole",
        )

    winner = deal.remainder_winner
    if held:
        if ruleset is not RuleSet.BRITANNICA_COUNTERS:
            raise EngineError("remainder_winner_unexpected", "remainder_winner", "no codille remainder is held")
        if winner is None:
            raise EngineError(
                "remainder_winner_required",
                "remainder_winner",
                "a codille remainder is held: who of the eligible players holds Spadille, or the highest trump?",
            )
        if winner != NONE_HELD:
            if not is_int(winner) or not 0 <= winner <= 3:  # type: ignore[operator]
                raise EngineError(
                    "remainder_winner_invalid",
                    "remainder_winner",
                    f"the remainder goes to {SEAT_WORDS} or 'none'",
                )
            if winner not in eligible:
                raise EngineError(
                    "remainder_winner_not_eligible",
                    "remainder_winner",
                    "only the defenders of the codille that left the remainder may take it",
                )
    elif winner is not None:
        raise EngineError("remainder_winner_unexpected", "remainder_winner", "no codille remainder is held")

    if (
        contract is deal.contract
        and hombre_tricks == deal.hombre_tricks
        and by_seat is deal.tricks_by_seat
        and vole is deal.vole_attempted
        and run_side == deal.run_side
        and run_hombre == deal.run_hombre
    ):
        return deal  # already complete: the app stores records in this form, so a replay allocates nothing
    return DealRecord(
        dealer,
        False,
        contract,
        hombre,
        ally,
        called,
        trump,
        tricks,
        hombre_tricks,
        by_seat,  # type: ignore[arg-type]
        premiers,
        vole,
        run_side,
        run_hombre,
        giver,
        deal.claims,
        penalties,
        winner,
    )


def uses_hombre_tricks(ruleset: RuleSet, options: Options) -> bool:
    """Whether an alliance records the hombre's own tricks (an ombre under three pays alone, §3.4)."""
    if options.bc_ombre_alone_basis != "own_tricks":
        return False
    if ruleset is RuleSet.BRITANNICA_COUNTERS:
        return True
    return ruleset is RuleSet.PARLETT_CHIPS and options.pc_alliance_loss == "britannica_split"


def _check_runs(deal: DealRecord, trump: str, one_player: bool) -> tuple[int, int]:
    run_side, run_hombre = deal.run_side, deal.run_hombre
    if run_side is not None and type(run_side) is not int:
        raise _run_not_a_number("run_side")
    if run_hombre is not None and type(run_hombre) is not int:
        raise _run_not_a_number("run_hombre")
    if one_player:
        if run_side is not None and run_hombre is not None and run_side != run_hombre:
            raise EngineError(
                "run_mismatch",
                "run_hombre",
                "the hombre plays alone: his run and the side's run are the same",
            )
        run = run_side if run_side is not None else run_hombre
        run = 0 if run is None else run
        _check_run_length(run, trump, 1, "run_side" if deal.run_side is not None else "run_hombre")
        return run, run
    run_side = 0 if run_side is None else run_side
    run_hombre = 0 if run_hombre is None else run_hombre
    _check_run_length(run_side, trump, 2, "run_side")
    _check_run_length(run_hombre, trump, 1, "run_hombre")
    if run_hombre > run_side:
        raise EngineError(
            "run_hombre_exceeds_side", "run_hombre", "the hombre's own run cannot be longer than the side's"
        )
    return run_side, run_hombre


def _run_not_a_number(field: str) -> EngineError:
    return EngineError("run_invalid", field, "a matador run is 0 or a number of trumps from 3 up")


MAX_RUN = {(trump, players): max_run(trump, players) for trump in SUITS for players in (1, 2)}


def _check_run_length(run: int, trump: str, players: int, field: str) -> None:
    if run == 0:
        return
    top = MAX_RUN[trump, players]
    if not 3 <= run <= top:
        colour = "red" if is_red(trump) else "black"
        hand = "one hand" if players == 1 else "the side"
        raise EngineError(
            "run_invalid",
            field,
            f"a matador run is 0 (fewer than three) or 3 to {top} for {hand} with {colour} trumps",
        )


def _check_penalty(p, contract: Contract, ally: int | None, eldest: int) -> None:
    try:
        kind = PenaltyKind(p.kind)
    except ValueError:
        raise EngineError("penalty_kind_invalid", "penalties", f"unknown penalty {p.kind!r}") from None
    seats = p.seats
    if not isinstance(seats, tuple | list) or not all(is_int(s) and 0 <= s <= 3 for s in seats):
        raise EngineError("penalty_seats_invalid", "penalties", f"a penalty names offenders as {SEAT_WORDS}")
    wanted = 2 if kind is PenaltyKind.TURNED_HAND else 1
    if len(seats) != wanted or len(set(seats)) != len(seats):
        words = "the turner and the owner of the hand" if wanted == 2 else "one offender"
        raise EngineError("penalty_seats_invalid", "penalties", f"{kind.value.replace('_', ' ')} names {words}")
    if not is_int(p.count) or p.count < 1:
        raise EngineError("penalty_count_invalid", "penalties", "a penalty happens at least once")
    check_count(p.count, "penalties")  # a settlement pays a penalty `count` times: never a number a file chose
    if not isinstance(p.intentional, bool):
        raise EngineError("penalty_invalid", "penalties", "intentional is yes or no")
    if kind in (PenaltyKind.FRIEND_REVEALED, PenaltyKind.PARTNER_OUT_OF_TURN):
        if contract not in WITH_ALLY or ally is None or seats[0] != ally:
            raise EngineError(
                "penalty_seats_invalid",
                "penalties",
                "only the holder of the called king (the ally) can do that",
            )
        if kind is PenaltyKind.FRIEND_REVEALED and seats[0] == eldest:
            raise EngineError(
                "penalty_seats_invalid",
                "penalties",
                "the eldest hand may lead a matador: that reveals nothing",
            )


def _vole_barred(contract: Contract, kinds: set[PenaltyKind] | frozenset[PenaltyKind], options: Options) -> str:
    if not kinds and contract is not Contract.FORCED:
        return ""
    if PenaltyKind.FRIEND_REVEALED in kinds:
        return "the friend revealed himself"
    if PenaltyKind.DISCOVERED_GAME in kinds:
        return "the side discovered its game"
    if contract is Contract.FORCED and not options.forced_vole_allowed:
        return "forced spadille does not play for the vole in this event"
    if PenaltyKind.PARTNER_OUT_OF_TURN in kinds and options.rules_partner_out_of_turn_vole == "barred":
        return "the called king's holder played out of turn"
    return ""
