"""Writes for tables: every change goes through the engine first and leaves an audit record."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.engine import (
    DealRecord,
    EngineError,
    LedgerEntry,
    Opening,
    close_session,
    deal_json,
    parse_document,
    settle_deal,
)
from scorekeeper.engine.interchange import load_json
from scorekeeper.tables.messages import LINK_AUTHOR
from scorekeeper.tables.models import Deal, DealChange, ReplacedDeals, Signature, Table
from scorekeeper.tables.selectors import deal_saved_with_key, table_lock, table_locked
from scorekeeper.tables.snapshot import (
    Snapshot,
    event_session,
    snapshot_appended,
    snapshot_read,
    snapshot_refresh,
    snapshot_store,
)

User = AbstractBaseUser | AnonymousUser | None


class EventClosed(Exception):
    """The event is closed, or the table has ended its round: it takes no more writes."""


class RoundEnded(EventClosed):
    """The table has ended its round (the event itself is open): it takes no more writes."""


class RoundComplete(EventClosed):
    """The round has reached its planned length: it takes no more deals (its deals can still be corrected)."""


@dataclass
class StaleDeal(Exception):
    """The form was for a deal number that another phone has already recorded."""

    expected: int
    recorded: int


class AlreadySaved(Exception):
    """The form's idempotency key is stored with a deal: this save was made before (a double tap or a retry)."""

    def __init__(self, deal: Deal) -> None:
        super().__init__(f"deal at position {deal.position} already saved")
        self.deal = deal


class TableChanged(Exception):
    """A correction or strike made on a page drawn at an older revision of the table: another phone changed the
    table since (this deal, an earlier one, a later one), and what the scorer looked at is not what is stored."""


class AlreadyCorrected(Exception):
    """The same correction, posted again from the same page (a double tap): the deal is already as it asks."""

    def __init__(self, deal: Deal) -> None:
        super().__init__(f"deal at position {deal.position} already corrected")
        self.deal = deal


class AlreadyStruck(Exception):
    """The same strike, posted again from the same page (a double tap): the deal is already struck out."""

    def __init__(self, deal: Deal) -> None:
        super().__init__(f"deal at position {deal.position} already struck out")
        self.deal = deal


class CorrectionRefused(Exception):
    """A correction would make a later deal impossible (the engine's error names which)."""

    def __init__(self, error: EngineError) -> None:
        super().__init__(error.message)
        self.error = error


def who(user: User, *, fallback: str | None = None) -> tuple[AbstractBaseUser | None, str]:
    """Who made a change, for an audit row: the signed-in user, else `fallback` (by default, the table's link)."""
    if user is not None and user.is_authenticated:
        return user, user.get_username()  # type: ignore[union-attr]
    return None, fallback or LINK_AUTHOR


def link_name(table: Table) -> str:
    """How the audit names a change made through a table's entry link: the link's first characters, which tell
    one link from the link issued after it."""
    return LINK_AUTHOR + table.token[:6]  # a mark, worded when shown (messages.author_words)


def _locked_table(table: Table) -> Table:
    """The table, locked for writing (PostgreSQL row lock; SQLite's IMMEDIATE transactions already serialise
    writers); EventClosed if it takes no more writes."""
    return _writable(table_locked(pk=table.pk))


def _writable(locked: Table) -> Table:
    """`locked`, if its table takes writes (else EventClosed)."""
    if not locked.event.is_open:
        raise EventClosed
    if locked.ended_at is not None:
        raise RoundEnded
    return locked


def _locked(table: Table) -> tuple[Table, list[Deal]]:
    """The table, locked for writing, and its deals in order."""
    locked = _locked_table(table)
    return locked, list(locked.deals.order_by("position"))


