from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db
LOCKED = "Too many failed logins for this account from this device. Try again in 15 minutes."


def _login(client, username, password, *, ip="192.168.1.31", url="/accounts/login/"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_five_failures_lock_the_account_from_that_address_for_fifteen_minutes(client):
    make_user("director", password="a-long-club-password")
    for _ in range(4):
        response = _login(client, "director", "guess")
        assert response.status_code == 200 and LOCKED not in response.content.decode()
    fifth = _login(client, "director", "guess")
    assert fifth.status_code == 429
    page = fifth.content.decode()
    assert LOCKED in page and 'name="password"' in page and 'value="director"' in page
    # Locked: even the right password is refused from that address ...
    right = _login(client, "director", "a-long-club-password")
    assert right.status_code == 429 and "_auth_user_id" not in client.session
    # ... but the director's own phone, on another address, still gets in.
    assert _login(client, "director", "a-long-club-password", ip="192.168.1.40").status_code == 302


def test_lockout_ends_after_fifteen_minutes(client):
    make_user("director", password="a-long-club-password")
    for _ in range(5):
        _login(client, "director", "guess")
    assert _login(client, "director", "a-long-club-password").status_code == 429
    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=15, seconds=1))
    assert _login(client, "director", "a-long-club-password").status_code == 302


def test_other_accounts_from_the_same_address_are_not_locked(client):
    make_user("director", password="a-long-club-password")
    make_user("treasurer", password="another-long-password")
    for _ in range(5):
        _login(client, "director", "guess")
    assert _login(client, "treasurer", "another-long-password").status_code == 302


def test_a_success_clears_earlier_failures(client):
    make_user("director", password="a-long-club-password")
    for _ in range(4):
        _login(client, "director", "guess")
    assert _login(client, "director", "a-long-club-password").status_code == 302
    client.logout()
    for _ in range(4):
        assert _login(client, "director", "guess").status_code == 200
    assert _login(client, "director", "a-long-club-password").status_code == 302


def test_admin_login_is_throttled_too(client):
    admin = make_user("admin")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    url = reverse("admin:login")
    for _ in range(4):
        assert _login(client, "admin", "guess", url=url).status_code == 200
    fifth = _login(client, "admin", "guess", url=url)
    assert fifth.status_code == 429 and LOCKED in fifth.content.decode()
    assert _login(client, "admin", "a-long-test-password", url=url).status_code == 429
