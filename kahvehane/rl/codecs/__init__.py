"""The encodings of the six games (one :class:`~kahvehane.rl.codecs.base.Codec` each)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.rl.codecs.base import Codec


def make_codec(game: str, options: Mapping[str, Any], num_seats: int, *,
               layout: str = "seri") -> Codec:
    """The codec of ``game`` with its parsed ``options``; ``layout`` is Okey's (see
    :mod:`kahvehane.rl.codecs.okey`) and is refused for the other games unless it is
    the default."""
    if game in ("duz_okey", "kdv_okey"):
        from kahvehane.rl.codecs.okey import OkeyCodec

        return OkeyCodec(options, num_seats, game=game, layout=layout)
    if layout != "seri":
        raise ValueError(f"layout is an Okey option; {game} has no rack to lay out")
    if game == "koz_maca":
        from kahvehane.rl.codecs.tricks import KozMacaCodec

        return KozMacaCodec(options, num_seats)
    if game == "balayi_kingi":
        from kahvehane.rl.codecs.tricks import BalayiKingiCodec

        return BalayiKingiCodec(options, num_seats)
    if game in ("casino", "royal_casino"):
        from kahvehane.rl.codecs.casino import CasinoCodec

        return CasinoCodec(options, num_seats, game=game)
    raise ValueError(f"no encoding for game {game!r}")


__all__ = ["Codec", "make_codec"]
