"""A table's files: its exports (interchange JSON, CSV), the QR code of its link, an interchange import."""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.engine import EngineError
from scorekeeper.links import absolute_url
from scorekeeper.tables import services
from scorekeeper.tables.exports import table_csv, table_json
from scorekeeper.tables.messages import EVENT_CLOSED, message_for
from scorekeeper.tables.selectors import (
    table_by_token,
    table_ledger,
)
from scorekeeper.tables.views.page import can_direct


@require_safe
def table_export_json(request: HttpRequest, token: str) -> HttpResponse:
    view = table_ledger(table=table_by_token(token=token), explain=False)
    response = HttpResponse(table_json(view), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{export_name(view.table)}.json"'
    return response


@require_safe
def table_export_csv(request: HttpRequest, token: str) -> HttpResponse:
    view = table_ledger(table=table_by_token(token=token), explain=False)
    response = HttpResponse(table_csv(view), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_name(view.table)}.csv"'
    return response


def export_name(table) -> str:
    """A file name that tells a table's exports apart: "2026-11-19-evening-round-1-table-3"."""
    event = table.event
    return f"{event.date.isoformat()}-{slugify(event.name) or 'event'}-round-{table.round}-table-{table.number}"


@require_safe
def table_qr(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    url = absolute_url(request, reverse("table", kwargs={"token": table.token}))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return HttpResponse(image.to_string(), content_type="image/svg+xml")


@login_required
@require_POST
def table_import(request: HttpRequest, token: str) -> HttpResponse:
    table = table_by_token(token=token)
    if not can_direct(request, table):
        raise PermissionDenied
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose an interchange file (.json) to import."))
        return redirect("table", token=token)
    try:
        document = services.import_document(upload.read(services.MAX_IMPORT_BYTES + 1))
        replace = request.POST.get("replace") == "1"
        created = services.table_import(table=table, document=document, user=request.user, replace=replace)
    except services.TableHasDeals as full:
        messages.error(
            request,
            ngettext(
                "Nothing was imported: this table already has %(count)s deal. Tick “Replace” to import in its "
                "place (it is kept in the audit).",
                "Nothing was imported: this table already has %(count)s deals. Tick “Replace” to import in their "
                "place (they are kept in the audit).",
                full.count,
            )
            % {"count": full.count},
        )
    except EngineError as error:
        where = [_("Deal %(position)s:") % {"position": error.position}] if error.position else []
        messages.error(request, " ".join([_("Nothing was imported."), *where, message_for(error)]))
    except services.EventClosed:
        messages.error(request, EVENT_CLOSED)
    else:
        messages.success(request, _("%(count)s deals imported.") % {"count": len(created)})
    return redirect("table", token=token)
