"""The room's paper: a table card for each physical table (its number and the QR code of its one link for the
whole event), and each round's seating lists, by table and by name, with the first dealer first. Data (plain
dataclasses) → gathered from an event → PDF bytes, as the other documents of this package."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Spacer, Table, TableStyle

from scorekeeper.drawing.charts import BOLD
from scorekeeper.events.models import Event, SitOut
from scorekeeper.reports.documents import H2, SMALL, TEXT, TITLE, _build, _qr, _small_table, _text
from scorekeeper.tables.models import SNAPSHOT_FIELDS
from scorekeeper.tables.models import Table as PlayedTable
from scorekeeper.tournaments.models import PhysicalTable, PlannedRound, Tournament
from scorekeeper.tournaments.selectors import standings_round

NUMBER = ParagraphStyle("number", fontName=BOLD, fontSize=120, leading=130, alignment=1)
CENTRE = ParagraphStyle("centre", parent=TEXT, fontSize=12, leading=15, alignment=1)
LINK = ParagraphStyle("link", parent=SMALL, alignment=1)


@dataclass(frozen=True)
class Card:
    number: int
    link: str


@dataclass(frozen=True)
class TableCards:
    event: str
    club: str
    date: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SeatedTable:
    number: int
    seats: tuple[tuple[int, str], ...]  # (seat 0-3, name), the first dealer first


@dataclass(frozen=True)
class Seating:
    event: str
    club: str
    date: str
    round: int
    session: int | None
    commitment: str  # the seed commitment (T-26), on the first round's sheet; "" otherwise
    tables: tuple[SeatedTable, ...]
    byes: tuple[str, ...]


def cards_for(event: Event, places: list[PhysicalTable], link_of) -> TableCards:
    """The table cards of an event's physical tables; `link_of(place)` is the full address its QR code carries."""
    return TableCards(
        event=event.name,
        club=event.club.name,
        date=str(event.date),
        cards=tuple(Card(p.number, link_of(p)) for p in places),
    )


def seating_for(event: Event, number: int) -> Seating | None:
    """Round `number`'s seating: its open tables, or, for a tournament round not yet open, its planned tables.
    None when the event has no such round, or when the round is not open and the standings will seat it or choose
    its byes as it opens (T-18, T-29): its planned tables are provisional then."""
    tables = list(
        PlayedTable.objects.filter(event=event, round=number)
        .select_related("seat_0", "seat_1", "seat_2", "seat_3")
        .defer(*SNAPSHOT_FIELDS)
        .order_by("number")
    )
    tournament, planned = _tournament_round(event, number)
    names = {e.number: e.player.name for e in tournament.entrants.select_related("player")} if tournament else {}
    if tables:
        seated = tuple(
            SeatedTable(
                t.number, tuple(((t.first_dealer + k) % 4, t.players[(t.first_dealer + k) % 4].name) for k in range(4))
            )
            for t in tables
        )
    elif planned is not None and not _drawn_as_it_opens(tournament, planned):
        seated = tuple(
            SeatedTable(t.number, tuple((s, names[n]) for s, n in enumerate(t.seats)))
            for t in planned.tables.order_by("number")
        )
    else:
        return None
    if planned is not None:
        byes = tuple(names[n] for n in sorted(planned.byes))
    else:
        byes = tuple(s.player.name for s in SitOut.objects.filter(event=event, round=number).select_related("player"))
    return Seating(
        event=event.name,
        club=event.club.name,
        date=str(event.date),
        round=number,
        session=planned.session if planned is not None else None,
        commitment=tournament.seed_sha256 if tournament and number == 1 else "",
        tables=seated,
        byes=byes,
    )


def _dealer_first(table: PlayedTable) -> tuple[tuple[int, str], ...]:
    seats = [(table.first_dealer + k) % 4 for k in range(4)]
    return tuple((seat, table.players[seat].name) for seat in seats)


def _seat(seat: int) -> str:
    return _("seat %(number)s") % {"number": seat + 1}


