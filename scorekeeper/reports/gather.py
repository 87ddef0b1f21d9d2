"""From the database to the documents' data: every figure comes from the engine's ledgers."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scorekeeper.analysis.figures import PlayerFigures, contract_made
from scorekeeper.analysis.selectors import player_analysis, player_event_figures
from scorekeeper.collation import name_key
from scorekeeper.engine import Contract, LedgerEntry, Line
from scorekeeper.engine.explain import render
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
    TournamentReport,
    TournamentRound,
    TournamentRow,
    TournamentSeat,
    TournamentTable,
)
from scorekeeper.tables.messages import author_words
from scorekeeper.tables.models import Table
from scorekeeper.tables.presenters import (
    CONTRACTS,
    LINES,
    SUIT_SYMBOLS,
    WORDS,
    end_of_round_words,
    explanation,
    option_text,
    store_text,
)
from scorekeeper.tables.selectors import TableView, table_ledger
from scorekeeper.tournaments import duplicate, pages, wording
from scorekeeper.tournaments.duplicate_words import hundredths
from scorekeeper.tournaments.selectors import table_substitutes
from scorekeeper.tournaments.standings import (
    TournamentStandings,
    is_duplicate,
    is_tournament,
    tournament_standings,
)

CONTRACT_ORDER = [
    Contract.ALLIANCE,
    Contract.SELF_CALL,
    Contract.SOLO,
    Contract.VOLE_BID,
    Contract.FORCED,
    Contract.MEDIATEUR,
]


# A penalty's kind, as the explanations name it (the same message ids, so the same translations).
PENALTY_KINDS = {
    "eleven_cards": pgettext_lazy("penalty", "eleven cards"),
    "renounce": pgettext_lazy("penalty", "renounce"),
    "friend_revealed": pgettext_lazy("penalty", "friend revealed"),
    "turned_hand": pgettext_lazy("penalty", "turned hand"),
    "partner_out_of_turn": pgettext_lazy("penalty", "partner out of turn"),
    "showed_cards": pgettext_lazy("penalty", "showed cards"),
    "discovered_game": pgettext_lazy("penalty", "discovered game"),
}
PENALTY_NOTES = ("penalty", "bc_penalty")  # the explanation's notes that settle a penalty


def _penalties(entry: LedgerEntry, players) -> str:
    """Each penalty of the deal and what it cost, as the explanation says it; one the rules only record, named."""
    notes = [n for n in entry.notes if n.code in PENALTY_NOTES]
    words = []
    for penalty in entry.deal.penalties:
        settled = [n for n in notes if n["kind"] == penalty.kind.value][: penalty.beasts]  # one note a beast
        if settled:
            words.append(render(settled, players, WORDS))  # "…, 7 times: … each time, 28 in all."
            for n in settled:
                notes.remove(n)
            continue
        names = [players[s] for s in penalty.seats]
        who = (
            names[0]
            if len(names) == 1
            else _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
        )
        words.append(
            _("Penalty (%(kind)s): %(seats)s; recorded only, it costs nothing under these rules.")
            % {"kind": PENALTY_KINDS[penalty.kind.value], "seats": who}
        )
    return " ".join(words)


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
        substitutes=tuple(
            _("Seat %(seat)s, %(player)s: played by %(name)s from deal %(deal)s.")
            % {"seat": seat + 1, "player": view.session.players[seat], "name": name, "deal": view.number_from(at)}
            for seat, name, at in table_substitutes(table=table)
        ),
    )


def sheet_for(table: Table, *, explain: bool = False) -> TableSheet:
    """The score sheet; with `explain`, each deal's settlement in words (in the active language) after the grid.
    Penalties are always said (from the explanation's notes, so the sheet is folded with them), and the
    signatures recorded on the phones printed on the signature lines."""
    view = table_ledger(table=table, explain=True)
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
                penalised=bool(d.penalties),
            )
        )
    tours = tuple(t for t in view.tours if t.complete)
    players = view.session.players
    explanations = tuple(
        (str(r.entry.number) if r.entry.number else "–", explanation(r.entry, players)) for r in view.rows if explain
    )
    struck = tuple((s.summary, author_words(s.who), s.reason) for s in view.struck)
    penalties = tuple(
        (str(r.entry.number), _penalties(r.entry, players))
        for r in view.rows
        if not r.entry.void and r.entry.deal.penalties
    )
    when = {s.seat: _when(s.signed_at) for s in view.signatures}
    signed = tuple(when.get(seat, "") for seat in range(4))
    final = view.round_complete  # the balances the table page shows the players to sign
    return TableSheet(
        _header(table, view),
        tuple(rows),
        tours,
        view.final_balances if final else view.state.balances,
        _now(),
        explanations,
        struck,
        penalties,
        signed,
        final=final,
        end_of_round=end_of_round_words(view),
    )


def _when(moment) -> str:
    """A moment as the document's language writes a date, and the time."""
    local = timezone.localtime(moment)
    return f"{formats.date_format(local, 'DATE_FORMAT')} {formats.time_format(local, 'H:i')}"


def blank_for(table: Table, link: str) -> BlankSheet:
    view = table_ledger(table=table, explain=False)
    return BlankSheet(_header(table, view), link, 4 * view.session.options.session_tours, _now())


def _contract_lines(counts: dict[Contract, list[int]]) -> tuple[ContractLine, ...]:
    return tuple(ContractLine(str(CONTRACTS[c]), *counts[c]) for c in CONTRACT_ORDER if counts[c][0])


def event_report_for(event: Event) -> EventReport:
    summary = event_summary(event=event, rows=True)
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
        # The end-of-round rule's share of what was left, once the round has ended, with the table's last
        # deal: each line then ends at the account the standings give.
        ended = progress.snapshot
        for seat, name in enumerate(names):
            share = ended.result[seat] - ended.state.balances[seat]
            if share and ended.rows:
                series[name][-1] += share
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
        by_result = sorted(lines, key=lambda line: (-line[1], name_key(line[0], event.club.language)))
        rounds.append(RoundResult(number, tuple(by_result)))
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
        kind=event.kind,
        unit=event.ruleset,
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
        shared=f.end_of_round,
    )


