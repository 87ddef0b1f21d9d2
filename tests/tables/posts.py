"""Form posts as a phone sends them: only the fields the page shows for the entries, checkboxes only when ticked."""

from __future__ import annotations

from scorekeeper.engine import DealRecord, Session, TableState
from scorekeeper.tables.forms import DealForm
from scorekeeper.tables.records import initial_from_record, post_from_initial


def post_for(record: DealRecord, *, session: Session, state: TableState, position: int, key: str = "") -> dict:
    """The POST of the table page's form that describes `record` as the deal at `position` after `state`."""
    data = post_from_initial(initial_from_record(record, position))
    form = DealForm(data, session=session, eligible=state.eligible, held=state.held)
    shown = form.shown_fields
    post = {name: value for name, value in data.items() if name in shown}
    post.update(position=str(position), action="save")
    if key:
        post["idempotency_key"] = key
    return post
