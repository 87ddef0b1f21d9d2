"""Hypothesis over the tournament pages, the duplicate pages and the table's entry forms, through the test client
with real sessions and CSRF tokens: whatever a user sends, the answer is 2xx, 3xx or 4xx, and a refused form
keeps what was typed. One world is built per test; the examples run in its transaction, so each sees what the
earlier ones changed (a dealt round, a fouled board, a substitute)."""

from __future__ import annotations

import io
import json
import os
import uuid
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils.html import escape
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Contract, DealRecord, Penalty, PenaltyKind
from scorekeeper.events.models import Event
from scorekeeper.tables.forms import DealForm
from scorekeeper.tables.models import Table
from scorekeeper.tables.selectors import table_ledger
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.forms import IMP_STEP, TOURNAMENT_OPTIONS, tournament_field_name
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.services import round_open
from tests.factories import make_table
from tests.tables.pc6 import BASE, PC6_POSTS
from tests.tables.posts import post_for
from tests.tournaments.builders import end_round_tables
from tests.web.test_fuzz import NASTY, evening, logged_in

pytestmark = pytest.mark.django_db(transaction=False)

# FUZZ_EXAMPLES=500 runs each longer; the suite draws 40 examples a test (the two heaviest pages 20), 260 in all.
# The suite's draws are the same on every run and every database (each test asserts it met both the answers it
# expects, which a random draw of 40 may miss); FUZZ_RANDOM=1 draws afresh.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
RANDOM = bool(os.environ.get("FUZZ_RANDOM"))


