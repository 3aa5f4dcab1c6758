"""The search bot: search over determinizations of what a seat cannot see.

:class:`SearchBot` is one bot for every game; how it searches is its family's
:class:`SearchPlan`, named by the family's bot module (``KINDS``, :mod:`kahvehane.bots`):
:class:`KozMacaPlan`, :class:`BalayiPlan` and :class:`CasinoPlan` (Casino and Royal
Casino) here. Every decision samples the hidden
cards at random consistently with the view (:mod:`kahvehane.bots.determinize`: other
hands, face-down cards, a locked hand, the stock, and what past plays imply) and plays
on in those deals through the engine's ``legal_actions`` and ``apply``.

**Koz Maça** uses single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each
iteration determinizes, **selects** down the one shared tree among the actions legal in
that determinization by UCB1 with availability counts, for whichever seat is to act,
**expands** one untried action, **rolls out** greedily to the end of the deal and
**backs up** each seat's deal score. The move played is the root action visited most.
The bid is chosen by simulation (:mod:`kahvehane.bots.koz_bidding`): each candidate
bid near the heuristic's is played out with the heuristic on sampled deals, and the best
mean deal score wins.

**Balayı Kingi** (:mod:`kahvehane.bots.pimc_balayi`) and **Casino**
(:mod:`kahvehane.bots.pimc_casino`) use determinized evaluation with the heuristic bot's
own policy as the rollout for every seat ("PIMC with heuristic rollouts"): each sample
plays every candidate move and continues with the heuristic — Balayı to the end of the
deal, scored by the trick difference; Casino for a few plies within the round of cards,
scored by the points captured plus the builds owned (:func:`reward_casino`). The same
samples serve all candidates, and the heuristic's own move is kept unless another is
better by a margin. Balayı's contract is searched the same way, with the layout around
the chooser's five face-up cards dealt at random and the contract's real scoring. In
Casino the candidates are the heuristic's best four moves (:data:`CASINO_CANDIDATES`).

The budget is ``iterations`` (ISMCTS iterations in Koz Maça, samples per decision in
Balayı and Casino; each plan's ``default_iterations``) and optionally a
time limit per decision (``time`` seconds, checked between iterations or samples). A
forced move is played without search.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from kahvehane.bots.balayi_kingi import BalayiHeuristicBot
from kahvehane.bots.base import Bot, cpu_clock
from kahvehane.bots.cardutil import STRENGTH, beats, names_mask
from kahvehane.bots.casino import (
    CasinoHeuristicBot,
    card_points,
    score_move,
    side_moves,
    table_cards,
)
from kahvehane.bots.determinize import sampler
from kahvehane.bots.koz_bidding import BID_SAMPLES, choose_bid_by_simulation
from kahvehane.bots.pimc_balayi import choose_contract_pimc, choose_play_pimc
from kahvehane.bots.pimc_casino import choose_move_pimc
from kahvehane.cards import SPADES, rank_of
from kahvehane.errors import IllegalAction
from kahvehane.games.balayi_kingi import ChooseContract
from kahvehane.games.base import Action, DealState
from kahvehane.games.casino.actions import CaptureAction, TrailAction
from kahvehane.games.koz_maca import Bid, deal_score
from kahvehane.games.tricks import Play

UCB_C = 0.7
BUILD_SHARE = 0.6  # Casino: what a build on the table is worth to its owner
CASINO_CANDIDATES = 4  # Casino: the heuristic's best moves the search chooses among
EPSILON = 0.1  # rollouts play a random legal action this often
CASINO_PLIES = 4  # Casino: heuristic moves played after each candidate (same round)
CASINO_MARGIN = 0.05  # Casino: points another move must gain over the heuristic's
BALAYI_MARGIN = 0.15  # Balayı: tricks another card must gain over the heuristic's
BALAYI_CONTRACT_FACTOR = 4  # Balayı: contract samples = this × iterations


class Node:
    """A node of the shared tree: statistics of the action that led here."""

    __slots__ = ("avail", "children", "n", "player", "w")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[Action, Node] = {}


# ---------------------------------------------------------------------------- rollouts
def _trick_winner_card(trick: Sequence[int], trump: int | None) -> int:
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    return best


def _greedy_card(cards: list[int], trick: Sequence[int], trump: int | None,
                 want: bool) -> int:
    """Win cheaply when wanting tricks, else duck with the highest loser."""
    if not trick:
        return (max if want else min)(cards, key=lambda c: (STRENGTH[c], c))
    best = _trick_winner_card(trick, trump)
    winners = [c for c in cards if beats(c, best, trump)]
    if want and winners:
        return min(winners, key=lambda c: (STRENGTH[c], c))
    losers = [c for c in cards if not beats(c, best, trump)]
    if losers:
        return (min if want else max)(losers, key=lambda c: (STRENGTH[c], c))
    return (max if len(trick) == 3 else min)(cards, key=lambda c: (STRENGTH[c], c))


def rollout_koz_maca(state: Any, rng: random.Random, root_round: int) -> None:
    while not state.is_over:
        s = state.turn
        legal = state.legal_actions(s)
        if len(legal) == 1 or rng.random() < EPSILON:
            state.apply(legal[int(rng.random() * len(legal))])
            continue
        want = (state.bids[s] or 0) > state.won[s]
        card = _greedy_card([a.card for a in legal], state.trick, SPADES, want)
        state.apply(next(a for a in legal if a.card == card))


def rollout_balayi(state: Any, rng: random.Random, root_round: int) -> None:
    trump = state.duties.trump
    while not state.is_over:
        s = state.turn
        legal = state.legal_actions(s)
        if len(legal) == 1 or rng.random() < EPSILON or (not state.trick and rng.random() < .5):
            state.apply(legal[int(rng.random() * len(legal))])
            continue
        card = _greedy_card([a.card for a in legal], state.trick, trump, True)
        state.apply(next(a for a in legal if a.card == card))


def rollout_casino(state: Any, rng: random.Random, root_round: int) -> None:
    """Capture equal cards (and a build of that value) when possible, else trail; to the
    end of the round of cards the search started in."""
    variant = state.variant
    while not state.is_over and state.round == root_round:
        s = state.turn
        hand = list(state.hands[s])
        rng.shuffle(hand)
        done = False
        if rng.random() >= EPSILON:
            for p in hand:
                court = variant.court_rank(p)
                sets: list[tuple[int, ...]]
                value: int | None = None
                if court is not None:
                    sets = [(x,) for x in state.loose if rank_of(x) == court]
                    del sets[1:]
                else:
                    values = variant.play_values(p)
                    v = values[0]
                    value = v if len(values) > 1 else None
                    sets = [(x,) for x in state.loose if variant.table_value(x) == v]
                    build = state.builds.get(v)
                    if build is not None:
                        sets.append(build.cards)
                if not sets:
                    continue
                try:
                    state.apply(CaptureAction(s, p, tuple(sets), value))
                except IllegalAction:
                    continue
                done = True
                break
            if not done:
                p = min(hand, key=lambda c: (card_points(c), rank_of(c)))
                try:
                    state.apply(TrailAction(s, p))
                    done = True
                except IllegalAction:
                    pass
        if not done:
            legal = state.legal_actions(s)
            state.apply(legal[int(rng.random() * len(legal))])


# ---------------------------------------------------------------------------- rewards
def reward_koz_maca(state: Any, root: Any) -> list[float]:
    return [deal_score(state.bids[s] or 0, state.won[s]) / 100 for s in range(4)]


def reward_balayi(state: Any, root: Any) -> list[float]:
    d = (state.won[0] - state.won[1]) / 13
    return [d, -d]


def reward_casino(state: Any, root: Any) -> list[float]:
    variant = state.variant
    side_pts = [0.0] * variant.num_sides
    for s in range(variant.players):
        gained = state.piles[s][len(root.piles[s]):]
        side_pts[variant.side_of(s)] += sum(card_points(c) for c in gained)
    if variant.sweeps:
        for s in state.sweeps[len(root.sweeps):]:
            side_pts[variant.side_of(s)] += 1.0
    # builds count for their owner, as the heuristic values them (the owner keeps a card
    # to take it): the change since the root
    for sign, where in ((1.0, state), (-1.0, root)):
        for b in where.builds.values():
            side_pts[variant.side_of(b.owner)] += sign * BUILD_SHARE * sum(
                card_points(c) for c in b.cards)
    total = sum(side_pts)
    k = variant.num_sides
    out = []
    for s in range(variant.players):
        mine = side_pts[variant.side_of(s)]
        out.append(mine - (total - mine) / (k - 1))
    return out


Rollout = Callable[[Any, random.Random, int], None]
Reward = Callable[[Any, Any], list[float]]


def ismcts(
    samples: Callable[[random.Random], DealState],
    root_legal: Sequence[Action],
    seat: int,
    rollout: Rollout,
    reward: Reward,
    rng: random.Random,
    iterations: int,
    deadline: float | None = None,
) -> tuple[Action, dict[Action, int]]:
    """Single-observer ISMCTS; returns the chosen action and the root visit counts."""
    root = Node(-1)
    legal_set = set(root_legal)
    for it in range(iterations):
        if deadline is not None and it and cpu_clock() > deadline:
            break
        start = samples(rng)
        state = start.copy()
        round_of_root = getattr(start, "round", 0)
        node = root
        path = [root]
        first = True
        while not state.is_over:
            s = state.to_act[0]
            legal = root_legal if first else state.legal_actions(s)
            first = False
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[int(rng.random() * len(untried))]
                child = Node(s)
                children[a] = child
                state.apply(a)
                path.append(child)
                break
            best_a = legal[0]
            best_v = -math.inf
            for a in legal:
                child = children[a]
                v = child.w / child.n + UCB_C * math.sqrt(math.log(child.avail) / child.n)
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a]
            state.apply(best_a)
            path.append(node)
        rollout(state, rng, round_of_root)
        rewards = reward(state, start)
        for nd in path[1:]:
            nd.n += 1
            nd.w += rewards[nd.player]
    visits = {a: nd.n for a, nd in root.children.items() if a in legal_set}
    choice = max(root_legal, key=lambda a: (visits.get(a, 0),
                                            root.children[a].w if a in root.children else 0))
    return choice, visits


class SearchBot(Bot):
    """Search over determinizations (see the module docstring), as its :class:`SearchPlan`
    says for the game's family; ``iterations`` defaults to the plan's."""

    kind = "search"
    deliberate = True

    def __init__(
        self,
        game: str,
        seat: int,
        rng: random.Random | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        plan: type[SearchPlan],
        iterations: int | None = None,
        time_limit: float | None = None,
        params: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(game, seat, rng)
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time must be positive")
        self.options = dict(options or {})
        self.iterations = iterations if iterations is not None else plan.default_iterations
        self.iterations_given = iterations is not None  # a plan may add a clock otherwise
        self.time_limit = time_limit
        self.params = dict(params or {})  # the plan's own (``search_kind``'s extra)
        self.last_visits: dict[Action, int] = {}
        self.last_values: dict[str, float] = {}
        self.plan = plan(self)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.plan.observe(view)
        if len(legal) == 1:
            return legal[0]
        deadline = (cpu_clock() + self.time_limit) if self.time_limit else None
        return self.plan.choose(view, legal, deadline)


class SearchPlan(ABC):
    """How :class:`SearchBot` searches one game family: it is handed every view (a plan
    may remember, as a person would) and asked for the move whenever there is a choice.
    A family's bot module names its plan (:func:`kahvehane.bots.search_kind`)."""

    #: Iterations (or samples) per decision when the bot spec does not say.
    default_iterations: ClassVar[int]

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot

    def observe(self, view: Mapping[str, Any]) -> None:  # noqa: B027 (most plans forget)
        """Called with every view the bot is shown, before it decides (or plays a forced
        move). Most plans keep nothing between decisions."""

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               deadline: float | None) -> Action:
        """The move among ``legal`` (two or more), searching until ``deadline``
        (:func:`~kahvehane.bots.base.cpu_clock`: CPU seconds) if there is one."""