def personal_report_for(event: Event, player) -> PersonalReport:
    """One player's evening: the deals' gains and losses, and his share of what the end-of-round rule shared
    out (A-40), which the account and the chart's last point include."""
    figures = player_event_figures(event=event, player=player)
    report = _personal(player, event.club.name, f"{event.name}, {_date(event.date)}", figures, event.start)
    return dataclasses.replace(report, unit=event.ruleset, standing=_standing(event, player))


def _standing(event: Event, player) -> str:
    """A tournament's place and total for `player`, in words ('' for an evening, or a player who was not entered):
    the tournament ranks its scores, not the chips the report adds up."""
    if not is_tournament(event):
        return ""
    number = event.tournament.entrants.filter(player=player).values_list("number", flat=True).first()
    if number is None:
        return ""
    if is_duplicate(event):
        return _duplicate_standing(event, number)
    view = tournament_standings(event=event)
    row = view.standings.row(number)
    if row.place is None:  # withdrawn, unranked (T-52)
        return ""
    return _(
        "Tournament: place %(place)s of %(entrants)s, total %(total)s. The standings rank the tournament's scores, "
        "not the chips below."
    ) % {"place": row.place, "entrants": len(view.standings.rows), "total": view.display(row.total)}


def _duplicate_standing(event: Event, number: int) -> str:
    """A duplicate tournament's place and score for entrant `number`: matchpoints and their percentage, or IMPs."""
    results = duplicate.duplicate_results(tournament=event.tournament)
    rows = results.result.standings.rows
    row = next((r for r in rows if r.number == number), None)
    if row is None:
        return ""
    words = {"place": row.place_label, "entrants": len(rows), "total": hundredths(row.total)}
    percent = results.percents.get(number)
    if results.method == "matchpoints" and percent is not None:
        return _(
            "Tournament: place %(place)s of %(entrants)s, %(total)s matchpoints (%(percent)s %%). The boards are "
            "scored against the other tables, not by the chips below."
        ) % {**words, "percent": hundredths(percent)}
    if results.method == "matchpoints":
        return (
            _(
                "Tournament: place %(place)s of %(entrants)s, %(total)s matchpoints. The boards are scored against the "
                "other tables, not by the chips below."
            )
            % words
        )
    return (
        _(
            "Tournament: place %(place)s of %(entrants)s, %(total)s IMPs. The boards are scored against the other "
            "tables, not by the chips below."
        )
        % words
    )