def fuzzed(examples: int = EXAMPLES):
    return settings(
        max_examples=examples,
        derandomize=not RANDOM,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


FAST = fuzzed()
HEAVY = fuzzed(max(EXAMPLES // 2, 1))  # a dozen pages an example, PDFs among them


# Text a person or a script might type: the suite's nasty values, numbers of any size, and anything at all.
numbers = st.integers(min_value=-(10**20), max_value=10**20).map(str)
text = st.one_of(st.sampled_from(NASTY), numbers, st.text(max_size=40))
names = st.one_of(
    st.sampled_from(["Ann", "ann", "Ben", "<b>Bold", "Kit <Marlowe", "Zoë", "=SUM(A1)", "x" * 300, "\u202e", "Ida"]),
    st.text(min_size=1, max_size=20),
)


STATUSES: Counter[int | str] = Counter()


def ok(response) -> None:
    event(f"{response.request['REQUEST_METHOD']} {response.status_code}")
    STATUSES[response.status_code] += 1
    assert response.status_code < 500, response.status_code


def duplicate_event() -> Event:
    return Tournament.objects.get(event__name="Duplicate <b>open").event


def table_event() -> Event:
    return Tournament.objects.get(event__name="Cup").event


# The new-tournament form: every option field, both formats with every method, the IMP step, entrants and sessions.

option_choices = {
    tournament_field_name(key): ["", default, *others] for key, (default, others, _) in TOURNAMENT_OPTIONS.items()
}


VALID_TOURNAMENT = {
    "name": "Spring open",
    "date": "2026-12-01",
    "ruleset": "parlett-chips",
    "start": "40",
    "tours": "2",
    "sessions": "2",
    "entrants": "\n".join(f"Entrant {n}" for n in range(1, 9)),
    "teams": "",
    "keep_apart": "",
    "seed": "",
}


# Teams and keep-apart pairs, good and bad: a name twice, a name not entered, a team too big for a table.
PAIRS = [
    "Aces: Entrant 1, Entrant 2",
    "Entrant 1, Entrant 2",
    "Entrant 1, Entrant 1",
    "Nobody, Entrant 1",
    ":",
    "Aces: Entrant 1\nAces: Entrant 3",
    "Entrant 1, Entrant 2, Entrant 3",
    "Aces: Entrant 1, Entrant 2, Entrant 3, Entrant 4, Entrant 5",
]


@st.composite
def tournament_form(draw) -> dict:
    """A form the app accepts (table or duplicate, any method), then a few fields changed to anything."""
    data = dict(VALID_TOURNAMENT)
    if draw(st.booleans()):
        data[tournament_field_name("tournament.format")] = "duplicate"
        data[tournament_field_name("tournament.method")] = draw(st.sampled_from(["", "matchpoints", "imps"]))
        if data[tournament_field_name("tournament.method")] == "imps" and draw(st.booleans()):
            data[tournament_field_name(IMP_STEP)] = draw(st.integers(1, 10_000).map(str))
    else:
        data[tournament_field_name("tournament.method")] = draw(
            st.sampled_from(option_choices[tournament_field_name("tournament.method")])
        )
    for field, choices in option_choices.items():
        if draw(st.integers(0, 3)) == 0:
            data[field] = draw(st.sampled_from(choices))
    changed = draw(st.lists(st.sampled_from([*VALID_TOURNAMENT, *option_choices, tournament_field_name(IMP_STEP),
                                             "rules", "kind", "rounds"]), max_size=3, unique=True))  # fmt: skip
    for field in changed:
        if field == "entrants":
            count = draw(st.sampled_from([0, 3, 4, 7, 8, 9, 13, 40, 400]))
            listed = [f"P{i}" for i in range(count)] + draw(st.lists(names, max_size=4))
            data["entrants"] = draw(st.sampled_from(["\n", "\r\n", ",", "\n\n  "])).join(draw(st.permutations(listed)))
        elif field == "sessions":
            data["sessions"] = draw(
                st.one_of(st.sampled_from(["1", "3, 2", "1,1,1", "32", "33", "16, 17", "0", ",", "²", "٣"]), text)
            )
        elif field in ("teams", "keep_apart"):
            data[field] = draw(st.sampled_from(PAIRS))
        elif field == "seed":
            data["seed"] = draw(st.one_of(st.just("a" * 32), st.just("G" * 32), st.just("f" * 129), text))
        elif field in option_choices:
            data[field] = draw(st.one_of(st.sampled_from(option_choices[field]), text))
        else:
            data[field] = draw(text)
    return data


def test_new_tournament_form():
    world = evening()
    client = logged_in(world["director"])
    url = reverse("tournament-new", kwargs={"club_id": world["club"].pk})
    token = client.cookies["csrftoken"].value
    STATUSES.clear()

    @FAST
    @given(tournament_form())
    def post(data):
        response = client.post(url, data, headers={"X-CSRFToken": token})
        ok(response)
        if response.status_code == 400:  # refused: every entry is still in the form, and each refusal is shown
            page = response.content.decode()
            form = response.context["form"]
            assert form.errors
            for messages in form.errors.values():
                for message in messages:
                    assert escape(message) in page, message
            for field in ("name", "entrants", "sessions", "teams", "keep_apart", "seed"):
                if field in data:
                    assert escape(form[field].value()) in page, field
                    assert form[field].value() == data[field], field

    post()
    assert STATUSES[302] and STATUSES[400]  # tournaments created, and forms refused


# The duplicate director's page: deal boards, mark fouled, before and after the round.


@st.composite
def director_post(draw) -> dict:
    data = {"action": draw(st.sampled_from(["deal", "foul", "", "x"]))}
    for field in ("round", "table", "board"):
        if draw(st.integers(0, 9)):
            data[field] = draw(st.one_of(st.sampled_from(["1", "2", "3", "0", "99"]), text))
    if draw(st.booleans()):
        data["reason"] = draw(text)
    return data


def test_duplicate_director_page():
    world = evening()
    client = logged_in(world["director"])
    event = duplicate_event()
    url = reverse("duplicate-director", kwargs={"event_id": event.pk})
    token = client.cookies["csrftoken"].value

    @FAST
    @given(director_post())
    def post(data):
        ok(client.post(url, data, headers={"X-CSRFToken": token}))
        ok(client.get(url))

    post()


# The phone's board form: wrong boards, dealers, positions; no result; the htmx form again.

deal_choices = {
    "contract": ["alliance", "self_call", "solo", "vole_bid", "forced", "mediateur"],
    "hombre": ["0", "1", "2", "3", "4"],
    "ally": ["0", "1", "2", "3", ""],
    "trump": ["S", "C", "H", "D"],
    "tricks": [str(n) for n in range(11)],
    "hombre_tricks": [str(n) for n in range(11)],
    "penalty_kind": ["", "renounce", "eleven_cards", "turned_hand", "showed_cards"],
    "penalty_kind_2": ["", "renounce", "showed_cards"],
    "penalty_seat": ["0", "1", "2", "3"],
    "penalty_seat_2": ["0", "1", "2", "3"],
    "penalty_other": ["0", "1", "2", "3", ""],
    "penalty_count": ["1", "2", "0", ""],
}


@st.composite
def record(draw, dealer: int, eligible) -> DealRecord:
    """A deal a table might play: a solo or an alliance, any tricks, sometimes a penalty or two."""
    hombre = draw(st.sampled_from(sorted(eligible) or [dealer]))
    contract = draw(st.sampled_from([Contract.SOLO, Contract.ALLIANCE]))
    ally = draw(st.sampled_from([s for s in range(4) if s != hombre])) if contract is Contract.ALLIANCE else None
    penalties = tuple(
        Penalty(kind=kind, seats=(seat,), count=draw(st.integers(1, 2)))
        for kind, seat in draw(
            st.lists(
                st.tuples(st.sampled_from([PenaltyKind.RENOUNCE, PenaltyKind.ELEVEN_CARDS]), st.integers(0, 3)),
                max_size=2,
            )
        )  # fmt: skip
    )
    return DealRecord(dealer=dealer, contract=contract, hombre=hombre, ally=ally, trump=draw(st.sampled_from("SCHD")),
                      tricks=draw(st.integers(0, 9)), penalties=penalties)  # fmt: skip


@st.composite
def changed(draw, post: dict) -> dict:
    """The post with a few of its fields (or the form's others) dropped or set to anything."""
    post = dict(post)
    for field in draw(st.lists(st.sampled_from(sorted({*post, *DealForm.base_fields})), max_size=3, unique=True)):
        if draw(st.integers(0, 3)) == 0:
            post.pop(field, None)
        else:
            pool = deal_choices.get(field)
            post[field] = draw(st.one_of(st.sampled_from(pool), text) if pool else text)
    return post


@st.composite
def table_post(draw, table: Table, board: int | None = None) -> dict:
    """The phone's post for the table's next deal (or the board's), valid, then perhaps changed."""
    view = table_ledger(table=table)
    position = view.next_position
    dealer = (board - 1) % 4 if board else view.next_dealer
    data = post_for(draw(record(dealer, view.state.eligible)), session=view.session, state=view.state,
                    position=position, key=uuid.uuid4().hex)  # fmt: skip
    return draw(st.one_of(st.just(data), changed(data)))


def test_board_entry():
    evening()
    tournament = duplicate_event().tournament
    end_round_tables(tournament, 1)
    duplicate.round_boards_deal(tournament=tournament, number=2)
    round_open(tournament=tournament, number=2)  # round 1 played, round 2 under way
    client = logged_in(None)
    token = client.cookies["csrftoken"].value
    tables = list(Table.objects.filter(event=duplicate_event()).order_by("pk"))
    STATUSES.clear()

    @FAST
    @given(st.data())
    def post(data):
        table = data.draw(st.sampled_from(tables))
        url = reverse("board-entry", kwargs={"token": table.token})
        state = duplicate.table_boards(planned=duplicate.duplicate_of_table(table))
        board = data.draw(st.one_of(st.sampled_from([*state.order, state.next_board or 1]), st.integers(0, 10**10)))
        form = data.draw(table_post(table, board=max(board, 1)))
        form["board"] = str(board) if data.draw(st.integers(0, 5)) else data.draw(text)
        form["action"] = data.draw(st.sampled_from(["save", "save", "save", "no_result", "", "x"]))
        htmx = data.draw(st.integers(0, 5)) == 0
        headers = {"X-CSRFToken": token, **({"HX-Request": "true"} if htmx else {})}
        response = client.post(url, form, headers=headers)
        ok(response)
        if response.status_code == 400:
            refused(response, form)
        ok(client.get(url))

    post()
    assert STATUSES[302] and STATUSES[400]  # boards saved, and boards refused


def refused(response, data: dict) -> None:
    """A refused form says why beside its fields and keeps every entry that reached them."""
    page = response.content.decode()
    form = response.context["form"]
    errors = [m for ms in form.errors.values() for m in ms]
    choice = response.context.get("choice")
    if choice is not None:
        errors += [m for ms in choice.errors.values() for m in ms]
    assert errors
    for message in errors:
        assert escape(message) in page, message


# The tournament's pages with any round, entrant, board or document number, before and after the round.


def test_tournament_pages_any_number():
    world = evening()
    director = logged_in(world["director"])
    events = [duplicate_event(), table_event()]
    links = [e.public_link.token for e in events if hasattr(e, "public_link")]
    end_round_tables(events[0].tournament, 1)
    duplicate.round_boards_deal(tournament=events[0].tournament, number=2)  # round 1 published, round 2 dealt only
    STATUSES.clear()

    @HEAVY
    @given(
        st.sampled_from(events),
        st.one_of(st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=10**12)),
        st.dictionaries(st.sampled_from(["round", "after", "format", "lang", "page"]), text, max_size=3),
    )
    def get(event, number, query):
        urls = [
            reverse("tournament", kwargs={"event_id": event.pk}),
            reverse("tournament-standings", kwargs={"event_id": event.pk}),
            reverse("tournament-live", kwargs={"event_id": event.pk}),
            reverse("tournament-card", kwargs={"event_id": event.pk, "number": number}),
            reverse("tournament-document", kwargs={"event_id": event.pk}),
            reverse("duplicate-director", kwargs={"event_id": event.pk}),
            reverse("duplicate-folders", kwargs={"event_id": event.pk, "number": number}),
            reverse("duplicate-check", kwargs={"event_id": event.pk, "number": number % 5}),
            reverse("duplicate-movement", kwargs={"event_id": event.pk, "number": number % 5}),
        ]
        for token in links:
            urls += [
                reverse("duplicate-results", kwargs={"token": token}),
                reverse("duplicate-traveller", kwargs={"token": token, "board": number}),
                reverse("duplicate-traveller", kwargs={"token": token, "board": number % 20}),
                reverse("duplicate-card", kwargs={"token": token, "number": number % 14}),
            ]
        for url in urls:
            ok(director.get(url, query))

    get()
    assert STATUSES[200] and STATUSES[404]  # pages shown, and numbers of nothing answered "not found"


# The director's changes on the tournament's page: substitutes, late arrivals, withdrawals, keep-apart, rounds.


@st.composite
def change_post(draw) -> dict:
    data = {
        "action": draw(
            st.sampled_from(
                [
                    "confirm",
                    "open",
                    "redraw",
                    "late",
                    "withdraw",
                    "keep_apart",
                    "substitute",
                    "verify",
                    "end_table",
                    "close",
                    "",
                    "x",
                ]  # fmt: skip
            )
        )
    }
    for field in ("round", "name", "entrant", "first", "second", "table", "seat", "from_deal", "confirm", "reason"):
        if draw(st.booleans()):
            data[field] = draw(st.one_of(st.integers(0, 400).map(str), text, names))
    return data


def test_tournament_changes():
    world = evening()
    client = logged_in(world["director"])
    token = client.cookies["csrftoken"].value
    events = [duplicate_event(), table_event()]

    @HEAVY
    @given(st.sampled_from(events), change_post())
    def post(event, data):
        response = client.post(reverse("tournament-change", kwargs={"event_id": event.pk}), data,
                               headers={"X-CSRFToken": token})  # fmt: skip
        ok(response)
        ok(client.get(reverse("tournament", kwargs={"event_id": event.pk})))

    post()


# The table's entry pages: preview, save, strike, correction, with random fields and penalties chosen partly.


def test_table_entry_pages():
    world = evening()
    client = logged_in(None)
    director = logged_in(world["director"])
    token = client.cookies["csrftoken"].value
    tables = list(
        Table.objects.filter(event__club=world["club"]).exclude(event__kind=Event.Kind.TOURNAMENT).order_by("pk")
    )
    STATUSES.clear()

    @FAST
    @given(st.data())
    def post(data):
        table = data.draw(st.sampled_from(tables))
        form = data.draw(table_post(table))
        what = data.draw(st.sampled_from(["preview", "save", "save", "strike", "correct"]))
        htmx = data.draw(st.booleans())
        headers = {"X-CSRFToken": token, **({"HX-Request": "true"} if htmx else {})}
        position = data.draw(st.sampled_from([1, 2, 3, 4, 99]))
        if what == "preview":
            url, form = reverse("table-preview", kwargs={"token": table.token}), {**form, "action": "preview"}
        elif what == "save":
            url = reverse("table", kwargs={"token": table.token})
        elif what == "strike":
            url = reverse("deal-strike", kwargs={"token": table.token, "position": position})
        else:
            url = reverse("deal", kwargs={"token": table.token, "position": position})
            ok(director.post(url, form, headers={"X-CSRFToken": director.cookies["csrftoken"].value}))
        response = client.post(url, form, headers=headers)
        ok(response)
        context = response.context or {}
        if response.status_code in (403, 409) and not htmx:  # the round is complete, or another phone was first
            assert 'class="messages"' in response.content.decode() or "json" in response["Content-Type"]
        elif what == "save" and "form" in context and context["form"].is_bound and context["form"].errors:
            refused(response, form)
            STATUSES["refused"] += 1
        ok(client.get(reverse("table", kwargs={"token": table.token})))

    post()
    # Whatever the draws met: a table of its own refuses PC-6's first deal without its tricks, saying why beside
    # the field with the entries kept, and saves it whole.
    fresh = make_table()
    url = reverse("table", kwargs={"token": fresh.token})
    whole = {**BASE, "position": "1", **PC6_POSTS[0], "action": "save"}
    without_tricks = {k: v for k, v in whole.items() if k != "tricks"}
    refused(client.post(url, without_tricks, headers={"X-CSRFToken": token}), without_tricks)
    assert client.post(url, whole, headers={"X-CSRFToken": token}).status_code == 302


# The import command with a broken or hostile document: one line, exit status 2, never a traceback.


documents = st.one_of(
    st.sampled_from([b"", b"{}", b"[]", b"\xff\xfe", b"[" * 5000 + b"]" * 5000, b'{"format": "quadrille-tournament"}']),
    st.binary(max_size=200),
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10)),
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)),
        max_leaves=20,
    ).map(lambda value: json.dumps(value).encode()),
)


def test_import_command_hostile_documents(tmp_path):
    world = evening()
    event = duplicate_event()
    exported = json.loads(Client_get(logged_in(world["director"]), event))

    @FAST
    @given(documents, st.lists(st.text(max_size=8), max_size=3), st.one_of(st.none(), text))
    def run(raw, path, value):
        if path and value is not None:  # the club's own export with one value replaced somewhere in it
            document = json.loads(json.dumps(exported))
            node = document
            for key in path[:-1]:
                node = node.setdefault(key, {}) if isinstance(node, dict) else node
            if isinstance(node, dict):
                node[path[-1]] = value
            raw = json.dumps(document).encode()
        target = tmp_path / "t.json"
        target.write_bytes(raw)
        try:
            call_command("import_tournament", str(target), "--club", str(world["club"].pk), stdout=io.StringIO())
        except CommandError as error:
            assert error.returncode == 2
            assert "\n" not in str(error)

    run()


def Client_get(client, event) -> bytes:
    response = client.get(reverse("tournament-document", kwargs={"event_id": event.pk}))
    assert response.status_code == 200
    return response.content
