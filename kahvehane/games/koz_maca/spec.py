"""Koz Maça as the salon knows it: options, and the entry fee settled through the Kasa
(KM-14, KM-15) as ledger transfers."""

from __future__ import annotations

from kahvehane.errors import Message
from kahvehane.games.base import MatchSummary
from kahvehane.games.koz_maca.chips import settle_game
from kahvehane.games.koz_maca.constants import DEFAULT_FINISH, FIRST_TO_SIX, KASA_RULES, SEATS
from kahvehane.games.spec import EntryRule, GameSpec, OptionSpec, Settlement, Transfer


def start_transfers(entry: int, seats: int) -> tuple[Transfer, ...]:
    """The start of a game: every seat puts the entry in the pot, and one entry goes
    from the pot to the Kasa ("at the start of each game K += E", KM-15)."""
    return settle(entry, 0, MatchSummary(True, (0,) * seats, 0)).at_start


def settle(entry: int, kasa_before: int, summary: MatchSummary) -> Settlement:
    """The chips of a finished game, as :func:`~kahvehane.games.koz_maca.chips.settle_game`
    says, split into what moved at the start and what moves at the end."""
    winner = summary.winner
    if not isinstance(winner, int):
        raise ValueError(f"a finished Koz Maça game has one winner, not {winner!r}")
    claimant = summary.extra.get("kasa_claimant")
    s = settle_game(entry, kasa_before, winner, claimant)
    start = tuple(t for t in s.transfers
                  if t.target == "pot" or (t.source, t.target) == ("pot", "kasa"))
    end = tuple(t for t in s.transfers if t not in start and t.amount > 0)
    return Settlement(entry, kasa_before, s.kasa_after, s.net, start, end)


KOZ_MACA_SPEC = GameSpec(
    id="koz_maca",
    name=Message("game.koz_maca", "Koz Maça", "Koz Maça"),
    description=Message(
        "game.koz_maca.about",
        "Four players, one bid each, spades always trump; an entry fee and the Kasa.",
        "Dört oyuncu, herkese bir ihale, koz hep maça; giriş ücreti ve kasa."),
    family="koz_maca",
    seats=(SEATS,),
    rules="kahvehane.games.koz_maca.rules:KOZ_MACA",
    options=(
        OptionSpec("finish_score", int, DEFAULT_FINISH, min=1,
                   label=Message("koz_maca.option.finish_score", "Play to", "Bitiş puanı")),
        OptionSpec("kasa_rule", str, FIRST_TO_SIX, choices=KASA_RULES,
                   label=Message("koz_maca.option.kasa_rule", "Kasa rule", "Kasa kuralı"),
                   choice_labels=(
                       Message("koz_maca.option.kasa_rule.first_to_six",
                               "first to 6 tricks", "ilk 6 el alan"),
                       Message("koz_maca.option.kasa_rule.first_six_tricks",
                               "tricks 1–6 in a row", "ilk 6 eli üst üste alan"))),
    ),
    entry=EntryRule(start=start_transfers, settle=settle, kasa=True),
    ranking="wins",
    position=2,
)

SPECS = (KOZ_MACA_SPEC,)
