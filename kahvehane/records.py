"""Game records (format ``kahvehane/1``): read, replay, write and verify.

A record is to kahvehane what PGN is to chess (``docs/records.md``). :func:`replay`
applies every action through the engine; a broken record raises :class:`ReplayError`
naming the deal, the action index, the action and the broken rule, so that a person can
find the fault at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kahvehane.errors import (
    ActionError,
    KahvehaneError,
    MalformedSetup,
    NotationError,
    RecordError,
)
from kahvehane.games.base import JSON
from kahvehane.match import Match, MatchOver, derive_setup
from kahvehane.rng import commitment as seed_commitment
from kahvehane.rng import seed_string

FORMAT = "kahvehane/1"


class ReplayError(KahvehaneError):
    """A record that does not replay: where it broke and why.

    ``deal`` is the 0-based deal index (``None`` for a fault of the envelope);
    ``action_index`` the 0-based index of the action (``None`` for a setup fault);
    ``illegal`` tells an illegal action apart from a malformed record.
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        action_index: int | None = None,
        action: Any = None,
        illegal: bool = False,
    ) -> None:
        self.deal = deal
        self.action_index = action_index
        self.action = action
        self.illegal = illegal
        if deal is None:
            where = "record"
        elif action_index is None:
            where = f"deal {deal}, setup"
        else:
            shown = json.dumps(action, ensure_ascii=False, separators=(",", ":"))
            where = f"deal {deal}, action {action_index} {shown}"
        kind = "illegal action" if illegal else "malformed record"
        super().__init__(f"{where}: {kind}: {message}")
        self.reason = message  # without the place: what the fault itself was


def parse_record(data: str | bytes | Mapping[str, Any]) -> JSON:
    """Read a record from JSON text (or an already parsed object) and check its envelope."""
    if isinstance(data, str | bytes):
        try:
            obj = json.loads(data)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not JSON: {exc}") from None
    else:
        obj = data
    if not isinstance(obj, dict):
        raise ReplayError("a record is a JSON object")
    fmt = obj.get("format", FORMAT)
    if fmt != FORMAT:
        raise ReplayError(f"format {fmt!r} is not {FORMAT!r}")
    for key in ("game", "deals"):
        if key not in obj:
            raise ReplayError(f"the record has no {key!r} field")
    if not isinstance(obj["deals"], list):
        raise ReplayError("'deals' must be a list")
    options = obj.get("options", {})
    if options is not None and not isinstance(options, dict):
        raise ReplayError("'options' must be an object")
    players = obj.get("players")
    if players is not None and not (
        isinstance(players, list) and all(isinstance(p, str) for p in players)
    ):
        raise ReplayError("'players' must be a list of names")
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, str | int)):
        raise ReplayError("'seed' must be a string, an integer or null")
    return obj


def replay(data: str | bytes | Mapping[str, Any]) -> Match:
    """Replay a whole record through the engine and return the resulting match."""
    rec = parse_record(data)
    try:
        match = Match(rec["game"], rec.get("options") or {}, seed=rec.get("seed"),
                      players=rec.get("players"))
    except (RecordError, TypeError, ValueError) as exc:
        raise ReplayError(str(exc)) from None
    if match.players and len(match.players) != match.num_seats:  # [] = no names given
        raise ReplayError(
            f"'players' names {len(match.players)} seats; the game has {match.num_seats}"
        )
    deals = rec["deals"]
    for k, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise ReplayError("a deal must be an object", deal=k)
        if match.complete:
            raise ReplayError("a deal after the match is over", deal=k)
        actions = deal.get("actions")
        if not isinstance(actions, list):
            raise ReplayError("the deal has no 'actions' list", deal=k)
        deal_seed = deal.get("seed")
        if deal_seed is not None and (
            isinstance(deal_seed, bool) or not isinstance(deal_seed, str | int)
        ):
            raise ReplayError("a deal's 'seed' must be a string or an integer", deal=k)
        setup = deal.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise ReplayError("'setup' must be an object", deal=k)
        try:
            match.deal(setup, seed=deal_seed, commitment=deal.get("commitment"))
        except (MalformedSetup, NotationError, MatchOver) as exc:
            raise ReplayError(str(exc), deal=k) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"the setup is not well-formed ({exc!r})", deal=k) from None
        for i, raw in enumerate(actions):
            if not isinstance(raw, dict):
                raise ReplayError("an action is an object", deal=k, action_index=i,
                                  action=raw, illegal=True)
            try:
                match.apply(raw)
            except (ActionError, NotationError) as exc:
                raise ReplayError(str(exc), deal=k, action_index=i, action=raw,
                                  illegal=True) from None
        if match.current is not None and k != len(deals) - 1:
            raise ReplayError("an unfinished deal that is not the last", deal=k)
    return match


def replay_result(data: str | bytes | Mapping[str, Any]) -> JSON:
    """The replay result JSON of a record."""
    return replay(data).result_json()


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of ``kahvehane verify``: which deals were checked and which failed."""

    checked: list[int]
    failures: list[tuple[int, str]]

    @property
    def ok(self) -> bool:
        return not self.failures


def _same_deal(a: Any, b: Any, path: str = "") -> bool:
    """Compare setups: cards within a hand as a set, pile and tableau positions exactly."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(
            _same_deal(a[key], b[key], f"{path}.{key}") for key in a
        )
    if isinstance(a, list) and isinstance(b, list):
        if path.endswith(".hands"):
            return len(a) == len(b) and all(
                isinstance(x, list) and isinstance(y, list) and sorted(x) == sorted(y)
                for x, y in zip(a, b, strict=True)
            )
        return len(a) == len(b) and all(
            _same_deal(x, y, f"{path}[]") for x, y in zip(a, b, strict=True)
        )
    return bool(a == b)


def verify(data: str | bytes | Mapping[str, Any]) -> VerifyReport:
    """Check commit–reveal: every deal with a seed matches its commitment and its setup.

    Raises :class:`ReplayError` for a malformed record (the record is replayed first).
    """
    rec = parse_record(data)
    match = replay(rec)
    checked: list[int] = []
    failures: list[tuple[int, str]] = []
    for k, deal in enumerate(rec["deals"]):
        dseed = deal.get("seed")
        commit = deal.get("commitment")
        if dseed is None and commit is None:
            continue
        checked.append(k)
        if dseed is None:
            failures.append((k, "the deal publishes a commitment but never reveals its seed"))
            continue
        if commit is not None and seed_commitment(dseed) != str(commit).lower():
            failures.append(
                (k, f"SHA-256 of seed {seed_string(dseed)!r} does not match the commitment")
            )
            continue
        derived = derive_setup(match.rules, match.options, dseed, k, match.history[:k])
        setup = deal.get("setup")
        if setup is not None and not _same_deal(
            _canonical(match, derived), _canonical(match, setup)
        ):
            failures.append((k, f"the setup is not the deal that seed {dseed!r} gives"))
    return VerifyReport(checked, failures)


def _canonical(match: Match, setup: Mapping[str, Any]) -> Any:
    """A setup with names in canonical notation, so ``r7`` and ``R7`` compare equal."""
    from kahvehane.cards import card_name, parse_card
    from kahvehane.tiles import parse_tile, tile_name

    def norm(x: Any) -> Any:
        if isinstance(x, str):
            try:
                if match.rules.deck_kind == "tiles":
                    return tile_name(parse_tile(x))
                return card_name(parse_card(x))
            except NotationError:
                return x
        if isinstance(x, list):
            return [norm(y) for y in x]
        if isinstance(x, dict):
            return {key: norm(val) for key, val in x.items()}
        return x

    return norm(dict(setup))