def table_cards(cards: TableCards, paper: str = "a4") -> bytes:
    """One page a table: its number, large, and the QR code of its link for the whole event."""
    story: list = []
    for i, card in enumerate(cards.cards):
        if i:
            story.append(PageBreak())
        story += [
            _text(f"{cards.event} · {cards.club} · {cards.date}", CENTRE),
            Spacer(1, 10 * mm),
            _text(_("Table"), CENTRE),
            _text(str(card.number), NUMBER),
            Spacer(1, 8 * mm),
            Table([[_qr(card.link, 90 * mm)]], colWidths=[190 * mm], style=[("ALIGN", (0, 0), (-1, -1), "CENTER")]),
            Spacer(1, 6 * mm),
            _text(_("Scan to keep this table's score, in every round of the event."), CENTRE),
            _text(card.link, LINK),
        ]
    return _build(story, paper, cards.event, f"{_('Table cards')} {cards.event}")


def seating_list(seating: Seating, paper: str = "a4") -> bytes:
    """Round `seating.round`, by table (the first dealer first) and by name (`Ann → table 3, seat 2`)."""
    heading = _("Round %(round)s") % {"round": seating.round}
    if seating.session is not None:
        heading += " · " + _("session %(session)s") % {"session": seating.session}
    story: list = [
        _text(f"{seating.event} · {seating.club} · {seating.date}", TITLE),
        _text(heading, H2),
    ]
    if seating.commitment:
        story.append(_text(_("Seed commitment (SHA-256): %(commitment)s") % {"commitment": seating.commitment}, SMALL))
    story.append(_text(_("By table"), H2))
    rows = [[_("Table"), _("Deals first"), _("then"), "", ""]]
    for table in seating.tables:
        rows.append([str(table.number)] + [f"{name} ({_seat(seat)})" for seat, name in table.seats])
    story.append(_small_table(rows, [14 * mm, 44 * mm, 44 * mm, 44 * mm, 44 * mm], right_from=5))
    if seating.byes:
        story.append(Spacer(1, 2 * mm))
        story.append(_text(_("Bye: %(names)s") % {"names": ", ".join(seating.byes)}, TEXT))
    story.append(_text(_("By name"), H2))
    lines = []
    for table in seating.tables:
        for k, (seat, name) in enumerate(table.seats):
            where = _("table %(table)s, %(seat)s") % {"table": table.number, "seat": _seat(seat)}
            if k == 0:
                where += " · " + _("deals first")
            lines.append((name.casefold(), f"{name} → {where}"))
    lines += [(name.casefold(), f"{name} → {_('bye')}") for name in seating.byes]
    half = (len(lines) + 1) // 2
    ordered = [text for _key, text in sorted(lines)]
    columns = [[_text(t, TEXT)] for t in ordered[:half]]
    for i, t in enumerate(ordered[half:]):
        columns[i].append(_text(t, TEXT))
    grid = Table([row + [""] * (2 - len(row)) for row in columns], colWidths=[95 * mm, 95 * mm])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 1)]))
    story.append(KeepTogether([grid]) if len(columns) < 40 else grid)
    return _build(story, paper, seating.event, f"{heading} {seating.event}")


def seated_when_open(event: Event, number: int) -> bool:
    """Whether round `number` of a tournament is not open yet and the standings will seat it, or choose its byes,
    as it opens (T-18, T-29): its seating list waits until then."""
    return _drawn_as_it_opens(*_tournament_round(event, number))


def _tournament_round(event: Event, number: int) -> tuple[Tournament | None, PlannedRound | None]:
    """The event's tournament and its planned round `number`, if it is a tournament that has one."""
    tournament = getattr(event, "tournament", None) if event.kind == Event.Kind.TOURNAMENT else None
    planned = PlannedRound.objects.filter(tournament=tournament, number=number).first() if tournament else None
    return tournament, planned


def _drawn_as_it_opens(tournament: Tournament | None, planned: PlannedRound | None) -> bool:
    return (
        planned is not None
        and planned.started_at is None
        and standings_round(tournament=tournament, number=planned.number, byes=bool(planned.byes)) is not None
    )
