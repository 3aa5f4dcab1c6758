"""The ``kahvehane`` command.

``kahvehane replay FILE`` checks and scores a game record; ``kahvehane verify FILE``
checks a record's provably fair deals; ``kahvehane simulate GAME`` plays bots against
bots; ``kahvehane duplicate GAME`` compares two bots on duplicate deals
(:mod:`kahvehane.bots.duplicate`); ``kahvehane ladder GAME`` rates bot kinds in a seeded round-robin
(:mod:`kahvehane.ladder`); ``kahvehane play GAME`` plays against bots in the terminal.
Exit status: 0 fine, 1 a verification failed (or a game left unfinished), 2 an illegal
action, a malformed record or a bad request (the message on standard error says where).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from kahvehane import __version__
from kahvehane.errors import MalformedRecord, alternatives
from kahvehane.games import all_specs, get_spec
from kahvehane.games.spec import OptionSpec
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


def parse_option(text: str) -> tuple[str, str]:
    """``key=value`` of ``--option``, split; the value is read as the game's option
    spec types it (:meth:`GameSpec.options_from_text
    <kahvehane.games.spec.GameSpec.options_from_text>`) once the game is known."""
    key, eq, raw = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not key=value")
    return key.strip(), raw


def describe_option(opt: OptionSpec) -> str:
    """``deals (integer: 3, 5, 7, 9 or 11; default 5)`` — an option for ``--help``."""
    if opt.choices is not None:
        kind = f"{opt.to_json()['type']}: {alternatives([_word(c) for c in opt.choices], 'en')}"
    elif opt.type is bool:
        kind = "true or false"
    else:
        bounds = [f"at least {opt.min}" if opt.min is not None else "",
                  f"at most {opt.max}" if opt.max is not None else ""]
        kind = ", ".join([str(opt.to_json()["type"]), *(b for b in bounds if b)])
    default = "required" if opt.required else f"default {_word(opt.default)}"
    return f"{opt.name} ({kind}; {default})"


def _word(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def options_help() -> str:
    """Every game's table options, from the registry, for ``simulate`` and ``play``."""
    lines = ["table options (--option KEY=VALUE), by game:"]
    for spec in all_specs():
        opts = ", ".join(describe_option(o) for o in spec.options) or "none"
        lines.append(f"  {spec.id}: {opts}")
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> int:
    from rich.console import Console

    from kahvehane.errors import KahvehaneError
    from kahvehane.simulate import plot_scores, render_summary, simulate

    try:
        options = get_spec(args.game).options_from_text(args.option or [])
        summary = simulate(
            args.game, args.bots.split(","), matches=args.matches, seed=args.seed,
            jobs=args.jobs, options=options, records=args.records,
            progress=not args.no_progress, max_deals=args.max_deals,
        )
    except KahvehaneError as exc:
        print(f"kahvehane simulate: {exc}", file=sys.stderr)
        return 2
    render_summary(summary, Console(width=max(200, Console().width)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary.to_json(), fh, ensure_ascii=False, indent=1)
            fh.write("\n")
    if args.plot:
        plot_scores(summary, args.plot)
        print(f"score distribution saved to {args.plot}")
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from kahvehane.errors import KahvehaneError
    from kahvehane.ladder import ladder, plot_ladder, render_ladder

    if args.matches < 1 or args.jobs < 1:
        print("kahvehane ladder: --matches and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        options = get_spec(args.game).options_from_text(args.option or [])
        kinds = [k for k in args.bots.split(",") if k.strip()] if args.bots else None
        result = ladder(args.game, kinds, matches=args.matches, seed=args.seed,
                        jobs=args.jobs, options=options, progress=not args.no_progress,
                        max_deals=args.max_deals)
    except KahvehaneError as exc:
        print(f"kahvehane ladder: {exc}", file=sys.stderr)
        return 2
    print(render_ladder(result, times=not args.no_times))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result.to_json(), fh, ensure_ascii=False, indent=1)
            fh.write("\n")
    if args.plot:
        plot_ladder(result, args.plot)
        print(f"ladder chart saved to {args.plot}")
    return 0


def cmd_duplicate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from kahvehane.bots.duplicate import run
    from kahvehane.errors import KahvehaneError

    if args.deals < 1 or args.jobs < 1:
        print("kahvehane duplicate: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} deals", end="", file=sys.stderr, flush=True)

    try:
        options = get_spec(args.game).options_from_text(args.option or [])
        report = run(args.game, args.a, args.b, deals=args.deals, seed=args.seed,
                     options=options, jobs=args.jobs,
                     journal=Path(args.journal) if args.journal else None,
                     progress=None if args.no_progress else progress)
    except KahvehaneError as exc:
        print(f"kahvehane duplicate: {exc}", file=sys.stderr)
        return 2
    if not args.no_progress:
        print(file=sys.stderr)
    print("\n".join(report.lines()))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report.to_json(), fh, ensure_ascii=False, indent=1)
            fh.write("\n")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from kahvehane.play import run_play

    return run_play(args)


