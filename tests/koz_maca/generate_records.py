"""Write the Koz Maça golden records in ``tests/records/koz_maca/``.

Run ``.venv/bin/python -m tests.koz_maca.generate_records`` from the repository root.
Matches are played by simple seeded bots through the engine (that only chooses the
actions); every ``.expected.json`` is the result of the independent referee
(:mod:`tests.koz_maca.referee`), and the script stops if the engine's replay disagrees.
The whole output is deterministic.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kahvehane.cards import card_name, high_rank, suit_of
from kahvehane.games.koz_maca import DUTIES, Bid, KozMacaDeal, Play
from kahvehane.games.tricks import explain_illegal, trick_winner
from kahvehane.match import Match
from kahvehane.records import ReplayError, replay_result
from tests.koz_maca.referee import Illegal, referee

OUT = Path(__file__).resolve().parent.parent / "records" / "koz_maca"
Policy = Callable[[KozMacaDeal, int, random.Random], Any]


# ---------------------------------------------------------------------------- bots
def estimate_bid(state: KozMacaDeal, seat: int, rng: random.Random) -> int:
    """Aces, guarded kings and long spades, give or take one."""
    hand = [c for c in range(52) if state.hands[seat] >> c & 1]
    by_suit = [sum(1 for c in hand if suit_of(c) == s) for s in range(4)]
    est = sum(1 for c in hand if high_rank(c) == 14)
    est += sum(1 for c in hand if high_rank(c) == 13 and by_suit[suit_of(c)] >= 2)
    est += max(0, by_suit[0] - 3)
    return max(1, min(13, est + rng.choice((-1, 0, 0, 0, 1))))


def random_bot(state: KozMacaDeal, seat: int, rng: random.Random) -> Any:
    if state.phase == 0:
        return Bid(seat, estimate_bid(state, seat, rng))
    return rng.choice(state.legal_actions(seat))


def greedy_bot(state: KozMacaDeal, seat: int, rng: random.Random) -> Any:
    """Lead the strongest card; follow with the cheapest winner, else the cheapest card."""
    if state.phase == 0:
        return Bid(seat, estimate_bid(state, seat, rng))
    legal = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
    if not state.trick:
        return max(legal, key=lambda a: (high_rank(a.card), -a.card))
    winners = [a for a in legal
               if trick_winner([*state.trick, a.card], 0) == len(state.trick)]
    pool = winners or legal
    return min(pool, key=lambda a: (suit_of(a.card) == 0, high_rank(a.card), a.card))


BOTS: dict[str, Policy] = {"bot:random": random_bot, "bot:greedy": greedy_bot}


def play_match(options: dict[str, Any], seed: Any, names: list[str], rng: random.Random,
               max_deals: int = 60, setups: list[dict[str, Any]] | None = None) -> Match:
    m = Match("koz_maca", options, seed=seed, players=names)
    setups = list(setups or [])
    while not m.complete and len(m.deals) < max_deals:
        state = m.deal(setups.pop(0) if setups else None)
        assert isinstance(state, KozMacaDeal)
        while not state.is_over:
            seat = state.to_act[0]
            m.apply(BOTS[names[seat]](state, seat, rng))
    return m


# ---------------------------------------------------------------------------- output
def write(name: str, record: dict[str, Any]) -> None:
    """Write a record and the referee's result; insist that the engine agrees."""
    try:
        expected: dict[str, Any] = referee(record)
        engine: Any = replay_result(record)
        assert _same(engine, expected), f"{name}: the engine and the referee disagree"
    except Illegal as exc:
        expected = {"illegal": True, "deal": exc.deal, "action_index": exc.index}
        try:
            replay_result(record)
        except ReplayError as err:
            assert (err.deal, err.action_index) == (exc.deal, exc.index), name
        else:
            raise AssertionError(f"{name}: the engine accepted an illegal record") from None
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False,
                                                 separators=(",", ":")) + "\n")
    (OUT / f"{name}.expected.json").write_text(json.dumps(expected, indent=1,
                                                          sort_keys=True) + "\n")


