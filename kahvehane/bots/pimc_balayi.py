"""Balayı Kingi search helpers: perfect-information Monte Carlo with heuristic rollouts.

The search bot plays Balayı Kingi by *determinized evaluation* ("PIMC"): it deals the
cards it cannot see at random, consistently with its view (a locked hand — even its own
—, face-down cards, the opponent's hand; :mod:`kahvehane.bots.determinize`), plays each
candidate move in every such deal and finishes the deal with the heuristic bot's own
policy for both players (:func:`policy_card`, a state-based copy of
:meth:`BalayiHeuristicBot.choose_card` that uses only what that player could see). The
same deals serve every candidate (common random numbers) and the rollouts are
deterministic, so candidates are compared on exactly the same cards. The move with the
best mean score is played; the heuristic's own move is kept unless another is better by
a margin.

The contract is searched the same way: the chooser sees five face-up cards; each sample
deals the other 47 cards at random into the layout, and every contract still unnamed is
played out with the heuristic policy and scored by the contract's real scoring
(*w* × (tricks − 13)), minus what the contract is expected to be worth later if kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kahvehane.bots.base import cpu_clock
from kahvehane.bots.cardutil import BIT, FULL, HIGHER, STRENGTH, SUIT_MASK, beats
from kahvehane.cards import parse_card
from kahvehane.games import balayi_kingi as bk
from kahvehane.games.tricks import PLAYS, cards_of, follow_mask, playable_mask

__all__ = ["choose_contract_pimc", "choose_play_pimc", "contract_sample", "policy_card",
           "rollout"]

CONTRACTS = bk.CONTRACTS


def _down_mask(state: Any, s: int) -> int:
    m = 0
    for c in state.down[s]:
        if c >= 0:
            m |= BIT[c]
    return m


def _reveals(state: Any, s: int) -> int:
    """Face-up cards of ``s`` with a face-down card beneath."""
    m = 0
    down = state.down[s]
    up = state.up[s]
    for i in range(bk.PILES):
        if down[i] >= 0 and up[i] >= 0:
            m |= BIT[up[i]]
    return m


def policy_card(state: Any, s: int, mask: int | None = None) -> int:
    """The heuristic bot's card for seat ``s`` of a full state, from what ``s`` sees."""
    rules = state.duties
    trump = rules.trump
    if mask is None:
        mask = playable_mask(rules, state.accessible(s), state.trick, True)
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    legal = cards_of(mask)
    reveals = _reveals(state, s)

    def cost(c: int) -> tuple[int, int, int]:
        return (STRENGTH[c], 0 if reveals & BIT[c] else 1, c)

    trick = state.trick
    if trick:
        led = trick[0]
        winners = [c for c in legal if beats(c, led, trump)]
        return min(winners or legal, key=cost)
    opp = 1 - s
    my_tops = state.tops[s]
    their_tops = state.tops[opp]
    # what s cannot see: face-down cards, the opponent's hand, his own locked hand
    unseen = _down_mask(state, 0) | _down_mask(state, 1) | state.hands[opp]
    hand = state.hands[s] if state.unlocked[s] else 0
    if not state.unlocked[s]:
        unseen |= state.hands[s]
    unseen &= FULL & ~(my_tops | their_tops | hand)
    them_unlocked = state.unlocked[opp]
    sure: list[int] = []
    for c in legal:
        answers = follow_mask(rules, their_tops | (unseen if them_unlocked else 0), [c])
        if not them_unlocked:
            if not any(beats(x, c, trump) for x in cards_of(answers)):
                sure.append(c)
        elif not any(beats(x, c, trump) for x in cards_of(answers & their_tops)) and (
            not (HIGHER[c] & unseen) and (trump is None or c // 13 == trump
                                          or not (unseen & SUIT_MASK[trump])
                                          or (unseen & SUIT_MASK[c // 13]).bit_count() >= 2)
        ):
            sure.append(c)
    return min(sure or legal, key=cost)


def rollout(state: Any, max_tricks: int | None = None) -> None:
    """Play on with the heuristic policy for both seats (to the end of the deal, or
    ``max_tricks`` more finished tricks)."""
    stop = None if max_tricks is None else len(state.history) + max_tricks
    plays = PLAYS
    while not state.is_over:
        if stop is not None and len(state.history) >= stop and not state.trick:
            break
        s = state.turn
        state.apply(plays[s][policy_card(state, s)])


def _distinct(legal: Sequence[int], state: Any, s: int) -> list[int]:
    """Drop cards equivalent to a kept one: same suit, adjacent in rank with nothing
    unplayed between them, and neither turns up a face-down card."""
    reveals = _reveals(state, s)
    keep: list[int] = []
    by = sorted(legal, key=lambda c: (c // 13, STRENGTH[c]))
    played = FULL
    for t in range(2):
        played &= ~(state.tops[t] | state.hands[t] | _down_mask(state, t))
    for c in by:
        if keep and not reveals & BIT[c]:
            p = keep[-1]
            if p // 13 == c // 13 and not reveals & BIT[p]:
                between = HIGHER[p] & ~HIGHER[c] & ~BIT[c] & SUIT_MASK[c // 13]
                if not between & ~played & ~BIT[p]:
                    continue
        keep.append(c)
    return keep


def choose_play_pimc(
    samples: Callable[[random.Random], Any],
    legal: Sequence[int],
    seat: int,
    heuristic: int,
    rng: random.Random,
    n_samples: int,
    margin: float,
    max_tricks: int | None = None,
    deadline: float | None = None,
) -> tuple[int, dict[int, float]]:
    """The card with the best mean trick difference over ``n_samples`` deals."""
    first = samples(rng)
    cands = _distinct(legal, first, seat)
    if heuristic not in cands:
        cands.append(heuristic)
    if len(cands) == 1:
        return heuristic, {}
    totals = dict.fromkeys(cands, 0.0)
    opp = 1 - seat
    done = 0
    for i in range(n_samples):
        if deadline is not None and i and cpu_clock() > deadline:
            break
        base = first if i == 0 else samples(rng)
        done += 1
        for c in cands:
            st = base.copy()
            w0, w1 = st.won[seat], st.won[opp]
            st.apply(PLAYS[seat][c])
            rollout(st, max_tricks)
            totals[c] += (st.won[seat] - w0) - (st.won[opp] - w1)
    means = {c: t / done for c, t in totals.items()}
    best = max(cands, key=lambda c: (means[c] + (margin if c == heuristic else 0.0),
                                     c == heuristic))
    return best, means


# ---------------------------------------------------------------------------- contract
def contract_sample(view: Mapping[str, Any], seat: int, rng: random.Random) -> Any:
    """A full layout consistent with the chooser's five face-up cards."""
    me = view["players"][seat]
    mine = [parse_card(p["up"]) if p["up"] is not None else -1 for p in me["piles"]]
    known = 0
    for c in mine:
        if c >= 0:
            known |= BIT[c]
    rest = cards_of(FULL & ~known)
    rng.shuffle(rest)
    it = iter(rest)
    piles: list[list[tuple[int, int]]] = [[], []]
    for s in range(2):
        for i in range(bk.PILES):
            down = next(it)
            up = mine[i] if s == seat and mine[i] >= 0 else next(it)
            piles[s].append((down, up))
    hands = [[next(it) for _ in range(bk.HAND)] for _ in range(2)]
    used = (list(view["players"][0]["used_contracts"]),
            list(view["players"][1]["used_contracts"]))
    return bk.BalayiKingiDeal(int(view["dealer"]), piles, hands, used)


#: What a contract is expected to bring later if it is kept now, per trick of edge, by
#: the number of choices left after this one (a later hand will be chosen for it).
KEEP_VALUE = 0.6


def choose_contract_pimc(
    view: Mapping[str, Any], seat: int, codes: Sequence[str], rng: random.Random,
    n_samples: int, keep_value: float = KEEP_VALUE, deadline: float | None = None,
) -> tuple[str, dict[str, float]]:
    """The contract with the best expected score now minus its value kept for later."""
    totals = dict.fromkeys(codes, 0.0)
    done = 0
    for i in range(n_samples):
        if deadline is not None and i and cpu_clock() > deadline:
            break
        done += 1
        base = contract_sample(view, seat, rng)
        for code in codes:
            st = base.copy()
            st.apply(bk.ChooseContract(seat, code))
            rollout(st)
            totals[code] += CONTRACTS[code][0] * (st.won[seat] - 13)
    means = {c: t / done for c, t in totals.items()}
    left_after = len(codes) - 1
    bonus = keep_value * left_after / max(1, len(codes))

    def value(code: str) -> float:
        return means[code] - CONTRACTS[code][0] * bonus

    return max(codes, key=value), means
