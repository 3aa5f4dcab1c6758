"""Properties of 101 play (hypothesis picks the seeds): tiles are conserved, table
indices never change, no view shows another seat's tiles, every record replays to the
same result, and every deal's scores are what 101-32 says. The moves are the heuristic
bot's most of the time and random otherwise: random play alone almost never opens, so
the table would stay empty."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.bots import make_bot
from kahvehane.games.okey.scoring import partner
from kahvehane.games.okey_101.deal import Okey101Deal
from kahvehane.games.okey_101.melds import STAR, parse_meld_tile
from kahvehane.games.okey_101.rules import OKEY_101
from kahvehane.games.okey_101.scoring import hand_value
from kahvehane.match import Match
from kahvehane.records import replay_result
from kahvehane.tiles import full_set

OPTIONS = st.fixed_dictionaries({
    "deals": st.just(3), "pairs": st.booleans(), "katlamali": st.booleans(),
    "pile_out": st.sampled_from(["score", "void"]),
    "held_okey": st.sampled_from(["value101", "surcharge101", "face"]),
    "pairs_layoff_limit": st.sampled_from([0, 2, None]),
    "end_limit": st.sampled_from([None, 1]),
})


def all_tiles(deal: Okey101Deal) -> list[int]:
    out = [deal.indicator, *deal.pile[deal.pile_pos:]]
    for s in range(4):
        out += deal.hand(s) + deal.discards[s]
    for meld in deal.table:
        out += [p for p, _ in meld.slots]
    return sorted(out)


def check_views(deal: Okey101Deal, rng: random.Random) -> None:
    """A seat's view is the same whatever the tiles it cannot see: a deal rebuilt from
    the view with the hidden tiles dealt afresh shows that seat exactly the same view."""
    for seat in (None, 0, 1, 2, 3):
        view = deal.view(seat)
        for s in range(4):
            if s != seat:
                assert "rack" not in view or view["rack"] == deal.view(seat)["rack"]
        places = OKEY_101.hidden_places(deal.options, view)
        unseen = list(places.unseen)
        rng.shuffle(unseen)
        it = iter(unseen)
        assignment = {p: [next(it) for _ in range(n)] for p, n in places.sizes.items()}
        again = OKEY_101.deal_from_view(deal.options, view, assignment)
        assert again.view(seat) == view


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), OPTIONS)
def test_random_play_keeps_every_invariant(seed: int, options: dict[str, object]) -> None:
    rng = random.Random(seed)
    m = Match("okey_101", options, seed=seed)
    state = m.deal()
    bots = [make_bot("okey_101", "heuristic", seat=s, rng=random.Random(seed + s))
            for s in range(4)]
    seen: list[tuple[int, str, list[int]]] = []
    steps = 0
    while not state.is_over:
        assert all_tiles(state) == full_set()
        for i, (owner, kind, stands) in enumerate(seen):
            meld = state.table[i]
            assert (meld.owner, meld.kind) == (owner, kind)
            assert set(stands) <= {s for _, s in meld.slots}
        seen = [(m_.owner, m_.kind, [s for _, s in m_.slots]) for m_ in state.table]
        if steps % 10 == 0:
            check_views(state, rng)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if rng.random() < 0.8:
            m.apply(bots[seat].choose(state.view(seat), legal))
        else:
            m.apply(rng.choice(legal))
        steps += 1
    assert all_tiles(state) == full_set()
    result = state.result()
    assert result is not None
    d = result.detail
    if result.end != "void":
        for s in range(4):
            assert result.scores[s] == d["hand_charge"][s] + d["penalty_total"][s]
            assert d["penalty_total"][s] == sum(p["points"] for p in d["penalties"][s])
            mult = d["multiplier"]
            if s == d["finisher"]:
                expected = -101 * mult
            elif options["pairs"] and d["finisher"] is not None and s == partner(d["finisher"]):
                expected = 0
            elif d["opened"][s] is None:
                expected = 202 * mult
            else:
                v = hand_value(state.hand(s), state.okey, str(options["held_okey"]))
                k = 2 if d["opened"][s] == "pairs" else 1
                expected = k * v * mult + (101 * Counter(state.hand(s))[state.okey]
                                           if options["held_okey"] == "surcharge101" else 0)
            assert d["hand_charge"][s] == expected
    else:
        assert result.scores == (0, 0, 0, 0)
    assert replay_result(m.to_record()) == m.result_json()
    assert replay_result(m.to_record(include_setups=False)) == m.result_json()
    assert parse_meld_tile("*R1") == STAR
