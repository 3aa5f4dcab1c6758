"""The end of a 101 deal: its multiplier, the çanak, ``detail`` and the result
(docs/rules/okey_101.md 101-29 … 101-39; docs/records.md, "101 Okey")."""

from __future__ import annotations

from typing import Any, Protocol

from kahvehane.games.base import JSON, DealResult
from kahvehane.games.okey_101.melds import TableMeld
from kahvehane.games.okey_101.scoring import multiplier, score_deal
from kahvehane.tiles import Tile, tile_name


class Okey101Deal(Protocol):
    """What the end of a deal reads of it (:class:`~kahvehane.games.okey_101.deal.
    Okey101Deal`; a protocol, so that this module does not import the deal's)."""

    end: str | None
    end_reason: str | None
    flags: dict[str, bool] | None
    options: dict[str, Any]
    canak_before: int
    finisher: int | None
    finish_tile: Tile | None
    starter: int
    indicator: Tile
    okey: Tile
    opened: list[str | None]
    opening_values: list[int | None]
    table: list[TableMeld]
    penalties: list[list[JSON]]

    @property
    def multiplier(self) -> int | None: ...

    def hand(self, seat: int) -> list[Tile]: ...

    def threshold(self, seat: int | None = None) -> int: ...

    def pairs_needed(self, seat: int | None = None) -> int: ...

    def penalty_total(self) -> list[int]: ...


def multiplier_of(deal: Okey101Deal) -> int | None:
    """M of 101-31: 1 at a pile out, ``None`` before the end and for a void deal."""
    if deal.end == "void":
        return None
    if deal.flags is None:
        return 1 if deal.end == "pile" else None
    return multiplier(**deal.flags)


def canak(deal: Okey101Deal) -> JSON | None:
    """101-39: the pot before, the four antes, a payout when a finish flagged okey or
    pairs breaks it, and the pot after."""
    if not deal.options["canak"]:
        return None
    ante = deal.options["canak_ante"]
    paid_in = 4 * ante
    pot = deal.canak_before + paid_in
    paid_out = None
    if deal.flags is not None and (deal.flags["okey"] or deal.flags["pairs"]):
        paid_out = {"to": deal.finisher, "chips": pot}
        pot = 0
    return {"before": deal.canak_before, "paid_in": paid_in, "paid_out": paid_out,
            "after": pot}


def detail(deal: Okey101Deal) -> JSON:
    """The keys every deal's ``detail`` holds; the scoring ones ``None`` until scored."""
    out: JSON = {
        "starter": deal.starter,
        "indicator": tile_name(deal.indicator),
        "okey": tile_name(deal.okey),
        "end_reason": deal.end_reason,
        "finisher": deal.finisher,
        "finish_tile": None if deal.finish_tile is None else tile_name(deal.finish_tile),
        "flags": None if deal.flags is None else dict(deal.flags),
        "multiplier": deal.multiplier,
        "opened": list(deal.opened),
        "opening_values": list(deal.opening_values),
        "thresholds": {"melds": deal.threshold(), "pairs": deal.pairs_needed()},
        "hand_value": None,
        "held_okeys": None,
        "hand_charge": None,
        "penalties": None,
        "penalty_total": None,
        "table": [m.to_json(deal.okey) for m in deal.table],
        "team_scores": None,
        "canak": canak(deal),
    }
    return out


def result(deal: Okey101Deal) -> DealResult | None:
    """The deal's result (docs/records.md, 101 replay output), ``None`` while it runs."""
    if deal.end is None:
        return None
    out = detail(deal)
    if deal.end == "void":
        return DealResult((0, 0, 0, 0), "void", out, deal.starter)
    pen = deal.penalty_total()
    m = deal.multiplier
    assert m is not None
    scored = score_deal(finisher=deal.finisher, multiplier=m, opened=deal.opened,
                        hands=[deal.hand(s) for s in range(4)], okey=deal.okey,
                        held_okey=deal.options["held_okey"],
                        pairs_play=deal.options["pairs"], penalty_total=pen)
    scores = scored.pop("scores")
    out.update(scored)
    out["penalties"] = [list(p) for p in deal.penalties]
    out["penalty_total"] = pen
    if deal.options["pairs"]:
        out["team_scores"] = [scores[0] + scores[2], scores[1] + scores[3]]
    return DealResult(tuple(scores), deal.end, out, deal.starter)


def partial_detail(deal: Okey101Deal) -> JSON:
    """The ``detail`` of a deal still running: penalties so far included."""
    out = detail(deal)
    out["penalties"] = [list(p) for p in deal.penalties]
    out["penalty_total"] = deal.penalty_total()
    return out