def _same(engine: Any, expected: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(engine, dict) and all(
            k in engine and _same(engine[k], v) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(engine, list) and len(engine) == len(expected) and all(
            _same(a, b) for a, b in zip(engine, expected, strict=True))
    return bool(engine == expected)


# ---------------------------------------------------------------------------- scenarios
ALL_SPADES = {
    "dealer": 3,
    "hands": [
        [f"{f}S" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")],
        [f"{f}H" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")],
        [f"{f}D" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")],
        [f"{f}C" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")],
    ],
}


def all_spades_record(bids: list[int], options: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 holds every spade and leads (dealer 3): it takes all 13 tricks.

    Hand-checkable: seat 0 may lead spades because it holds nothing else (KM-8); the
    others, void in spades, discard anything (KM-10). Seat 0 reaches 6 tricks at trick 6.
    """
    m = Match("koz_maca", options, players=["hand", "hand", "hand", "hand"])
    state = m.deal(ALL_SPADES)
    for i, b in enumerate(bids):
        m.apply(Bid(i, b))
    while not state.is_over:
        seat = state.to_act[0]
        m.apply(state.legal_actions(seat)[0])
    return m.to_record()


def rotate(setup: dict[str, Any], actions: list[dict[str, Any]], r: int) -> tuple[
        dict[str, Any], list[dict[str, Any]]]:
    """Relabel seats s → s + r: the same deal, played the same way, seen turned round."""
    hands: list[Any] = [None] * 4
    for s, h in enumerate(setup["hands"]):
        hands[(s + r) % 4] = h
    return ({"dealer": (setup["dealer"] + r) % 4, "hands": hands},
            [{**a, "seat": (a["seat"] + r) % 4} for a in actions])


def reach_six(detail_tricks: list[tuple[int, Any, int]]) -> dict[int, int]:
    count = [0] * 4
    at: dict[int, int] = {}
    for n, (_lead, _cards, w) in enumerate(detail_tricks, 1):
        count[w] += 1
        if count[w] == 6:
            at[w] = n
    return at


def two_reach_six() -> None:
    """T-KM-17: seat 1 reaches 6 tricks first, seat 3 later; then a deal where seat 0
    reaches 6 and nothing changes."""
    rng = random.Random(17)
    for i in range(200_000):
        m = play_match({}, f"two-six-{i}", ["bot:random"] * 4, rng, max_deals=1)
        state = m.deals[0].state
        assert isinstance(state, KozMacaDeal)
        at = reach_six(state.history)
        if len(at) == 2:
            (a, ta), (b, tb) = sorted(at.items(), key=lambda x: x[1])
            if (b - a) % 4 == 2 and (ta, tb) == (9, 12):  # the numbers of T-KM-17
                break
    else:  # pragma: no cover - the search always succeeds
        raise AssertionError("no deal found")
    rec = m.to_record()
    setup, actions = rotate(rec["deals"][0]["setup"], rec["deals"][0]["actions"], 1 - a)
    # Deal 1 (the dealer rotates): a seeded deal in which seat 0 reaches 6 tricks.
    for j in range(100_000):
        m2 = Match("koz_maca", {}, seed=f"later-six-{j}", players=["bot:random"] * 4)
        m2.deal(setup)
        for act in actions:
            m2.apply(act)
        st = m2.deal()
        assert isinstance(st, KozMacaDeal)
        while not st.is_over:
            m2.apply(random_bot(st, st.to_act[0], rng))
        if 0 in reach_six(st.history):
            break
    else:  # pragma: no cover
        raise AssertionError("no later deal found")
    write("kasa_order_two_reach_six", m2.to_record())


def find_extra_deals() -> None:
    """Ties at the top → extra deals (KM-13), several shapes."""
    wanted: dict[str, Callable[[list[bool], dict[str, Any]], bool]] = {
        "tie_extra_deal": lambda ex, res: sum(ex) >= 1,
        "tie_extra_deal_outsider_wins": lambda ex, res: any(ex) and res["winner"] not in
        _tied_before_first_extra(res),
        "tie_two_extra_deals": lambda ex, res: _two_in_a_row(ex),
    }
    found: dict[str, dict[str, Any]] = {}
    rng = random.Random(13)
    for i in range(20_000):
        if len(found) == len(wanted):
            break
        names = ["bot:greedy", "bot:random", "bot:greedy", "bot:random"]
        m = play_match({"finish_score": 30}, f"tie-{i}", names, rng)
        res = m.result_json()
        extra = [d["detail"]["extra_deal"] for d in res["deals"]]
        for key, test in wanted.items():
            if key not in found and test(extra, res):
                found[key] = m.to_record(include_setups=i % 2 == 0)
    for key, rec in found.items():
        write(key, rec)


def _tied_before_first_extra(res: dict[str, Any]) -> list[int]:
    totals = [0, 0, 0, 0]
    for d in res["deals"]:
        if d["detail"]["extra_deal"]:
            top = max(totals)
            return [s for s in range(4) if totals[s] == top]
        totals = [a + b for a, b in zip(totals, d["scores"], strict=True)]
    return [0, 1, 2, 3]


def _two_in_a_row(extra: list[bool]) -> bool:
    return any(extra[i] and extra[i + 1] for i in range(len(extra) - 1))


def first_six_tricks_records() -> None:
    """kasa_rule first_six_tricks: a claim needs tricks 1–6; reaching 6 later is no claim."""
    write("kasa_first_six_tricks_claim",
          all_spades_record([13, 1, 1, 1], {"kasa_rule": "first_six_tricks"}))
    rng = random.Random(66)
    for i in range(10_000):
        m = play_match({"kasa_rule": "first_six_tricks"}, f"f6-{i}",
                       ["bot:greedy"] * 4, rng, max_deals=1)
        st = m.deals[0].state
        assert isinstance(st, KozMacaDeal)
        if reach_six(st.history) and st.claimant is None:
            write("kasa_first_six_tricks_no_claim", m.to_record(include_setups=False))
            return
    raise AssertionError("no deal found")  # pragma: no cover


# ---------------------------------------------------------------------------- illegal
def _illegal_kind(state: KozMacaDeal, seat: int, card: int) -> str | None:
    why = explain_illegal(DUTIES, state.hands[seat], state.trick, state.broken, card)
    if why is None:
        return None
    msg, rule = why.reason, why.rule
    if rule == "KM-8":
        return "spade_lead_unbroken"
    if rule == "KM-10":
        return "not_overtrumping" if "over-trump" in msg else "not_trumping_when_void"
    if "does not follow" in msg:
        return "not_following"
    ruffed = any(suit_of(c) == 0 for c in state.trick) and suit_of(state.trick[0]) != 0
    if suit_of(state.trick[0]) == 0:
        return "not_raising_trump"
    return "not_raising_after_ruff" if ruffed else "not_raising"


def illegal_records() -> None:
    """One record per way to break a rule: a legal prefix, then the offending action."""
    kinds = {"spade_lead_unbroken", "not_trumping_when_void", "not_overtrumping",
             "not_following", "not_raising", "not_raising_after_ruff", "not_raising_trump"}
    found: dict[str, dict[str, Any]] = {}
    rng = random.Random(99)
    for i in range(2_000):
        if len(found) == len(kinds):
            break
        names = ["bot:random"] * 4
        m = Match("koz_maca", {}, seed=f"illegal-{i}", players=names)
        deal_no = i % 3
        for _ in range(deal_no):  # earlier deals, so that faults also appear in deal > 0
            st = m.deal()
            assert isinstance(st, KozMacaDeal)
            while not st.is_over:
                m.apply(random_bot(st, st.to_act[0], rng))
        st = m.deal()
        assert isinstance(st, KozMacaDeal)
        while not st.is_over:
            seat = st.to_act[0]
            if st.phase == 1:
                for c in range(52):
                    if st.hands[seat] >> c & 1:
                        kind = _illegal_kind(st, seat, c)
                        if kind is not None and kind not in found:
                            rec = m.to_record(include_setups=deal_no == 0)
                            rec["deals"][-1]["actions"].append(
                                {"seat": seat, "act": "play", "card": card_name(c)})
                            found[kind] = rec
            m.apply(random_bot(st, seat, rng))
    assert set(found) == kinds, sorted(kinds - set(found))
    for kind, rec in sorted(found.items()):
        write(f"illegal_{kind}", rec)

    # Faults that need no search: turn order, bids out of range, a card not held, an
    # action after the deal ended, a play during the bidding.
    base = play_match({"finish_score": 100}, "faults", ["bot:random"] * 4,
                      random.Random(5), max_deals=2)
    rec0 = base.to_record()
    deal0 = rec0["deals"][0]
    hands = deal0["setup"]["hands"]
    dealer = deal0["setup"]["dealer"]
    first = (dealer + 1) % 4

    def with_actions(actions: list[dict[str, Any]], deal: int = 0) -> dict[str, Any]:
        rec: dict[str, Any] = json.loads(json.dumps(rec0))
        rec["deals"] = rec["deals"][: deal + 1]
        rec["deals"][deal]["actions"] = actions
        return rec

    acts = deal0["actions"]
    write("illegal_bid_zero", with_actions([{"seat": first, "act": "bid", "tricks": 0}]))
    write("illegal_bid_fourteen", with_actions(
        [*acts[:2], {"seat": (first + 2) % 4, "act": "bid", "tricks": 14}]))
    write("illegal_bid_out_of_turn", with_actions(
        [*acts[:1], {"seat": (first + 2) % 4, "act": "bid", "tricks": 3}]))
    write("illegal_play_during_bidding", with_actions(
        [*acts[:3], {"seat": (first + 3) % 4, "act": "play", "card": hands[(first + 3) % 4][0]}]))
    write("illegal_bid_twice", with_actions([*acts[:4], {"seat": first, "act": "bid",
                                                          "tricks": 2}]))
    leader_other = hands[(first + 1) % 4][0]
    write("illegal_card_not_held", with_actions(
        [*acts[:4], {"seat": first, "act": "play", "card": leader_other}]))
    write("illegal_play_out_of_turn", with_actions(
        [*acts[:5], {"seat": (first + 2) % 4, "act": "play",
                     "card": hands[(first + 2) % 4][0]}]))
    write("illegal_action_after_deal_end", with_actions(
        [*acts, {"seat": first, "act": "bid", "tricks": 3}]))
    # The same fault in a later deal.
    rec1 = json.loads(json.dumps(rec0))
    d1 = rec1["deals"][1]
    d1["actions"] = [*d1["actions"][:1], {"seat": d1["actions"][0]["seat"], "act": "bid",
                                          "tricks": 5}]
    write("illegal_deal1_bid_twice", rec1)


def seeded_matches() -> None:
    """Whole matches: several finish scores, both Kasa rules, mixed bots, with and
    without explicit setups (seeded deals are then re-derived on replay)."""
    rng = random.Random(2026)
    plans: list[tuple[dict[str, Any], str]] = [
        ({"finish_score": 100}, "gggg"), ({"finish_score": 100}, "grgr"),
        ({"finish_score": 100, "kasa_rule": "first_six_tricks"}, "gggr"),
        ({"finish_score": 50}, "rrrr"), ({"finish_score": 50}, "gggg"),
        ({"finish_score": 30}, "rgrg"), ({"finish_score": 30, "kasa_rule": "first_six_tricks"},
                                         "gggg"),
        ({"finish_score": 60}, "ggrr"), ({"finish_score": 80}, "gggg"),
        ({"finish_score": 40}, "grrg"), ({"finish_score": 120}, "gggg"),
        ({}, "gggg"), ({"finish_score": 10}, "rrrr"), ({"finish_score": 70}, "rggg"),
    ]
    for n, (opts, bots) in enumerate(plans):
        names = ["bot:greedy" if b == "g" else "bot:random" for b in bots]
        seed: Any = 1000 + n if n % 2 else f"masa {n}"
        m = play_match(opts, seed, names, rng)
        f = opts.get("finish_score", 100)
        rule = "f6" if opts.get("kasa_rule") == "first_six_tricks" else "t6"
        write(f"match_f{f}_{rule}_{bots}_{n:02d}", m.to_record(include_setups=n % 3 != 0))


def incomplete_records() -> None:
    """Records that stop mid-match, mid-deal and mid-bidding (partial detail)."""
    rng = random.Random(7)
    m = play_match({"finish_score": 100}, "stop", ["bot:greedy"] * 4, rng, max_deals=3)
    st = m.deal()
    assert isinstance(st, KozMacaDeal)
    for _ in range(4 + 17):
        m.apply(greedy_bot(st, st.to_act[0], rng))
    write("incomplete_mid_trick", m.to_record(include_setups=False))
    m2 = Match("koz_maca", {"finish_score": 100}, seed="stop-bidding")
    st2 = m2.deal()
    assert isinstance(st2, KozMacaDeal)
    for _ in range(2):
        m2.apply(greedy_bot(st2, st2.to_act[0], rng))
    write("incomplete_mid_bidding", m2.to_record())


def main() -> None:
    write("all_spades_bid_13", all_spades_record([13, 1, 1, 1], {}))
    write("yan_3_batar_bid_10", all_spades_record([10, 1, 2, 1], {}))
    first_six_tricks_records()
    two_reach_six()
    find_extra_deals()
    illegal_records()
    seeded_matches()
    incomplete_records()


if __name__ == "__main__":
    main()
