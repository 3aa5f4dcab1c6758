"""Train the shipped Düz Okey baseline (``kahvehane/rl/baselines/duz_okey.npz``) on CPU.

Imitation with the batched environment, numpy alone (no deep-learning framework):

1. **Collect**: ``--games`` Düz Okey deals in :func:`kahvehane.rl.vector_env`
   (``episode="deal"``), all four seats played; at every step the heuristic bot of the
   seat to act (``kahvehane.bots``, seeing that seat's view only) names its move, and
   the row's observation, mask and that move's action index are kept.
2. **DAgger** rounds: the environment is then moved by the policy being trained (the
   heuristic's move with probability ``--beta``), and the heuristic still labels every
   position, so the policy learns from the positions its own play leads to.
3. **Fit**: an MLP (``--hidden`` units, two ReLU layers) by cross-entropy of the masked
   softmax over the legal actions, Adam, mini-batches, on everything collected so far.

Runs within ``--minutes`` of wall time: the first collection may take half of it and
each DAgger round's collection an equal share of the rest less the time fitting took,
stopping early when its share is spent; it prints what each phase took. Rerun:
``nice -n 10 .venv/bin/python bench/train_baseline.py`` (defaults as shipped).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kahvehane.bots import make_bot
from kahvehane.games.okey.actions import Arrange
from kahvehane.rl import vector_env
from kahvehane.rl.baseline import WEIGHTS, Policy
from kahvehane.rl.ids import env_id

GAME = "duz_okey"
F32 = npt.NDArray[np.float32]


def collect(steps: int, games: int, seed: int, policy: Policy | None, beta: float,
            deadline: float) -> tuple[F32, npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """``steps`` labelled rows (fewer if the deadline comes): observation, mask, the
    heuristic's action; the environment moved by ``policy`` (or the heuristic)."""
    venv = vector_env(GAME, games, episode="deal")
    obs, info = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    bots: dict[tuple[int, int], Any] = {}
    seeds = list(venv.match_seeds)
    xs, ms, ys = [], [], []
    rows = 0
    while rows < steps and (not rows or time.perf_counter() < deadline):
        labels = np.zeros(games, dtype=np.int64)
        for i, table in enumerate(venv.tables):
            seat = int(info["seat"][i])
            key = (i, seat)
            if seeds[i] != venv.match_seeds[i] or key not in bots:
                if seeds[i] != venv.match_seeds[i]:
                    bots = {k: b for k, b in bots.items() if k[0] != i}
                    seeds[i] = venv.match_seeds[i]
                bots[key] = make_bot(GAME, "heuristic", seat,
                                     random.Random(f"{venv.match_seeds[i]}:{seat}"),
                                     table.options)
            for _ in range(3):
                choice = bots[key].choose(table.view(seat), table.state.legal_actions(seat))
                if not isinstance(choice, Arrange):
                    break
                table.arrange(seat, choice.rack)  # (Düz: the layout changes no observation)
            labels[i] = table.codec.tokens(choice, table.view(seat))[0]
        xs.append(obs["observation"])
        ms.append(obs["action_mask"])
        ys.append(labels)
        rows += games
        actions = labels
        if policy is not None:
            own = policy.act(obs["observation"], obs["action_mask"])
            actions = np.where(rng.random(games) < beta, labels, own)
        obs, _, _, _, info = venv.step(actions)
    return np.concatenate(xs), np.concatenate(ms), np.concatenate(ys)


