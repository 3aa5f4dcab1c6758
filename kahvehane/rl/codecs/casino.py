"""Casino and Royal Casino: a fixed action space of 1889 tokens; a move is one to a few.

The engine's legal list (``CasinoDeal.legal_actions``: every maximal capture, every
plain and maximal multiple build, every trail — docs/rules/casino.md) can hold
thousands of moves on a large table, each naming the cards it takes, so no fixed index
per move exists that does not depend on the table (the taken cards are any subset of
it). Instead a move is *spelled* in a fixed vocabulary, one token per environment step:

* a **head** names the played card and what it does: ``0 + c`` trail card *c*;
  ``52 + c`` capture with *c* at its plain value; ``104 + c`` capture with *c* at its
  other value (a Royal ace as 14; with ``nordic_specials`` 2♠ as 15, 10♦ as 16);
  ``156 + 2·(16·c + V − 1) + k`` build with *c* to value *V* (1..16), single (*k* = 0)
  or multiple (*k* = 1);
* then, while more than one legal move fits what was spelled, the **taken** items in
  increasing token order: ``1820 + x`` loose card *x*, ``1872 + V − 1`` the build of
  value *V* (taken or built upon whole);
* ``1888`` **commit** ends a move whose items are all named while a longer one still fits.

A move is applied as soon as its tokens fit exactly one legal move, so most moves are a
single head token. Every legal move has exactly one shortest spelling, the mask at each
step is exactly the tokens that continue some legal move, and what the seat has spelled
so far is part of its observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.cards import CARD_NAMES, rank_of
from kahvehane.games.base import JSON, Action
from kahvehane.games.casino.actions import BuildAction, CaptureAction, TrailAction
from kahvehane.rl.codecs.base import (
    CARD_INDEX,
    Codec,
    Layout,
    Obs,
    Public,
    Tokens,
    relative,
    squash,
)

MAX_VALUE = 16
TRAIL = 0
CAPTURE = 52
CAPTURE_ALT = 104
BUILD = 156
TAKE_LOOSE = BUILD + 2 * 52 * MAX_VALUE
TAKE_BUILD = TAKE_LOOSE + 52
COMMIT = TAKE_BUILD + MAX_VALUE
NUM_ACTIONS = COMMIT + 1
MAX_SEATS = 4


def build_token(card: int, value: int, multiple: bool) -> int:
    """The head token of a build with ``card`` to ``value``, single or multiple."""
    return BUILD + 2 * (MAX_VALUE * card + value - 1) + (1 if multiple else 0)


class CasinoCodec(Codec):
    """Casino or Royal Casino with 2, 3 or 4 players (seats beyond them stay zero)."""

    num_actions = NUM_ACTIONS
    single_token = False
    layout = Layout([
        ("hand", 52, "my cards"),
        ("loose", 52, "the loose cards on the table"),
        ("build_cards", 52, "cards lying in a build: the build's value / 16"),
        ("builds", MAX_VALUE * 6,
         "per build value 1..16: a build of it exists, it is multiple,"
         " its owner's relative seat (4)"),
        ("hand_sizes", MAX_SEATS, "each relative seat's cards in hand / 4"),
        ("captured", MAX_SEATS, "cards each relative seat has captured / 52"),
        ("last_capturer", MAX_SEATS, "the relative seat that captured last, if any"),
        ("sweeps", MAX_SEATS, "sweeps s made by each relative seat as s / (s + 5)"),
        ("totals", MAX_SEATS, "each relative seat's match points p as p / (p + target)"),
        ("round", 2, "round / rounds of this hand; 1 in the hand's last round"),
        ("stock", 1, "cards still to be dealt / 52"),
        ("dealer", MAX_SEATS, "the relative seat that dealt"),
        ("players", 4, "2, 3 or 4 players (one-hot); 1 in partnership play"),
        ("my_turn", 1, "1 if I am to act"),
        ("pending_head", 5,
         "what my unfinished move is: none, capture, capture at the other value,"
         " single build, multiple build"),
        ("pending_card", 52, "the card of my unfinished move"),
        ("pending_value", MAX_VALUE, "the build value of my unfinished move (one-hot)"),
        ("pending_loose", 52, "the loose cards my unfinished move has named"),
        ("pending_builds", MAX_VALUE, "the builds (by value) my unfinished move has named"),
    ])

    def __init__(self, options: Mapping[str, Any], num_seats: int, *, game: str) -> None:
        super().__init__(options, num_seats)
        self.game = game
        self._target = float(options["target"])
        self._seen: tuple[JSON, dict[int, int]] | None = None

    def _build_of_card(self, view: JSON) -> dict[int, int]:
        """Card → the value of the build it lies in, for the view's table (kept for the
        last view: every legal move of a position is spelled from the same one)."""
        if self._seen is None or self._seen[0] is not view:
            builds = view["table"]["builds"]
            self._seen = (view, {CARD_INDEX[name]: b["value"] for b in builds
                                 for name in b["cards"]})
        return self._seen[1]

    # -- actions ----------------------------------------------------------------------------

    def tokens(self, action: Action, view: JSON) -> Tokens:
        if isinstance(action, TrailAction):
            return (TRAIL + action.card,)
        if isinstance(action, CaptureAction):
            alt = action.value is not None and action.value != rank_of(action.card)
            head = (CAPTURE_ALT if alt else CAPTURE) + action.card
        elif isinstance(action, BuildAction):
            head = build_token(action.card, action.value, len(action.sets) >= 2)
        else:
            raise TypeError(f"not a Casino action: {action!r}")
        in_build = self._build_of_card(view)
        items = set()
        for group in action.sets:
            for card in group:
                if card == action.card:
                    continue
                value = in_build.get(card)
                items.add(TAKE_LOOSE + card if value is None else TAKE_BUILD + value - 1)
        return (head, *sorted(items), COMMIT)

    def token_name(self, token: int) -> str:
        self.check_token(token)
        if token < CAPTURE:
            return f"trail {CARD_NAMES[token]}"
        if token < BUILD:
            alt = token >= CAPTURE_ALT
            name = CARD_NAMES[token - (CAPTURE_ALT if alt else CAPTURE)]
            return f"capture with {name}" + (" at its other value" if alt else "")
        if token < TAKE_LOOSE:
            k = token - BUILD
            card, value = divmod(k // 2, MAX_VALUE)
            kind = "multiple" if k % 2 else "single"
            return f"build with {CARD_NAMES[card]} to {value + 1} ({kind})"
        if token < TAKE_BUILD:
            return f"take loose {CARD_NAMES[token - TAKE_LOOSE]}"
        if token < COMMIT:
            return f"take the {token - TAKE_BUILD + 1}-build"
        return "commit"

    # -- observations -----------------------------------------------------------------------

    def observe_into(self, obs: Obs, view: JSON, seat: int, public: Public) -> None:
        lay, n, me = self.layout, self.num_seats, seat
        hand, loose = lay["hand"], lay["loose"]
        for name in view.get("hand", ()):
            obs[hand + CARD_INDEX[name]] = 1.0
        table = view["table"]
        for name in table["loose"]:
            obs[loose + CARD_INDEX[name]] = 1.0
        cards, builds = lay["build_cards"], lay["builds"]
        for b in table["builds"]:
            value = b["value"]
            for name in b["cards"]:
                obs[cards + CARD_INDEX[name]] = value / MAX_VALUE
            base = builds + 6 * (value - 1)
            obs[base] = 1.0
            obs[base + 1] = 1.0 if b["kind"] == "multiple" else 0.0
            obs[base + 2 + relative(b["owner"], me, n)] = 1.0
        sizes, captured, sweeps, totals = (lay["hand_sizes"], lay["captured"], lay["sweeps"],
                                           lay["totals"])
        swept = [0] * n
        for s in view["sweeps"]:
            swept[s] += 1
        for s in range(n):
            r = relative(s, me, n)
            obs[sizes + r] = view["hand_sizes"][s] / 4
            obs[captured + r] = view["captured"][s] / 52
            obs[sweeps + r] = swept[s] / (swept[s] + 5)
        for s, t in enumerate(public.totals):
            obs[totals + relative(s, me, n)] = squash(t, self._target)
        if view["last_capturer"] is not None:
            obs[lay["last_capturer"] + relative(view["last_capturer"], me, n)] = 1.0
        obs[lay["round"]] = view["round"] / view["rounds"]
        obs[lay["round"] + 1] = 1.0 if view["last_round"] else 0.0
        obs[lay["stock"]] = view["stock"] / 52
        obs[lay["dealer"] + relative(view["dealer"], me, n)] = 1.0
        obs[lay["players"] + view["players"] - 2] = 1.0
        obs[lay["players"] + 3] = 1.0 if view["partners"] else 0.0
        obs[lay["my_turn"]] = 1.0 if me in view["to_act"] else 0.0
        self._pending(obs, public.pending)

    def _pending(self, obs: Obs, pending: Tokens) -> None:
        lay = self.layout
        if not pending:
            obs[lay["pending_head"]] = 1.0
            return
        head = pending[0]
        if CAPTURE <= head < BUILD:
            alt = head >= CAPTURE_ALT
            obs[lay["pending_head"] + (2 if alt else 1)] = 1.0
            obs[lay["pending_card"] + head - (CAPTURE_ALT if alt else CAPTURE)] = 1.0
        else:
            k = head - BUILD
            card, value = divmod(k // 2, MAX_VALUE)
            obs[lay["pending_head"] + 3 + k % 2] = 1.0
            obs[lay["pending_card"] + card] = 1.0
            obs[lay["pending_value"] + value] = 1.0
        for token in pending[1:]:
            if token < TAKE_BUILD:
                obs[lay["pending_loose"] + token - TAKE_LOOSE] = 1.0
            else:
                obs[lay["pending_builds"] + token - TAKE_BUILD] = 1.0
