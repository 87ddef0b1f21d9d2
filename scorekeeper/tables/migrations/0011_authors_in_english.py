"""Authors stored in the saving phone's language ("lien de table gaMpk1") are stored in the fixed English form the
pages word in each reader's language (tables.messages.author_words)."""

import re

from django.db import migrations

# What "table link" was stored as in the other languages (frozen here: the catalogues may change after).
TRANSLATED = re.compile(r"(lien de table|Tischlink|bordlink|enlace de mesa|enlace de la mesa)( \S{1,12})?")


def _english(who: str) -> str | None:
    found = TRANSLATED.fullmatch(who)
    return None if found is None else "table link" + (found[2] or "")


def forwards(apps, schema_editor):
    for app, model in (
        ("tables", "DealChange"),
        ("tables", "ReplacedDeals"),
        ("events", "EventLog"),
        ("events", "PlayerMerge"),
    ):
        rows = apps.get_model(app, model).objects
        for pk, who in rows.exclude(who__startswith="table link").values_list("pk", "who").iterator():
            if (english := _english(who)) is not None:
                rows.filter(pk=pk).update(who=english)


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0010_table_snapshot_rows"),
        ("events", "0003_player_merge_record"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
