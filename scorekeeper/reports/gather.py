"""From the database to the documents' data: every figure comes from the engine's ledgers."""

from __future__ import annotations

from collections import defaultdict

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from scorekeeper.analysis.figures import PlayerFigures, contract_made
from scorekeeper.analysis.selectors import player_analysis, player_event_figures
from scorekeeper.engine import Contract, Line
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import event_summary
from scorekeeper.reports.data import (
    BlankSheet,
    ContractLine,
    EventReport,
    PersonalReport,
    RoundResult,
    SheetHeader,
    SheetRow,
    Standing,
    TableSheet,
    TableSummary,
)
from scorekeeper.tables.models import Table
from scorekeeper.tables.presenters import CONTRACTS, LINES, SUIT_SYMBOLS, explanation, option_text, store_text
from scorekeeper.tables.selectors import TableView, table_ledger

CONTRACT_ORDER = [
    Contract.ALLIANCE,
    Contract.SELF_CALL,
    Contract.SOLO,
    Contract.VOLE_BID,
    Contract.FORCED,
    Contract.MEDIATEUR,
]


def _now() -> str:
    return formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")


def _date(day) -> str:
    """A date as the document's language writes it."""
    return formats.date_format(day, "DATE_FORMAT")


def _header(table: Table, view: TableView) -> SheetHeader:
    event = table.event
    options = tuple(option_text(k, v) for k, v in view.session.options.as_mapping(changed_only=True).items())
    store = {"parlett-points": _("Multiplier"), "britannica-counters": _("Board")}.get(view.ruleset.value, _("Pot"))
    return SheetHeader(
        club=event.club.name,
        event=event.name,
        date=_date(event.date),
        table=_("round %(round)s, table %(table)s") % {"round": table.round, "table": table.number},
        ruleset=event.get_ruleset_display(),
        options=options,
        players=view.session.players,
        start=event.start,
        store_heading=store,
    )


def sheet_for(table: Table, *, explain: bool = False) -> TableSheet:
    """The score sheet; with `explain`, each deal's settlement in words (in the active language) after the grid."""
    view = table_ledger(table=table, explain=explain)
    names = view.short_names  # the grid's columns are narrow; the header gives the full names
    rows = []
    for row in view.rows:
        e, d = row.entry, row.entry.deal
        if e.void:
            store = store_text(e.state, view.ruleset, short=True)
            rows.append(SheetRow("–", names[d.dealer], e.deltas, e.balances, store, void=True))
            continue
        extras = str(LINES[Line.PREMIERS]) if d.premiers else ""
        if d.vole_attempted:
            extras = str(LINES[Line.VOLE_WON] if d.tricks == 10 else LINES[Line.VOLE_LOST])
        rows.append(
            SheetRow(
                number=str(e.number),
                dealer=names[d.dealer],
                contract=str(CONTRACTS[d.contract]),
                hombre=names[d.hombre],
                ally="" if d.ally is None else names[d.ally],
                trump=SUIT_SYMBOLS[d.trump],
                tricks=str(d.tricks),
                run=str(d.run_side or ""),
                extras=extras,
                outcome=str(LINES[e.line]),
                deltas=e.deltas,
                balances=e.balances,
                store=store_text(e.state, view.ruleset, short=True),
                corrected=row.corrected,
            )
        )
    tours = tuple(t for t in view.tours if t.complete)
    players = view.session.players
    explanations = tuple(
        (str(r.entry.number) if r.entry.number else "–", explanation(r.entry, players)) for r in view.rows if explain
    )
    struck = tuple((s.summary, s.who, s.reason) for s in view.struck)
    return TableSheet(_header(table, view), tuple(rows), tours, view.state.balances, _now(), explanations, struck)


def blank_for(table: Table, link: str) -> BlankSheet:
    view = table_ledger(table=table, explain=False)
    return BlankSheet(_header(table, view), link, 4 * view.session.options.session_tours, _now())


def _contract_lines(counts: dict[Contract, list[int]]) -> tuple[ContractLine, ...]:
    return tuple(ContractLine(str(CONTRACTS[c]), *counts[c]) for c in CONTRACT_ORDER if counts[c][0])


def event_report_for(event: Event) -> EventReport:
    summary = event_summary(event=event)
    counts: dict[Contract, list[int]] = defaultdict(lambda: [0, 0])
    remises = codilles = voles_won = voles_tried = largest = deals = 0
    series: dict[str, list[int]] = {a.player.name: [event.start] for a in summary.accounts}
    tables = []
    for progress in summary.tables:
        names = tuple(p.name for p in progress.table.players)
        for row in progress.snapshot.rows:
            if row.void:
                continue
            deals += 1
            counts[row.contract][0] += 1
            counts[row.contract][1] += contract_made(row.contract.value, row.line.value)
            remises += row.line is Line.REMISE
            codilles += row.line is Line.CODILLE
            voles_tried += row.vole_attempted
            voles_won += row.line is Line.VOLE_WON
            largest = max(largest, row.stake)
            for seat, name in enumerate(names):
                line = series.setdefault(name, [event.start])
                line.append(line[-1] + row.deltas[seat])
        tables.append(
            TableSummary(
                _("Round %(round)s · table %(table)s")
                % {"round": progress.table.round, "table": progress.table.number},
                names,
                progress.deals,
                progress.snapshot.result,
            )
        )
    standings = tuple(Standing(a.rank, a.player.name, a.account, a.change) for a in summary.accounts)
    rounds = []
    for number in range(1, summary.current_round + 1):
        lines = [(a.player.name, a.by_round[number]) for a in summary.accounts if number in a.by_round]
        rounds.append(RoundResult(number, tuple(sorted(lines, key=lambda line: (-line[1], line[0])))))
    return EventReport(
        club=event.club.name,
        event=event.name,
        date=_date(event.date),
        ruleset=event.get_ruleset_display(),
        standings=standings,
        tables=tuple(tables),
        deals=deals,
        contracts=_contract_lines(counts),
        remises=remises,
        codilles=codilles,
        voles_won=voles_won,
        voles_tried=voles_tried,
        largest_pot=largest,
        series=series,
        generated=_now(),
        rounds=tuple(rounds),
    )


def _personal(player, club: str, scope: str, f: PlayerFigures, start: int, rating=()) -> PersonalReport:
    """A player's report from his figures; the account and the chart start at `start`."""
    counts = defaultdict(lambda: [0, 0], {Contract(n): [r.played, r.made] for n, r in f.contracts.items()})
    return PersonalReport(
        player.name,
        club,
        scope,
        f.deals,
        f.hombre,
        _contract_lines(counts),
        f.won,
        f.lost,
        start + f.chips,
        [start, *(start + v for v in f.by_deal)],
        _now(),
        rating=list(rating),
    )


def personal_report_for(event: Event, player) -> PersonalReport:
    """One player's evening; the account includes the end-of-round pot rule, the chart the deals."""
    figures = player_event_figures(event=event, player=player)
    return _personal(player, event.club.name, f"{event.name}, {_date(event.date)}", figures, event.start)


def personal_season_for(club, player, year: int) -> PersonalReport:
    """One player's season: every deal of the club's events of the year; the account is the total change, the
    end-of-round rule included."""
    page = player_analysis(player=player, year=year)
    rating = [value for _event, value in page.rating_history]
    scope = _("Season %(year)s: chips won or lost over the year") % {"year": year}
    return _personal(player, club.name, scope, page.figures, 0, rating)