def deal_record(
    *,
    table: Table,
    position: int,
    record: DealRecord,
    user: User = None,
    idempotency_key: str = "",
    snapshot: Snapshot | None = None,
    settled: LedgerEntry | None = None,
    locked: bool = False,
) -> Deal:
    """Record the table's next deal. `position` is the deal the form was for: a save for a position another
    phone has recorded meanwhile is refused (StaleDeal). The dealer follows the rotation; the engine refuses any
    impossible record.

    A save whose `idempotency_key` is already stored raises AlreadySaved with that deal, whatever the table's
    state now (even closed): it is checked first, before anything is validated.

    The deal is settled once, against the table's snapshot (`snapshot`: the one the caller read for this table
    instance, else read here), before the write lock is taken: under the lock only the revision is checked, and
    the deal, its audit row, the new revision and the snapshot after the deal are written. If another write came
    in between (another phone's save, a correction), the revision has moved and the deal is settled again under
    the lock against the stored deals.

    `settled`: the deal as the caller settled it against `snapshot` (deal_settlement), as the table's page does when
    it validates a form: it is not settled twice, and the key is not looked up first. The caller looked it up when
    it could be stored (the table's page: for a form of a deal already recorded); otherwise a stored key makes the
    insert meet its unique constraint, and the key is looked up then. A write between the caller's read and the
    lock (the same key saved by a retry) has moved the revision, and the replay looks again.

    `locked`: the caller read `table` (table_by_token's `locked`) and `snapshot` with it inside the transaction it
    calls this in, under the write lock, as the table's page does for a save: the table cannot move since, and the
    lock is neither taken nor read again. The snapshot is compared with the table all the same (`fresh`): one made
    for another revision (a page's, a caller's older read) is read again."""
    fresh = settled is not None and snapshot is not None and snapshot.revision == table.revision
    if not fresh:
        stored = deal_saved_with_key(table=table, key=idempotency_key)
        if stored is not None:
            raise AlreadySaved(stored)
    session = event_session(table.event)  # no player's name: the table may have been read without its players
    if snapshot is None or snapshot.revision != table.revision:
        snapshot = snapshot_read(table=table, session=session)
    entry = None
    if position == snapshot.records + 1 and not snapshot.complete:
        entry = settled if fresh else settle_deal(session, snapshot.state, record, position)
    try:
        with transaction.atomic():
            revision = _writable(table if locked else table_lock(pk=table.pk)).revision
            if entry is None or revision != snapshot.revision:
                return _deal_record_replayed(
                    _locked_table(table), position=position, record=record, user=user, idempotency_key=idempotency_key
                )
            deal = _deal_insert(table, position=position, entry=entry, user=user, idempotency_key=idempotency_key)
            after = snapshot_appended(
                snapshot, entry, session=session, revision=revision + 1, planned_deals=table.planned_deals(session)
            )
            if not snapshot_store(table=table, snapshot=after, changed=True):  # the new revision with it
                # The stored revision moved under the lock (a writer that takes none): folded from the deals.
                table.changed()
                snapshot_refresh(table=table, session=session)
    except StaleDeal:
        # The insert met a unique constraint: the position (another phone's deal), or the key, whose deal the
        # caller did not look up (a deal saved with this form, then struck: it keeps the key).
        stored = deal_saved_with_key(table=table, key=idempotency_key) if fresh else None
        if stored is not None:
            raise AlreadySaved(stored) from None
        raise
    return deal


def _deal_insert(table: Table, *, position: int, entry: LedgerEntry, user: User, idempotency_key: str) -> Deal:
    """Store a settled deal and its audit row (inside the write transaction; the caller raises the table's
    revision)."""
    deal = Deal(table=table, position=position, idempotency_key=idempotency_key)
    deal.set_record(entry.deal)
    try:
        # No savepoint: the refusal leaves the write transaction, which rolls back whole.
        deal.save(force_insert=True)
    except IntegrityError:
        raise StaleDeal(expected=position, recorded=position) from None
    who_user, by = who(user, fallback=link_name(table))
    DealChange.objects.create(
        deal=deal, action=DealChange.Action.RECORDED, after=deal_json(entry.deal), user=who_user, who=by
    )
    return deal


