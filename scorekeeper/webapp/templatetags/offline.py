"""The table page's offline queue: its status line and the words its script shows, translated here."""

from __future__ import annotations

import functools

from django import template
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html, json_script
from django.utils.safestring import SafeString
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scorekeeper.tables.records import FORM_FIELDS

register = template.Library()


def _forms(counted) -> dict[str, str]:
    # The script picks a form with Intl.PluralRules: "one" is gettext's form for 1, "other" its form for 5.
    return {"one": counted(1), "other": counted(5)}


def offline_strings() -> dict:
    return {
        "all_sent": _("All deals sent"),
        "offline": _("Offline"),
        "offline_since": _("Offline since %(time)s"),
        "waiting": _forms(lambda n: ngettext("%(count)s deal waiting to send", "%(count)s deals waiting to send", n)),
        "refused": _forms(
            lambda n: ngettext("%(count)s deal refused: see the ledger", "%(count)s deals refused: see the ledger", n)
        ),
        "waiting_title": _("Waiting to send, in order"),
        "waiting_tag": _("waiting to send"),
        "refused_tag": _("refused"),
        "conflict": _("Deal %(number)s was already recorded from another phone."),
        "invalid": _("The server refused these entries."),
        "refused_reason": _("The server refused this deal."),
        "gone": _(
            "This link no longer opens the table: the director has issued a new one. Scan the table's new QR code "
            "and enter this deal there; it is kept here until then."
        ),
        "discard": _("Discard"),
        "enter_next": _("Enter it as the next deal"),
        "deal_heading": _("Deal %(number)s"),
        "saved": _("Deal %(number)s saved."),
        "kept": _("No connection: deal %(number)s is kept on this phone and will be sent when the server answers."),
        "preview_offline": _("Offline: the settlement will be shown when the connection returns."),
        "misdeal_offline": _("A misdeal can be recorded when the connection returns."),
    }


@functools.lru_cache(maxsize=32)
def _strings_script(language: str) -> str:
    """The words as the page's JSON script, made once per language (the catalogues do not change while the
    server runs)."""
    return json_script(offline_strings(), "offline-strings")


@register.simple_tag
def offline_queue(view) -> SafeString:
    """The hooks the queue script needs: where to send, what deal the form expects, and its words (its status line,
    the words as a JSON script, the script). Written here, not in a template: it is on every page of a table."""
    worker = _worker_url(get_script_prefix(), get_urlconf())
    return format_html(
        '<p id="offline-queue" class="sync-status" role="status" aria-live="polite" hidden\n'
        '   data-table-url="{}" data-token="{}" data-worker="{}" data-scope="{}"\n'
        '   data-position="{}" data-number="{}"></p>\n'
        "{}\n"
        "{}\n"
        '<script src="{}" defer></script>\n',
        view.paths["page"],
        view.table.token,
        worker,
        worker.rsplit("/", 1)[0] + "/",
        view.next_position,
        view.next_number,
        _strings_script(get_language()),
        _FIELDS_SCRIPT,
        static("js/offline.js"),
    )


# What a waiting deal keeps of the form's post: the fields of a deal record as the form names them (tables/records.py).
_FIELDS_SCRIPT = json_script(FORM_FIELDS, "deal-fields")


@functools.lru_cache(maxsize=8)
def _worker_url(prefix: str, urlconf) -> str:
    return reverse("service-worker", urlconf=urlconf)
