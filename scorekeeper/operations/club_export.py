"""A whole club as one JSON document, and back: how a club moves to a new laptop or to a federation's server.

The format is docs/club-export.md. Rows are written field by field from the models, so a field added to one of
them travels without a change here; a model added to a club's data must be added to SECTIONS (a test lists the
project's models and fails on one that is neither here nor in NOT_EXPORTED).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import DatabaseError, models, transaction
from django.utils import timezone

from scorekeeper.clubs.models import Club, Player, PlayerLink
from scorekeeper.events.models import CheckIn, Event, EventLog, HouseRules, PlayerMerge, SitOut
from scorekeeper.operations.club_check import ImportRefused, club_check, document_checks
from scorekeeper.public.models import ClubSite, EventLink
from scorekeeper.tables.models import SNAPSHOT_FIELDS, Deal, DealChange, ReplacedDeals, Signature, Table
from scorekeeper.tournaments.models import (
    Board,
    BoardPlay,
    Entrant,
    KeepApart,
    PhysicalTable,
    PlannedRound,
    PlannedTable,
    Substitute,
    Team,
    Tournament,
)

FORMAT = "quadrille-club"
VERSION = 1
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Section:
    key: str
    model: type[models.Model]
    club_path: str  # the lookup from a row to its club


# In the order an import creates them: every row's references come earlier.
SECTIONS = (
    Section("players", Player, "club"),
    Section("player_links", PlayerLink, "player__club"),
    Section("results_site", ClubSite, "club"),
    Section("house_rules", HouseRules, "club"),
    Section("events", Event, "club"),
    Section("checkins", CheckIn, "event__club"),
    Section("sitouts", SitOut, "event__club"),
    Section("event_log", EventLog, "event__club"),
    Section("public_links", EventLink, "event__club"),
    Section("tables", Table, "event__club"),
    Section("deals", Deal, "table__event__club"),
    Section("deal_changes", DealChange, "deal__table__event__club"),
    Section("replaced_deals", ReplacedDeals, "table__event__club"),
    Section("signatures", Signature, "table__event__club"),
    Section("tournaments", Tournament, "event__club"),
    Section("teams", Team, "tournament__event__club"),
    Section("entrants", Entrant, "tournament__event__club"),
    Section("keep_apart", KeepApart, "tournament__event__club"),
    Section("planned_rounds", PlannedRound, "tournament__event__club"),
    Section("planned_tables", PlannedTable, "round__tournament__event__club"),
    Section("substitutes", Substitute, "planned_table__round__tournament__event__club"),
    Section("physical_tables", PhysicalTable, "event__club"),
    Section("boards", Board, "tournament__event__club"),
    Section("board_plays", BoardPlay, "board__tournament__event__club"),
    Section("player_merges", PlayerMerge, "club"),
)
# A merge keeps the database ids of the rows it moved (so it can be undone): they travel as row numbers too.
# key in PlayerMerge.moved -> (the model the ids are of, whether each item is a [id, detail] pair)
MERGE_MOVED = {
    "seats": (Table, True),
    "checkins": (CheckIn, False),
    "sitouts": (SitOut, False),
    "checkins_dropped": (Event, False),
    "sitouts_dropped": (Event, True),
}
# Kept out on purpose: the analysis digests and the table snapshots (columns of a table's row) are caches, made
# again from the deals.
NOT_EXPORTED = ("analysis.TableDigest",)
NOT_EXPORTED_FIELDS = {Table: SNAPSHOT_FIELDS}


def _fields(model: type[models.Model]) -> list[models.Field]:
    """The model's own columns, in their order (Django's documented _meta API and field attributes), but caches."""
    left_out = NOT_EXPORTED_FIELDS.get(model, ())
    return [
        f
        for f in model._meta.get_fields()
        if f.concrete and not f.many_to_many and not f.primary_key and f.name not in left_out
    ]


def _is_user(field: models.Field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _value(obj: models.Model, field: models.Field, ids: dict) -> object:
    if field.is_relation:
        if _is_user(field):
            user = getattr(obj, field.name)
            return None if user is None else user.get_username()
        target = getattr(obj, field.attname)
        return None if target is None else ids[field.related_model][target]
    value = field.value_from_object(obj)
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(obj, PlayerMerge) and field.name == "moved":
        return _moved(value, lambda model, pk: ids[model].get(pk))
    return value


def _moved(moved: dict, translate: Callable) -> dict:
    """`moved` with every id it holds passed through `translate(model, id)`; keys it does not know kept as they are."""
    out = dict(moved)
    for key, (model, pairs) in MERGE_MOVED.items():
        if key in moved:
            if pairs:
                out[key] = [[translate(model, item[0]), *item[1:]] for item in moved[key]]
            else:
                out[key] = [translate(model, item) for item in moved[key]]
    return out


def club_export(*, club: Club) -> dict:
    """The club, everything played in it and its audit, as one JSON-ready document."""
    ids: dict = {Club: {club.pk: 1}}
    document: dict = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": {
            "name": club.name,
            "created_at": club.created_at.isoformat(),
            "language": club.language,
            "directors": sorted(u.get_username() for u in club.directors.all()),
        },
    }
    for section in SECTIONS:
        rows = []
        # The base manager: struck deals (left out of Deal.objects) are the club's too.
        objects = section.model._base_manager.filter(**{section.club_path: club}).order_by("pk")
        objects = objects.defer(*NOT_EXPORTED_FIELDS.get(section.model, ()))
        ids[section.model] = {}
        for number, obj in enumerate(objects, start=1):
            ids[section.model][obj.pk] = number
            row = {"id": number}
            row.update({f.name: _value(obj, f, ids) for f in _fields(section.model) if f.name != "club"})
            rows.append(row)
        document[section.key] = rows
    # Last, over all the rest: what lets an import tell a whole file from a cut or altered one.
    document["checks"] = document_checks(document, [section.key for section in SECTIONS])
    return document


def _parse(field: models.Field, value: object) -> object:
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return dt.datetime.fromisoformat(value)
    if isinstance(field, models.DateField):
        return dt.date.fromisoformat(value)
    return value


def club_import(*, document: object, progress: Progress | None = None) -> tuple[Club, tuple[str, ...]]:
    """Create the club of `document` in this database, which must not have a club of that name; returns the club
    and the warnings the person importing should read.

    The whole file is checked first (club_check: its completeness, every value, and every table's deals against
    the rules): a refusal writes nothing. Directors are linked by username; one missing here is created without a
    usable password (set it with `manage.py changepassword`). Table tokens are kept, so the links and QR codes
    already printed still work.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT or document.get("version") != VERSION:
        raise ImportRefused(f"Not a {FORMAT} document of version {VERSION}.")
    checked = club_check(document=document, sections=SECTIONS, fields_of=_fields, moved_keys=MERGE_MOVED)
    where: list[str] = ["the club"]
    try:
        club = _club_write(document, progress, where)
    except DatabaseError as error:
        # Checked above; a refusal left here is the database's own (the row is named, the write undone).
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ImportRefused(f"the database refused {where[0]}: {first_line}") from error
    return club, checked.warnings


