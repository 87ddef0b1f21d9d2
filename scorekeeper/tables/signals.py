"""What a room above tables may listen to without tables importing it (analysis keeps its digests by it)."""

from django.dispatch import Signal

# Sent by Table.changed inside the transaction of the change, with `table_id`, `event_id`, `revision` (before the
# change), `appended` (the ledger entry of the one deal the change added after the others, else None), `before`
# (the table's state before that deal) and `session` (the engine's session it was settled in, else None).
table_changed = Signal()
