"""A save's digest is brought up to date after the phone has its answer, never before, and never at its cost."""

from __future__ import annotations

import logging

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, transaction
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper import deferred
from scorekeeper.analysis import services as analysis_services
from scorekeeper.analysis.models import TableDigest
from scorekeeper.analysis.services import club_tables
from scorekeeper.tables.models import Deal
from scorekeeper.tables.selectors import table_ledger
from tests.factories import make_table
from tests.tables.pc6 import PC6
from tests.tables.posts import post_for

# The commits must really happen (the digest follows a commit): each test runs outside a test transaction.
pytestmark = pytest.mark.django_db(transaction=True)

CSRF = "0123456789abcdef0123456789abcdef"


def pc6_post(table, position: int) -> dict:
    view = table_ledger(table=table)
    return post_for(PC6[position - 1], session=view.session, state=view.state, position=position)


def digest_revision(table) -> int | None:
    return TableDigest.objects.filter(table=table).values_list("revision", flat=True).first()


def test_after_a_save_through_the_page_the_digest_is_current(client):
    table = make_table()
    for position in range(1, 5):
        response = client.post(reverse("table", kwargs={"token": table.token}), pc6_post(table, position))
        assert response.status_code == 302
    table.refresh_from_db()
    digest = TableDigest.objects.get(table=table)
    assert (digest.revision, digest.deals) == (table.revision, 4) == (4, 4)
    assert digest.changes == [-4, -28, -28, 60]  # PC-6's four deals, checked by hand in the spec


def test_the_digest_is_made_when_the_server_closes_the_response_not_before():
    table = make_table()
    request = RequestFactory().post(
        reverse("table", kwargs={"token": table.token}),
        pc6_post(table, 1),
        HTTP_COOKIE=f"csrftoken={CSRF}",
        HTTP_X_CSRFTOKEN=CSRF,
    )
    answered = []
    # What a WSGI server does: call the application, write the body it returns, then close it. Django's test
    # client does the same but hides the moment between; the connection is left open as the test client leaves it.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        response = WSGIHandler()(request.environ, lambda status, headers, exc_info=None: answered.append(status))
        b"".join(response)
        assert answered == ["302 Found"] and Deal.objects.filter(table=table).count() == 1
        assert digest_revision(table) is None  # the phone has its answer; the digest is not made yet
        response.close()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    assert digest_revision(table) == 1
    assert TableDigest.objects.get(table=table).changes == [-5, -1, -1, -1]  # Ann's solo remise (PC-6, by hand)


def test_a_failing_digest_update_does_not_fail_the_save_and_the_next_page_makes_it(client, monkeypatch, caplog):
    table = make_table()
    assert client.post(reverse("table", kwargs={"token": table.token}), pc6_post(table, 1)).status_code == 302
    assert digest_revision(table) == 1

    def broken(*args, **kwargs):
        raise RuntimeError("the digest's disk is full")

    monkeypatch.setattr(analysis_services, "digest_row", broken)
    with caplog.at_level(logging.ERROR, logger="scorekeeper.deferred"):
        response = client.post(reverse("table", kwargs={"token": table.token}), pc6_post(table, 2))
    assert response.status_code == 302
    assert "the digest's disk is full" in caplog.text
    assert Deal.objects.filter(table=table).count() == 2
    table.refresh_from_db()
    assert table.revision == 2 and digest_revision(table) == 1  # stale, and known to be
    monkeypatch.undo()
    (line,) = club_tables(club=table.event.club)
    # PC-6's first two deals by hand: -5 -1 -1 -1 (Ann's remise), then +3 -25 +3 +3 (Ben's codille).
    assert (line.deals, line.changes) == (2, (-2, -26, 2, 2))
    assert digest_revision(table) == 2


def test_outside_a_request_the_work_runs_at_the_commit_and_never_after_a_rollback():
    done = []
    with transaction.atomic():
        deferred.after_response(lambda: done.append("committed"))
        assert done == []
    assert done == ["committed"]
    with pytest.raises(RuntimeError), transaction.atomic():
        deferred.after_response(lambda: done.append("rolled back"))
        raise RuntimeError("the save failed")
    assert done == ["committed"]


def test_during_a_request_the_work_waits_for_its_end_and_a_failure_is_only_logged(caplog):
    done = []
    signals.request_started.send(sender=None)
    try:
        with transaction.atomic():
            deferred.after_response(lambda: 1 / 0)
            deferred.after_response(lambda: done.append("digest"))
        assert done == []
    finally:
        with caplog.at_level(logging.ERROR, logger="scorekeeper.deferred"):
            signals.request_finished.send(sender=None)
    assert done == ["digest"] and "ZeroDivisionError" in caplog.text
    deferred.after_response(lambda: done.append("between requests"))
    assert done == ["digest", "between requests"]
