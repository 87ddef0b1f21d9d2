from __future__ import annotations

import re

import pytest
from PIL import Image

from tests.factories import make_table


def _icon_links(html: str) -> list[str]:
    return re.findall(r'<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"', html)


@pytest.mark.django_db
def test_every_page_links_icons_that_are_served(client):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    for url in ("/", f"/t/{table.token}/"):
        links = _icon_links(client.get(url).content.decode())
        assert links == [
            "/static/icons/favicon.svg",
            "/static/icons/favicon-32.png",
            "/static/icons/apple-touch-icon.png",
        ]
        for link in links:
            assert client.get(link).status_code == 200


@pytest.mark.django_db
def test_the_bare_favicon_address_leads_to_the_icon(client):
    response = client.get("/favicon.ico", follow=True)
    assert response.redirect_chain == [("/static/icons/favicon.ico", 301)]
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-maskable-512.png", 512),
        ("apple-touch-icon.png", 180),
        ("favicon-32.png", 32),
    ],
)
def test_icons_have_the_sizes_the_manifest_and_the_pages_announce(settings, name, size):
    with Image.open(settings.BASE_DIR / "static" / "icons" / name) as image:
        assert image.size == (size, size)
        # A black spade in the middle of a white card on the green felt: each colour covers a good part.
        rgb = image.convert("RGB")
        assert rgb.getpixel((size // 2, size // 2)) == (29, 27, 22)
        counts = {colour: n for n, colour in rgb.getcolors(size * size)}
        for colour in ((29, 27, 22), (251, 248, 241), (31, 92, 58)):
            assert counts.get(colour, 0) > size * size // 20
