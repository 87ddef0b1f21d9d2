"""Command line: `python -m scorekeeper.engine settle FILE|-` (INTERCHANGE.md), `plan FILE|-` (TOURNAMENTS.md T-81),
`verify FILE|- [--seed SEED]` (T-27, a schedule record), `standings FILE|-` (T-82, T-83), `boards --first B --count N`
(T-84).

Prints the ledger as JSON. Bad input settles nothing: a JSON error on standard output, a one-line message on
standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.interchange import ledger_json, load_json, read_input, settle_document
from scorekeeper.engine.tournament.boards import boards_document
from scorekeeper.engine.tournament.document import standings_document
from scorekeeper.engine.tournament.schedule import plan_file, verify_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.engine", description="Settle a table's deals.")
    sub = parser.add_subparsers(dest="command", required=True)
    settle = sub.add_parser("settle", help="settle an interchange document and print its ledger")
    settle.add_argument("file", help="the document, or - for standard input")
    settle.add_argument("--explain", action="store_true", help="add each deal's explanation to the output")
    plan = sub.add_parser("plan", help="plan a tournament's seating: schedule request in, schedule record out")
    plan.add_argument("file", help="the request (docs/TOURNAMENTS.md T-81), or - for standard input")
    check = sub.add_parser("verify", help="recompute a schedule record (T-28) round by round from its seed (T-27)")
    check.add_argument("file", help="the record, or - for standard input")
    check.add_argument("--seed", help="the seed, when the record does not reveal it yet")
    standings = sub.add_parser("standings", help="score a tournament document (TOURNAMENTS.md §10)")
    standings.add_argument("file", help="the document, or - for standard input")
    standings.add_argument("--after-round", type=int, metavar="R", help="the standings as they stood after round R")
    boards = sub.add_parser("boards", help="deal new hand records for duplicate (TOURNAMENTS.md T-84)")
    boards.add_argument("--first", help="the number of the first board, from 1")
    boards.add_argument("--count", help="how many boards, 1 to 10,000")
    args = parser.parse_args(argv)
    if args.command == "plan":
        return _plan(args.file)
    if args.command == "verify":
        try:
            found = verify_file(args.file, args.seed)
        except EngineError as error:
            return _fail(error)
        _print(found)
        if not found["commitment_matches"]:
            sys.stderr.write("verify: the seed does not match the record's commitment (T-26)\n")
        elif not found["ok"]:
            rounds = ", ".join(str(r) for r in found["differing_rounds"])
            sys.stderr.write(f"verify: the schedule drawn again differs in round(s) {rounds}\n")
        if not found["ok"]:
            return 1
        return 0
    if args.command == "boards":
        try:
            return _print(boards_document(args.first, args.count))
        except EngineError as error:
            return _fail(error)

    try:
        text = read_input(args.file)
    except EngineError as error:
        return _fail(error)
    if args.command == "standings":
        return _standings(text, args.after_round)

    try:
        ledger = settle_document(load_json(text), explain=args.explain)
    except EngineError as error:
        return _fail(error)
    except RecursionError:
        return _fail(EngineError("document_invalid", None, "the document is nested too deeply"))
    json.dump(ledger_json(ledger, explain=args.explain), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _plan(path: str) -> int:
    try:
        record = plan_file(path)
    except EngineError as error:
        return _fail(error)
    json.dump(record, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _standings(text: bytes, after_round: int | None) -> int:
    """A tournament document in, its standings document (T-83) out."""
    try:
        output = standings_document(load_json(text), through_round=after_round)
    except EngineError as error:
        return _fail(error)
    except RecursionError:
        return _fail(EngineError("document_invalid", None, "the document is nested too deeply"))
    return _print(output)


def _print(document: dict) -> int:
    json.dump(document, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _fail(error: EngineError) -> int:
    json.dump({"error": error.as_dict()}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    where = f"deal {error.position}: " if error.position else ""
    field = f"{error.field}: " if error.field else ""
    sys.stderr.write(f"error: {where}{field}{error.message} [{error.code}]\n")
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped early (`| head`): what it took was whole; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
