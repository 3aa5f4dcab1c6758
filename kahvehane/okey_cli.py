"""``kahvehane okey solve``: the hand solver from the shell.

``kahvehane okey solve --indicator R2 R1 R3 K7 …`` prints the seri diz layout and its
unmatched sum, the best finish of a 15-tile rack (which tile to put on the indicator
and the multiplier) and the çift diz layout; ``--json`` prints the same as JSON (the
form of :meth:`kahvehane.games.okey.solve.Solution.to_json`). Exit status 0, or 2 with a message on
standard error for tiles that do not parse or cannot be a rack.

:func:`register` adds the command to the ``kahvehane`` parser (``kahvehane.cli``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kahvehane.games.okey.solve import solve

__all__ = ["cmd_solve", "register"]


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
