"""The table page's form for the next deal: its empty fields are kept in Django's cache between pages, and each page
still offers its own table's players, in its own language, with what the table's state asks for."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from scorekeeper.clubs.services import player_rename
from scorekeeper.engine import Contract, DealRecord
from scorekeeper.tables.services import deal_record
from tests.factories import make_table

pytestmark = pytest.mark.django_db


def page(client, table, **headers) -> str:
    response = client.get(reverse("table", args=[table.token]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def hombres(html: str) -> list[str]:
    """The names on the hombre's buttons, in seat order."""
    row = re.search(r'<fieldset class="pills seats" id="f-hombre">.*?</fieldset>', html, re.S).group(0)
    return re.findall(r"<span>([^<]*)</span>", row)


def test_each_table_offers_its_own_players(client):
    first = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    second = make_table(names=("Eve", "Fay", "Gus", "Hal"), event=first.event, number=2)
    assert hombres(page(client, first)) == ["Ann", "Ben", "Cat", "Dan"]
    assert hombres(page(client, second)) == ["Eve", "Fay", "Gus", "Hal"]
    assert hombres(page(client, first)) == ["Ann", "Ben", "Cat", "Dan"]


def test_a_renamed_player_is_offered_by_the_new_name(client):
    table = make_table()
    assert hombres(page(client, table)) == ["Ann", "Ben", "Cat", "Dan"]
    player_rename(player=table.seat_1, name="Benedict")
    assert hombres(page(client, table)) == ["Ann", "Benedict", "Cat", "Dan"]


def test_the_french_page_is_french_after_an_english_one(client):
    table = make_table()
    assert "<legend>Contract</legend>" in page(client, table, HTTP_ACCEPT_LANGUAGE="en")
    french = page(client, table, HTTP_ACCEPT_LANGUAGE="fr")
    assert "<legend>Contrat</legend>" in french and "<legend>Contract</legend>" not in french
    assert "<legend>Contract</legend>" in page(client, table, HTTP_ACCEPT_LANGUAGE="en")


def test_a_held_codille_remainder_is_asked_for_on_the_next_deal_only(client):
    # Britannica counters: a solo of 4 tricks is a codille whose remainder waits for the next deal (held 1).
    table = make_table(ruleset="britannica-counters", start=0)
    assert "Codille remainder goes to" not in page(client, table)
    deal_record(
        table=table, position=1, record=DealRecord(dealer=3, contract=Contract.SOLO, hombre=1, trump="S", tricks=4)
    )
    asked = page(client, table)
    assert "Codille remainder goes to" in asked and "nobody holds a trump: to the board" in asked
    paid = DealRecord(dealer=0, contract=Contract.SOLO, hombre=2, trump="S", tricks=6, remainder_winner=3)
    deal_record(table=table, position=2, record=paid)
    assert "Codille remainder goes to" not in page(client, table)


def preview(client, table, **fields) -> str:
    post = {"run_side": "0", "position": "1", "hombre": "0", "contract": "solo", "trump": "S", "tricks": "5", **fields}
    response = client.post(reverse("table-preview", args=[table.token]), post, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


class _Shown(HTMLParser):
    """The names of the form's fields outside any `hidden` block (what the scorer sees)."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[bool] = []  # per open <div>: is it hidden
        self.names: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div":
            self.blocks.append("hidden" in attrs)
        elif attrs.get("name") and not any(self.blocks):
            self.names.add(attrs["name"])

    def handle_endtag(self, tag):
        if tag == "div":
            self.blocks.pop()


def asked(html: str) -> set[str]:
    """The penalty fields the form asks for (shown, not hidden)."""
    parser = _Shown()
    parser.feed(html)
    return {name for name in parser.names if name.startswith("penalty_")}


def posted(html: str) -> set[str]:
    """The penalty fields on the page, shown or hidden."""
    return set(re.findall(r'name="(penalty_\w+)"', html))


def test_a_penalty_asks_for_its_offender_once_its_kind_is_chosen_and_a_second_one_after_it(client):
    table = make_table()
    assert asked(page(client, table)) == {"penalty_kind"}
    # Every part is on the page from the start, hidden: a phone without a connection shows them itself.
    assert posted(page(client, table)) == {
        f"penalty_{part}{slot}" for part in ("kind", "seat", "other", "count", "intentional") for slot in ("", "_2")
    }
    assert asked(preview(client, table)) == {"penalty_kind"}
    renounce = preview(client, table, penalty_kind="renounce")
    assert asked(renounce) == {
        "penalty_kind",
        "penalty_seat",
        "penalty_count",
        "penalty_intentional",
        "penalty_kind_2",
    }
    assert re.search(r'id="id_penalty_seat_error">Who committed the penalty\?<', renounce)
    turned = preview(client, table, penalty_kind="renounce", penalty_seat="1", penalty_kind_2="turned_hand")
    assert asked(turned) == {
        "penalty_kind",
        "penalty_seat",
        "penalty_count",
        "penalty_intentional",
        "penalty_kind_2",
        "penalty_seat_2",
        "penalty_other_2",
        "penalty_count_2",
        "penalty_intentional_2",
    }


def test_a_wrong_entry_in_a_penalty_part_not_asked_for_is_shown_beside_it(client):
    table = make_table()
    html = preview(client, table, penalty_count="12")
    assert "penalty_count" in asked(html)
    assert re.search(r'id="id_penalty_count_error">[^<]+<', html)
