from __future__ import annotations

from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scorekeeper.events.services import table_link_renew
from scorekeeper.links import absolute_url, is_loopback_host
from scorekeeper.tables.models import Table
from tests.factories import make_table, make_user

pytestmark = pytest.mark.django_db


def test_healthz_answers_200_and_writes_nothing(client):
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"
    assert not [q["sql"] for q in queries if not q["sql"].upper().startswith("SELECT")]
    assert "sessionid" not in response.cookies


def test_unknown_address_gets_the_site_404_without_the_url_list(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Page not found" in text and 'class="topbar"' in text
    assert "URLconf" not in text and "admin/" not in text


def test_a_deal_saved_on_a_replaced_table_link_is_said_not_saved(client):
    table = make_table()
    old = table.token
    table_link_renew(table=table)
    saved = client.post(reverse("table", kwargs={"token": old}), {"position": "1", "contract": "solo"})
    assert saved.status_code == 404
    text = saved.content.decode()
    assert "If the director has given this table a new link, this one no longer works" in text
    assert "What you entered was not saved" in text
    opened = client.get(reverse("table", kwargs={"token": old})).content.decode()
    assert "this one no longer works" in opened and "not saved" not in opened
    elsewhere = client.get("/no/such/page/").content.decode()
    assert "this one no longer works" not in elsewhere
    table = Table.objects.get(pk=table.pk)  # the new link
    no_deal = client.get(reverse("deal", kwargs={"token": table.token, "position": 99}))
    assert no_deal.status_code == 404 and "this one no longer works" not in no_deal.content.decode()


def test_an_error_gets_the_site_500_without_debug_text(client, settings):
    settings.ROOT_URLCONF = "tests.operations.boom_urls"
    client.raise_request_exception = False
    response = client.get("/boom/")
    assert response.status_code == 500
    text = response.content.decode()
    assert "Something went wrong" in text
    assert "secret-internal-detail" not in text and "Traceback" not in text and "SECRET_KEY" not in text


def test_the_error_pages_link_the_favicon(client, settings):
    assert '<link rel="icon" href="/static/icons/favicon.svg"' in client.get("/no/such/page/").content.decode()
    settings.ROOT_URLCONF = "tests.operations.boom_urls"
    client.raise_request_exception = False
    assert '<link rel="icon" href="/static/icons/favicon.svg"' in client.get("/boom/").content.decode()


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("127.0.0.1", True),
        ("127.0.1.1", True),
        ("[::1]", True),
        ("", True),
        ("192.168.1.20", False),
        ("quadrille.example.org", False),
        ("0.0.0.0", False),  # noqa: S104
    ],
)
def test_loopback_hosts(host, loopback):
    assert is_loopback_host(host) is loopback


def test_table_links_use_site_url_when_set(rf, settings):
    request = rf.get("/", HTTP_HOST="localhost")
    assert absolute_url(request, "/t/abc/") == "http://localhost/t/abc/"
    settings.SITE_URL = "http://192.168.1.20:8000"
    assert absolute_url(request, "/t/abc/") == "http://192.168.1.20:8000/t/abc/"


def test_blank_sheet_prints_the_site_url_link(client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    table = make_table()
    response = client.get(reverse("table-blank", kwargs={"token": table.token}), HTTP_HOST="localhost")
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)
    assert f"http://192.168.1.20:8000/t/{table.token}/" in text


def test_event_page_warns_when_links_point_to_this_computer(client, settings):
    director = make_user()
    table = make_table()
    table.event.club.directors.add(director)
    client.force_login(director)
    url = reverse("event", kwargs={"event_id": table.event.pk})
    warning = "phones cannot open them"
    assert warning in client.get(url, HTTP_HOST="localhost").content.decode()
    settings.SITE_URL = "http://192.168.1.20:8000"
    assert warning not in client.get(url, HTTP_HOST="localhost").content.decode()


def test_a_form_s_address_opened_in_a_browser_says_what_it_is(client):
    table = make_table()
    signed = client.get(reverse("table-sign", kwargs={"token": table.token}))
    assert signed.status_code == 405 and signed["Allow"] == "POST"
    text = signed.content.decode()
    assert "This address answers a form" in text and f'href="/t/{table.token}/"' in text
    director = make_user()
    table.event.club.directors.add(director)
    client.force_login(director)
    closing = client.get(reverse("event-close", args=[table.event.pk]))
    assert closing.status_code == 405 and "This address answers a form" in closing.content.decode()
    assert client.post(reverse("table-sign", kwargs={"token": table.token}), {"seat": "9"}).status_code != 405
