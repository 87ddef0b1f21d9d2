"""Who made a change was stored in words, in the language of the phone or request that made it ("table link
gaMpk1", "lien de table gaMpk1", "system"); it is now stored as a mark the pages word in each reader's language
(tables.messages.author_words): "link:gaMpk1", "link:", "app:". A user's name is left as it is: in the audit rows a
user's change has its user, and a log line's words are matched only in the forms the app wrote."""

import re

from django.db import migrations

# The words the app stored for a table link, in every language and every form it had (frozen here: the catalogues
# change after): "table link", "table link gaMpk1", "Entry link: gaMpk1" and their translations.
LINK = re.compile(
    r"(?:table link|lien de table|Tischlink|bordlink|enlace de mesa|enlace de la mesa)(?: (\S{1,12}))?"
    r"|(?:Entry link|Lien de saisie|Eingabelink|Indtastningslink|Enlace de anotación) ?: (\S{1,12})"
)


def _mark(who: str) -> str | None:
    if who == "system":
        return "app:"
    found = LINK.fullmatch(who)
    return None if found is None else "link:" + (found[1] or found[2] or "")


def forwards(apps, schema_editor):
    for app, model, by_app in (
        ("tables", "DealChange", {"user__isnull": True}),
        ("tables", "ReplacedDeals", {"user__isnull": True}),
        ("events", "EventLog", {}),
        ("events", "PlayerMerge", {}),
    ):
        rows = apps.get_model(app, model).objects  # the append-only audit's guard is the model's, not the table's
        for pk, who in rows.filter(**by_app).values_list("pk", "who").iterator():
            if (mark := _mark(who)) is not None:
                rows.filter(pk=pk).update(who=mark)


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0010_table_snapshot_rows"),
        ("events", "0003_player_merge_record"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
