"""101 Okey as the salon knows it (:class:`~kahvehane.games.spec.GameSpec`): every table
option of docs/rules/okey_101.md 101-3, typed exactly.

The salon lists the game: its tables are played in the browser by people and by the
heuristic bot (:mod:`kahvehane.bots.okey_101`), with the web module
``web/static/js/games/okey_101.js``.
"""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.okey.spec import DEAL_COUNTS
from kahvehane.games.spec import GameSpec, OptionSpec


def _label(name: str, en: str, tr: str) -> Message:
    return Message(f"okey101.option.{name}", en, tr)


OPTIONS = (
    OptionSpec("deals", int, 5, choices=DEAL_COUNTS,
               label=_label("deals", "Deals", "El sayısı")),
    OptionSpec("pairs", bool, False, label=_label("pairs", "Partners (2 v 2)", "Eşli (2'ye 2)")),
    OptionSpec("katlamali", bool, False,
               label=_label("katlamali", "Rising opening threshold", "Katlamalı"),
               note=_label("katlamali.note", "each opening must beat the last one",
                           "her açılış bir öncekini geçmeli")),
    OptionSpec("katlamali_partner", bool, True,
               label=_label("katlamali_partner", "Partner's opening raises yours",
                            "Eşe katlamalı")),
    OptionSpec("elden", str, "nobody_opened", choices=("nobody_opened", "same_turn"),
               label=_label("elden", "Elden finish", "Elden bitme"),
               choice_labels=(_label("elden.nobody_opened", "nobody had opened",
                                     "kimse açmamışken"),
                              _label("elden.same_turn", "open and finish in one turn",
                                     "aynı elde açıp bitirme"))),
    OptionSpec("elden_below_threshold", bool, True,
               label=_label("elden_below_threshold", "Open-and-finish below the threshold",
                            "Barajın altında açıp bitme")),
    OptionSpec("pairs_layoff_limit", int, 2, min=0, nullable=True,
               label=_label("pairs_layoff_limit", "Lay-offs per turn for a pairs opener",
                            "Çift açanın bir elde işleyebileceği taş")),
    OptionSpec("end_limit", int, None, min=1, nullable=True,
               label=_label("end_limit", "Tiles per run end per turn",
                            "Bir elde serinin bir ucuna eklenebilecek taş")),
    OptionSpec("held_okey", str, "value101", choices=("value101", "surcharge101", "face"),
               label=_label("held_okey", "An okey left in hand", "Elde kalan okey"),
               choice_labels=(_label("held_okey.value101", "counts 101", "101 sayılır"),
                              _label("held_okey.surcharge101", "101 added after doubling",
                                     "katlamadan sonra 101 eklenir"),
                              _label("held_okey.face", "counts its number",
                                     "üzerindeki sayı kadar"))),
    OptionSpec("four_pairs_void", bool, True,
               label=_label("four_pairs_void", "Four pairs openers void the deal",
                            "Dört çift açılırsa el bozulur")),
    OptionSpec("pile_out", str, "score", choices=("score", "void"),
               label=_label("pile_out", "When the pile runs out", "Taşlar bitince"),
               choice_labels=(_label("pile_out.score", "hands are scored", "eller yazılır"),
                              _label("pile_out.void", "the deal is void", "el bozulur"))),
    OptionSpec("take_return_penalty", int, 0, choices=(0, 101),
               label=_label("take_return_penalty", "Penalty for giving back a taken tile",
                            "Alınan taşı geri bırakma cezası")),
    OptionSpec("canak", bool, False, label=_label("canak", "Çanak (chip pot)", "Çanak")),
    OptionSpec("canak_ante", int, None, min=1, nullable=True,
               label=_label("canak_ante", "Chips per player per deal into the çanak",
                            "Her elde oyuncu başına çanağa konan çip")),
)

OKEY_101_SPEC = GameSpec(
    id="okey_101",
    name=Message("game.okey_101", "101 Okey", "101 Okey"),
    description=Message(
        "game.okey_101.about",
        "Open with 101 or five pairs, lay off on the table, finish first.",
        "101 ya da beş çiftle aç, yere işle, ilk sen bit."),
    family="okey_101",
    seats=(4,),
    rules="kahvehane.games.okey_101.rules:OKEY_101",
    options=OPTIONS,
    free_actions=("arrange",),
    ranking="points",
    lower_totals_win=True,
    position=2,
)

SPECS = (OKEY_101_SPEC,)
