"""The deal interchange format, version 1 (INTERCHANGE.md): JSON documents in, ledgers out."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from scorekeeper.engine.bounds import check_document, is_int, whole_number
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.explain import render
from scorekeeper.engine.ledger import Ledger, fold
from scorekeeper.engine.model import (
    NONE_HELD,
    Claims,
    Contract,
    DealRecord,
    Opening,
    Penalty,
    PenaltyKind,
    RuleSet,
    Session,
)
from scorekeeper.engine.options import Options

INPUT_FORMAT = "quadrille-deals/1"
OUTPUT_FORMAT = "quadrille-ledger/1"

TOP_FIELDS = {"format", "ruleset", "options", "players", "start", "close", "favourite_suit", "deals"}
OPENING_FIELDS = {
    "pot": (RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS),
    "k": (RuleSet.PARLETT_POINTS,),
    "board": (RuleSet.BRITANNICA_COUNTERS,),
    "beasts": (RuleSet.BRITANNICA_COUNTERS,),
    "held": (RuleSet.BRITANNICA_COUNTERS,),
    "eligible": (RuleSet.BRITANNICA_COUNTERS,),
}
# A deal object's keys are the record's own fields (model.DEAL_FIELDS), and a penalty's the penalty's.
DEAL_FIELDS = frozenset(f.name for f in fields(DealRecord))
PENALTY_FIELDS = frozenset(f.name for f in fields(Penalty))


def read_input(path: str) -> bytes:
    """The bytes of the file at `path`, or of standard input for `-` (the command line's FILE arguments)."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise EngineError("file_unreadable", None, f"cannot read {path}: {exc.strerror}") from None


def load_json(text: str | bytes) -> Any:
    try:
        return json.loads(text, parse_int=whole_number)
    except (ValueError, UnicodeDecodeError) as exc:
        raise EngineError("json_invalid", None, f"the file is not valid JSON: {exc}") from None


def parse_session(doc: Any) -> tuple[Session, list[Any], bool]:
    """Session, the raw deal list, and `close`, from an input document. Deals are parsed one by one later."""
    if not isinstance(doc, Mapping):
        raise EngineError("document_invalid", None, "the document must be a JSON object")
    check_document(doc)
    unknown = set(doc) - TOP_FIELDS - set(OPENING_FIELDS)
    if unknown:
        name = sorted(unknown)[0]
        raise EngineError("field_unknown", name, f"{name!r} is not a field of the interchange format")
    if "format" in doc and doc["format"] != INPUT_FORMAT:
        raise EngineError("format_invalid", "format", f"the format must be {INPUT_FORMAT!r}")
    try:
        ruleset = RuleSet(doc.get("ruleset"))
    except ValueError:
        raise EngineError(
            "ruleset_invalid",
            "ruleset",
            "the rule set must be parlett-chips, parlett-points, modern-chips or britannica-counters",
        ) from None
    options = Options.from_mapping(doc.get("options"))

    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 4 or not all(isinstance(p, str) and p.strip() for p in players):
        raise EngineError("players_invalid", "players", "players must be four names, seats 0 to 3")
    start = doc.get("start", 0)
    if not is_int(start):
        raise EngineError("start_invalid", "start", "the starting balance must be a whole number")
    close = doc.get("close", False)
    if not isinstance(close, bool):
        raise EngineError("close_invalid", "close", "close must be true or false")

    favourite = doc.get("favourite_suit")
    if options.favourite_mode == "drawn_card":
        if favourite not in ("S", "C", "H", "D"):
            raise EngineError(
                "favourite_suit_required",
                "favourite_suit",
                "the favourite suit drawn for the session: S, C, H or D",
            )
    elif favourite is not None:
        raise EngineError(
            "favourite_suit_unexpected",
            "favourite_suit",
            "a favourite suit is given only when it is drawn (favourite.mode = drawn_card)",
        )

    opening = _parse_opening(doc, ruleset)
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise EngineError("deals_invalid", "deals", "deals must be a list")
    session = Session(
        ruleset=ruleset,
        options=options,
        players=tuple(players),  # type: ignore[arg-type]
        start=start,
        favourite_suit=favourite,
        opening=opening,
    )
    return session, deals, close


def _parse_opening(doc: Mapping[str, Any], ruleset: RuleSet) -> Opening:
    values: dict[str, Any] = {}
    for name, rulesets in OPENING_FIELDS.items():
        if name not in doc:
            continue
        if ruleset not in rulesets:
            raise EngineError("opening_unexpected", name, f"{name!r} is not a store of {ruleset.value}")
        values[name] = doc[name]
    for name in ("pot", "k", "board", "held"):
        if name in values and (not is_int(values[name]) or values[name] < 0):
            raise EngineError("opening_invalid", name, f"{name} must be a whole number, 0 or more")
    beasts = values.get("beasts", [])
    if not isinstance(beasts, list) or not all(is_int(b) and b > 0 for b in beasts):
        raise EngineError("opening_invalid", "beasts", "beasts must be a list of positive whole numbers")
    eligible = values.get("eligible", [])
    if (
        not isinstance(eligible, list)
        or not all(is_int(s) and 0 <= s <= 3 for s in eligible)
        or len(set(eligible)) != len(eligible)
    ):
        raise EngineError("opening_invalid", "eligible", "eligible must list distinct seats 0 to 3")
    held = values.get("held", 0)
    if held and not (2 <= len(eligible) <= 3 and held < len(eligible)):
        raise EngineError(
            "opening_invalid", "held", "a held remainder needs 2 or 3 eligible seats, more than the remainder"
        )
    if not held and eligible:
        raise EngineError("opening_invalid", "eligible", "eligible seats are given only with a held remainder")
    return Opening(
        pot=values.get("pot", 0),
        k=values.get("k", 0),
        board=values.get("board", 0),
        beasts=tuple(beasts),
        held=held,
        eligible=tuple(eligible),
    )


def _flag(raw: Mapping[str, Any], name: str) -> bool:
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise EngineError("flag_invalid", name, f"{name} must be true or false")
    return value


def _optional_int(raw: Mapping[str, Any], name: str, code: str, words: str) -> int | None:
    value = raw.get(name)
    if value is not None and not is_int(value):
        raise EngineError(code, name, words)
    return value


def parse_deal(raw: Any) -> DealRecord:
    """One deal object of the interchange format as a DealRecord (types only; the rules are checked later)."""
    if not isinstance(raw, Mapping):
        raise EngineError("deal_invalid", None, "each deal must be a JSON object")
    unknown = set(raw) - DEAL_FIELDS
    if unknown:
        name = sorted(unknown)[0]
        raise EngineError("field_unknown", name, f"{name!r} is not a field of a deal")
    if "dealer" not in raw:
        raise EngineError("dealer_invalid", "dealer", "every deal names its dealer")
    dealer = raw["dealer"]
    if not is_int(dealer):
        raise EngineError("dealer_invalid", "dealer", "the dealer must be a seat from 0 to 3")
    void = _flag(raw, "void")
    if void:
        extra = set(raw) - {"dealer", "void", "remainder_winner"}
        if extra:
            name = sorted(extra)[0]
            raise EngineError("void_with_result", name, "a misdeal has no contract or result")
        winner = raw.get("remainder_winner")
        return DealRecord(dealer=dealer, void=True, remainder_winner=winner)

    contract = raw.get("contract")
    try:
        contract = Contract(contract)
    except ValueError:
        raise EngineError(
            "contract_invalid",
            "contract",
            "the contract must be alliance, self_call, solo, vole_bid, forced or mediateur",
        ) from None
    seats = {}
    for name in ("hombre", "ally", "mediateur_giver"):
        seats[name] = _optional_int(
            raw,
            name,
            f"{name}_invalid" if name != "mediateur_giver" else "mediateur_giver_invalid",
            f"{name} must be a seat from 0 to 3",
        )
    if raw.get("hombre") is None:
        raise EngineError("hombre_invalid", "hombre", "say who the hombre is")
    if "tricks" not in raw or not is_int(raw["tricks"]):
        raise EngineError("tricks_invalid", "tricks", "tricks of the contracting side: a number from 0 to 10")
    hombre_tricks = _optional_int(raw, "hombre_tricks", "hombre_tricks_invalid", "the hombre's tricks: a number")
    by_seat = raw.get("tricks_by_seat")
    if by_seat is not None:
        if not isinstance(by_seat, list) or len(by_seat) != 4 or not all(is_int(t) for t in by_seat):
            raise EngineError("tricks_by_seat_invalid", "tricks_by_seat", "tricks by seat: four whole numbers")
        by_seat = tuple(by_seat)
    for name in ("run_side", "run_hombre"):
        _optional_int(raw, name, "run_invalid", "a matador run is 0 or a number of trumps from 3 up")
    claims_raw = raw.get("claims", {})
    if not isinstance(claims_raw, Mapping) or set(claims_raw) - {"matadors", "sans_prendre"}:
        raise EngineError("claims_invalid", "claims", "claims are {matadors: true|false, sans_prendre: true|false}")
    claims = Claims(
        _flag(claims_raw, "matadors") if "matadors" in claims_raw else True,
        _flag(claims_raw, "sans_prendre") if "sans_prendre" in claims_raw else True,
    )
    penalties = tuple(_parse_penalty(p) for p in _list(raw, "penalties"))
    called = raw.get("called")
    if called is not None and not isinstance(called, str):
        raise EngineError("called_invalid", "called", "the called card is a king or a queen, such as KH or QD")
    trump = raw.get("trump")
    winner = raw.get("remainder_winner")
    if winner is not None and winner != NONE_HELD and not is_int(winner):
        raise EngineError("remainder_winner_invalid", "remainder_winner", "a seat from 0 to 3, or 'none'")
    return DealRecord(
        dealer=dealer,
        contract=contract,
        hombre=seats["hombre"],
        ally=seats["ally"],
        called=called,
        trump=trump,
        tricks=raw["tricks"],
        hombre_tricks=hombre_tricks,
        tricks_by_seat=by_seat,
        premiers=_flag(raw, "premiers"),
        vole_attempted=_flag(raw, "vole_attempted"),
        run_side=raw.get("run_side"),
        run_hombre=raw.get("run_hombre"),
        mediateur_giver=seats["mediateur_giver"],
        claims=claims,
        penalties=penalties,
        remainder_winner=winner,
    )


def _list(raw: Mapping[str, Any], name: str) -> list[Any]:
    value = raw.get(name, [])
    if not isinstance(value, list):
        raise EngineError("penalty_invalid", name, f"{name} must be a list")
    return value


def _parse_penalty(raw: Any) -> Penalty:
    if not isinstance(raw, Mapping) or set(raw) - PENALTY_FIELDS or "kind" not in raw:
        raise EngineError("penalty_invalid", "penalties", "a penalty is {kind, seats, count, intentional}")
    try:
        kind = PenaltyKind(raw["kind"])
    except ValueError:
        raise EngineError("penalty_kind_invalid", "penalties", f"unknown penalty {raw['kind']!r}") from None
    seats = raw.get("seats")
    if not isinstance(seats, list) or not all(is_int(s) for s in seats):
        raise EngineError("penalty_seats_invalid", "penalties", "a penalty lists its offenders' seats")
    count = raw.get("count", 1)
    if not is_int(count):
        raise EngineError("penalty_count_invalid", "penalties", "a penalty's count is a whole number")
    intentional = raw.get("intentional", False)
    if not isinstance(intentional, bool):
        raise EngineError("penalty_invalid", "penalties", "intentional is true or false")
    return Penalty(kind, tuple(seats), count, intentional)


def parse_document(doc: Any) -> tuple[Session, list[DealRecord], bool]:
    """Session, deal records and `close`; a deal that does not parse raises EngineError at its position."""
    session, raw_deals, close = parse_session(doc)
    deals = []
    for position, raw in enumerate(raw_deals, start=1):
        try:
            deals.append(parse_deal(raw))
        except EngineError as error:
            raise error.at(position) from None
    return session, deals, close


def document_json(session: Session, deals: Sequence[DealRecord], *, close: bool = False) -> dict[str, Any]:
    """The input document of INTERCHANGE.md for a session and its deals: what `parse_document` reads back."""
    doc: dict[str, Any] = {
        "format": INPUT_FORMAT,
        "ruleset": session.ruleset.value,
        "players": list(session.players),
        "start": session.start,
    }
    options = session.options.as_mapping(changed_only=True)
    if options:
        doc["options"] = options
    if session.favourite_suit:
        doc["favourite_suit"] = session.favourite_suit
    opening = session.opening
    for name in OPENING_FIELDS:
        value = getattr(opening, name)
        if value:
            doc[name] = list(value) if isinstance(value, tuple) else value
    if close:
        doc["close"] = True
    doc["deals"] = [deal_json(deal) for deal in deals]
    return doc


def settle_document(doc: Any, *, explain: bool = False) -> Ledger:
    session, deals, close = parse_document(doc)
    return fold(session, deals, close=close, explain=explain)


def ledger_json(ledger: Ledger, *, explain: bool = False) -> dict[str, Any]:
    """The output document of INTERCHANGE.md (with `explain`, each deal also carries its explanation)."""
    ruleset = ledger.session.ruleset
    deals = []
    for e in ledger.entries:
        item: dict[str, Any] = {
            "position": e.position,
            "number": e.number,
            "tour": e.tour,
            "void": e.void,
            "outcome": None if e.outcome is None else e.outcome.value,
            "line": None if e.line is None else e.line.value,
            "stake": e.stake,
            "multiplier": e.multiplier,
            "factor": e.factor,
            "deltas": list(e.deltas),
            "balances": list(e.balances),
            "store": e.state.store(ruleset),
        }
        if explain:
            item["explanation"] = render(e.notes, ledger.session.players)
        deals.append(item)
    closing = None
    if ledger.closing is not None:
        closing = {
            "deltas": list(ledger.closing.deltas),
            "balances": list(ledger.closing.balances),
            "store": ledger.closing.state.store(ruleset),
        }
    return {
        "format": OUTPUT_FORMAT,
        "ruleset": ruleset.value,
        "deals": deals,
        "balances": list(ledger.state.balances),
        "store": ledger.state.store(ruleset),
        "closing": closing,
    }


def deal_json(deal: DealRecord) -> dict[str, Any]:
    """A deal record in the interchange format, leaving out what is empty or default."""
    if deal.void:
        return {"dealer": deal.dealer, "void": True}
    out: dict[str, Any] = {"dealer": deal.dealer, "contract": deal.contract.value}  # type: ignore[union-attr]
    out["hombre"] = deal.hombre
    if deal.ally is not None:
        out["ally"] = deal.ally
    if deal.called:
        out["called"] = deal.called
    out["trump"] = deal.trump
    out["tricks"] = deal.tricks
    if deal.hombre_tricks is not None and deal.ally is not None:
        out["hombre_tricks"] = deal.hombre_tricks
    if deal.tricks_by_seat is not None:
        out["tricks_by_seat"] = list(deal.tricks_by_seat)
    if deal.premiers:
        out["premiers"] = True
    if deal.vole_attempted:
        out["vole_attempted"] = True
    if deal.run_side:
        out["run_side"] = deal.run_side
    if deal.run_hombre:
        out["run_hombre"] = deal.run_hombre
    if deal.mediateur_giver is not None:
        out["mediateur_giver"] = deal.mediateur_giver
    if not (deal.claims.matadors and deal.claims.sans_prendre):
        out["claims"] = {"matadors": deal.claims.matadors, "sans_prendre": deal.claims.sans_prendre}
    if deal.penalties:
        out["penalties"] = [
            {"kind": p.kind.value, "seats": list(p.seats), "count": p.count, "intentional": p.intentional}
            for p in deal.penalties
        ]
    if deal.remainder_winner is not None:
        out["remainder_winner"] = deal.remainder_winner
    return out
