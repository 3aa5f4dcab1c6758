"""Düz Okey and KDV Okey as the salon knows them (:class:`~kahvehane.games.spec.GameSpec`).

The deal counts are the rules' own (rule 3: the ranking points are defined for 3, 5, 7,
9 and 11 deals), so the form and the rules cannot disagree.
"""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.okey.scoring import RANKING_POINTS
from kahvehane.games.spec import GameSpec, OptionSpec

DEAL_COUNTS = tuple(sorted(RANKING_POINTS))

_OPTIONS = (
    OptionSpec("deals", int, 5, choices=DEAL_COUNTS,
               label=Message("okey.option.deals", "Deals", "El sayısı")),
    OptionSpec("pairs", bool, False,
               label=Message("okey.option.pairs", "Pairs (2 v 2)", "Eşli (2'ye 2)")),
)

DUZ_OKEY_SPEC = GameSpec(
    id="duz_okey",
    name=Message("game.duz_okey", "Düz Okey", "Düz Okey"),
    description=Message(
        "game.duz_okey.about",
        "The classic tile game for four: draw, discard, finish with runs and groups.",
        "Dört kişilik klasik taş oyunu: taş çek, taş at, perlerle bit."),
    family="okey",
    seats=(4,),
    rules="kahvehane.games.okey.rules:DUZ_OKEY",
    options=_OPTIONS,
    free_actions=("arrange",),
    suggestions=True,
    ranking="points",
    lower_totals_win=True,
    position=0,
)

KDV_OKEY_SPEC = GameSpec(
    id="kdv_okey",
    name=Message("game.kdv_okey", "KDV (Banko) Okey", "KDV (Banko) Okey"),
    description=Message(
        "game.kdv_okey.about",
        "Okey where every unmatched tile costs: the colour-weighted Ceza.",
        "Per olmayan her taşın renge göre cezası olan Okey."),
    family="okey",
    seats=(4,),
    rules="kahvehane.games.okey.rules:KDV_OKEY",
    options=_OPTIONS,
    free_actions=("arrange",),
    suggestions=True,
    ranking="points",
    lower_totals_win=True,
    position=1,
)

SPECS = (DUZ_OKEY_SPEC, KDV_OKEY_SPEC)