def personal_season_for(club, player, year: int, unit: str | None = None) -> PersonalReport:
    """One player's season: every deal of the club's events of the year in one unit (`unit`, else the one he played
    most: units are never added up); the account is the total change, the end-of-round rule included."""
    page = player_analysis(player=player, year=year, unit=unit)
    rating = [value for _event, value in page.rating_history]
    scopes = {
        "points": _("Season %(year)s: points won or lost over the year"),
        "counters": _("Season %(year)s: counters won or lost over the year"),
    }
    scope = (scopes.get(page.unit) or _("Season %(year)s: chips won or lost over the year")) % {"year": year}
    return dataclasses.replace(_personal(player, club.name, scope, page.figures, 0, rating), unit=page.ruleset)


def _tournament_round(view: TournamentStandings, number: int) -> TournamentRound:
    line = next(r for r in view.rounds if r.round == number)
    tables = []
    for t in line.tables:
        places = [] if t.changes is None else [1 + sum(1 for o in t.changes if o > c) for c in t.changes]
        order = t.changes
        if t.scores is not None and view.options.method == "contracts":
            order = t.scores
            places = [1 + sum(1 for o in order if o > c) for c in order]
        seats = tuple(
            TournamentSeat(
                view.name(number),
                "" if t.changes is None else f"{t.changes[i]:+d}",
                "" if t.scores is None else view.display(t.scores[i]),
                ""
                if not places
                else (f"={places[i]}" if order is not None and list(order).count(order[i]) > 1 else str(places[i])),
            )
            for i, number in enumerate(t.seats)
        )
        note = _("playing") if t.playing else (_("short") if t.short else "")
        tables.append(TournamentTable(t.table, seats, note))
    byes = []
    for entrant in line.byes:
        entry = next((e for e in view.row(entrant).entries if e.round == number), None)
        score = "" if entry is None or entry.score is None else view.display(entry.score)
        byes.append((view.name(entrant), score))
    return TournamentRound(number, tuple(tables), tuple(byes))


def tournament_report_for(event: Event, *, round_number: int | None = None) -> TournamentReport:
    """The final report (every round; `round_number` None) or one round's results: the standings after it and its
    tables. Figures from the tables' snapshots through the engine's standings."""
    view = tournament_standings(event=event, through_round=round_number)
    if round_number is None:
        heading = _("Final standings") if not view.standings.provisional else _("Standings")
        shown = view.started
    else:
        heading = _("Results of round %(round)s") % {"round": view.through_round}
        shown = (view.through_round,) if view.through_round in view.started else ()
    rows = []
    for row in view.standings.rows:
        decided = row.decided_by if row.decided_by and row.decided_by != "share" else ""
        rows.append(
            TournamentRow(
                place=row.place_label,
                name=row.entrant.name,
                total=view.display(row.total),
                scores=tuple("" if e.score is None else view.display(e.score) for e in row.entries),
                firsts=row.firsts,
                chips=row.chips,
                decided_by=str(wording.DECIDED[decided]) if decided else "",
            )
        )
    return TournamentReport(
        club=event.club.name,
        event=event.name,
        date=_date(event.date),
        ruleset=event.get_ruleset_display(),
        heading=heading,
        provisional=view.standings.provisional,
        method=tuple(pages.explained(view)),
        rows=tuple(rows),
        rounds=tuple(_tournament_round(view, number) for number in shown),
        teams=tuple((t.place, t.name, t.members, t.total) for t in pages.team_rows(view)),
        seed_sha256=view.tournament.seed_sha256,
        seed=view.seed or "",
        generated=_now(),
    )
