"""The trained baseline: a small Düz Okey policy shipped with the package.

It is the ``learned`` bot (:mod:`kahvehane.bots.learned`), the salon's level
``egitilmis`` and ``kahvehane play duz_okey --bots learned``.

A multilayer perceptron (ReLU, two hidden layers) from the environment's observation
(``kahvehane/duz_okey-v0``, ``docs/rl.md``) to one logit per action; the policy plays
the legal action of highest logit (the mask is the legal list, so it can only play a
legal move). Its weights are ``baselines/duz_okey.npz`` beside this module, float16,
written by ``bench/train_baseline.py`` (``docs/rl.md`` tells how it was trained and how
strong it is). Inference needs numpy alone.

The policy reads what the bot is handed — ``view(seat)`` and the legal actions — through
the environment's own codec, so it sees exactly what a learner in the environment saw
and nothing more. It was trained on single deals (``episode="deal"``), where the score
table of the observation is empty; a salon bot plays every deal of a match the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kahvehane.games.base import Action
from kahvehane.rl.codecs.base import Public
from kahvehane.rl.codecs.okey import OkeyCodec
from kahvehane.rl.ids import default_options, env_id

#: The shipped policies: the game each was trained on, and its weights file.
WEIGHTS: dict[str, Path] = {"duz_okey": Path(__file__).parent / "baselines" / "duz_okey.npz"}
#: The policy each game is played with. KDV Okey shares Düz Okey's encoding (the same
#: codec, observation and actions) and plays Düz's policy, which was not trained on
#: KDV's scoring; its rack is laid out by seri diz before each discard, as the
#: environment's ``layout="seri"`` does (docs/rules/okey.md rule 29).
POLICY_OF: dict[str, str] = {"duz_okey": "duz_okey", "kdv_okey": "duz_okey"}

Floats = npt.NDArray[np.float32]


class Policy:
    """An MLP policy: ``layers`` is a list of (weights, bias); ReLU between them."""

    def __init__(self, layers: Sequence[tuple[npt.NDArray[Any], npt.NDArray[Any]]],
                 meta: Mapping[str, Any]) -> None:
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32))
                       for w, b in layers]
        self.meta = dict(meta)

    @classmethod
    def load(cls, path: Path) -> Policy:
        """A policy from a ``.npz`` of ``w0, b0, w1, b1, …`` and ``meta`` (a JSON text
        saying which environment id it was trained on)."""
        import json

        with np.load(path) as data:
            n = sum(1 for k in data.files if k.startswith("w"))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(n)]
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
        return cls(layers, meta)

    def logits(self, obs: Floats) -> Floats:
        """The logits of a batch of observations ``(B, obs_size)``."""
        x = obs
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        return x

    def act(self, obs: Floats, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """The legal action of highest logit in each row (batched)."""
        logits = self.logits(obs)
        return np.asarray(np.where(mask > 0, logits, -np.inf).argmax(axis=1), np.int64)


def plays(game: str) -> bool:
    """Whether a shipped policy plays ``game`` (:data:`POLICY_OF`)."""
    return game in POLICY_OF


@cache
def load_baseline(game: str) -> Policy:
    """The shipped policy trained on ``game`` (loaded once); ``ValueError`` for a game
    without one, and for weights trained on another version of the environment."""
    path = WEIGHTS.get(game)
    if path is None:
        raise ValueError(f"no trained baseline for {game}: there is one for"
                         f" {', '.join(WEIGHTS)}")
    policy = Policy.load(path)
    trained_on = policy.meta.get("env_id")
    if trained_on != env_id(game):
        raise ValueError(f"the baseline of {game} was trained on {trained_on}, this release"
                         f" encodes {env_id(game)}: retrain it (bench/train_baseline.py)")
    return policy


class BaselinePlayer:
    """Chooses a legal action of one seat from its view with a shipped policy."""

    def __init__(self, game: str, seat: int, options: Mapping[str, Any] | None = None) -> None:
        if game not in POLICY_OF:
            raise ValueError(f"no trained policy plays {game}")
        self.policy = load_baseline(POLICY_OF[game])
        opts = {**default_options(game), **(options or {})}
        self.codec = OkeyCodec(opts, 4, game=game)
        self.seat = seat
        self._public = Public((0, 0, 0, 0), 0)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """The policy's move; in KDV first the seri diz layout it discards from (an
        ``Arrange``: the caller applies it and asks again, and the layout changes no
        observation, so the same move follows)."""
        action = self._pick(view, legal)
        if self.codec.kdv:
            first = self.codec.before(dict(view), action)
            if first:
                return first[0]
        return action

    def _pick(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        codec = self.codec
        by_token: dict[int, Action] = {}
        for action in legal:
            try:
                token = codec.tokens(action, dict(view))[0]
            except TypeError:  # (an action outside the action space: none in Düz Okey)
                continue
            by_token.setdefault(token, action)
        if not by_token:
            return legal[0]
        obs = codec.observe(dict(view), self.seat, self._public)[None, :]
        mask = np.zeros((1, codec.num_actions), dtype=np.int8)
        mask[0, list(by_token)] = 1
        return by_token[int(self.policy.act(obs, mask)[0])]


__all__ = ["POLICY_OF", "WEIGHTS", "BaselinePlayer", "Policy", "load_baseline", "plays"]
