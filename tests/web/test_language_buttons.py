"""The language switch at the foot of every page."""

from __future__ import annotations

from scorekeeper.pages.templatetags.languages import language_buttons


def test_each_language_in_its_own_name_with_the_current_one_marked():
    html = language_buttons("fr")
    assert html == (
        '<button type="submit" name="language" value="en" lang="en">English</button>'
        '<button type="submit" name="language" value="en-gb" lang="en-gb">British English</button>'
        '<button type="submit" name="language" value="fr" lang="fr" aria-current="true" class="current">'
        "Français</button>"
        '<button type="submit" name="language" value="de" lang="de">Deutsch</button>'
        '<button type="submit" name="language" value="da" lang="da">Dansk</button>'
        '<button type="submit" name="language" value="es" lang="es">Español</button>'
    )
    assert language_buttons("de").count('aria-current="true"') == 1
    assert 'value="de" lang="de" aria-current="true"' in language_buttons("de")


def test_the_page_foot_has_them(client):
    html = client.get("/", headers={"Accept-Language": "da"}).content.decode()
    current = '<button type="submit" name="language" value="da" lang="da" aria-current="true" class="current">'
    assert current + "Dansk</button>" in html
