"""``kahvehane play GAME``: play against bots in the terminal.

You take one seat (``--seat``, 0 by default); bots (``--bots``, the heuristic by
default) take the others and are labelled as bots. On your turn the table is drawn with
rich — coloured tiles and suits, your rack or hand, the table, the score table — and
your legal moves are numbered: type a number. In Okey, ``s`` lays your rack out as seri
diz and ``c`` as çift diz (the arrangement is free, any time in the deal). ``h`` shows
help, ``q`` leaves. A bad input keeps your turn and says why.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from kahvehane.bots import BotSpecError, make_bot
from kahvehane.bots.base import Bot
from kahvehane.cards import card_name
from kahvehane.errors import IllegalAction, KahvehaneError
from kahvehane.games.base import Action, DealState
from kahvehane.match import Match
from kahvehane.simulate import SimulationError, seats_for
from kahvehane.tiles import tile_name

TILE_STYLE = {"R": "bold red", "Y": "bold yellow", "B": "bold blue", "K": "bold white on grey23",
              "J": "bold magenta"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_STYLE = {"S": "bold", "H": "bold red", "D": "bold red", "C": "bold"}


def tile_text(name: str) -> Text:
    return Text(f"[{name}]", style=TILE_STYLE.get(name[0], ""))


def card_text(name: str) -> Text:
    suit = name[-1]
    return Text(f"{name[:-1]}{SUIT_SYMBOL.get(suit, suit)}", style=SUIT_STYLE.get(suit, ""))


def join(parts: Sequence[Text], sep: str = " ") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(p)
    return out


def cards_line(names: Sequence[str]) -> Text:
    return join([card_text(n) for n in names]) if names else Text("–")


# ---------------------------------------------------------------------------- moves
def describe(action: Action, state: DealState) -> Text:
    """A move as a person reads it."""
    js = action.to_json()
    act = js["act"]
    if act == "show_indicator":
        return Text("show the indicator (gösterge)")
    if act == "draw":
        if js["from"] == "pile":
            return Text("draw from the pile")
        left = state.view(action.seat)["discards"][(action.seat - 1) % 4][-1]
        return Text("take ") + tile_text(left) + Text(" from the left")
    if act == "discard":
        return Text("discard ") + tile_text(js["tile"])
    if act == "finish":
        return Text("finish: put ") + tile_text(js["tile"]) + Text(" on the indicator")
    if act == "bid":
        return Text(f"bid {js['tricks']}")
    if act == "contract":
        names = {"C": "♣ Sinek (1)", "D": "♦ Karo (2)", "H": "♥ Kupa (3)", "S": "♠ Maça (4)",
                 "NT": "Kozsuz (5)"}
        return Text(f"contract {names[js['contract']]}")
    if act == "play":
        return Text("play ") + card_text(js["card"])
    if act == "trail":
        return Text("trail ") + card_text(js["card"])
    if act in ("capture", "build"):
        sets = [cards_line(s) for s in js["sets"]]
        head = (Text("capture with ") if act == "capture"
                else Text(f"build {js['value']} with "))
        out = head + card_text(js["card"])
        if act == "capture" and js.get("value") is not None:
            out.append(f" (as {js['value']})")
        return out + Text(": ") + join(sets, " | ")
    return Text(json.dumps(js, ensure_ascii=False))


# ---------------------------------------------------------------------------- tables
def render_okey(view: Mapping[str, Any], console: Console) -> None:
    head = Text("indicator ") + tile_text(view["indicator"]) + Text("  okey ") + tile_text(
        view["okey"]) + Text(f"  pile {view['pile_left']}")
    if view.get("ceza") is not None:
        head.append(f"  your Ceza {view['ceza']}")
    console.print(head)
    for s, stack in enumerate(view["discards"]):
        top = tile_text(stack[-1]) if stack else Text("–")
        console.print(Text(f"  seat {s} discards ({len(stack)}): ") + top
                      + Text(f"   rack {view['rack_sizes'][s]}"))
    rack = [join([tile_text(t) for t in block], "") for block in view["rack"]]
    console.print(Text("your rack: ") + join(rack, "  "))


def render_koz_maca(view: Mapping[str, Any], console: Console) -> None:
    t = Table(show_header=True, header_style="bold")
    for col in ("seat", "bid", "tricks", "cards"):
        t.add_column(col)
    for s in range(4):
        bid = view["bids"][s]
        t.add_row(str(s) + (" (dealer)" if s == view["dealer"] else ""),
                  "–" if bid is None else str(bid), str(view["tricks_won"][s]),
                  str(view["hand_sizes"][s]))
    console.print(t)
    console.print(f"spades broken: {'yes' if view['spades_broken'] else 'no'}")
    trick = [Text(f"{p['seat']}:") + card_text(p["card"]) for p in view["trick"]]
    console.print(Text("trick: ") + (join(trick) if trick else Text("–")))
    console.print(Text("your hand: ") + cards_line(view["hand"]))


def render_balayi(view: Mapping[str, Any], console: Console) -> None:
    console.print(f"contract: {view['contract'] or '–'}   chooser: seat {view['chooser']}")
    for s, pl in enumerate(view["players"]):
        piles = []
        for p in pl["piles"]:
            if p["up"] is not None:
                piles.append(card_text(p["up"]) + Text("/▒" if p["down"] else ""))
            else:
                piles.append(Text("▒" if p["down"] else "·"))
        lock = "open" if pl["unlocked"] else "locked"
        console.print(Text(f"seat {s}: tricks {pl['tricks_won']}  hand {pl['hand_count']}"
                           f" ({lock})  piles: ") + join(piles))
    trick = [Text(f"{p['seat']}:") + card_text(p["card"]) for p in view["trick"]]
    console.print(Text("trick: ") + (join(trick) if trick else Text("–")))
    if "hand" in view:
        console.print(Text("your hand: ") + cards_line(view["hand"]))


def render_casino(view: Mapping[str, Any], console: Console) -> None:
    console.print(f"round {view['round'] + 1}/{view['rounds']}  stock {view['stock']}"
                  f"  captured {view['captured']}  totals {view['totals']}")
    console.print(Text("table: ") + cards_line(view["table"]["loose"]))
    for b in view["table"]["builds"]:
        console.print(Text(f"  build {b['value']} ({b['kind']}, seat {b['owner']}): ")
                      + join([cards_line(g) for g in b["groups"]], " | "))
    console.print(Text("your hand: ") + cards_line(view["hand"]))


RENDER = {"duz_okey": render_okey, "kdv_okey": render_okey, "koz_maca": render_koz_maca,
          "balayi_kingi": render_balayi, "casino": render_casino,
          "royal_casino": render_casino}


def score_table(match: Match, names: Sequence[str]) -> Table:
    """The yazboz: every finished deal and the totals."""
    result = match.result_json()
    t = Table(title="score table (yazboz)", header_style="bold")
    t.add_column("deal")
    t.add_column("end")
    for name in names:
        t.add_column(name, justify="right")
    for k, d in enumerate(result["deals"]):
        scores = d["scores"] or [None] * len(names)
        t.add_row(str(k + 1), str(d["end"] or "…"),
                  *("–" if x is None else str(x) for x in scores))
    t.add_row("total", "", *(str(x) for x in result["totals"]), style="bold")
    return t


# ---------------------------------------------------------------------------- events
def event_text(ev: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    kind = ev["kind"]
    who = names[ev["seat"]] if isinstance(ev.get("seat"), int) else ""
    pick = tile_text if "tile" in ev and isinstance(ev.get("tile"), str) else None
    if kind in ("arrange", "layout", "spades_broken", "bidding_done", "first_lead"):
        return None
    if kind == "draw":
        src = "the pile" if ev["from"] == "pile" else "the left"
        got = (Text(" ") + tile_text(ev["tile"])) if "tile" in ev else Text("")
        return Text(f"{who} draws from {src}") + got
    if kind in ("discard", "finish", "show_indicator") and pick is not None:
        verb = {"discard": "discards", "finish": "finishes with",
                "show_indicator": "shows the indicator"}[kind]
        return Text(f"{who} {verb} ") + tile_text(ev["tile"])
    if kind == "bid":
        return Text(f"{who} bids {ev['tricks']}")
    if kind == "play":
        return Text(f"{who} plays ") + card_text(ev["card"])
    if kind == "trick":
        return Text(f"trick {ev['number']} to {who}", style="dim")
    if kind == "contract":
        return Text(f"{who} names the contract {ev['contract']}")
    if kind == "trail":
        return Text(f"{who} trails ") + card_text(ev["card"])
    if kind == "capture":
        return Text(f"{who} captures with ") + card_text(ev["card"]) + Text(
            f" ({ev['taken']} cards{', a sweep' if ev['sweep'] else ''})")
    if kind == "build":
        return Text(f"{who} builds {ev['value']} with ") + card_text(ev["card"])
    if kind in ("deal_end", "hand_end"):
        return Text(f"deal over: {ev.get('scores')}", style="bold")
    if kind == "unlock":
        return Text(f"{who}'s hand is unlocked")
    if kind == "reveal":
        return Text(f"{who}'s pile {ev['pile']} turns up ") + card_text(ev["card"])
    if kind == "kasa_claim":
        return Text(f"{who} reaches 6 tricks first: the Kasa is theirs")
    if kind == "deal":
        return Text(f"new cards dealt (round {ev['round'] + 1}){' — son' if ev['last'] else ''}")
    if kind == "residue":
        return Text(f"the table's last cards go to {who or 'nobody'}")
    return None


# ---------------------------------------------------------------------------- the loop
class Quit(Exception):
    """The player left."""


def read_line(console: Console, prompt: str) -> str:
    console.print(prompt, end="")
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def human_turn(match: Match, state: DealState, seat: int, console: Console,
               names: Sequence[str]) -> None:
    """Show the table and read moves until one is legal (arranging keeps the turn)."""
    game = match.game
    while True:
        view = state.view(seat)
        console.rule(f"{game} — your turn (seat {seat})")
        RENDER[game](view, console)
        legal = state.legal_actions(seat)
        for i, a in enumerate(legal, start=1):
            console.print(Text(f"  {i:>2}. ") + describe(a, state))
        extra = "  s = seri diz, c = çift diz," if game.endswith("okey") else ""
        line = read_line(console, f"your move (1–{len(legal)},{extra} h = help, q = quit): ")
        low = line.lower()
        if low in ("q", "quit"):
            raise Quit
        if low in ("h", "help", "?"):
            console.print("type the number of a move;" + extra + " q leaves the match")
            continue
        if game.endswith("okey") and low in ("s", "c"):
            from kahvehane.games.okey.deal import OkeyDeal

            assert isinstance(state, OkeyDeal)
            seri, cift = state.suggested_arrangements(seat)
            match.apply(seri if low == "s" else cift)
            console.print("rack laid out as " + ("seri diz" if low == "s" else "çift diz"))
            continue
        if not line.isdigit():
            console.print(f"[red]{line!r} is not a move: type a number from 1 to"
                          f" {len(legal)}[/red]")
            continue
        k = int(line)
        if not 1 <= k <= len(legal):
            console.print(f"[red]there is no move {k}: the moves are 1 to {len(legal)}[/red]")
            continue
        try:
            events = match.apply(legal[k - 1])
        except IllegalAction as exc:  # only an engine bug could get here
            console.print(f"[red]{exc}[/red]")
            continue
        show_events(events, seat, console, names)
        return


def show_events(events: Sequence[Any], viewer: int, console: Console,
                names: Sequence[str]) -> None:
    for ev in events:
        text = event_text(ev.for_seat(viewer), names)
        if text is not None:
            console.print(text)


def make_bots(game: str, spec: str, human: int, n: int, options: Mapping[str, Any],
              rng: random.Random) -> list[Bot | None]:
    specs = [s.strip() for s in spec.split(",")]
    if len(specs) == 1:
        specs = specs * (n - 1)
    if len(specs) != n - 1:
        raise BotSpecError(f"give one bot for every other seat ({n - 1}), or one for all")
    bots: list[Bot | None] = []
    it = iter(specs)
    for s in range(n):
        bots.append(None if s == human else make_bot(game, next(it), s,
                                                     random.Random(rng.random()), options))
    return bots


def run_play(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    options = dict(args.option or [])
    game = args.game
    try:
        n_guess = int(options.get("players", 2)) if game in ("casino", "royal_casino") else 0
        parsed, n = seats_for(game, options, n_guess) if n_guess else seats_for(
            game, options, {"balayi_kingi": 2}.get(game, 4))
    except (KahvehaneError, ValueError) as exc:
        print(f"kahvehane play: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.seat < n:
        print(f"kahvehane play: seat {args.seat} does not exist: seats are 0..{n - 1}",
              file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else str(random.SystemRandom().getrandbits(48))
    rng = random.Random(f"play:{seed}")
    try:
        bots = make_bots(game, args.bots, args.seat, n, parsed, rng)
    except (BotSpecError, SimulationError) as exc:
        print(f"kahvehane play: {exc}", file=sys.stderr)
        return 2
    names = [("you" if b is None else f"seat {s} {b.label}") for s, b in enumerate(bots)]
    match = Match(game, parsed, seed=seed, players=names)
    console.print(f"[bold]{game}[/bold], seed {seed!r}: you are seat {args.seat};"
                  f" the others are bots ({', '.join(n for n in names if n != 'you')})")
    code = 0
    try:
        while not match.complete:
            state = match.deal()
            console.rule(f"deal {len(match.deals)}")
            while not state.is_over:
                seat = state.to_act[0]
                bot = bots[seat]
                if bot is None:
                    human_turn(match, state, seat, console, names)
                    continue
                action = bot.choose(state.view(seat), state.legal_actions(seat))
                events = match.apply(action)
                show_events(events, args.seat, console, names)
            console.print(score_table(match, names))
    except Quit:
        console.print("you left the match")
        code = 1
    except EOFError:
        console.print("input ended: the match is left unfinished")
        code = 1
    if match.complete:
        result = match.result_json()
        winner = result["winner"]
        if winner is None:
            console.print("[bold]the match is drawn[/bold]")
        else:
            ws = [winner] if isinstance(winner, int) else winner
            console.print(f"[bold]winner: {', '.join(names[w] for w in ws)}[/bold]")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(match.to_record(), fh, ensure_ascii=False)
            fh.write("\n")
        console.print(f"record saved to {args.record}")
    return code


__all__ = ["card_name", "run_play", "tile_name"]