@transaction.atomic
def _club_write(document: dict, progress: Progress | None, where: list[str]) -> Club:
    User = get_user_model()
    users: dict[str, object] = {}

    def user(username: str | None, *, create: bool = False):
        if username is None:
            return None
        if username not in users:
            found = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
            if found is None and create:
                found = User.objects.create_user(**{User.USERNAME_FIELD: username}, password=None)
            users[username] = found
        return users[username]

    name = document["club"]["name"]
    language = document["club"].get("language")
    club = Club.objects.create(name=name, **({"language": language} if language is not None else {}))
    Club.objects.filter(pk=club.pk).update(created_at=dt.datetime.fromisoformat(document["club"]["created_at"]))
    club.directors.set([user(u, create=True) for u in document["club"].get("directors", [])])
    ids: dict = {Club: {1: club}}
    total = sum(len(document.get(s.key, [])) for s in SECTIONS)
    done = 0
    for section in SECTIONS:
        ids[section.model] = {}
        stamps = [
            f for f in _fields(section.model) if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        ]
        for row in document.get(section.key, []):
            where[0] = f"{section.key} row {row['id']}"
            values: dict = {"club": club} if section.club_path == "club" else {}
            for field in _fields(section.model):
                if field.name not in row or field.name == "club":
                    continue
                value = row[field.name]
                if field.is_relation:
                    values[field.name] = user(value) if _is_user(field) else ids[field.related_model].get(value)
                else:
                    values[field.name] = _parse(field, value)
            if section.model is PlayerMerge and "moved" in values:
                values["moved"] = _moved(values["moved"], lambda model, n: getattr(ids[model].get(n), "pk", None))
            obj = section.model.objects.create(**values)
            # auto_now fields take the time of the import on create: put the recorded times back.
            kept = {f.name: values[f.name] for f in stamps if f.name in values}
            if kept:
                section.model._base_manager.filter(pk=obj.pk).update(**kept)
            ids[section.model][row["id"]] = obj
            done += 1
            if progress is not None and (done % 200 == 0 or done == total):
                progress(done, total)
    return club