class KozMacaPlan(SearchPlan):
    """ISMCTS over the cards (:func:`ismcts`); the bid by simulation
    (:mod:`kahvehane.bots.koz_bidding`)."""

    default_iterations = 160

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               deadline: float | None) -> Action:
        bot = self.bot
        smp = sampler(view, bot.options, 0)
        if isinstance(legal[0], Bid):
            bids = [a for a in legal if isinstance(a, Bid)]
            tricks, means = choose_bid_by_simulation(view, bot.seat, bids, smp.sample,
                                                     bot.rng, BID_SAMPLES, deadline)
            bot.last_values = {str(b): v for b, v in means.items()}
            return next(a for a in bids if a.tricks == tricks)
        choice, bot.last_visits = ismcts(smp.sample, list(legal), bot.seat, rollout_koz_maca,
                                         reward_koz_maca, bot.rng, bot.iterations, deadline)
        return choice


class BalayiPlan(SearchPlan):
    """Balayı Kingi: determinized evaluation with heuristic rollouts
    (:mod:`kahvehane.bots.pimc_balayi`) of the contract and of every card."""

    default_iterations = 10

    def __init__(self, bot: SearchBot) -> None:
        super().__init__(bot)
        self.fallback = BalayiHeuristicBot(bot.game, bot.seat, bot.rng)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               deadline: float | None) -> Action:
        bot = self.bot
        if isinstance(legal[0], ChooseContract):
            codes = [a.contract for a in legal if isinstance(a, ChooseContract)]
            n = max(1, bot.iterations * BALAYI_CONTRACT_FACTOR)
            code, means = choose_contract_pimc(view, bot.seat, codes, bot.rng, n,
                                               deadline=deadline)
            bot.last_values = dict(means)
            return next(a for a in legal if isinstance(a, ChooseContract)
                        and a.contract == code)
        heuristic = self.fallback.choose(view, legal)
        assert isinstance(heuristic, Play)
        cards = [a.card for a in legal if isinstance(a, Play)]
        smp = sampler(view)
        card, values = choose_play_pimc(smp.sample, cards, bot.seat, heuristic.card,
                                        bot.rng, bot.iterations, BALAYI_MARGIN,
                                        deadline=deadline)
        bot.last_values = {str(c): v for c, v in values.items()}
        return next(a for a in legal if isinstance(a, Play) and a.card == card)


