"""Düz Okey and KDV Okey: 111 actions, one token per move.

``0`` show the indicator · ``1`` draw from the pile · ``2`` draw the left neighbour's
discard · ``3 + t`` discard tile *t* · ``56 + t`` finish with tile *t* on the indicator ·
``109`` lay the rack out by seri diz · ``110`` by çift diz. Tiles are numbered as in
:mod:`kahvehane.tiles`: R1..R13 = 0..12, Y = 13..25, B = 26..38, K = 39..51, J = 52.

**The rack layout** (docs/rules/okey.md rule 29) is scored in KDV only. With ``layout="seri"``
(the default) the environment lays a KDV rack out for the agent: every rack by seri diz
when a deal starts, and with each discard the 14 kept tiles by seri diz and the
discarded tile alone at the end, so the tile leaves without splitting a per and the
frozen Ceza is the lowest the kept tiles allow. The layout actions (109, 110) are then
never legal, and a Düz rack is left as dealt (Düz never scores it). With
``layout="agent"`` the environment never arranges; 109 and 110 are legal on the agent's
turn whenever they would change its layout, and any other layout can be set with the
raw environment's ``arrange(agent, blocks)`` (a free action, as at the table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games.base import JSON, Action
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.solver import best_arrangement, best_pairs_arrangement
from kahvehane.rl.codecs.base import (
    Codec,
    Layout,
    Obs,
    Public,
    Tokens,
    relative,
    set_ones,
    squash,
)
from kahvehane.tiles import NUM_KINDS, TILE_CODES, tile_name

SHOW, DRAW_PILE, DRAW_LEFT = 0, 1, 2
DISCARD = 3
FINISH = DISCARD + NUM_KINDS
ARRANGE_SERI = FINISH + NUM_KINDS
ARRANGE_CIFT = ARRANGE_SERI + 1
LAYOUTS = ("seri", "agent")

Blocks = tuple[tuple[int, ...], ...]


def _counts(on: list[int], offset: int, names: Sequence[str]) -> None:
    """Two planes of tile kinds from ``offset``: holds at least one, holds two."""
    first: set[int] = set()
    for name in names:
        t = TILE_CODES[name]
        if t in first:
            on.append(offset + NUM_KINDS + t)
        else:
            first.add(t)
            on.append(offset + t)


def _blocks(rack: Sequence[Sequence[str]]) -> Blocks:
    return tuple(tuple(TILE_CODES[name] for name in block) for block in rack)


class OkeyCodec(Codec):
    """Düz or KDV Okey; ``layout`` says who lays the rack out (see the module text)."""

    num_actions = ARRANGE_CIFT + 1
    sign = -1  # a tally is better when lower: the reward is the tally's decrease
    layout = Layout([
        ("rack", 2 * NUM_KINDS, "my tiles: holds at least one of the kind, holds two"),
        ("indicator", NUM_KINDS, "the indicator tile (one-hot)"),
        ("okey", NUM_KINDS, "the okey, the wild tile (one-hot)"),
        ("discards", 4 * 2 * NUM_KINDS,
         "each relative seat's discard stack: holds at least one, holds two (per kind)"),
        ("discard_top", 4 * NUM_KINDS, "the top of each relative seat's stack (one-hot)"),
        ("phase", 2, "draw, discard (one-hot; zeros once the deal is over)"),
        ("my_turn", 1, "1 if I am to act"),
        ("pile_left", 1, "tiles left in the pile / 48"),
        ("rack_sizes", 4, "each relative seat's tile count / 15"),
        ("gosterge", 4, "the relative seat that showed the indicator, if any"),
        ("can_show", 1, "1 if I may show the indicator now"),
        ("ceza", 2, "KDV: my frozen Ceza c as c / (c + 100); 1 if it is frozen"),
        ("starter", 4, "the relative seat that started the deal"),
        ("pairs", 1, "1 in partnership play"),
        ("totals", 4,
         "each relative seat's tally t as t / (abs(t) + s), s = 10 (Düz) or 500 (KDV)"),
        ("deals", 1, "finished deals / deals of the match"),
    ])

    def __init__(self, options: Mapping[str, Any], num_seats: int, *, game: str,
                 layout: str = "seri") -> None:
        super().__init__(options, num_seats)
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, not {layout!r}")
        self.game = game
        self.kdv = game == "kdv_okey"
        self.layout_mode = layout
        self._scale = 500.0 if self.kdv else 10.0
        self._deals = int(options["deals"])
        #: The ones of each discard stack last seen, by (observer, seat): a step changes
        #: one or two stacks, so the others are taken from here (compared in full, the
        #: cache is a pure function of the view).
        self._stacks: dict[tuple[int, int], tuple[list[str], list[int]]] = {}

    def observe_into(self, obs: Obs, view: JSON, seat: int, public: Public) -> None:
        lay, n, me = self.layout, self.num_seats, seat
        on: list[int] = []  # the indices of the ones, set in one numpy assignment
        _counts(on, lay["rack"], [name for block in view.get("rack", ()) for name in block])
        on.append(lay["indicator"] + TILE_CODES[view["indicator"]])
        on.append(lay["okey"] + TILE_CODES[view["okey"]])
        discards, tops, sizes = lay["discards"], lay["discard_top"], lay["rack_sizes"]
        stacks = self._stacks
        for s in range(n):
            r = relative(s, me, n)
            stack = view["discards"][s]
            seen = stacks.get((me, s))
            if seen is not None and seen[0] == stack:
                on.extend(seen[1])
            else:
                ones: list[int] = []
                _counts(ones, discards + 2 * NUM_KINDS * r, stack)
                if stack:
                    ones.append(tops + NUM_KINDS * r + TILE_CODES[stack[-1]])
                stacks[(me, s)] = (list(stack), ones)
                on.extend(ones)
            obs[sizes + r] = view["rack_sizes"][s] / 15
        phase = view["phase"]
        if phase is not None:
            on.append(lay["phase"] + (0 if phase == "draw" else 1))
        if view["turn"] == me:
            on.append(lay["my_turn"])
        if view["gosterge"] is not None:
            on.append(lay["gosterge"] + relative(view["gosterge"], me, n))
        if view.get("can_show_indicator"):
            on.append(lay["can_show"])
        on.append(lay["starter"] + relative(view["starter"], me, n))
        if self.options.get("pairs"):
            on.append(lay["pairs"])
        set_ones(obs, on)
        obs[lay["pile_left"]] = view["pile_left"] / 48
        ceza = view.get("ceza")
        if ceza is not None:
            obs[lay["ceza"]] = ceza / (ceza + 100)
            obs[lay["ceza"] + 1] = 1.0
        totals = lay["totals"]
        for s, t in enumerate(public.totals):
            obs[totals + relative(s, me, n)] = squash(t, self._scale)
        obs[lay["deals"]] = min(public.deals_done, self._deals) / self._deals

    def tokens(self, action: Action, view: JSON) -> Tokens:
        if isinstance(action, Discard):
            return (DISCARD + action.tile,)
        if isinstance(action, Draw):
            return (DRAW_PILE if action.source == PILE else DRAW_LEFT,)
        if isinstance(action, Finish):
            return (FINISH + action.tile,)
        if isinstance(action, ShowIndicator):
            return (SHOW,)
        raise TypeError(f"not an Okey action of the action space: {action!r}")

    def token_name(self, token: int) -> str:
        self.check_token(token)
        if token == SHOW:
            return "show the indicator"
        if token in (DRAW_PILE, DRAW_LEFT):
            return f"draw from the {PILE if token == DRAW_PILE else LEFT}"
        if token < FINISH:
            return f"discard {tile_name(token - DISCARD)}"
        if token < ARRANGE_SERI:
            return f"finish with {tile_name(token - FINISH)}"
        return "arrange by seri diz" if token == ARRANGE_SERI else "arrange by çift diz"

    # -- the rack layout ------------------------------------------------------------------

    def extras(self, view: JSON, seat: int) -> list[tuple[Tokens, Action]]:
        if self.layout_mode != "agent" or view["over"] or view["turn"] != seat:
            return []
        current = _blocks(view["rack"])
        tiles = [t for block in current for t in block]
        okey = TILE_CODES[view["okey"]]
        seri = best_arrangement(tiles, okey).blocks
        cift = best_pairs_arrangement(tiles, okey, TILE_CODES[view["indicator"]]).blocks
        out: list[tuple[Tokens, Action]] = []
        if seri != current:
            out.append(((ARRANGE_SERI,), Arrange(seat, seri)))
        if cift != current and cift != seri:
            out.append(((ARRANGE_CIFT,), Arrange(seat, cift)))
        return out

    def _seri_with(self, view: JSON, seat: int, leaving: int | None) -> Arrange | None:
        """Seri diz of the rack (without one ``leaving`` tile, laid alone at the end)."""
        current = _blocks(view["rack"])
        tiles = [t for block in current for t in block]
        if leaving is not None:
            tiles.remove(leaving)
        blocks = best_arrangement(tiles, TILE_CODES[view["okey"]]).blocks
        if leaving is not None:
            blocks = (*blocks, (leaving,))
        return None if blocks == current else Arrange(seat, blocks)

    def before(self, view: JSON, action: Action) -> list[Action]:
        if self.layout_mode != "seri" or not self.kdv or not isinstance(action, Discard):
            return []
        arrange = self._seri_with(view, action.seat, action.tile)
        return [] if arrange is None else [arrange]

    def at_deal_start(self, views: Sequence[JSON]) -> list[Action]:
        if self.layout_mode != "seri" or not self.kdv:
            return []
        out: list[Action] = []
        for view in views:
            arrange = self._seri_with(view, view["seat"], None)
            if arrange is not None:
                out.append(arrange)
        return out
