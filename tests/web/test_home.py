from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_home_page_says_what_the_app_is(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Quadrille scorekeeper" in response.content.decode()
    assert "QUADRILLE-SCORING.md" in response.content.decode()


@pytest.mark.django_db
def test_home_page_refuses_post(client):
    assert client.post("/").status_code == 405
