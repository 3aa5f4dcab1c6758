"""``kahvehane play GAME``: play against bots in the terminal.

You take one seat (``--seat``, 0 by default); bots (``--bots``, the heuristic by
default; ``--bots learned`` in Okey is the trained RL baseline, shown as
``bot:learned``) take the others and are labelled as bots. On your turn the table is drawn with
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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from kahvehane.bots import BotSpecError, make_bot
from kahvehane.bots.base import Bot
from kahvehane.cards import card_name, parse_card
from kahvehane.errors import IllegalAction, KahvehaneError, Message
from kahvehane.games import get_spec
from kahvehane.games.base import Action, DealState
from kahvehane.games.okey.actions import Discard
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.games.okey.rack import remove_at
from kahvehane.match import Match
from kahvehane.narration import (
    CEZA_AFTER,
    Voice,
    card_text,
    cards_line,
    default_lang,
    join,
    melds_line,
    tile_text,
)
from kahvehane.simulate import SimulationError, table_for
from kahvehane.tiles import parse_tile, tile_name, tile_names


# ---------------------------------------------------------------------------- tables
def rack_line(rack: Sequence[Sequence[str]]) -> Text:
    """A rack as the player sees it: each block numbered (the number a discard names)
    and apart from the next, so a gap a tile left is a gap here too."""
    return join([Text(f"{b}:") + join([tile_text(t) for t in block], "")
                 for b, block in enumerate(rack, start=1)], "  ")


def render_okey(view: Mapping[str, Any], console: Console) -> None:
    head = Text("indicator ") + tile_text(view["indicator"]) + Text("  okey ") + tile_text(
        view["okey"]) + Text(f"  pile {view['pile_left']}")
    if view.get("ceza") is not None:
        state = "live" if view.get("ceza_live") else "frozen at your last discard"
        head.append(f"  your Ceza {view['ceza']} ({state})")
    console.print(head)
    for s, stack in enumerate(view["discards"]):
        top = tile_text(stack[-1]) if stack else Text("–")
        console.print(Text(f"  seat {s} discards ({len(stack)}): ") + top
                      + Text(f"   rack {view['rack_sizes'][s]}"))
    console.print(Text("your rack: ") + rack_line(view["rack"]))


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


def render_balayi_kingi(view: Mapping[str, Any], console: Console) -> None:
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


def render_okey_101(view: Mapping[str, Any], console: Console) -> None:
    """101 Okey: the Okey table, then the melds on the table (numbered as the moves name
    them, with their owners), who opened with what against which threshold, the
    penalties, and a tile taken from the left that must still be laid."""
    render_okey(view, console)
    for m in view["table"]:
        console.print(Text(f"  meld {m['index'] + 1} (seat {m['owner']}): ")
                      + melds_line([m["tiles"]]))
    opened = [f"seat {s}: {kind} {view['opening_values'][s]}"
              for s, kind in enumerate(view["opened"]) if kind is not None]
    bars = view["thresholds"][view["seat"]] if view.get("seat") is not None else None
    line = f"opened: {', '.join(opened) or 'nobody'}"
    if bars is not None:
        line += f"  you need {bars['melds']} in melds or {bars['pairs']} pairs"
    console.print(line)
    points = [sum(p["points"] for p in ps) for ps in view["penalties"]]
    if any(points):
        console.print(f"penalties: {points}")
    if view.get("taken"):
        console.print(Text("taken from the left, to lay this turn: ")
                      + tile_text(view["taken"]))


def render_plain(view: Mapping[str, Any], console: Console) -> None:
    """The view as data, for a game family without a renderer of its own here."""
    console.print(Pretty(view))


Renderer = Callable[[Mapping[str, Any], Console], None]
#: A family's own command: the action a typed line names, why it names none, or ``None``
#: if the line is not that command.
Command = Callable[[str, DealState, int, "Voice"], "Action | str | None"]


def renderer(family: str) -> Renderer:
    """How a game family's table is drawn: this module's ``render_<family>`` (the
    ``family`` of the game's spec), or :func:`render_plain` for a family that has none,
    so a new game can be played here at once."""
    found = globals().get(f"render_{family}")
    return found if callable(found) else render_plain


INTRO = Message("play.intro", "{game}, seed {seed}: you are seat {seat}; the others are bots"
                " ({others})", "{game}, tohum {seed}: {seat}. koltuktasın; ötekiler bot ({others})")
DEAL = Message("play.deal", "deal {n}", "{n}. el")
LEFT = Message("play.left", "you left the match", "maçtan çıktın")
INPUT_ENDED = Message("play.input_ended", "input ended: the match is left unfinished",
                      "girdi bitti: maç yarım kaldı")
DRAWN = Message("play.drawn", "the match is drawn", "maç berabere bitti")
WINNER = Message("play.winner", "winner: {names}", "kazanan: {names}")
SAVED = Message("play.saved", "record saved to {path}", "kayıt {path} dosyasına yazıldı")
SCORES = Message("play.scores", "score table (yazboz)", "yazboz")
SCORE_COLUMNS = Message("play.score_columns", "deal|end|total", "el|bitiş|toplam")


def score_table(match: Match, names: Sequence[str], voice: Voice) -> Table:
    """The yazboz: every finished deal and the totals."""
    result = match.result_json()
    deal, end, total = voice.say(SCORE_COLUMNS).split("|")
    t = Table(title=voice.say(SCORES), header_style="bold")
    t.add_column(deal)
    t.add_column(end)
    for name in names:
        t.add_column(name, justify="right")
    for k, d in enumerate(result["deals"]):
        scores = d["scores"] or [None] * len(names)
        t.add_row(str(k + 1), str(d["end"] or "…"),
                  *("–" if x is None else str(x) for x in scores))
    t.add_row(total, "", *(str(x) for x in result["totals"]), style="bold")
    return t


# ---------------------------------------------------------------------------- the loop
class Quit(Exception):
    """The player left."""


def read_line(console: Console, prompt: str) -> str:
    console.print(prompt, end="")
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


TURN = Message("play.turn", "{game} — your turn (seat {seat})",
               "{game} — sıra sende ({seat}. koltuk)")
PROMPT = Message("play.prompt", "your move (1–{n},{keys} h = help, q = quit): ",
                 "hamlen (1–{n},{keys} h = yardım, q = çık): ")
HELP = Message("play.help", "type the number of a move;{keys} q leaves the match",
               "bir hamlenin numarasını yaz;{keys} q maçtan çıkar")
SUGGESTION_KEYS = Message("play.keys.suggestions", " s = seri diz, c = çift diz,",
                          " s = seri diz, c = çift diz,")
# A family's own keys, help and commands are found by name, as its renderer is:
# KEYS_<FAMILY>, HELP_<FAMILY> and command_<family>(line, state, seat, voice).
KEYS_CASINO = Message("play.keys.casino", " x = take what you choose,",
                      " x = seçtiğini al,")
HELP_CASINO = Message(
    "play.help.compose",
    "x CARD SET... captures with CARD exactly the sets you name, as the rules allow (one 6"
    " of three, say). Join the cards of a set with +, write a build as b and its value:"
    " x 6H 6S, x 6H 6S 3D+3C b6. For a card that counts two ways, CARD=V says what it"
    " counts (AH=14).",
    "x KART KÜME...: KART ile yalnızca yazdığın kümeleri alır, kuralların izin verdiği gibi"
    " (örneğin üç 6'dan birini). Bir kümenin kartlarını + ile birleştir, bir yapıyı b ve"
    " değeriyle yaz: x 6H 6S, x 6H 6S 3D+3C b6. İki türlü sayan bir kartın kaç saydığını"
    " KART=D ile söyle (AH=14 gibi).",
)
NOT_A_MOVE = Message("play.not_a_move", "{line} is not a move: type a number from 1 to {n}",
                     "{line} bir hamle değil: 1 ile {n} arası bir sayı yaz")
NO_SUCH_MOVE = Message("play.no_such_move", "there is no move {k}: the moves are 1 to {n}",
                       "{k}. hamle yok: hamleler 1 ile {n} arası")
LAID_OUT = Message("play.laid_out", "rack laid out as {how}", "ıstaka dizildi: {how}")
NO_BUILD = Message("play.no_build", "there is no {value}-build on the table",
                   "masada {value} yapısı yok")
BAD_VALUE = Message("play.bad_value", "{text} is not a count: write CARD=V, e.g. AH=14",
                    "{text} bir sayı değil: KART=D yaz, örneğin AH=14")


def menu(state: DealState, seat: int, voice: Voice) -> list[tuple[Action, Text]]:
    """The numbered moves: the legal list, each as the player reads it. In Okey a
    discard of a tile held at places that leave different racks (one copy in a per,
    one alone) is one entry per copy, naming its block (``at``, rule 29)."""
    view = state.view(seat)
    out: list[tuple[Action, Text]] = []
    for a in state.legal_actions(seat):
        js = a.to_json()
        if isinstance(a, Discard):
            out.extend(_copies(a, view, voice))
            continue
        left = None
        if js["act"] == "draw" and js["from"] == "left":
            left = view["discards"][(seat - 1) % len(view["discards"])][-1]
        out.append((a, voice.move(js, left_tile=left)))
    return out


def _copies(a: Discard, view: Mapping[str, Any], voice: Voice) -> list[tuple[Action, Text]]:
    rack = [tuple(parse_tile(x) for x in block) for block in view["rack"]]
    slots = [(b, i) for b, block in enumerate(rack) for i, x in enumerate(block) if x == a.tile]
    outcomes: dict[tuple[tuple[int, ...], ...], tuple[int, int]] = {}
    for b, i in slots:
        after = remove_at(rack, b, i)
        outcomes.setdefault(tuple(sorted(tuple(sorted(x)) for x in after)), (b, i))
    if len(outcomes) < 2:
        return [(a, voice.move(a.to_json()))]
    out: list[tuple[Action, Text]] = []
    okey = parse_tile(view["okey"])
    k = 2 if view["indicator"][0] in "RK" else 1
    for b, i in sorted(outcomes.values()):
        copy = Discard(a.seat, a.tile, at=(b, i))
        line = voice.move(copy.to_json(), blocks=join([tile_text(t) for t in tile_names(rack[b])],
                                                      ""))
        if "ceza" in view:
            ceza = k * unmatched_sum(remove_at(rack, b, i), okey)
            line.append("  " + voice.say(CEZA_AFTER, ceza=ceza), style="dim")
        out.append((copy, line))
    return out


def command_casino(line: str, state: DealState, seat: int, voice: Voice) -> Action | str | None:
    """The capture ``x CARD[=V] SET...`` names (see :data:`HELP_CASINO`), or why it
    names none; ``None`` if the line is not an ``x`` command. Whether the rules allow
    the capture is the engine's to say."""
    from kahvehane.games.casino.actions import CaptureAction

    if line.lower().split()[:1] != ["x"]:
        return None
    words = line.split()[1:]
    if not words:
        return voice.say(HELP_CASINO)
    head, _, declared = words[0].partition("=")
    try:
        card = parse_card(head)
        value = int(declared) if declared else None
    except KahvehaneError as exc:
        return str(exc)
    except ValueError:
        return voice.say(BAD_VALUE, text=words[0])
    builds = {b["value"]: b["cards"] for b in state.view(seat)["table"]["builds"]}
    sets: list[tuple[int, ...]] = []
    for word in words[1:]:
        if word[:1].lower() == "b" and word[1:].isdigit():
            if int(word[1:]) not in builds:
                return voice.say(NO_BUILD, value=word[1:])
            sets.append(tuple(parse_card(x) for x in builds[int(word[1:])]))
            continue
        try:
            sets.append(tuple(parse_card(x) for x in word.split("+")))
        except KahvehaneError as exc:
            return str(exc)
    return CaptureAction(seat, card, tuple(sets), value)


def human_turn(match: Match, state: DealState, seat: int, console: Console,
               voice: Voice) -> None:
    """Show the table and read moves until one is legal (arranging keeps the turn)."""
    game = match.game
    spec = get_spec(game)
    family = spec.family.upper()
    keys: Message | None = globals().get(f"KEYS_{family}")
    family_help: Message | None = globals().get(f"HELP_{family}")
    command: Command | None = globals().get(f"command_{spec.family}")
    extra = (voice.say(SUGGESTION_KEYS) if spec.suggestions else "") + (
        voice.say(keys) if keys is not None else "")
    while True:
        view = state.view(seat)
        console.rule(voice.say(TURN, game=game, seat=seat))
        renderer(spec.family)(view, console)
        moves = menu(state, seat, voice)
        for i, (_, text) in enumerate(moves, start=1):
            console.print(Text(f"  {i:>2}. ") + text)
        line = read_line(console, voice.say(PROMPT, n=len(moves), keys=extra))
        low = line.lower()
        if low in ("q", "quit"):
            raise Quit
        if low in ("h", "help", "?"):
            console.print(voice.say(HELP, keys=extra))
            if family_help is not None:
                console.print(voice.say(family_help))
            continue
        if spec.suggestions and low in ("s", "c"):
            seri, cift = state.suggested_arrangements(seat)
            match.apply(seri if low == "s" else cift)
            console.print(voice.say(LAID_OUT, how="seri diz" if low == "s" else "çift diz"))
            continue
        composed = command(line, state, seat, voice) if command is not None else None
        if isinstance(composed, str):
            console.print(Text(composed, style="red"))
            continue
        if composed is not None:
            action = composed
        elif not line.isdigit():
            console.print(Text(voice.say(NOT_A_MOVE, line=repr(line), n=len(moves)),
                               style="red"))
            continue
        elif not 1 <= int(line) <= len(moves):
            console.print(Text(voice.say(NO_SUCH_MOVE, k=int(line), n=len(moves)),
                               style="red"))
            continue
        else:
            action = moves[int(line) - 1][0]
        try:
            events = match.apply(action)
        except IllegalAction as exc:  # a composed capture the rules refuse
            console.print(Text(exc.render(voice.lang), style="red"))
            continue
        show_events(events, seat, console, voice)
        return


def show_events(events: Sequence[Any], viewer: int, console: Console, voice: Voice) -> None:
    for ev in events:
        text = voice.event(ev.for_seat(viewer))
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
    game = args.game
    try:
        spec = get_spec(game)
        options = spec.options_from_text(args.option or [])
        parsed, n = table_for(game, options, spec.seats[0])
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
    lang = getattr(args, "lang", None) or default_lang()
    shown = names if lang == "en" else [
        ("sen" if b is None else f"{s}. koltuk ({b.label})") for s, b in enumerate(bots)]
    voice = Voice(shown, args.seat, lang)
    match = Match(game, parsed, seed=seed, players=names)
    others = ", ".join(x for s, x in enumerate(shown) if s != args.seat)
    console.print(Text(voice.say(INTRO, game=game, seed=repr(seed), seat=args.seat,
                                 others=others)))
    code = 0
    try:
        while not match.complete:
            state = match.deal()
            console.rule(voice.say(DEAL, n=len(match.deals)))
            while not state.is_over:
                seat = state.to_act[0]
                bot = bots[seat]
                if bot is None:
                    human_turn(match, state, seat, console, voice)
                    continue
                action = bot.choose(state.view(seat), state.legal_actions(seat))
                events = match.apply(action)
                show_events(events, args.seat, console, voice)
            console.print(score_table(match, shown, voice))
    except Quit:
        console.print(voice.say(LEFT))
        code = 1
    except EOFError:
        console.print(voice.say(INPUT_ENDED))
        code = 1
    if match.complete:
        result = match.result_json()
        winner = result["winner"]
        if winner is None:
            console.print(Text(voice.say(DRAWN), style="bold"))
        else:
            ws = [winner] if isinstance(winner, int) else winner
            console.print(Text(voice.say(WINNER, names=", ".join(shown[w] for w in ws)),
                               style="bold"))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(match.to_record(), fh, ensure_ascii=False)
            fh.write("\n")
        console.print(voice.say(SAVED, path=args.record))
    return code


__all__ = ["card_name", "run_play", "tile_name"]
