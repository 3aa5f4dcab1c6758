"""Casino and Royal Casino as the salon knows them: 2, 3 or 4 players (the required
``players`` option chooses), partners, sweeps, the target; Royal's Nordic cards and the
royal_dominican preset (RULES.md part 3)."""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.spec import GameSpec, OptionSpec

ROYAL_DOMINICAN = "royal_dominican"
DIRECTIONS = ("clockwise", "counter-clockwise")


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
        opts.append(OptionSpec(
            "nordic_specials", bool, False,
            label=Message("casino.option.nordic_specials", "Nordic special cards",
                          "İskandinav özel kartları")))
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
