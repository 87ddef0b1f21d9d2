"""The plain score sheet explains a penalty beside the deal it cost (not a bare -5 beside a won deal) and prints
the sign-offs recorded on the phones instead of blank signature lines."""

from __future__ import annotations

import dataclasses
import io

import pytest
from pypdf import PdfReader

from scorekeeper.engine import Penalty, PenaltyKind
from scorekeeper.reports import documents, gather
from scorekeeper.tables.services import deal_record, table_sign
from tests.factories import make_table
from tests.tables.pc6 import PC6

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture
def signed_table_with_a_penalty():
    """PC-6's four deals, one tour (the round), Ben renouncing in deal 1; Ann and Cat sign on their phones."""
    table = make_table(options={"session.tours": 1})
    first = dataclasses.replace(PC6[0], penalties=(Penalty(PenaltyKind.RENOUNCE, (1,)),))
    for position, record in enumerate([first, *PC6[1:]], start=1):
        deal_record(table=table, position=position, record=record)
    table_sign(table=table, seat=0)
    table_sign(table=table, seat=2)
    return table


def test_the_sheet_says_what_a_penalty_cost_and_who_signed(signed_table_with_a_penalty, screenshot_dir):
    pdf = documents.table_sheet(gather.sheet_for(signed_table_with_a_penalty))
    (screenshot_dir / "28-9-sheet.pdf").write_bytes(pdf)
    text = text_of(pdf)
    # Deal 1 (§4.1, PC-6): each antes 1, so the stake is 4; Ben's renounce puts the stake, 4, into the pot
    # (A-46, "mapped"): Ben -1 - 4 = -5 beside Ann's lost solo.
    assert "-5 35" in text.replace("−", "-")
    assert "Penalties" in text
    assert "1. Penalty (renounce): Ben puts 4 into the pot." in text
    assert "Ann: signed on the phone" in text and "Cat: signed on the phone" in text
    assert "Ben: ____" in text and "Dan: ____" in text
    assert "Ann: ____" not in text


def test_a_record_only_penalty_is_named_too():
    table = make_table(ruleset="modern-chips")
    first = dataclasses.replace(PC6[0], penalties=(Penalty(PenaltyKind.SHOWED_CARDS, (2,)),))
    deal_record(table=table, position=1, record=first)
    text = text_of(documents.table_sheet(gather.sheet_for(table)))
    assert "1. Penalty (showed cards): Cat; recorded only, it costs nothing under these rules." in text
