"""The ``kahvehane`` command.

``kahvehane replay FILE`` checks and scores a game record; ``kahvehane verify FILE``
checks a record's provably fair deals. Exit status: 0 fine, 1 a verification failed,
2 an illegal action or a malformed record (the message on standard error says where).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from kahvehane import __version__
from kahvehane.records import ReplayError, replay_result, verify


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _fmt(x: Any) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:g}" if x != int(x) else str(int(x))
    return str(x)


def render_table(result: dict[str, Any], out: TextIO) -> None:
    """A readable score table (yazboz) of a replay result, for a terminal."""
    totals = result["totals"]
    n = len(totals)
    width = max(8, *(len(_fmt(t)) + 2 for t in totals))
    head = f"{'deal':<6}{'end':<8}" + "".join(f"{'seat ' + str(s):>{width}}" for s in range(n))
    print(f"{result['game']}  ({'complete' if result['complete'] else 'in progress'})",
          file=out)
    print(head, file=out)
    print("-" * len(head), file=out)
    for k, deal in enumerate(result["deals"]):
        scores = deal["scores"] or [None] * n
        print(f"{k:<6}{_fmt(deal['end']):<8}" + "".join(f"{_fmt(v):>{width}}" for v in scores),
              file=out)
    print("-" * len(head), file=out)
    print(f"{'total':<14}" + "".join(f"{_fmt(v):>{width}}" for v in totals), file=out)
    for key, value in result.items():
        if key in ("game", "complete", "deals", "totals"):
            continue
        if isinstance(value, list):
            value = " ".join(_fmt(v) for v in value)
        print(f"{key}: {_fmt(value)}", file=out)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        result = replay_result(_read(args.file))
    except OSError as exc:
        print(f"kahvehane replay: {exc}", file=sys.stderr)
        return 2
    except ReplayError as exc:
        print(f"kahvehane replay: {exc}", file=sys.stderr)
        return 2
    as_json = args.json if args.json is not None else not sys.stdout.isatty()
    if as_json:
        json.dump(result, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        render_table(result, sys.stdout)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        report = verify(_read(args.file))
    except OSError as exc:
        print(f"kahvehane verify: {exc}", file=sys.stderr)
        return 2
    except ReplayError as exc:
        print(f"kahvehane verify: {exc}", file=sys.stderr)
        return 2
    for k, why in report.failures:
        print(f"deal {k}: FAILED: {why}")
    ok = sorted(set(report.checked) - {k for k, _ in report.failures})
    if ok:
        print(f"deals checked and fair: {', '.join(map(str, ok))}")
    if not report.checked:
        print("no deal in this record carries a seed or a commitment: nothing to verify")
    return 0 if report.ok else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kahvehane", description="Turkish table games: engines, records and bots."
    )
    parser.add_argument("--version", action="version", version=f"kahvehane {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a game record and print its result")
    p.add_argument("file", help="the record (a JSON file), or - for standard input")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", dest="json", action="store_true", default=None,
                     help="print the result as JSON (the default when not on a terminal)")
    fmt.add_argument("--table", dest="json", action="store_false",
                     help="print a readable score table")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("verify", help="check the provably fair deals of a record")
    p.add_argument("file", help="the record (a JSON file), or - for standard input")
    p.set_defaults(func=cmd_verify)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
