"""The rules of Quadrille and its four settlement rule sets (QUADRILLE-SCORING.md), in pure Python.

Frozen dataclasses in, frozen dataclasses out; integers only; errors carry stable codes. No Django here.
"""

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.interchange import deal_json, document_json, ledger_json, parse_document, settle_document
from scorekeeper.engine.ledger import (
    Closing,
    Ledger,
    LedgerEntry,
    TableState,
    close_session,
    fold,
    settle_deal,
)
from scorekeeper.engine.model import (
    Claims,
    Contract,
    DealRecord,
    Line,
    Opening,
    Outcome,
    Penalty,
    PenaltyKind,
    RuleSet,
    Session,
)
from scorekeeper.engine.options import OPTION_SPECS, Options

__all__ = [
    "OPTION_SPECS",
    "Claims",
    "Closing",
    "Contract",
    "DealRecord",
    "EngineError",
    "Ledger",
    "LedgerEntry",
    "Line",
    "Opening",
    "Options",
    "Outcome",
    "Penalty",
    "PenaltyKind",
    "RuleSet",
    "Session",
    "TableState",
    "close_session",
    "deal_json",
    "document_json",
    "fold",
    "ledger_json",
    "parse_document",
    "settle_deal",
    "settle_document",
]
