from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_home_page_says_what_the_app_is(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Quadrille scorekeeper" in response.content.decode()
    assert "QUADRILLE-SCORING.md" in response.content.decode()
    assert 'href="/docs/rules/"' in response.content.decode()


@pytest.mark.django_db
def test_the_rules_and_the_interchange_format_are_served_from_the_project(client):
    rules = client.get("/docs/rules/")
    assert rules.status_code == 200
    assert rules["Content-Type"] == "text/html; charset=utf-8"
    assert "<h1>Quadrille (four-handed Ombre): scoring and settlement specification</h1>" in rules.content.decode()
    assert "<h3>7.10 Points settled after the engine was checked" in rules.content.decode()
    assert "<h2>Test vectors</h2>" in client.get("/docs/interchange/").content.decode()
    assert client.get("/docs/settings/").status_code == 404


@pytest.mark.django_db
def test_home_page_refuses_post(client):
    assert client.post("/").status_code == 405
