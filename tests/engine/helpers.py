"""Small builders for engine tests: an interchange document from a few deals, settled."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine import EngineError, ledger_json, settle_document

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def document(ruleset: str, deals: list[dict], options: dict | None = None, **extra: Any) -> dict:
    doc: dict[str, Any] = {"format": "quadrille-deals/1", "ruleset": ruleset, "players": PLAYERS, "deals": deals}
    if options:
        doc["options"] = options
    doc.update(extra)
    return doc


def settle(ruleset: str, deals: list[dict], options: dict | None = None, **extra: Any) -> dict:
    return ledger_json(settle_document(document(ruleset, deals, options, **extra)))


def deltas(ruleset: str, deals: list[dict], options: dict | None = None, **extra: Any) -> list[list[int]]:
    return [d["deltas"] for d in settle(ruleset, deals, options, **extra)["deals"]]


def error_of(ruleset: str, deals: list[dict], options: dict | None = None, **extra: Any) -> EngineError:
    try:
        settle(ruleset, deals, options, **extra)
    except EngineError as error:
        return error
    raise AssertionError("the document was accepted")
