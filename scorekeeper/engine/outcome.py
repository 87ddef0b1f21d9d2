"""Classification of a deal's result (§3.3)."""

from __future__ import annotations

from scorekeeper.engine.model import DealRecord, Line, Outcome


def classify(deal: DealRecord, thresholds: str) -> Outcome:
    tricks = deal.tricks
    assert tricks is not None
    if tricks >= 6:
        return Outcome.WON
    if tricks == 5:
        return Outcome.REMISE
    if thresholds == "britannica_literal" and tricks == 4:
        return Outcome.REMISE
    if thresholds == "ombre_style" and tricks == 4:
        by_seat = deal.tricks_by_seat
        assert by_seat is not None
        # Codille only when a defender personally beat the side's four tricks.
        return Outcome.CODILLE if max(by_seat[o] for o in deal.opponents) > 4 else Outcome.REMISE
    return Outcome.CODILLE


def line_of(deal: DealRecord, outcome: Outcome) -> Line:
    if outcome is Outcome.REMISE:
        return Line.REMISE
    if outcome is Outcome.CODILLE:
        return Line.CODILLE
    if deal.vole_attempted:
        return Line.VOLE_WON if deal.tricks == 10 else Line.VOLE_LOST
    return Line.PREMIERS if deal.premiers else Line.WON
