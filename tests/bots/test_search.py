"""The search bot: its rollout policies are the heuristic bots' own choices, it keeps to
its budget (a number of samples, or a time limit checked between samples), and a seeded
bot replays exactly. No test here measures time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kahvehane.bots import make_bot
from kahvehane.bots.balayi_kingi import BalayiHeuristicBot
from kahvehane.bots.casino import CasinoHeuristicBot
from kahvehane.bots.determinize import sampler
from kahvehane.bots.pimc_balayi import (
    choose_contract_pimc,
    choose_play_pimc,
    contract_sample,
    policy_card,
)
from kahvehane.bots.pimc_casino import choose_move_pimc, policy
from kahvehane.bots.search import SearchBot, reward_casino
from kahvehane.games.balayi_kingi import ChooseContract
from kahvehane.games.tricks import Play
from tests.bots.helpers import CARD_GAMES, Counting, positions


def test_balayi_rollout_policy_is_the_heuristic() -> None:
    checked = 0
    for _, state, seat in positions("balayi_kingi", {}, seed=3, every=1, deals=2):
        legal = state.legal_actions(seat)
        if isinstance(legal[0], ChooseContract):
            continue
        bot = BalayiHeuristicBot("balayi_kingi", seat, random.Random(1))
        choice = bot.choose(state.view(seat), legal)
        assert isinstance(choice, Play)
        assert policy_card(state, seat) == choice.card
        checked += 1
    assert checked > 90


@pytest.mark.parametrize(("game", "options"), [("casino", {"players": 2}),
                                               ("royal_casino", {"players": 3})])
def test_casino_rollout_policy_is_the_heuristic(game: str, options: dict[str, Any]) -> None:
    checked = 0
    for m, state, seat in positions(game, options, seed=4, every=1):
        bot = CasinoHeuristicBot(game, seat, random.Random(1), m.options)
        legal = state.legal_actions(seat)
        assert policy(state, seat, bot.sweeps, bot.royal) == bot.choose(state.view(seat),
                                                                        legal)
        checked += 1
    assert checked > 20


def test_contract_samples_show_the_chooser_his_view() -> None:
    rng = random.Random(2)
    for _, state, seat in positions("balayi_kingi", {}, seed=8, every=1, deals=3):
        view = state.view(seat)
        if view["phase"] != "contract":
            continue
        for _ in range(3):
            assert contract_sample(view, seat, rng).view(seat) == view
        code, means = choose_contract_pimc(view, seat, ["C", "NT"], rng, 3)
        assert code in ("C", "NT") and set(means) == {"C", "NT"}


def _first_open_position(game: str, options: dict[str, Any]) -> tuple[Any, Any, int]:
    for m, state, seat in positions(game, options, seed=6, every=1, deals=2):
        view = state.view(seat)
        if game == "balayi_kingi" and (view["phase"] != "play" or view["trick"]):
            continue
        if len(state.legal_actions(seat)) >= 3:
            return m, state, seat
    raise AssertionError("no position with a choice")


def test_balayi_search_takes_as_many_samples_as_its_budget() -> None:
    _, state, seat = _first_open_position("balayi_kingi", {})
    view = state.view(seat)
    cards = [a.card for a in state.legal_actions(seat) if isinstance(a, Play)]
    counting = Counting(sampler(view))
    card, means = choose_play_pimc(counting, cards, seat, cards[0], random.Random(1), 5, 0.1)
    assert counting.calls == 5 and card in cards and cards[0] in means
    # a deadline already past: one sample only, still a legal card
    counting = Counting(sampler(view))
    card, _ = choose_play_pimc(counting, cards, seat, cards[0], random.Random(1), 50, 0.1,
                               deadline=0.0)
    assert counting.calls == 1 and card in cards


def test_casino_search_takes_as_many_samples_as_its_budget() -> None:
    m, state, seat = _first_open_position("casino", {"players": 2})
    view = state.view(seat)
    cands = state.legal_actions(seat)[:3]
    for n, deadline, calls in ((4, None, 4), (40, 0.0, 1)):
        counting = Counting(sampler(view, m.options))
        choice, means = choose_move_pimc(counting, cands, seat, reward_casino,
                                         random.Random(1), n, 4, 0.05, False, False,
                                         deadline)
        assert counting.calls == calls and choice in cands and set(means) == set(cands)


@pytest.mark.parametrize(("game", "options"), CARD_GAMES)
def test_a_seeded_search_bot_replays_exactly(game: str, options: dict[str, Any]) -> None:
    compared = 0
    for m, state, seat in positions(game, options, seed=9, every=6):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        a = make_bot(game, "search:iterations=3", seat, random.Random(5), m.options)
        b = make_bot(game, "search:iterations=3", seat, random.Random(5), m.options)
        assert a.choose(view, legal) == b.choose(view, legal)
        compared += 1
    assert compared > 5


def test_search_budget_options() -> None:
    bot = make_bot("balayi_kingi", "search:iterations=7;time=0.25", 0)
    assert isinstance(bot, SearchBot)
    assert bot.iterations == 7 and bot.time_limit == 0.25
    # a tiny time limit still answers with a legal action (at least one sample is taken)
    for game, options in (("balayi_kingi", {}), ("casino", {"players": 2})):
        m, state, seat = _first_open_position(game, options)
        quick = make_bot(game, "search:time=0.000001", seat, random.Random(3), m.options)
        legal = state.legal_actions(seat)
        assert quick.choose(state.view(seat), legal) in legal
