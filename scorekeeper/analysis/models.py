"""What the analysis keeps of each table's fold, so that a season's pages need not fold every table again.

A digest is a cache: it is made from the engine's ledger, stamped with the table's revision, and made again
whenever the table's revision has moved on. Deleting every digest loses nothing, and a change to what a digest
holds (the rows of analysis.figures) must come with a migration that deletes them."""

from __future__ import annotations

from django.db import models

from scorekeeper.links import new_token


class TableDigest(models.Model):
    table = models.OneToOneField("tables.Table", on_delete=models.CASCADE, primary_key=True, related_name="digest")
    revision = models.PositiveIntegerField()  # the table's revision it was made from
    deals = models.PositiveIntegerField()  # valid deals
    # Each seat's change over the table, the end-of-round rule included once the table has ended.
    changes = models.JSONField()
    rows = models.JSONField()  # one row per valid deal (analysis.figures.digest_rows)
    buckets = models.JSONField()  # per role, contract and tricks: player-deals and their chips (bucket_sums)
    # New each time the digest is made: what the club averages kept in Django's cache are keyed by. A revision is
    # not enough there: a restored database reaches its tables' old revisions again with other deals, and the
    # cache (a server's memory) outlives pg_restore; a stamp made after the restore was never seen before it.
    stamp = models.CharField(max_length=32, default=new_token, editable=False)

    def __str__(self) -> str:
        return f"digest of table {self.table_id} at revision {self.revision}"