class Adam:
    """Adam over a list of arrays (in place)."""

    def __init__(self, params: list[F32], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[F32]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mhat = m / (1 - b1 ** self.t)
            vhat = v / (1 - b2 ** self.t)
            p -= self.lr * mhat / (np.sqrt(vhat) + 1e-8)


def init(sizes: list[int], rng: np.random.Generator) -> list[F32]:
    params: list[F32] = []
    for a, b in itertools.pairwise(sizes):
        params.append((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32))
        params.append(np.zeros(b, np.float32))
    return params


def fit(params: list[F32], x: F32, m: npt.NDArray[np.int8], y: npt.NDArray[np.int64],
        epochs: int, batch: int, lr: float, rng: np.random.Generator) -> float:
    """Masked-softmax cross-entropy by Adam; the training accuracy of the last epoch."""
    opt = Adam(params, lr)
    n = len(y)
    layers = len(params) // 2
    acc = 0.0
    for epoch in range(epochs):
        order = rng.permutation(n)
        hits = 0
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            xb, mb, yb = x[idx], m[idx], y[idx]
            acts = [xb]
            h = xb
            for k in range(layers):
                h = h @ params[2 * k] + params[2 * k + 1]
                if k < layers - 1:
                    h = np.maximum(h, 0.0)
                acts.append(h)
            logits = np.where(mb > 0, h, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            hits += int((p.argmax(axis=1) == yb).sum())
            g = p
            g[np.arange(len(yb)), yb] -= 1.0
            g /= len(yb)
            grads: list[F32] = [np.zeros(0, np.float32)] * len(params)
            for k in range(layers - 1, -1, -1):
                grads[2 * k] = acts[k].T @ g
                grads[2 * k + 1] = g.sum(axis=0)
                if k:
                    g = (g @ params[2 * k].T) * (acts[k] > 0)
            opt.step(grads)
        acc = hits / n
        print(f"  epoch {epoch + 1}/{epochs}: train accuracy {acc:.3f}", flush=True)
    return acc


def as_policy(params: list[F32], meta: dict[str, Any]) -> Policy:
    return Policy([(params[i], params[i + 1]) for i in range(0, len(params), 2)], meta)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64, help="deals played at once")
    parser.add_argument("--steps", type=int, default=50_000, help="rows of the first round")
    parser.add_argument("--dagger", type=int, default=1, help="DAgger rounds after it")
    parser.add_argument("--dagger-steps", type=int, default=30_000)
    parser.add_argument("--beta", type=float, default=0.3)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--out", type=Path, default=WEIGHTS[GAME])
    args = parser.parse_args(argv)
    start = time.perf_counter()
    deadline = start + 60 * args.minutes
    rng = np.random.default_rng(args.seed)
    t = time.perf_counter()
    x, m, y = collect(args.steps, args.games, args.seed, None, 1.0,
                      start + 30 * args.minutes)
    print(f"round 0: {len(y)} rows in {time.perf_counter() - t:.0f} s", flush=True)
    sizes = [x.shape[1], args.hidden, args.hidden, m.shape[1]]
    params = init(sizes, rng)
    t = time.perf_counter()
    acc = fit(params, x, m, y, args.epochs, args.batch, args.lr, rng)
    print(f"fit: {time.perf_counter() - t:.0f} s", flush=True)
    meta: dict[str, Any] = {"env_id": env_id(GAME), "sizes": sizes,
                            "trainer": "bench/train_baseline.py"}
    for r in range(args.dagger):
        t = time.perf_counter()
        share = (deadline - t) / (args.dagger - r) / 2  # (the other half: fitting)
        more = collect(args.dagger_steps, args.games, args.seed + 1000 * (r + 1),
                       as_policy(params, meta), args.beta, t + share)
        x, m, y = (np.concatenate([a, b]) for a, b in zip((x, m, y), more, strict=True))
        print(f"round {r + 1}: {len(more[2])} rows in {time.perf_counter() - t:.0f} s,"
              f" {len(y)} in all", flush=True)
        t = time.perf_counter()
        acc = fit(params, x, m, y, max(2, args.epochs // 2), args.batch, args.lr / 2, rng)
        print(f"fit: {time.perf_counter() - t:.0f} s", flush=True)
    minutes = (time.perf_counter() - start) / 60
    meta.update(rows=len(y), train_accuracy=round(acc, 4), minutes=round(minutes, 1),
                args={k: str(v) for k, v in vars(args).items()})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"{'w' if i % 2 == 0 else 'b'}{i // 2}": p.astype(np.float16)
              for i, p in enumerate(params)}
    np.savez_compressed(args.out, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB) after {minutes:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
