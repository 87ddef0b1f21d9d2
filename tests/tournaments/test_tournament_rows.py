"""`{% entrant_rows %}` and `{% table_rows %}`: what an entrant typed is text, never markup, and each row links to
the right score card."""

from __future__ import annotations

from django.utils import translation

from scorekeeper.tournaments.pages import RoundScore, Row, Seat, TableRow
from scorekeeper.tournaments.templatetags.tournament_rows import entrant_rows, table_rows

NAME = '<b>Ann & "Bo"</b>'
ESCAPED = "&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;"


def _row(**changes) -> Row:
    values = {
        "place": "=3",
        "number": 7,
        "name": NAME,
        "total": "2 1/3",
        "rounds": (RoundScore(1, "R1 · T2", "2 1/3"), RoundScore(2, "R2 · T1", "")),
        "played": 1,
        "firsts": 0,
        "chips": 4,
        "withdrawn": False,
        "decided_by": "",
        "playing": True,
    }
    return Row(**{**values, **changes})


def test_an_entrants_name_is_escaped_and_links_to_his_card():
    with translation.override("en"):
        html = entrant_rows([_row()], ("../cards/", "/"))
    assert NAME not in html
    assert f'<a href="../cards/7/">{ESCAPED}</a> <span class="muted">· playing</span>' in html
    assert f'<summary aria-label="{ESCAPED}: total 2 1/3, the rounds that make it">2 1/3</summary>' in html
    # A round still being played shows an ellipsis for its score.
    assert '<ul class="made-of"><li>R1 · T2 <b>2 1/3</b></li><li>R2 · T1 <b>…</b></li></ul>' in html
    assert "<td>=3</td>" in html


def test_the_card_link_is_escaped():
    with translation.override("en"):
        html = entrant_rows([_row(number=21)], ('cards/"&', "/"))
    assert 'href="cards/&quot;&amp;21/"' in html


def test_a_withdrawn_entrant_ahead_on_a_tie_break_is_worded_in_the_language():
    with translation.override("fr"):
        html = entrant_rows(
            [_row(withdrawn=True, playing=False, decided_by="<i>premières</i>", rounds=())], ("../cards/", "/")
        )
    assert html.lstrip().startswith('<tr class="muted">')
    assert '<span class="muted">· retiré</span>' in html
    assert '<span class="muted">· devant aux &lt;i&gt;premières&lt;/i&gt;</span>' in html
    assert "<li>aucun tour pour l&#x27;instant</li>"  # escaped as {% translate %} escapes in html


def test_a_table_being_played_shows_its_deals_and_escapes_its_names():
    seats = tuple(Seat(n, NAME if n == 1 else f"E{n}", "+8", "1 1/2") for n in (1, 2, 3, 4))
    with translation.override("en"):
        html = table_rows([TableRow(5, seats, True, 12, 40, False), TableRow(6, seats, False, 3, 40, True)])
    assert '<tr><td>5 <span class="muted">playing, 12/40</span></td>' in html
    assert '<tr><td>6 <span class="muted">short</span></td>' in html
    assert f"<td>{ESCAPED}</td>" in html and NAME not in html
    assert html.count("<tbody>") == 2 and html.count("<tr>") == 8
