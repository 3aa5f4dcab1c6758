"""``kahvehane okey solve`` and ``kahvehane okey 101``: the hand solvers from the shell.

``kahvehane okey solve --indicator R2 R1 R3 K7 …`` prints the seri diz layout and its
unmatched sum, the best finish of a 15-tile rack (which tile to put on the indicator
and the multiplier) and the çift diz layout; ``--json`` prints the same as JSON (the
form of :meth:`kahvehane.games.okey.solve.Solution.to_json`). Exit status 0, or 2 with a message on
standard error for tiles that do not parse or cannot be a rack.

``kahvehane okey 101 --indicator R2 [--table "B4 B5 B6" …] R10 R11 …`` prints the 101
solver's help (:func:`kahvehane.games.okey_101.hints.hints`): the best opening and
whether it reaches 101, the most pairs, an open-and-finish, lay-offs and swaps onto the
given table melds, and the hand's işlek discards.

:func:`register` adds the command to the ``kahvehane`` parser (``kahvehane.cli``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kahvehane.games.okey.solve import solve

__all__ = ["cmd_101", "cmd_solve", "register"]


def cmd_solve(args: argparse.Namespace) -> int:
    """Run ``okey solve``: 0 on success, 2 on a bad rack (message on stderr)."""
    try:
        solution = solve(args.tiles, args.indicator)
    except ValueError as exc:  # NotationError is a ValueError too
        print(f"kahvehane okey solve: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(solution.to_json(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(solution)
    return 0


def cmd_101(args: argparse.Namespace) -> int:
    """Run ``okey 101``: 0 on success, 2 on bad tiles or melds (message on stderr)."""
    from kahvehane.games.okey_101.hints import hints
    from kahvehane.tiles import FALSE_JOKER, parse_tile, parse_tiles

    try:
        indicator = parse_tile(args.indicator)
        if indicator == FALSE_JOKER:
            raise ValueError("the indicator is never J")
        found = hints(parse_tiles(args.tiles), indicator,
                      table=[m.split() for m in args.table or ()],
                      threshold=args.threshold)
    except ValueError as exc:
        print(f"kahvehane okey 101: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(found, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(f"okey: {found['okey']}")
    for key, title in (("opening", "best opening"), ("pairs", "most pairs"),
                       ("open_and_finish", "open and finish")):
        o = found[key]
        if o is None:
            print(f"{title}: none")
            continue
        mark = "" if o["enough"] else " (not enough)"
        melds = "  ".join(" ".join(m) for m in o["melds"])
        print(f"{title}: {o['value']}{mark}: {melds}")
    print("lay-offs: " + (", ".join(f"{t}→{m}" for t, m in found["layoffs"]) or "none"))
    print("swaps: " + (", ".join(f"{t}→{m}" for t, m in found["swaps"]) or "none"))
    print("işlek: " + (" ".join(found["islek"]) or "none"))
    return 0


def register(subparsers: Any) -> None:
    """Add ``okey`` (with its ``solve`` subcommand) to a parser's subcommands: the
    object ``ArgumentParser.add_subparsers()`` returned."""
    okey = subparsers.add_parser("okey", help="Okey tools: the hand solver")
    sub = okey.add_subparsers(dest="okey_command", required=True)
    p = sub.add_parser(
        "solve",
        help="seri diz, can I finish?, çift diz for a rack",
        description=(
            "Solve an Okey rack: the layout with the lowest unmatched sum (seri diz), the"
            " best finish of 15 tiles, and the layout with the most pairs (çift diz)."
        ),
    )
    p.add_argument(
        "--indicator", "-i", required=True, help="the face-up indicator tile, e.g. R2"
    )
    p.add_argument("tiles", nargs="+", help="the rack: tiles like R1 Y13 B7 K2 J (J = false joker)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_solve)
    q = sub.add_parser(
        "101",
        help="101 Okey: best opening, pairs, lay-offs and işlek discards",
        description=(
            "The 101 solver's help for a hand: the highest-value opening and whether it"
            " reaches the threshold, the most pairs, an open-and-finish, what can be laid"
            " off or swapped onto the given table melds, and which discards are işlek."
        ),
    )
    q.add_argument("--indicator", "-i", required=True, help="the indicator tile, e.g. R2")
    q.add_argument("--table", "-t", action="append",
                   help='a meld on the table, e.g. "B4 B5 *B6" (repeat for more)')
    q.add_argument("--threshold", type=int, default=101, help="the opening threshold T")
    q.add_argument("tiles", nargs="+", help="the hand: tiles like R1 Y13 B7 K2 J")
    q.add_argument("--json", action="store_true", help="print the result as JSON")
    q.set_defaults(func=cmd_101)
