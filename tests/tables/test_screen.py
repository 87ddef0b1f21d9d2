"""The entry screen's cache (tables/screen.py): what it keeps is what a fresh fold shows, and every change to the
table is on the page at once. Figures are QUADRILLE-SCORING.md's PC-6 example, worked out by hand there."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables import screen
from scorekeeper.tables.presenters import ledger_row_html
from scorekeeper.tables.selectors import table_by_token, table_ledger
from scorekeeper.tables.services import StaleDeal, deal_record
from tests.factories import make_table, make_user
from tests.tables.pc6 import BASE, PC6, PC6_POSTS

pytestmark = pytest.mark.django_db


def url(table, name="table", **kwargs):
    return reverse(name, kwargs={"token": table.token, **kwargs})


def balances(html: str) -> list[int]:
    """The four balances of the page's seat list."""
    return [int(b) for b in re.findall(r'<span class="balance[^"]*">(-?\d+)</span>', html)]


def ledger(html: str) -> str:
    """The page's ledger section (without the messages and the form around it)."""
    return re.search(r'<section id="ledger".*?</section>', html, re.S).group(0)


def save(client, table, position: int, fields: dict, on_commit) -> None:
    # The cache is extended once the save commits: run the commit hooks as a real request would.
    with on_commit(execute=True):
        response = client.post(url(table), {**BASE, **fields, "position": str(position)})
    assert response.status_code == 302


def test_the_page_kept_after_each_save_is_the_page_folded_afresh(client, django_capture_on_commit_callbacks):
    table = make_table()
    client.get(url(table))
    for position, fields in enumerate(PC6_POSTS, start=1):
        save(client, table, position, fields, django_capture_on_commit_callbacks)
        kept = client.get(url(table)).content.decode()
        caches["tables"].clear()
        fresh = client.get(url(table)).content.decode()
        assert ledger(kept) == ledger(fresh)
        assert balances(kept) == balances(fresh)
    assert balances(kept) == [36, 12, 12, 100]
    # Tour 1's changes: Ann -5+3-1-1, Ben -1-25-1-1, Cat -1+3-29-1, Dan -1+3-1+59.
    tour = '<td class="num">-4</td><td class="num">-28</td><td class="num">-28</td><td class="num">+60</td>'
    assert tour in kept and "(in play)" not in kept


def test_a_correction_and_an_import_are_on_the_page_at_once(client, django_capture_on_commit_callbacks, tmp_path):
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        save(client, table, position, fields, django_capture_on_commit_callbacks)
    html = client.get(url(table)).content.decode()
    assert balances(html) == [36, 12, 12, 100] and "corrected" not in ledger(html)

    # Ben made 5 tricks in deal 2, not 3: a remise instead of codille, and every later deal replays.
    fields = {**BASE, **PC6_POSTS[1], "tricks": "5", "position": "2", "reason": "Ben had 5"}
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url(table, "deal", position=2), fields).status_code == 302
    html = client.get(url(table)).content.decode()
    assert balances(html) == [32, 24, 8, 96]
    assert '<span class="tag">corrected</span>' in ledger(html)

    # Deals kept on paper, imported by the director into a table whose empty page was shown.
    paper = make_table(event=table.event, names=("Eve", "Fay", "Gus", "Hal"), number=2)
    assert "No deal recorded yet." in client.get(url(paper)).content.decode()
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    doc = {
        "format": "quadrille-deals/1",
        "ruleset": "parlett-chips",
        "players": ["Eve", "Fay", "Gus", "Hal"],
        "start": 40,
        "deals": [
            {"dealer": 3, "contract": "solo", "hombre": 0, "trump": "S", "tricks": 5},
            {"dealer": 0, "contract": "solo", "hombre": 1, "trump": "S", "tricks": 3},
        ],
    }
    path = tmp_path / "paper.json"
    path.write_text(json.dumps(doc))
    with path.open("rb") as handle, django_capture_on_commit_callbacks(execute=True):
        assert client.post(url(paper, "table-import"), {"file": handle}).status_code == 302
    html = client.get(url(paper)).content.decode()
    # PC-6's first two deals: -5 -1 -1 -1, then +3 -25 +3 +3, from 40 each; 24 left in the pot.
    assert balances(html) == [38, 14, 42, 42] and "pot 24" in html
    assert "No deal recorded yet." not in html and ledger(html).count('class="deal-rows"') == 2


