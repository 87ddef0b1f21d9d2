from __future__ import annotations

import json
import re

import pytest

from tests.factories import make_table


@pytest.mark.django_db
def test_a_tables_manifest_opens_that_table(client):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"), number=3)
    page = client.get(f"/t/{table.token}/").content.decode()
    assert f'<link rel="manifest" href="/t/{table.token}/manifest.webmanifest">' in page

    response = client.get(f"/t/{table.token}/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == f"/t/{table.token}/"
    assert manifest["short_name"] == "Table 3"
    assert manifest["name"] == "Table 3 · Evening"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f5c3a"
    assert [(i["src"], i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]] == [
        ("/static/icons/icon-192.png", "192x192", "any"),
        ("/static/icons/icon-512.png", "512x512", "any"),
        ("/static/icons/icon-maskable-512.png", "512x512", "maskable"),
    ]
    assert client.get("/t/no-such-table/manifest.webmanifest").status_code == 404


@pytest.mark.django_db
def test_the_service_worker_is_served_as_a_script_whose_scope_covers_the_table_pages(client):
    response = client.get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert 'new URL("/static/", self.location)' in script
    assert "{%" not in script
    assert client.post("/t/sw.js").status_code == 405


@pytest.mark.django_db
def test_the_table_page_carries_the_queue_hooks_and_its_words(client):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    page = client.get(f"/t/{table.token}/").content.decode()
    assert 'id="offline-queue"' in page
    assert 'data-position="1" data-number="1"' in page
    assert 'data-worker="/t/sw.js" data-scope="/t/"' in page
    assert '<script src="/static/js/offline.js" defer></script>' in page
    assert '"other": "%(count)s deals waiting to send"' in page
    assert '"one": "%(count)s deal waiting to send"' in page


@pytest.mark.django_db
def test_the_queue_speaks_the_pages_language(client):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    page = client.get(f"/t/{table.token}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    strings = json.loads(re.search(r'<script id="offline-strings" type="application/json">(.*?)</script>', page)[1])
    assert strings["all_sent"] == "Tous les coups sont envoyés"
    assert strings["waiting"] == {
        "one": "%(count)s coup en attente d'envoi",
        "other": "%(count)s coups en attente d'envoi",
    }
    assert strings["deal_heading"] == "Coup %(number)s"
