"""What ``kahvehane play`` says about the game, in English and Turkish.

Two things are said about every seat: what a move would be (the numbered menu) and what
happened (the running narration). Both speak to the player in the second person and of
the others in the third — "you draw from the pile", "seat 2 (bot:heuristic) draws from
the pile"; "ortadan çektin", "2. koltuk (bot:heuristic) ortadan çekti" — so every line
is a :class:`~kahvehane.errors.Message` pair (one for "you", one for another seat), never
a name pasted in front of a verb. Tiles and cards keep their colours: a param that names
a tile or a card is drawn styled.

>>> voice = Voice(["sen", "1. koltuk (bot:heuristic)"], you=0, lang="tr")
>>> voice.event({"kind": "draw", "seat": 0, "from": "pile", "tile": "R5"}).plain
'ortadan [R5] çektin'
>>> voice.event({"kind": "play", "seat": 1, "card": "4C"}).plain
'1. koltuk (bot:heuristic) 4♣ oynadı'
"""

from __future__ import annotations

import json
import os
import string
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from kahvehane.errors import LANGUAGES, Message

__all__ = ["Voice", "card_text", "cards_line", "default_lang", "join", "tile_text"]

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


def default_lang() -> str:
    """The language of the terminal's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``):
    Turkish for ``tr_*``, else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(key)
        if value:
            return "tr" if value.lower().startswith("tr") else "en"
    return "en"


def _pair(code: str, you: tuple[str, str], other: tuple[str, str]) -> tuple[Message, Message]:
    """One line said to the player (``you``) and of another seat (``other``), each as
    (English, Turkish)."""
    return (Message(f"play.{code}.you", *you), Message(f"play.{code}.other", *other))


def melds_line(melds: Sequence[Sequence[str]]) -> Text:
    """101 melds as tiles in brackets, one group of tiles per meld (``*X``: an okey
    standing for X)."""
    return join([join([tile_text(n) for n in m], "") for m in melds], " ")


# ------------------------------------------------------------------ what happened
EVENTS: dict[str, tuple[Message, Message]] = {
    "draw_pile": _pair("draw_pile", ("you draw from the pile", "ortadan çektin"),
                       ("{who} draws from the pile", "{who} ortadan çekti")),
    "draw_pile_tile": _pair("draw_pile_tile", ("you draw {tile} from the pile",
                                               "ortadan {tile} çektin"),
                            ("{who} draws {tile} from the pile", "{who} ortadan {tile} çekti")),
    "draw_left": _pair("draw_left", ("you take {tile} from the left", "soldan {tile} aldın"),
                       ("{who} takes {tile} from the left", "{who} soldan {tile} aldı")),
    "discard": _pair("discard", ("you discard {tile}", "{tile} attın"),
                     ("{who} discards {tile}", "{who} {tile} attı")),
    "finish": _pair("finish", ("you finish with {tile}", "{tile} ile bitirdin"),
                    ("{who} finishes with {tile}", "{who} {tile} ile bitirdi")),
    "show_indicator": _pair("show_indicator",
                            ("you show the indicator {tile}", "gösterge yaptın: {tile}"),
                            ("{who} shows the indicator {tile}", "{who} gösterge yaptı: {tile}")),
    "bid": _pair("bid", ("you bid {n}", "{n} el dedin"), ("{who} bids {n}", "{who} {n} el dedi")),
    "play": _pair("play", ("you play {card}", "{card} oynadın"),
                  ("{who} plays {card}", "{who} {card} oynadı")),
    "trick": _pair("trick", ("trick {n} to you", "{n}. eli sen aldın"),
                   ("trick {n} to {who}", "{n}. eli {who} aldı")),
    "contract": _pair("contract", ("you name the contract {contract}",
                                   "oyunu seçtin: {contract}"),
                      ("{who} names the contract {contract}", "{who} oyunu seçti: {contract}")),
    "trail": _pair("trail", ("you trail {card}", "{card} kartını masaya açtın"),
                   ("{who} trails {card}", "{who} {card} kartını masaya açtı")),
    "capture": _pair("capture", ("you capture with {card} ({n} cards)",
                                 "{card} ile aldın ({n} kart)"),
                     ("{who} captures with {card} ({n} cards)",
                      "{who} {card} ile aldı ({n} kart)")),
    "capture_sweep": _pair("capture_sweep", ("you capture with {card} ({n} cards, a sweep)",
                                             "{card} ile aldın ({n} kart, masayı süpürdün)"),
                           ("{who} captures with {card} ({n} cards, a sweep)",
                            "{who} {card} ile aldı ({n} kart, masayı süpürdü)")),
    "build": _pair("build", ("you build {value} with {card}", "{card} ile {value} yaptın"),
                   ("{who} builds {value} with {card}", "{who} {card} ile {value} yaptı")),
    "unlock": _pair("unlock", ("your hand is unlocked", "elinin kilidi açıldı"),
                    ("{who}'s hand is unlocked", "{who}: elinin kilidi açıldı")),
    "reveal": _pair("reveal", ("your pile {pile} turns up {card}",
                               "{pile}. yığınının üstü açıldı: {card}"),
                    ("{who}'s pile {pile} turns up {card}",
                     "{who}: {pile}. yığınının üstü açıldı: {card}")),
    "kasa_claim": _pair("kasa_claim", ("you reach 6 tricks first: the Kasa is yours",
                                       "6 ele ilk sen ulaştın: Kasa senin"),
                        ("{who} reaches 6 tricks first: the Kasa is theirs",
                         "{who} 6 ele ilk ulaştı: Kasa onun")),
    "residue": _pair("residue", ("the table's last cards go to you",
                                 "masada kalan kartları sen aldın"),
                     ("the table's last cards go to {who}", "masada kalan kartları {who} aldı")),
    # 101 Okey's table (docs/rules/okey_101.md 101-12, 101-17 … 101-27)
    "open": _pair("open", ("you open with {melds} ({value})", "{melds} ile açtın ({value})"),
                  ("{who} opens with {melds} ({value})", "{who} {melds} ile açtı ({value})")),
    "open_pairs": _pair("open_pairs", ("you open with {value} pairs: {melds}",
                                       "{value} çift ile açtın: {melds}"),
                        ("{who} opens with {value} pairs: {melds}",
                         "{who} {value} çift ile açtı: {melds}")),
    "lay": _pair("lay", ("you lay {melds}", "{melds} işledin"),
                 ("{who} lays {melds}", "{who} {melds} işledi")),
    "lay_pairs": _pair("lay_pairs", ("you lay the pairs {melds}", "{melds} çiftlerini işledin"),
                       ("{who} lays the pairs {melds}", "{who} {melds} çiftlerini işledi")),
    "layoff": _pair("layoff", ("you lay {tile} off on meld {meld}",
                               "{tile} taşını {meld}. pere işledin"),
                    ("{who} lays {tile} off on meld {meld}",
                     "{who} {tile} taşını {meld}. pere işledi")),
    "swap": _pair("swap", ("you put {tile} on meld {meld} and take its okey",
                           "{tile} taşını {meld}. pere koyup okeyi aldın"),
                  ("{who} puts {tile} on meld {meld} and takes its okey",
                   "{who} {tile} taşını {meld}. pere koyup okeyi aldı")),
    "return": _pair("return", ("you give {tile} back to the left",
                               "{tile} taşını soluna geri bıraktın"),
                    ("{who} gives {tile} back to the left",
                     "{who} {tile} taşını soluna geri bıraktı")),
}
#: a 101 discard's penalty (101-13, 101-14), said after the discard
PENALTIES = {
    "islek": Message("play.penalty.islek", " — işlek tile: 101 penalty points",
                     " — işlek taş: 101 ceza puanı"),
    "okey_discard": Message("play.penalty.okey_discard", " — the okey discarded: 101 penalty"
                            " points", " — okey atıldı: 101 ceza puanı"),
}
RESIDUE_NOBODY = Message("play.residue.nobody", "the table's last cards go to nobody",
                         "masada kalan kartları kimse almadı")
DEAL_OVER = Message("play.deal_over", "deal over: {scores}", "el bitti: {scores}")
NEW_CARDS = Message("play.new_cards", "new cards dealt (round {round})",
                    "yeni kartlar dağıtıldı ({round}. tur)")
NEW_CARDS_LAST = Message("play.new_cards_last", "new cards dealt (round {round}) — son",
                         "yeni kartlar dağıtıldı ({round}. tur) — son")

# ------------------------------------------------------------------ the menu
MOVES = {
    "show_indicator": Message("play.move.show_indicator", "show the indicator (gösterge)",
                              "gösterge yap"),
    "draw_pile": Message("play.move.draw_pile", "draw from the pile", "ortadan çek"),
    "draw_left": Message("play.move.draw_left", "take {tile} from the left", "soldan {tile} al"),
    "discard": Message("play.move.discard", "discard {tile}", "{tile} at"),
    "discard_at": Message("play.move.discard_at", "discard {tile} from block {block} ({blocks})",
                          "{block}. bloktan {tile} at ({blocks})"),
    "finish": Message("play.move.finish", "finish: put {tile} on the indicator",
                      "bit: göstergeye {tile} koy"),
    "bid": Message("play.move.bid", "bid {n}", "{n} el de"),
    "contract": Message("play.move.contract", "contract {contract}", "oyun: {contract}"),
    "play": Message("play.move.play", "play {card}", "{card} oyna"),
    "trail": Message("play.move.trail", "trail {card}", "{card} aç"),
    "capture": Message("play.move.capture", "capture with {card}: {sets}", "{card} ile al: {sets}"),
    "capture_as": Message("play.move.capture_as", "capture with {card} (as {value}): {sets}",
                          "{card} ile al ({value} sayarak): {sets}"),
    "build": Message("play.move.build", "build {value} with {card}: {sets}",
                     "{card} ile {value} yap: {sets}"),
    "open": Message("play.move.open", "open with {melds}", "{melds} ile aç"),
    "open_pairs": Message("play.move.open_pairs", "open with {value} pairs: {melds}",
                          "{value} çift ile aç: {melds}"),
    "lay": Message("play.move.lay", "lay {melds}", "{melds} işle"),
    "lay_pairs": Message("play.move.lay_pairs", "lay the pairs {melds}", "{melds} çiftlerini işle"),
    "layoff": Message("play.move.layoff", "lay {tile} off on meld {meld}",
                      "{tile} taşını {meld}. pere işle"),
    "swap": Message("play.move.swap", "put {tile} on meld {meld}, take its okey",
                    "{tile} taşını {meld}. pere koy, okeyi al"),
    "return": Message("play.move.return", "give the taken tile back (geri bırak)", "geri bırak"),
}
CEZA_AFTER = Message("play.ceza_after", "Ceza then {ceza}", "sonra Ceza {ceza}")
CONTRACTS = {"C": ("♣ Sinek (1)", "♣ Sinek (1)"), "D": ("♦ Karo (2)", "♦ Karo (2)"),
             "H": ("♥ Kupa (3)", "♥ Kupa (3)"), "S": ("♠ Maça (4)", "♠ Maça (4)"),
             "NT": ("Kozsuz (5)", "Kozsuz (5)")}

_FIELDS = string.Formatter()


class Voice:
    """The narration for one player: ``names[s]`` names seat ``s`` (``names[you]`` is the
    player); ``lang`` is ``"en"`` or ``"tr"``."""

    def __init__(self, names: Sequence[str], you: int, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"the languages are {', '.join(LANGUAGES)}, not {lang!r}")
        self.names = list(names)
        self.you = you
        self.lang = lang

    def text(self, message: Message, **params: Any) -> Text:
        """``message`` in the player's language; tile and card params drawn styled
        (``tile``, ``card``), :class:`~rich.text.Text` params kept as they are."""
        template = message.tr if self.lang == "tr" else message.en
        out = Text()
        for literal, name, _, _ in _FIELDS.parse(template):
            out.append(literal)
            if not name:
                continue
            value = params[name]
            if isinstance(value, Text):
                out.append_text(value)
            elif name == "tile":
                out.append_text(tile_text(value))
            elif name == "card":
                out.append_text(card_text(value))
            else:
                out.append(str(value))
        return out

    def say(self, message: Message, **params: Any) -> str:
        """``message`` as plain text, for prompts and errors."""
        return message.text(self.lang, params)

    def _about(self, line: str, seat: Any, **params: Any) -> Text:
        you, other = EVENTS[line]
        if seat == self.you:
            return self.text(you, **params)
        return self.text(other, who=self.names[seat] if isinstance(seat, int) else "", **params)

    def event(self, ev: Mapping[str, Any]) -> Text | None:
        """What happened, as the player reads it (``None``: nothing worth a line)."""
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "draw":
            if ev["from"] != "pile":
                return self._about("draw_left", seat, tile=ev["tile"])
            if "tile" in ev:
                return self._about("draw_pile_tile", seat, tile=ev["tile"])
            return self._about("draw_pile", seat)
        if kind in ("discard", "finish", "show_indicator") and isinstance(ev.get("tile"), str):
            said = self._about(kind, seat, tile=ev["tile"])
            if ev.get("penalty") in PENALTIES:
                said.append(self.say(PENALTIES[ev["penalty"]]), style="bold red")
            return said
        if kind in ("open", "open_pairs", "lay", "lay_pairs"):
            melds = melds_line([m["tiles"] for m in ev["melds"]])
            return self._about(kind, seat, melds=melds, value=ev["value"])
        if kind in ("layoff", "swap"):
            return self._about(kind, seat, tile=ev["tile"], meld=ev["meld"] + 1)
        if kind == "return":
            return self._about(kind, seat, tile=ev["tile"])
        if kind == "bid":
            return self._about("bid", seat, n=ev["tricks"])
        if kind == "play":
            return self._about("play", seat, card=ev["card"])
        if kind == "trick":
            said = self._about("trick", seat, n=ev["number"])
            said.stylize("dim")
            return said
        if kind == "contract":
            return self._about("contract", seat, contract=ev["contract"])
        if kind == "trail":
            return self._about("trail", seat, card=ev["card"])
        if kind == "capture":
            line = "capture_sweep" if ev["sweep"] else "capture"
            return self._about(line, seat, card=ev["card"], n=ev["taken"])
        if kind == "build":
            return self._about("build", seat, value=ev["value"], card=ev["card"])
        if kind in ("deal_end", "hand_end"):
            return Text(self.say(DEAL_OVER, scores=json.dumps(ev.get("scores"))), style="bold")
        if kind == "unlock":
            return self._about("unlock", seat)
        if kind == "reveal":
            return self._about("reveal", seat, pile=ev["pile"], card=ev["card"])
        if kind == "kasa_claim":
            return self._about("kasa_claim", seat)
        if kind == "deal":
            return self.text(NEW_CARDS_LAST if ev["last"] else NEW_CARDS, round=ev["round"] + 1)
        if kind == "residue":
            return self.text(RESIDUE_NOBODY) if seat is None else self._about("residue", seat)
        return None

    def move(self, js: Mapping[str, Any], left_tile: str | None = None,
             blocks: Text | None = None) -> Text:
        """A move of the menu (its record form): ``left_tile`` is the tile a draw from
        the left takes; ``blocks`` shows the block a discard with ``at`` takes from."""
        act = js["act"]
        if act == "show_indicator":
            return self.text(MOVES["show_indicator"])
        if act == "draw":
            if js["from"] == "pile":
                return self.text(MOVES["draw_pile"])
            return self.text(MOVES["draw_left"], tile=left_tile or "?")
        if act == "discard":
            if "at" in js and blocks is not None:
                return self.text(MOVES["discard_at"], tile=js["tile"], block=js["at"][0] + 1,
                                 blocks=blocks)
            return self.text(MOVES["discard"], tile=js["tile"])
        if act == "finish":
            return self.text(MOVES["finish"], tile=js["tile"])
        if act == "bid":
            return self.text(MOVES["bid"], n=js["tricks"])
        if act in ("open", "lay", "open_pairs", "lay_pairs"):
            melds = js["pairs"] if act.endswith("pairs") else js["melds"]
            return self.text(MOVES[act], melds=melds_line(melds), value=len(melds))
        if act in ("layoff", "swap"):
            return self.text(MOVES[act], tile=js["tile"], meld=js["meld"] + 1)
        if act == "return":
            return self.text(MOVES["return"])
        if act == "contract":
            names = CONTRACTS[js["contract"]]
            return self.text(MOVES["contract"], contract=names[self.lang == "tr"])
        if act in ("play", "trail"):
            return self.text(MOVES[act], card=js["card"])
        if act in ("capture", "build"):
            sets = join([cards_line(s) for s in js["sets"]], " | ")
            if act == "build":
                return self.text(MOVES["build"], value=js["value"], card=js["card"], sets=sets)
            if js.get("value") is not None:
                return self.text(MOVES["capture_as"], card=js["card"], value=js["value"],
                                 sets=sets)
            return self.text(MOVES["capture"], card=js["card"], sets=sets)
        return Text(json.dumps(js, ensure_ascii=False))
