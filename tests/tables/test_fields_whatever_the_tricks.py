"""Premiers, the vole and the matadors that pay only at some counts of tricks are on the deal form whatever the tricks,
hidden until they apply (issue 24): a tap on the tricks never changes the form's fields, so the live preview answers
with the settlement alone; premiers or a vole sent with tricks they contradict is refused beside its field, never
dropped. The figures are QUADRILLE-SCORING.md's worked examples (PC-1, PC-4, the PP and MC sequences' first deals,
BC-6) and §4.1.4's closed forms."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.tables.models import Deal
from tests.factories import make_table

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
ROW = r'<th scope="row">(.*?)</th>\s*<td class="\w*">([+-]\d+)</td>\s*<td class="muted">(-?\d+)</td>'
SOLO = {"hombre": "0", "contract": "solo", "trump": "S", "run_side": "0"}


def preview(client, table, fields, **extra):
    data = {"position": "1", **fields, **extra}
    return client.post(reverse("table-preview", kwargs={"token": table.token}), data, headers=HTMX)


def save(client, table, fields):
    data = {"position": "1", "action": "save", **fields}
    return client.post(reverse("table", kwargs={"token": table.token}), data)


def shown(html: str) -> str:
    return re.search(r'<input type="hidden" name="shown" value="([^"]*)">', html)[1]


def label_of(html: str, name: str) -> str:
    """The opening tag of the label around field `name`."""
    at = html.index(f'name="{name}"')
    return html[html.rindex("<label", 0, at) : html.index(">", html.rindex("<label", 0, at)) + 1]


def rows(response) -> list[tuple[str, str, str]]:
    return re.findall(ROW, response.content.decode())


def settlement_alone(response) -> bool:
    return response.status_code == 200 and response.get("HX-Retarget") == "#preview"


def test_a_tap_on_six_tricks_gets_the_settlement_alone_premiers_and_the_vole_being_on_the_page_already(client):
    table = make_table()
    first = preview(client, table, SOLO)  # Ann, solo, spades: the whole form, before the tricks
    html = first.content.decode()
    assert "HX-Retarget" not in first
    # Premiers and the vole are on the page, hidden until six tricks or more are tapped (table.js reads the counts).
    assert label_of(html, "premiers") == '<label class="check" data-tricks="6 7 8 9 10" hidden>'
    assert label_of(html, "vole_attempted") == '<label class="check" data-tricks="6 7 8 9 10" hidden>'
    key = shown(html)
    # §4.1.4, solo won, S = 4 (each antes 1), no bonus: Ann -1 + 4 = +3, each other player -1.
    six = preview(client, table, {**SOLO, "tricks": "6"}, shown=key)
    assert settlement_alone(six)
    assert rows(six) == [("Ann", "+3", "43"), ("Ben", "-1", "39"), ("Cat", "-1", "39"), ("Dan", "-1", "39")]
    # Premiers ticked: b = 1, so Ann -1 + 4 + 3 = +6, each other player -1 - 1 = -2. The form is still the same one.
    premiers = preview(client, table, {**SOLO, "tricks": "6", "premiers": "on"}, shown=key)
    assert settlement_alone(premiers)
    assert rows(premiers) == [("Ann", "+6", "46"), ("Ben", "-2", "38"), ("Cat", "-2", "38"), ("Dan", "-2", "38")]
    # Back to 5 tricks (the page has hidden and unticked premiers): still the same fields, PC-6's remise.
    five = preview(client, table, {**SOLO, "tricks": "5"}, shown=key)
    assert settlement_alone(five)
    assert rows(five) == [("Ann", "-5", "35"), ("Ben", "-1", "39"), ("Cat", "-1", "39"), ("Dan", "-1", "39")]
    assert Deal.objects.count() == 0


def test_a_whole_form_shows_what_applies_at_the_tricks_tapped(client):
    table = make_table()
    seven = preview(client, table, {**SOLO, "tricks": "7"}).content.decode()
    assert label_of(seven, "premiers") == '<label class="check" data-tricks="6 7 8 9 10">'
    four = preview(client, table, {**SOLO, "tricks": "4"}).content.decode()
    assert label_of(four, "premiers") == '<label class="check" data-tricks="6 7 8 9 10" hidden>'
    assert shown(seven) == shown(four)


@pytest.mark.parametrize("ruleset", ["parlett-chips", "parlett-points", "modern-chips", "britannica-counters"])
@pytest.mark.parametrize("contract", ["solo", "alliance"])
def test_no_count_of_tricks_changes_the_fields(client, ruleset, contract):
    table = make_table(ruleset=ruleset, start=0)
    fields = {"hombre": "0", "contract": contract, "trump": "S", "run_side": "0", "run_hombre": "0"}
    if contract == "alliance":
        fields["ally"] = "2"
    key = shown(preview(client, table, fields).content.decode())
    for tricks in range(10):
        tapped = {**fields, "tricks": str(tricks), "hombre_tricks": str(tricks // 2)}
        assert settlement_alone(preview(client, table, tapped, shown=key)), tricks


@pytest.mark.parametrize(
    ("ruleset", "start", "first_dealer", "fields", "expected"),
    [
        # PC-1: Ann asks leave, calls Cat; run 3 (mat 1), premiers, T = 6.
        (
            "parlett-chips",
            40,
            3,
            {"hombre": "0", "contract": "alliance", "ally": "2", "tricks": "6", "run_side": "3", "premiers": "on"},
            [("Ann", "+5", "45"), ("Ben", "-5", "35"), ("Cat", "+5", "45"), ("Dan", "-5", "35")],
        ),
        # The PP sequence's deal 1: Ann + Cat, won with premiers: the alliance's premiers line, 10 each.
        (
            "parlett-points",
            0,
            3,
            {"hombre": "0", "contract": "alliance", "ally": "2", "tricks": "6", "premiers": "on"},
            [("Ann", "+10", "10"), ("Ben", "+0", "0"), ("Cat", "+10", "10"), ("Dan", "+0", "0")],
        ),
        # The MC sequence's deal 1: Ann + Cat, premiers, no matador run: +5 -2 -1 -2.
        (
            "modern-chips",
            40,
            3,
            {"hombre": "0", "contract": "alliance", "ally": "2", "tricks": "6", "premiers": "on"},
            [("Ann", "+5", "45"), ("Ben", "-2", "38"), ("Cat", "-1", "39"), ("Dan", "-2", "38")],
        ),
        # BC-6: dealer Ann; Dan sans prendre, no matadors, takes the first six, plays the seventh, T = 9.
        (
            "britannica-counters",
            0,
            0,
            {
                "hombre": "3",
                "contract": "solo",
                "tricks": "9",
                "run_side": "0",
                "premiers": "on",
                "vole_attempted": "on",
            },
            [("Ann", "-17", "-17"), ("Ben", "-7", "-7"), ("Cat", "-7", "-7"), ("Dan", "+31", "31")],
        ),
    ],
)
def test_each_rule_sets_worked_deal_with_premiers_on_a_tap_then_saved(
    client, ruleset, start, first_dealer, fields, expected
):
    table = make_table(ruleset=ruleset, start=start, first_dealer=first_dealer)
    entries = {"trump": "S", **fields}
    before = {name: value for name, value in entries.items() if name not in ("tricks", "premiers", "vole_attempted")}
    key = shown(preview(client, table, before).content.decode())
    tapped = preview(client, table, entries, shown=key)
    assert settlement_alone(tapped)
    assert rows(tapped) == expected
    assert save(client, table, entries).status_code == 302
    record = Deal.objects.get(table=table).to_record()
    assert record.premiers is True and record.vole_attempted is ("vole_attempted" in fields)


def test_a_saved_vole_attempt_is_recorded(client):
    # PC-4: dealer Cat; Dan solo, no matadors, premiers, leads to the 7th, T = 8: everyone breaks even.
    table = make_table(first_dealer=2)
    entries = {**SOLO, "hombre": "3", "tricks": "8", "premiers": "on", "vole_attempted": "on"}
    assert save(client, table, entries).status_code == 302
    record = Deal.objects.get(table=table).to_record()
    assert (record.hombre, record.tricks, record.premiers, record.vole_attempted) == (3, 8, True, True)
    page = client.get(reverse("table", kwargs={"token": table.token})).content.decode()
    assert re.findall(r'<span class="balance ?\w*">(\d+)</span>', page) == ["40", "40", "40", "40"]


@pytest.mark.parametrize(
    ("sent", "field", "message"),
    [
        ({"vole_attempted": "on"}, "vole_attempted", "The vole is played for only after winning the first six tricks."),
        ({"premiers": "on", "vole_attempted": "on"}, "premiers", "Premiers means the side took the first six tricks."),
        ({"premiers": "on"}, "premiers", "Premiers means the side took the first six tricks."),
    ],
)
def test_premiers_or_a_vole_sent_with_five_tricks_is_refused_beside_its_field_with_every_entry_kept(
    client, sent, field, message
):
    table = make_table()
    entries = {**SOLO, "tricks": "5", **sent}
    for response in (save(client, table, entries), preview(client, table, entries, shown="")):
        html = response.content.decode()
        assert response.status_code == 200 and "HX-Retarget" not in response
        error = re.search(rf'<p class="error" role="alert" id="id_{field}_error">(.*?)</p>', html)
        assert error and error[1] == message
        # The refused box is shown (not hidden) and still ticked, and so is everything else that was sent.
        for name in sent:
            assert "hidden" not in label_of(html, name)
            assert re.search(rf'<input type="checkbox" name="{name}"[^>]*\bchecked\b', html)
        assert re.search(r'name="tricks" value="5"[^>]*\bchecked\b', html)
        assert re.search(r'name="hombre" value="0"[^>]*\bchecked\b', html)
        assert re.search(r'name="contract" value="solo"[^>]*\bchecked\b', html)
        assert "remise" not in html  # no settlement as if the box had not been ticked
    assert Deal.objects.count() == 0


def test_a_run_paid_only_on_a_loss_or_only_on_a_win_is_on_the_page_whatever_the_tricks(client):
    # Modern chips with a loss settled as in Parlett chips (the side's run paid on a loss) and the hombre's own
    # run paid on any won contract: the two runs apply at opposite counts of tricks.
    options = {"mc.loss": "parlett", "mc.matador_bonus_contracts": "literal"}
    table = make_table(ruleset="modern-chips", options=options)
    fields = {"hombre": "0", "contract": "alliance", "ally": "2", "trump": "S", "run_side": "0", "run_hombre": "0"}
    before = preview(client, table, fields).content.decode()  # no tricks yet: either may apply, both shown
    assert label_of(before, "run_side") == '<label class="select" data-tricks="0 1 2 3 4 5">'
    assert label_of(before, "run_hombre") == '<label class="select" data-tricks="6 7 8 9 10">'
    seven = preview(client, table, {**fields, "tricks": "7"}).content.decode()
    assert label_of(seven, "run_side") == '<label class="select" data-tricks="0 1 2 3 4 5" hidden>'
    assert label_of(seven, "run_hombre") == '<label class="select" data-tricks="6 7 8 9 10">'
    for tricks in ("3", "7"):
        assert settlement_alone(preview(client, table, {**fields, "tricks": tricks}, shown=shown(before)))


def test_a_run_sent_where_the_tricks_do_not_pay_it_is_shown_not_hidden(client):
    # Parlett chips without matadors on a codille: a solo's run pays on a win or a remise (5 tricks), not at 4.
    table = make_table(options={"pc.codille_pays_matadors": False})
    html = preview(client, table, {**SOLO, "tricks": "4", "run_side": "3"}).content.decode()
    assert label_of(html, "run_side") == '<label class="select" data-tricks="5 6 7 8 9 10">'  # what was sent shows
    html = preview(client, table, {**SOLO, "tricks": "4"}).content.decode()
    assert label_of(html, "run_side") == '<label class="select" data-tricks="5 6 7 8 9 10" hidden>'
