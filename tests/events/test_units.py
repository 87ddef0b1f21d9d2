"""Each rule set's own unit, in every language: Parlett points are points ("0 points each", never "0 chips each"),
Britannica counters are counters ("400 counters each", never "400 chips"), on the event page, in the standings
and in the evening's report."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scorekeeper.clubs.services import player_create
from scorekeeper.events.services import checkin_set, event_create
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

# The word each language has for chips (the catalogues' own). Danish and Spanish have no other word for
# Britannica's counters ("jetoner", "fichas"), so only the other languages can be checked for it there.
CHIPS = {"en": "chip", "fr": "jeton", "de": "jeton", "da": "jeton", "es": "ficha"}
EXPECTED = {
    ("parlett-points", 0): {
        "en": ("0 points each", "Points"),
        "fr": ("0 point chacun", "Points"),
        "de": ("0 Punkte pro Kopf", "Punkte"),
        "da": ("0 point hver", "Point"),
        "es": ("0 puntos cada uno", "Puntos"),
    },
    ("britannica-counters", 400): {
        "en": ("400 counters each", "Counters"),
        "fr": ("400 fiches chacun", "Fiches"),
        "de": ("400 Marken pro Kopf", "Marken"),
        "da": ("400 jetoner hver", "Jetoner"),
        "es": ("400 fichas cada uno", "Fichas"),
    },
}


@pytest.mark.parametrize("language", ["en", "fr", "de", "da", "es"])
@pytest.mark.parametrize(("ruleset", "start"), list(EXPECTED))
def test_the_event_page_and_standings_speak_the_rule_sets_unit(client, ruleset, start, language):
    director = make_user()
    club = make_club(directors=[director])
    event = event_create(club=club, name="Thursday", date=dt.date(2026, 11, 19), ruleset=ruleset, start=start)
    for name in ("Ann", "Ben", "Cat", "Dan"):
        checkin_set(event=event, player=player_create(club=club, name=name), present=True)
    client.force_login(director)
    client.cookies["django_language"] = language
    each, column = EXPECTED[(ruleset, start)][language]
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    standings = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    assert each in page
    assert f'<th scope="col">{column}</th>' in standings
    report = PdfReader(io.BytesIO(client.get(reverse("event-report", args=[event.pk])).content))
    text = " ".join(page.extract_text() for page in report.pages)
    for words in (page, standings, text):
        if ruleset == "parlett-points" or language in ("en", "fr", "de"):
            assert CHIPS[language] not in words.lower()
