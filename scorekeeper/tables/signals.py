"""What a room above tables may listen to without tables importing it (analysis keeps its digests by it)."""

from django.dispatch import Signal

# Sent by Table.changed with `table_id`, inside the transaction of the change.
table_changed = Signal()