def _deal_record_replayed(table: Table, *, position: int, record: DealRecord, user: User, idempotency_key: str) -> Deal:
    """deal_record under the lock, from the stored deals: after a write the caller's snapshot had not seen."""
    # A retry racing its first attempt sees the deal the first one stored (struck out since, perhaps).
    stored = deal_saved_with_key(table=table, key=idempotency_key)
    if stored is not None:
        raise AlreadySaved(stored)
    deals = list(table.deals.order_by("position"))
    records = [d.to_record() for d in deals]
    if position != len(deals) + 1:
        # A form without a key (from a page older than the keys) that gives the very deal stored there is a
        # double tap; any other save of a recorded deal is another phone's, and this phone's deal is not stored.
        if not idempotency_key and 1 <= position <= len(deals):
            before = table.fold(records[: position - 1]).state
            try:
                same = settle_deal(table.session(), before, record, position).deal == records[position - 1]
            except EngineError:
                same = False
            if same:
                return deals[position - 1]
        raise StaleDeal(expected=position, recorded=len(deals))
    session = table.session()
    state = table.fold(records).state
    if table.round_complete(session, state):
        raise RoundComplete
    entry = settle_deal(session, state, record, position)
    deal = _deal_insert(table, position=position, entry=entry, user=user, idempotency_key=idempotency_key)
    table.changed()
    snapshot_refresh(table=table, session=session)
    return deal


@transaction.atomic
def deal_correct(
    *, deal: Deal, record: DealRecord, reason: str, user: User = None, revision: int | None = None
) -> Deal:
    """Replace a recorded deal and replay every later one; refused whole if any deal becomes impossible.

    `revision`: the table's revision the page was drawn at. Posted with an older one, the correction is refused
    (TableChanged), unless the deal is already as this very correction left it (AlreadyCorrected: a double tap).
    A deal struck out since is refused too, whatever the revision."""
    if not reason.strip():
        raise ValueError("a correction needs a reason")
    table, deals = _locked(deal.table)
    index = next((i for i, d in enumerate(deals) if d.pk == deal.pk), None)
    if index is None or (revision is not None and revision != table.revision):
        if index is not None and _corrected_so(table, deals, index, record, reason):
            raise AlreadyCorrected(deals[index])
        raise TableChanged
    stored = deals[index]
    records = [d.to_record() for d in deals]
    records[index] = record
    try:
        ledger = table.fold(records)
    except EngineError as error:
        if error.position is not None and error.position > stored.position:
            raise CorrectionRefused(error) from None
        raise
    before = deal_json(stored.to_record())
    stored.set_record(ledger.entries[index].deal)
    stored.save()
    who_user, by = who(user, fallback=link_name(table))
    DealChange.objects.create(
        deal=stored,
        action=DealChange.Action.CORRECTED,
        before=before,
        after=deal_json(ledger.entries[index].deal),
        reason=reason.strip(),
        user=who_user,
        who=by,
    )
    signatures_clear(table=table)
    table.changed()
    snapshot_refresh(table=table)
    return stored


def _corrected_so(table: Table, deals: list[Deal], index: int, record: DealRecord, reason: str) -> bool:
    """Whether the last change of deal `index` is this correction: corrected, for this reason, to what `record`
    settles to where it stands."""
    last = DealChange.objects.filter(deal=deals[index]).order_by("-at", "-id").first()
    if last is None or last.action != DealChange.Action.CORRECTED or last.reason != reason.strip():
        return False
    before = table.fold([d.to_record() for d in deals[:index]]).state
    try:
        return settle_deal(table.session(), before, record, index + 1).deal == deals[index].to_record()
    except EngineError:
        return False


# events.Event.Kind.TOURNAMENT, named here without importing the room above (Table.event is a foreign key by name).
TOURNAMENT = "tournament"


class RoundNotComplete(Exception):
    """The players sign the balances only once the round is complete."""


