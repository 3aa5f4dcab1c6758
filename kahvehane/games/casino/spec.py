"""Casino and Royal Casino as the salon knows them: 2, 3 or 4 players (the required
``players`` option chooses), partners, sweeps, the target; Royal's Nordic cards and the
royal_dominican preset (docs/rules/casino.md).

The spec checks each option alone (exact types, choices, ranges, defaults); the rules
(:meth:`kahvehane.games.casino.rules.CasinoRules.parse_options`) add what ties options
together: partners need 4 players, the preset takes no Nordic cards, and ``direction``
follows the preset. ``preset`` and ``direction`` are ``null`` unless chosen.
"""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.spec import GameSpec, OptionSpec

ROYAL_DOMINICAN = "royal_dominican"
"""The one rules preset: Royal Casino as played in the Dominican Republic (R-3)."""
DIRECTIONS = ("clockwise", "counter-clockwise")
"""How seat ``s + 1`` sits from seat ``s`` at a real table (C-7, R-3a)."""

NORDIC_SPECIALS = OptionSpec(
    "nordic_specials", bool, False,
    label=Message("casino.option.nordic_specials", "Nordic special cards",
                  "İskandinav özel kartları"),
    note=Message("casino.option.nordic_specials.note", "a played 2♠ may count 15, 10♦ 16",
                 "oynanan 2♠ 15, 10♦ 16 sayabilir"))
PRESET = OptionSpec(
    "preset", str, None, choices=(ROYAL_DOMINICAN,), nullable=True,
    label=Message("casino.option.preset", "Rules preset", "Kural ön ayarı"),
    note=Message("casino.option.preset.note",
                 "royal_dominican: Royal Casino as played in the Dominican Republic (R-3);"
                 " not with Nordic cards",
                 "royal_dominican: Dominik Cumhuriyeti'nde oynandığı gibi Royal Casino (R-3);"
                 " İskandinav kartlarıyla olmaz"))
_DIRECTION_LABEL = Message("casino.option.direction", "Direction of play", "Oyun yönü")


def _options(royal: bool) -> tuple[OptionSpec, ...]:
    opts = [
        OptionSpec("players", int, None, choices=(2, 3, 4), required=True,
                   label=Message("casino.option.players", "Players", "Oyuncu sayısı")),
        OptionSpec("partners", bool, False,
                   label=Message("casino.option.partners", "Partners (2 v 2)", "Eşli (2'ye 2)"),
                   note=Message("casino.option.partners.note", "needs 4 players",
                                "4 oyuncu gerekir")),
        OptionSpec("sweeps", bool, royal,
                   label=Message("casino.option.sweeps", "Sweeps score", "Masa süpürme puanı")),
        OptionSpec("target", int, 21, min=1,
                   label=Message("casino.option.target", "Play to", "Bitiş puanı")),
    ]
    if royal:
        opts += [NORDIC_SPECIALS, PRESET, OptionSpec(
            "direction", str, None, choices=DIRECTIONS, nullable=True, label=_DIRECTION_LABEL,
            note=Message("casino.option.direction.note",
                         "follows the preset: counter-clockwise only with royal_dominican",
                         "ön ayara bağlı: saat yönünün tersi yalnızca royal_dominican ile"))]
    else:
        opts.append(OptionSpec("direction", str, None, choices=DIRECTIONS[:1], nullable=True,
                               label=_DIRECTION_LABEL))
    return tuple(opts)


CASINO_SPEC = GameSpec(
    id="casino",
    name=Message("game.casino", "Casino", "Casino"),
    description=Message(
        "game.casino.about",
        "The fishing game for 2 to 4: capture cards from the table, build and sweep.",
        "2-4 kişilik balık oyunu: masadan kart topla, yapı kur, masayı süpür."),
    family="casino",
    seats=(2, 3, 4),
    seats_option="players",
    rules="kahvehane.games.casino.rules:CASINO",
    options=_options(False),
    ranking="wins",
    position=4,
)

ROYAL_CASINO_SPEC = GameSpec(
    id="royal_casino",
    name=Message("game.royal_casino", "Royal Casino", "Royal Casino"),
    description=Message(
        "game.royal_casino.about",
        "Casino where the court cards count 11, 12 and 13 and aces 1 or 14.",
        "Resimli kartların 11, 12, 13; asın 1 ya da 14 saydığı Casino."),
    family="casino",
    seats=(2, 3, 4),
    seats_option="players",
    rules="kahvehane.games.casino.rules:ROYAL_CASINO",
    options=_options(True),
    ranking="wins",
    position=5,
)

SPECS = (CASINO_SPEC, ROYAL_CASINO_SPEC)