class CasinoPlan(SearchPlan):
    """Casino and Royal Casino: determinized evaluation of the heuristic's best
    :data:`CASINO_CANDIDATES` moves (:mod:`kahvehane.bots.pimc_casino`). It remembers the
    cards it saw this hand that have left the table since (they are in someone's pile)."""

    default_iterations = 20

    def __init__(self, bot: SearchBot) -> None:
        super().__init__(bot)
        self.fallback = CasinoHeuristicBot(bot.game, bot.seat, bot.rng, bot.options)
        self._seen = 0  # cards seen this hand (on the table or in the hand)
        self._hand_key: tuple[Any, ...] | None = None
        self._gone = 0  # of those, the cards that have left the table since

    def observe(self, view: Mapping[str, Any]) -> None:
        key = (view["dealer"], tuple(view["totals"]))
        if key != self._hand_key:
            self._hand_key = key
            self._seen = 0
        table = view["table"]
        visible = names_mask(view["hand"]) | names_mask(table["loose"])
        for b in table["builds"]:
            visible |= names_mask(b["cards"])
        self._gone = self._seen & ~visible
        self._seen |= visible

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               deadline: float | None) -> Action:
        # Casino has many moves and a small budget: search among the heuristic's best
        # few, so every candidate gets several samples of the hidden cards.
        bot = self.bot
        fb = self.fallback
        loose, builds = table_cards(view)
        # partners play for the side: no partner blunder while another move is left
        candidates = sorted(side_moves(legal, builds, fb.partner),
                            key=lambda a: -score_move(a, bot.seat, loose, builds,
                                                      fb.sweeps, fb.royal, fb.partner))
        del candidates[CASINO_CANDIDATES:]
        if len(candidates) == 1:
            return candidates[0]
        smp = sampler(view, bot.options, self._gone)
        choice, values = choose_move_pimc(
            smp.sample, candidates, bot.seat, reward_casino, bot.rng, bot.iterations,
            CASINO_PLIES, CASINO_MARGIN, fb.sweeps, fb.royal, deadline)
        bot.last_values = {repr(a): v for a, v in values.items()}
        return choice


__all__ = ["BalayiPlan", "CasinoPlan", "KozMacaPlan", "SearchBot", "SearchPlan", "ismcts"]