def signatures_clear(*, table: Table) -> int:
    """Clear the players' signatures after the balances they agreed with changed; how many were cleared."""
    return Signature.objects.filter(table=table, cleared_at__isnull=True).update(cleared_at=timezone.now())


@transaction.atomic
def table_sign(*, table: Table, seat: int) -> Signature:
    """The player in `seat` agrees with the table's final balances (once the round is complete). Signing twice
    keeps the first signature."""
    if seat not in (0, 1, 2, 3):
        raise ValueError("a seat is 0 to 3")
    table = _locked_table(table)
    if not snapshot_read(table=table).complete:
        raise RoundNotComplete
    signed = Signature.objects.filter(table=table, seat=seat, cleared_at__isnull=True).first()
    if signed is not None:
        return signed
    signature = Signature.objects.create(table=table, seat=seat, player=table.players[seat], revision=table.revision)
    if table.event.kind == TOURNAMENT and Signature.objects.filter(table=table, cleared_at__isnull=True).count() == 4:
        # A tournament table whose planned tours are all played and signed ends on its own (never extended, T-6).
        _round_ended(table)
    return signature


def on_a_board(deal: Deal) -> bool:
    """Whether the deal was played on a duplicate tournament's board (the tournaments app's row, reached through
    the reverse relation without importing the room above)."""
    return getattr(deal, "board_play", None) is not None


class StrikeRefused(Exception):
    """Only the round's last deal may be struck from the table's phone (a director may strike any deal)."""


@transaction.atomic
def deal_strike(
    *, deal: Deal, reason: str, user: User = None, any_deal: bool = False, revision: int | None = None
) -> Deal:
    """Strike a deal out of the table's sequence (a deal entered at the wrong table, a misdeal tapped by mistake):
    it stays in the audit, later deals move up one and are replayed with the dealers the rotation now gives them.
    Without `any_deal` (the director's right) only the last deal may be struck. Refused whole, like a
    correction, if a later deal becomes impossible.

    `revision`: the table's revision the page was drawn at. Posted with an older one, the strike is refused
    (TableChanged). A deal struck out already raises AlreadyStruck when its strike gave this reason (a double tap),
    else StaleDeal (struck from another phone), whatever the revision."""
    if not reason.strip():
        raise ValueError("a strike needs a reason")
    table, deals = _locked(deal.table)
    index = next((i for i, d in enumerate(deals) if d.pk == deal.pk), None)
    if index is None:
        last = DealChange.objects.filter(deal_id=deal.pk, action=DealChange.Action.STRUCK).order_by("-at", "-id")
        struck = last.first()
        if struck is not None and struck.reason == reason.strip():
            raise AlreadyStruck(struck.deal)
        raise StaleDeal(expected=deal.position, recorded=len(deals))
    if revision is not None and revision != table.revision:
        raise TableChanged
    if not any_deal and index != len(deals) - 1:
        raise StrikeRefused
    session = table.session()
    state = table.fold([d.to_record() for d in deals[:index]]).state
    replayed = []
    for position, later in enumerate(deals[index + 1 :], start=index + 1):
        dealer = table.first_dealer if state.next_dealer is None else state.next_dealer
        if dealer != later.to_record().dealer and on_a_board(later):
            # A duplicate board fixes its dealer (T-58): moved by the rotation, the deal no longer fits its board.
            raise CorrectionRefused(
                EngineError("board_dealer_moved", "dealer", "a deal played on a board keeps its dealer", later.position)
            )
        try:
            entry = settle_deal(session, state, dataclasses.replace(later.to_record(), dealer=dealer), position)
        except EngineError as error:
            raise CorrectionRefused(error) from None
        state = entry.state
        replayed.append((later, entry.deal))
    who_user, by = who(user)
    struck = deals[index]
    record = deal_json(struck.to_record())
    struck.struck_at = timezone.now()
    struck.save(update_fields=["struck_at"])
    DealChange.objects.create(
        deal=struck,
        action=DealChange.Action.STRUCK,
        before=record,
        after=record,
        reason=reason.strip(),
        user=who_user,
        who=by,
    )
    for later, record_now in replayed:
        before = deal_json(later.to_record())
        later.position -= 1
        later.set_record(record_now)
        later.save()
        if deal_json(record_now) != before:  # the dealer moved with the rotation
            DealChange.objects.create(
                deal=later,
                action=DealChange.Action.CORRECTED,
                before=before,
                after=deal_json(record_now),
                reason=_("dealt again after a strike: %(reason)s") % {"reason": reason.strip()},
                user=who_user,
                who=by,
            )
    signatures_clear(table=table)
    table.changed()
    snapshot_refresh(table=table)
    return struck