def test_a_save_the_screen_had_not_seen_coming_is_settled_again_under_the_lock(client):
    table = make_table()
    client.get(url(table))  # this phone's screen: no deal yet
    seen = table_by_token(token=table.token)
    deal_record(table=table_by_token(token=table.token), position=1, record=PC6[0])  # the other phone
    with pytest.raises(StaleDeal):
        deal_record(
            table=seen, position=1, record=DealRecord(dealer=3, contract=Contract.SOLO, hombre=2, trump="H", tricks=7)
        )
    deal_record(table=seen, position=2, record=PC6[1])
    html = client.get(url(table)).content.decode()
    assert balances(html) == [38, 14, 42, 42] and "pot 24" in html


def test_a_strike_is_on_the_page_at_once(client, django_capture_on_commit_callbacks):
    table = make_table()
    for position, fields in enumerate(PC6_POSTS, start=1):
        save(client, table, position, fields, django_capture_on_commit_callbacks)
    html = client.get(url(table)).content.decode()  # the page of four deals is kept
    assert balances(html) == [36, 12, 12, 100] and "Struck out" not in html

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url(table, "deal-strike", position=4), {"reason": "Dan's solo was table 2's"})
    assert response.status_code == 302
    html = client.get(url(table)).content.decode()
    # Back to the balances after deal 3 (-5 -1 -1 -1; +3 -25 +3 +3; -1 -1 -29 -1 from 40 each).
    assert balances(html) == [37, 13, 13, 41]
    assert "Struck out" in html and "Dan&#x27;s solo was table 2&#x27;s" in html
    assert ledger(html).count('class="deal-rows"') == 3
    # Tour 1, three deals played: Ann -5+3-1, Ben -1-25-1, Cat -1+3-29, Dan -1+3-1.
    tour = '<td class="num">-3</td><td class="num">-27</td><td class="num">-27</td><td class="num">+1</td>'
    assert tour in html and "(in play)" in html


def test_the_rows_kept_in_two_parts_are_the_ledger_folded_afresh_before_and_after_each_merge(
    client, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(screen, "NEWEST_ROWS", 2)  # the newest rows go under the older ones every second save
    table = make_table()
    kept_rows = []
    for position, fields in enumerate(PC6_POSTS, start=1):
        save(client, table, position, fields, django_capture_on_commit_callbacks)
        client.get(url(table))  # the page the phone shows next: it keeps the rows when they were not kept
        current = table_by_token(token=table.token)
        session = current.session()
        view = table_ledger(table=current)
        fresh = "".join(
            ledger_row_html(row.entry, session.players, href=view.deal_href(row.entry.position), corrected=False)
            for row in reversed(view.rows)
        )
        assert screen.rows_get(token=table.token, revision=current.revision, session=session) == fresh
        assert fresh.count("<tbody") == position
        key = f"rows:{table.token}:{current.revision}:{screen.session_key(session)}:en"
        kept_rows.append(caches["tables"].get(key))
    # Deal 1's page folded the rows and kept them whole; deal 2 was added to the newest part, deal 3 merged the
    # newest part into the older rows, deal 4 began a newest part again.
    assert [rows.count for rows in kept_rows] == [0, 1, 0, 1]
    assert kept_rows[0].older == kept_rows[1].older != kept_rows[2].older == kept_rows[3].older
    assert caches["tables"].get(kept_rows[0].older) is None  # the older rows a merge replaced are dropped
