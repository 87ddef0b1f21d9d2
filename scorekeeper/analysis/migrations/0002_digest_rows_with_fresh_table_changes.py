"""Digest rows now end with each seat's change on a fresh table (analysis.figures.BASE): the old digests are
deleted and made again from the tables when they are next read (nothing is lost: a digest is a cache)."""

from django.db import migrations


def forget_digests(apps, schema_editor):
    apps.get_model("analysis", "TableDigest").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("analysis", "0001_initial")]

    operations = [migrations.RunPython(forget_digests, migrations.RunPython.noop)]