MAX_IMPORT_BYTES = 1_000_000  # a table's evening is a few kilobytes; a season of one table, well under this
MAX_TABLE_DEALS = 500  # ten tours is 40 deals: 500 is far beyond an evening, far below a slow page


def import_document(raw: bytes) -> object:
    """The JSON document of an uploaded file, refused (EngineError) when it is too large, too deep or not JSON."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise EngineError(
            "import_too_large", None, _("the file is larger than %(size)s MB") % {"size": MAX_IMPORT_BYTES // 10**6}
        )
    try:
        return load_json(raw)
    except RecursionError:  # a document nested thousands deep: no interchange file is
        too_deep = _("the file is nested too deeply to be an interchange file")
        raise EngineError("json_too_deep", None, too_deep) from None


class TableHasDeals(Exception):
    """The table already has deals: an import replaces them only when the director says so."""

    def __init__(self, count: int) -> None:
        super().__init__(f"the table has {count} deals")
        self.count = count


@transaction.atomic
def table_import(
    *, table: Table, document: object, user: User = None, replace: bool = False, boards_kept: bool = False
) -> list[Deal]:
    """Record the deals of an interchange document (e.g. an evening kept on paper) at a table.

    A table that has deals is refused (TableHasDeals) unless `replace`: then its deals, with the history of each,
    are kept in a ReplacedDeals audit row and the file's deals take their place. Refused whole if the document is
    for another rule set or options, has more than MAX_TABLE_DEALS deals, or if any deal is invalid."""
    session_in, records_in, _close = parse_document(document)
    table, deals = _locked(table)
    session = table.session()
    if session_in.ruleset is not session.ruleset:
        raise EngineError("import_ruleset_mismatch", "ruleset", _("This file is for another rule set."))
    if session_in.options != session.options:
        ours, theirs = session.options.as_mapping(), session_in.options.as_mapping()
        differ = "; ".join(f"{key}: {theirs[key]} / {ours[key]}" for key in ours if theirs[key] != ours[key])
        raise EngineError(
            "import_options_mismatch",
            "options",
            _("This file's options differ from the event's (in the file / in the event): %(options)s.")
            % {"options": differ},
        )
    if records_in and not records_in[0].void and records_in[0].dealer != table.first_dealer:
        raise EngineError(
            "import_first_dealer",
            "dealer",
            _(
                "The file's first deal is dealt by seat %(file)s, and this table's first dealer is seat %(table)s "
                "(%(name)s): is the file another table's?"
            )
            % {
                "file": records_in[0].dealer + 1,
                "table": table.first_dealer + 1,
                "name": session.players[table.first_dealer],
            },
        )
    if session_in.opening != Opening():
        raise EngineError("import_opening_unexpected", None, _("An imported file cannot open with chips on the table."))
    if len(records_in) > MAX_TABLE_DEALS:
        raise EngineError(
            "import_too_many_deals", "deals", _("A table holds at most %(count)s deals.") % {"count": MAX_TABLE_DEALS}
        )
    if table.plays_boards and not boards_kept:
        # Its deals are recorded board by board against the hand records (T-62); a file names no board. A
        # tournament's document does (`boards_kept`: its import records each deal's board itself).
        raise EngineError("import_boards", None, "a duplicate table records its deals on their boards")
    if deals and not replace:
        raise TableHasDeals(len(deals))
    ledger = table.fold(list(records_in))
    who_user, by = who(user, fallback=link_name(table))
    if deals:
        kept = [
            {
                "position": d.position,
                "record": deal_json(d.to_record()),
                "changes": [
                    {"action": c.action, "who": c.who, "at": c.at.isoformat(), "reason": c.reason, "after": c.after}
                    for c in d.changes.all()
                ],
            }
            for d in deals
        ]
        ReplacedDeals.objects.create(table=table, deals=kept, reason="import", user=who_user, who=by)
        # The deals and their history now live in the ReplacedDeals row; the append-only guard is on single rows.
        DealChange.objects.filter(deal__table=table).delete()
        Deal.objects.filter(table=table).delete()
    created = []
    for position, entry in enumerate(ledger.entries, start=1):
        deal = Deal(table=table, position=position)
        deal.set_record(entry.deal)
        deal.save()
        DealChange.objects.create(
            deal=deal, action=DealChange.Action.IMPORTED, after=deal_json(entry.deal), user=who_user, who=by
        )
        created.append(deal)
    table.changed()
    snapshot_refresh(table=table)
    return created


def _locked_open(table: Table) -> Table:
    """The table, locked, refused only when its event is closed (ending and extending a round are the
    director's writes to a table whose round may have ended)."""
    locked = Table.objects.select_for_update(of=("self",)).select_related("event").get(pk=table.pk)
    if not locked.event.is_open:
        raise EventClosed
    return locked


@transaction.atomic
def table_end_round(*, table: Table) -> None:
    """End a table's round after whole tours; what is left on it is settled by the end-of-session rule (A-40).
    A round already ended stays as it is."""
    table = _locked_open(table)
    if table.ended_at is not None:
        return
    state = table.fold([d.to_record() for d in table.deals.order_by("position")]).state
    played = state.number + state.passed  # a duplicate table's boards with no result count in its tours
    if state.number == 0 or played % 4:
        raise EngineError("tour_unfinished", None, "a table ends its round only after whole tours")
    close_session(table.session(), state)  # refuses (pot_not_won) under play_on_until_won
    _round_ended(table)


def _round_ended(table: Table) -> None:
    """Mark the locked table's round ended: the end-of-session rule then settles what is left (A-40)."""
    table.ended_at = timezone.now()
    table.save(update_fields=["ended_at"])
    table.changed()
    snapshot_refresh(table=table)


@transaction.atomic
def table_extend_round(*, table: Table) -> Table:
    """Add a tour to the table's round (A-66): the phone takes four more deals, even after the round ended. A
    tournament table is never extended (T-6): `tournament_extend`."""
    table = _locked_open(table)
    if table.event.kind == TOURNAMENT:
        raise EngineError("tournament_extend", None, "a tournament table plays its planned tours only (T-6)")
    table.extra_tours += 1
    table.ended_at = None
    table.save(update_fields=["extra_tours", "ended_at"])
    signatures_clear(table=table)
    table.changed()
    snapshot_refresh(table=table)
    return table


@transaction.atomic
def table_create(*, event, number: int, players, first_dealer: int = 0, round: int = 1) -> Table:
    """A table of four different players of the event's club, seat 1 to seat 4 in order."""
    players = list(players)
    if len(players) != 4 or len({p.pk for p in players}) != 4:
        raise ValueError("a table seats four different players")
    if any(p.club_id != event.club_id for p in players):
        raise ValueError("every player must belong to the event's club")
    if not 0 <= first_dealer <= 3:
        raise ValueError("the first dealer is a seat from 0 to 3")
    return Table.objects.create(
        event=event,
        number=number,
        round=round,
        seat_0=players[0],
        seat_1=players[1],
        seat_2=players[2],
        seat_3=players[3],
        first_dealer=first_dealer,
    )
