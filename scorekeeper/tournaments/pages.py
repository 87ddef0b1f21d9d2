"""What the standings, live and score-card pages show, shaped from the engine's standings (no request here):
used by the director's pages and by the public link alike."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scorekeeper.tournaments import wording
from scorekeeper.tournaments.standings import TournamentStandings


@dataclass(frozen=True)
class RoundScore:
    round: int
    label: str  # "R2 · T3", or "R2 · bye"
    score: str  # T-3's form, or "" while the table is being played


@dataclass(frozen=True)
class Row:
    place: str  # "3", "=3", or "" for an unranked withdrawn entrant
    number: int
    name: str
    total: str
    rounds: tuple[RoundScore, ...]
    played: int
    firsts: int
    chips: int
    withdrawn: bool
    decided_by: str
    playing: bool


@dataclass(frozen=True)
class Seat:
    number: int
    name: str
    change: str
    score: str


@dataclass(frozen=True)
class TableRow:
    table: int
    seats: tuple[Seat, ...]
    playing: bool
    deals: int
    planned: int
    short: bool


@dataclass(frozen=True)
class TeamRow:
    place: str
    name: str
    members: str
    total: str


@dataclass(frozen=True)
class CardRow:
    round: int
    kind: str
    table: int | None
    opponents: str
    change: str
    score: str
    place: str
    made: str  # how the score was made, in words
    substituted: bool


def signed(value: int | None) -> str:
    return "" if value is None else f"{value:+d}"


def rows(view: TournamentStandings) -> list[Row]:
    playing = view.playing
    # Worded once a page: a 64-entrant standings has some 500 round lines.
    round_word, table_word = _("R%(round)s"), _("T%(table)s")
    kinds = {kind: str(word) for kind, word in wording.KINDS.items()}
    result = []
    for row in view.standings.rows:
        rounds = tuple(
            RoundScore(
                e.round,
                f"{round_word % {'round': e.round}} · "
                + (table_word % {"table": e.table} if e.table else kinds[e.kind]),
                "" if e.score is None else view.display(e.score),
            )
            for e in row.entries
        )
        decided = row.decided_by if row.decided_by and row.decided_by != "share" else ""
        result.append(
            Row(
                place=row.place_label,
                number=row.number,
                name=row.entrant.name,
                total=view.display(row.total),
                rounds=rounds,
                played=row.played,
                firsts=row.firsts,
                chips=row.chips,
                withdrawn=row.withdrawn,
                decided_by=str(wording.DECIDED[decided]) if decided else "",
                playing=row.number in playing,
            )
        )
    return result


def table_rows(view: TournamentStandings, round_number: int | None) -> list[TableRow]:
    """The tables of a round with each seat's round change and table score."""
    found = [r for r in view.rounds if r.round == round_number]
    if not found:
        return []
    lines = []
    for t in found[0].tables:
        seats = tuple(
            Seat(
                number,
                view.name(number),
                "" if t.changes is None else signed(t.changes[i]),
                "" if t.scores is None else view.display(t.scores[i]),
            )
            for i, number in enumerate(t.seats)
        )
        lines.append(TableRow(t.table, seats, t.playing, t.deals, t.planned_deals, t.short))
    return lines


def team_rows(view: TournamentStandings) -> list[TeamRow]:
    return [
        TeamRow(team.place_label, team.name, ", ".join(view.name(m) for m in team.members), view.display(team.total))
        for team in view.teams
    ]


def card_rows(view: TournamentStandings, number: int) -> list[CardRow]:
    """Entrant `number`'s score card: a line a round, with how its score was made."""
    card = view.card(number)
    scale = view.scale
    lines = []
    for line in card.lines:
        e = line.entry
        made = " + ".join(wording.part_words(p, scale) for p in line.parts)
        place = ""
        if e.place is not None:
            place = f"={e.place}" if e.tied else str(e.place)
        lines.append(
            CardRow(
                round=e.round,
                kind=str(wording.KINDS[e.kind]),
                table=e.table,
                opponents=", ".join(view.name(o) for o in e.opponents),
                change=signed(e.change),
                score="" if e.score is None else view.display(e.score),
                place=place,
                made=made,
                substituted=e.substituted,
            )
        )
    return lines


def explained(view: TournamentStandings) -> list[str]:
    """The method, the byes and absences, and the tie-breaks, in words."""
    return [
        wording.method_words(view.options, view.ruleset),
        wording.bye_words(view.options, view.scale),
        wording.tiebreak_words(view.options),
    ]