def _match_arguments(p: argparse.ArgumentParser, what: str, example: str) -> None:
    """The arguments of commands that play many seeded bot matches (simulate, ladder)."""
    p.add_argument("--seed", default="0", help=f"the {what} seed (0)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes (1)")
    p.add_argument("--option", action="append", type=parse_option, metavar="KEY=VALUE",
                   help=f"a table option, e.g. {example} (repeatable)")
    p.add_argument("--max-deals", type=int, default=200,
                   help="stop a match unfinished after this many deals (200)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; given the ``command`` about to run, it leaves out the
    options of ``serve`` unless that is the one: they import the server, its database
    layer and its web stack, which ``replay`` or ``verify`` never need (and every
    record test that runs the command would pay for)."""
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

    from kahvehane import okey_cli

    okey_cli.register(sub)

    games = [spec.id for spec in all_specs()]
    shown = "{" + ",".join(games) + "}"
    p = sub.add_parser("simulate", help="play many matches between bots and compare them",
                       epilog=options_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", type=_game_name, metavar=shown)
    p.add_argument("--bots", required=True,
                   help="one bot per seat, comma separated: random, heuristic, search"
                        " (search:iterations=N;time=S sets its budget)")
    p.add_argument("--matches", type=int, default=100, help="number of matches (100)")
    _match_arguments(p, "simulation", "deals=3")
    p.add_argument("--records", metavar="DIR", help="save every match's record in DIR")
    p.add_argument("--plot", metavar="FILE.png", help="draw the score distributions")
    p.add_argument("--json", metavar="FILE", help="save the summary as JSON")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("ladder", help="rate bot kinds in a seeded round-robin (openskill)",
                       epilog=options_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", type=_game_name, metavar=shown)
    p.add_argument("--bots", default=None,
                   help="the kinds to rate, comma separated (default: every kind the game"
                        " has); a kind may carry its budget, e.g. search:time=0.1")
    p.add_argument("--matches", type=int, default=60, help="number of matches (60)")
    _match_arguments(p, "ladder", "players=4")
    p.add_argument("--plot", metavar="FILE.png", help="draw the ratings with their intervals")
    p.add_argument("--json", metavar="FILE", help="save the ladder as JSON")
    p.add_argument("--no-times", action="store_true",
                   help="leave out the decision times (the rest is the same for a seed)")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("duplicate", help="compare two bots on the same deals, seats rotated",
                       epilog=options_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=games)
    p.add_argument("--a", default="search", help="bot A's spec (search)")
    p.add_argument("--b", default="heuristic", help="bot B's spec (heuristic)")
    p.add_argument("--deals", type=int, default=100, help="number of deals (100)")
    p.add_argument("--seed", default="0", help="the seed of the deals (0)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes (1)")
    p.add_argument("--option", action="append", type=parse_option, metavar="KEY=VALUE",
                   help="a table option, e.g. players=4 (repeatable)")
    p.add_argument("--journal", metavar="FILE.jsonl.gz",
                   help="keep every finished deal here; a run plays only those it lacks")
    p.add_argument("--json", metavar="FILE", help="save the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress count")
    p.set_defaults(func=cmd_duplicate)

    p = sub.add_parser("play", help="play a game against bots in the terminal",
                       epilog=options_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", type=_game_name, metavar=shown)
    p.add_argument("--seat", type=int, default=0, help="your seat (0)")
    p.add_argument("--bots", default="heuristic",
                   help="the bot for the other seats, or one per other seat, comma"
                        " separated (heuristic)")
    p.add_argument("--seed", default=None, help="the match seed (random if not given)")
    p.add_argument("--option", action="append", type=parse_option, metavar="KEY=VALUE",
                   help="a table option, e.g. players=2 or deals=3 (repeatable)")
    p.add_argument("--record", metavar="FILE", help="save the match record when it ends")
    p.add_argument("--lang", choices=("en", "tr"), default=None,
                   help="the language of the moves and the narration (default: the locale's)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("serve", help="run the salon server (web site and WebSocket)")
    if command in (None, "serve"):
        from kahvehane.server.run import add_arguments, serve

        add_arguments(p)
        p.set_defaults(func=serve)
    _backup_parsers(sub)
    return parser


# ---------------------------------------------------------------- backup and restore
def _backup_parsers(sub: Any) -> None:
    """``backup`` and ``restore`` (docs/operations.md "Backups")."""
    env = os.environ.get
    p = sub.add_parser("backup", help="copy a running salon's database (play goes on)")
    p.add_argument("out", type=Path, help="the backup file to write (a new file)")
    p.add_argument("--db", default=env("KAHVEHANE_DB", "sqlite:///kahvehane.sqlite3"),
                   help="the salon's database URL, as given to serve (KAHVEHANE_DB)")
    p.add_argument("--server", default=env("KAHVEHANE_SERVER"), metavar="URL",
                   help="SQLite: the running salon that owns the file, e.g."
                        " http://127.0.0.1:8000 (KAHVEHANE_SERVER); without it the file is"
                        " copied directly, which works only while no salon runs on it")
    p.add_argument("--token", default=env("KAHVEHANE_OPS_TOKEN"),
                   help="the salon's --ops-token (KAHVEHANE_OPS_TOKEN), unless this"
                        " machine is in its --ops-allow")
    p.set_defaults(func=cmd_backup)
    p = sub.add_parser("restore", help="bring a backup back into an empty database")
    p.add_argument("backup", type=Path, help="a file kahvehane backup wrote")
    p.add_argument("--db", default=env("KAHVEHANE_DB", "sqlite:///kahvehane.sqlite3"),
                   help="the empty database to restore into: a new SQLite file, or an"
                        " empty PostgreSQL database (KAHVEHANE_DB)")
    p.set_defaults(func=cmd_restore)


def cmd_backup(args: argparse.Namespace) -> int:
    from kahvehane.store.backup import (
        BackupError,
        backup_postgres,
        copy_sqlite,
        is_sqlite,
        sqlite_path,
    )
    from kahvehane.store.db import make_engine

    out: Path = args.out
    try:
        if not is_sqlite(args.db):
            backup_postgres(args.db, out)
        elif args.server:
            _backup_from_server(args.server.rstrip("/"), args.token, out)
        else:
            if not sqlite_path(args.db).is_file():
                raise BackupError(f"{sqlite_path(args.db)}: no such database file")
            engine = make_engine(args.db)
            try:
                copy_sqlite(engine, out)
            except Exception as exc:  # the running salon holds the file: say what to do
                raise BackupError(f"{exc}: if a salon is running on this file, give"
                                  " --server URL (and --token)") from exc
            finally:
                engine.dispose()
    except BackupError as exc:
        print(f"kahvehane backup: {exc}", file=sys.stderr)
        return 1
    print(f"kahvehane backup: {out} ({out.stat().st_size} bytes)")
    return 0


def _backup_from_server(url: str, token: str | None, out: Path) -> None:
    """Ask the salon at ``url`` for its database (``POST /api/ops/backup``) into ``out``."""
    import httpx

    from kahvehane.store.backup import BackupError

    if out.exists():
        raise BackupError(f"{out} exists: a backup is written to a new file")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    part = out.with_name(out.name + ".part")
    try:
        with httpx.stream("POST", url + "/api/ops/backup", headers=headers,
                          timeout=600) as resp:
            if resp.status_code != 200:
                resp.read()
                raise BackupError(f"{url} answered {resp.status_code}: {resp.text}")
            with open(part, "wb") as f:
                for chunk in resp.iter_bytes():
                    f.write(chunk)
        part.rename(out)
    except httpx.HTTPError as exc:
        raise BackupError(f"{url}: {exc}") from exc
    finally:
        part.unlink(missing_ok=True)


def cmd_restore(args: argparse.Namespace) -> int:
    from kahvehane.store.backup import BackupError, restore

    try:
        restore(args.backup, args.db)
    except BackupError as exc:
        print(f"kahvehane restore: {exc}", file=sys.stderr)
        return 1
    print(f"kahvehane restore: {args.backup} is in {args.db}")
    return 0


def _game_name(name: str) -> str:
    """A game id that the registry knows: a listed game, or one the salon does not list
    yet but whose engine and bots work (``get_spec`` answers for both; the help shows
    the listed ones)."""
    try:
        get_spec(name)
    except MalformedRecord as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return name


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # the first word that is not an option names the command (``--version`` takes none)
    command = next((w for w in words if not w.startswith("-")), None)
    args = build_parser(command).parse_args(words)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
