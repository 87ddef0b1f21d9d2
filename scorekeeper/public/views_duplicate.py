"""A duplicate tournament's published results on the event's public link: the standings, and for each round whose
boards every table has played, the hand records, a traveller per board and each entrant's score card."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from scorekeeper.public.models import EventLink
from scorekeeper.tournaments import duplicate
from scorekeeper.tournaments.duplicate_words import contract_words, line_words, seat_words
from scorekeeper.tournaments.models import Board, Tournament
from scorekeeper.tournaments.views_duplicate import fouled_rows, scored_or_explained
from scorekeeper.tournaments.views_duplicate import hundredths as _hundredths
from scorekeeper.tournaments.views_duplicate import pockets as _pockets
from scorekeeper.tournaments.views_duplicate import standings_rows as _standings


def _public_tournament(token: str) -> Tournament:
    link = get_object_or_404(EventLink.objects.select_related("event"), token=token)
    tournament = Tournament.objects.filter(event=link.event).select_related("event", "event__club").first()
    if tournament is None or not duplicate.is_duplicate(tournament):
        raise Http404
    return tournament


@require_safe
@scored_or_explained
def public_results(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _public_tournament(token)
    results = duplicate.duplicate_results(tournament=tournament)
    rounds = [
        {"number": r.number, "published": r.complete, "boards": [b.board for b in r.result.boards]}
        for r in results.rounds
    ]
    context = {
        "tournament": tournament,
        "event": tournament.event,
        "token": token,
        "rounds": rounds,
        "standings": _standings(results),
        "fouled": fouled_rows(results),
        "method": results.method,
    }
    return render(request, "tournaments/duplicate/results.html", context)


@require_safe
@scored_or_explained
def public_traveller(request: HttpRequest, token: str, board: int) -> HttpResponse:
    tournament = _public_tournament(token)
    stored = Board.objects.filter(tournament=tournament, number=board).first()
    if stored is None:
        raise Http404
    results = duplicate.duplicate_results(tournament=tournament)
    if stored.round not in results.published:
        raise Http404  # a board is shown to nobody but the director before every table has played it
    item = next((t for t in results.travellers(stored.round) if t.board == board), None)
    if item is None:
        raise Http404
    lines = [
        {
            "table": line.table,
            "fouled": line.fouled,
            "contract": contract_words(line.contract, line.hombre, line.trump),
            "ally": None if line.ally is None else seat_words(line.ally),
            "tricks": line.tricks,
            "line": line_words(line.line),
            "percents": line.percents is not None,
            "rows": [
                {
                    "seat": seat + 1,
                    "name": results.names.get(line.entrants[seat], "?") if line.entrants else "",
                    "value": None if line.values is None else line.values[seat],
                    "score": _hundredths(line.scores[seat]),
                    "percent": None if line.percents is None else _hundredths(line.percents[seat]),
                }
                for seat in range(4)
            ],
        }
        for line in item.lines
    ]
    frequencies = [
        {"contract": contract_words(f.contract, f.hombre, f.trump), "played": f.played, "won": f.won}
        for f in item.frequencies
    ]
    context = {
        "tournament": tournament,
        "event": tournament.event,
        "token": token,
        "board": stored,
        "dealer": seat_words(stored.dealer),
        "pockets": _pockets(stored),
        "lines": lines,
        "frequencies": frequencies,
        "method": results.method,
        "round": stored.round,
    }
    return render(request, "tournaments/duplicate/traveller.html", context)


@require_safe
@scored_or_explained
def public_card(request: HttpRequest, token: str, number: int) -> HttpResponse:
    tournament = _public_tournament(token)
    results = duplicate.duplicate_results(tournament=tournament)
    if number not in results.names:
        raise Http404
    rounds = []
    entries = {e.round: e for e in results.result.standings.row(number).entries}
    for rnd in results.rounds:
        if rnd.number not in results.published:
            continue
        card = results.cards(rnd.number).get(number, ())
        entry = entries.get(rnd.number)
        rounds.append(
            {
                "number": rnd.number,
                # A round without a board here: a bye (scored, T-51) or an absence (nothing), said in words.
                "kind": entry.kind if entry else "",
                "score": _hundredths(entry.score) if entry and entry.score is not None else "",
                "lines": [
                    {
                        "board": line.board,
                        "table": line.table,
                        "seat": seat_words(line.seat),
                        "value": line.value,
                        "score": _hundredths(line.score),
                        "percent": None if line.percent is None else _hundredths(line.percent),
                        "top": line.top,
                    }
                    for line in card
                ],
            }
        )
    row = next(r for r in _standings(results) if r["number"] == number)
    context = {
        "tournament": tournament,
        "event": tournament.event,
        "token": token,
        "name": results.names[number],
        "row": row,
        "rounds": rounds,
        "method": results.method,
    }
    return render(request, "tournaments/duplicate/card.html", context)
