"""The demo password never opens a server others can reach, and a forgotten password is sent by mail only where
mail is configured."""

from __future__ import annotations

import pytest
from django.core import mail

from scorekeeper.operations.startup import startup_refusals
from tests.factories import make_user

pytestmark = pytest.mark.django_db
REFUSED = (
    "The demo password opens nothing from another machine. On the computer that runs the app, give this account a "
    "password of its own: .venv/bin/python manage.py changepassword director"
)
LOCAL = {"HTTP_HOST": "localhost:8000", "REMOTE_ADDR": "127.0.0.1"}


def _login(client, password: str, url: str = "/accounts/login/", **meta):
    return client.post(url, {"username": "director", "password": password}, **{**LOCAL, **meta})


@pytest.fixture
def demo_director():
    return make_user("director", password="quadrille")


def test_the_demo_password_logs_in_on_this_machine_only(client, demo_director):
    assert _login(client, "quadrille").status_code == 302


@pytest.mark.parametrize(
    "meta",
    [
        {"HTTP_X_FORWARDED_FOR": "203.0.113.9"},  # a reverse proxy on this machine, the browser elsewhere
        {"HTTP_X_REAL_IP": "192.168.1.31"},
        {"HTTP_FORWARDED": 'for="203.0.113.9";proto=https'},
        {"REMOTE_ADDR": "192.168.1.31"},  # a phone on the club's Wi-Fi
        {"HTTP_HOST": "quadrille.example.org"},  # asked for by a network name
    ],
)
def test_the_demo_password_is_refused_from_another_machine(client, demo_director, settings, meta):
    settings.ALLOWED_HOSTS = ["localhost", "quadrille.example.org"]
    answer = _login(client, "quadrille", **meta)
    assert answer.status_code == 200 and "_auth_user_id" not in client.session
    assert REFUSED in answer.content.decode()


@pytest.mark.parametrize("setting", ["BEHIND_PROXY", "HTTPS"])
def test_the_demo_password_is_refused_on_a_server_configured_for_the_network(client, demo_director, settings, setting):
    setattr(settings, setting, True)
    settings.SECURE_SSL_REDIRECT = False
    answer = _login(client, "quadrille")
    assert answer.status_code == 200 and REFUSED in answer.content.decode()


def test_the_admin_login_refuses_it_too(client, demo_director):
    demo_director.is_staff = True
    demo_director.save()
    answer = _login(client, "quadrille", url="/admin/login/", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert answer.status_code == 200 and REFUSED in answer.content.decode()
    assert _login(client, "quadrille", url="/admin/login/").status_code == 302


@pytest.mark.parametrize(
    ("configuration", "reason"),
    [
        ({"BEHIND_PROXY": True}, "BEHIND_PROXY is on"),
        ({"HTTPS": True}, "HTTPS is on"),
        ({"ALLOWED_HOSTS": ["localhost", "quadrille.example.org"]}, "ALLOWED_HOSTS names quadrille.example.org"),
        ({"SITE_URL": "http://club.lan:8000"}, "SITE_URL names club.lan"),
    ],
)
def test_the_server_will_not_start_on_loopback_behind_a_proxy_with_the_demo_password(
    settings, demo_director, configuration, reason
):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
    settings.SITE_URL = ""
    assert startup_refusals(host="127.0.0.1") == []
    for name, value in configuration.items():
        setattr(settings, name, value)
    (refusal,) = startup_refusals(host="127.0.0.1")
    assert refusal.message == (
        "The account 'director' still has the demo password 'quadrille', which anyone can read in README, and other "
        f"machines can reach this server ({reason}). Set a new one with:\n"
        "    .venv/bin/python manage.py changepassword director\nthen start again."
    )


FORGOTTEN = (
    "Forgotten your password? Ask your club's director, or whoever runs the app's computer, to set a new one there "
    "with <code>manage.py changepassword</code> and your username."
)


def test_without_mail_the_login_page_says_whom_to_ask_and_no_reset_is_offered(client, settings):
    settings.MAIL_CONFIGURED = False
    make_user("director").__class__.objects.filter(username="director").update(email="director@example.org")
    page = client.get("/accounts/login/").content.decode()
    assert FORGOTTEN in page and "/accounts/password_reset/" not in page
    for url in ("/accounts/password_reset/", "/accounts/password_reset/done/"):
        answer = client.get(url)
        assert answer.status_code == 200 and FORGOTTEN in answer.content.decode()
    sent = client.post("/accounts/password_reset/", {"email": "director@example.org"})
    assert sent.status_code == 200 and "sent" not in sent.content.decode().lower() and mail.outbox == []


def test_with_mail_the_login_page_offers_a_reset_that_is_sent(client, settings):
    settings.MAIL_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    make_user("director").__class__.objects.filter(username="director").update(email="director@example.org")
    page = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in page and FORGOTTEN not in page
    answer = client.post("/accounts/password_reset/", {"email": "director@example.org"})
    assert answer.status_code == 302 and len(mail.outbox) == 1
    assert mail.outbox[0].to == ["director@example.org"]
