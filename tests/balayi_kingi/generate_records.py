"""Write the Balayı Kingi golden records in ``tests/records/balayi_kingi/``.

Run ``.venv/bin/python -m tests.balayi_kingi.generate_records`` from the repository root.
Bots choose the actions through the engine; every ``.expected.json`` is the result of the
independent referee (:mod:`tests.balayi_kingi.referee`), and the script stops if the
engine's replay disagrees. The output is deterministic.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kahvehane.cards import card_name, high_rank, suit_of
from kahvehane.games.balayi_kingi import CONTRACTS, BalayiKingiDeal, ChooseContract, Play
from kahvehane.games.tricks import explain_illegal, trick_winner
from kahvehane.match import Match
from kahvehane.records import ReplayError, replay_result
from tests.balayi_kingi.referee import Illegal, referee

OUT = Path(__file__).resolve().parent.parent / "records" / "balayi_kingi"
Policy = Callable[[BalayiKingiDeal, int, random.Random], Any]
_SUIT_CODE = {0: "S", 1: "H", 2: "D", 3: "C"}


def random_bot(state: BalayiKingiDeal, seat: int, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions(seat))


def greedy_bot(state: BalayiKingiDeal, seat: int, rng: random.Random) -> Any:
    """Name the suit most seen among the five face-up cards (else the heaviest left);
    lead the strongest card; follow with the cheapest winner, else the cheapest card."""
    legal = state.legal_actions(seat)
    if state.phase == 0:
        seen = [p["up"] for p in state.view(seat)["players"][seat]["piles"] if p["up"]]
        counts: dict[str, int] = {}
        for name in seen:
            counts[name[-1]] = counts.get(name[-1], 0) + 1
        codes = [a.contract for a in legal if isinstance(a, ChooseContract)]
        ranked = sorted(codes, key=lambda c: (-counts.get(c, 0), -CONTRACTS[c][0]))
        return next(a for a in legal if isinstance(a, ChooseContract)
                    and a.contract == ranked[0])
    plays = [a for a in legal if isinstance(a, Play)]
    trump = state.duties.trump
    if not state.trick:
        return max(plays, key=lambda a: (high_rank(a.card), -a.card))
    winners = [a for a in plays if trick_winner([*state.trick, a.card], trump) == 1]
    pool = winners or plays
    return min(pool, key=lambda a: (suit_of(a.card) == trump, high_rank(a.card), a.card))


BOTS: dict[str, Policy] = {"bot:random": random_bot, "bot:greedy": greedy_bot}


def play_match(seed: Any, names: list[str], rng: random.Random, max_deals: int = 10,
               setups: list[dict[str, Any] | None] | None = None) -> Match:
    m = Match("balayi_kingi", {}, seed=seed, players=names)
    setups = list(setups or [])
    while not m.complete and len(m.deals) < max_deals:
        state = m.deal(setups.pop(0) if setups else None)
        assert isinstance(state, BalayiKingiDeal)
        while not state.is_over:
            seat = state.to_act[0]
            m.apply(BOTS[names[seat]](state, seat, rng))
    return m


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
FACES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

#: Seat 0 (the dealer) holds only ♦ and ♣, seat 1 only ♠ and ♥, and seat 1 names ♠.
#: Seat 0 owns every face-up diamond, so it leads trick 1 (BK-8); seat 1 trumps it
#: (BK-9) and from then on leads ♠/♥, which seat 0 can neither follow nor trump. Seat 1
#: takes all 26 tricks; seat 0's hand stays locked until its last pile card is played
#: in trick 20, and then unlocks because its tableau is empty (BK-6).
EMPTY_TABLEAU_SETUP: dict[str, Any] = {
    "dealer": 0,
    "piles": [
        [[f"{FACES[i]}D", f"{FACES[i + 3]}C"] for i in range(10)],
        [[f"{FACES[i]}H", f"{FACES[i + 3]}S"] for i in range(10)],
    ],
    "hands": [
        ["JD", "QD", "KD", "AC", "2C", "3C"],
        ["JH", "QH", "KH", "AS", "2S", "3S"],
    ],
}


def empty_tableau_match() -> None:
    rng = random.Random(3)
    m = Match("balayi_kingi", {}, seed="balayi-empty", players=["hand", "hand"])
    state = m.deal(EMPTY_TABLEAU_SETUP)
    assert isinstance(state, BalayiKingiDeal)
    m.apply(ChooseContract(1, "S"))
    while not state.is_over:
        m.apply(random_bot(state, state.to_act[0], rng))
    assert state.unlocked_by == ["empty_tableau", "trick"] and state.unlocked_at[0] == 20
    assert list(state.won) == [0, 26]
    write("empty_tableau_unlocks_one_deal", m.to_record())
    while not m.complete:
        st = m.deal()
        assert isinstance(st, BalayiKingiDeal)
        while not st.is_over:
            m.apply(greedy_bot(st, st.to_act[0], rng))
    write("empty_tableau_unlocks_then_seeded", m.to_record(include_setups=False))


def no_diamond_face_up() -> None:
    """BK-8 fallback: no diamond among the 20 face-up cards → the non-dealer leads."""
    from kahvehane.games import get_game
    from kahvehane.match import derive_setup

    rules = get_game("balayi_kingi")
    for i in range(200_000):
        setup = derive_setup(rules, {}, f"no-diamond-{i}", 0, [])
        if not any(up.endswith("D") for row in setup["piles"] for _down, up in row):
            break
    else:  # pragma: no cover
        raise AssertionError("no such deal")
    rng = random.Random(8)
    m = play_match(f"no-diamond-{i}", ["bot:greedy", "bot:random"], rng)
    first = m.deals[0].state
    assert isinstance(first, BalayiKingiDeal) and first.first_leader == first.chooser
    write("no_face_up_diamond_nondealer_leads", m.to_record())


def illegal_records() -> None:
    """One record per way to break a rule: a legal prefix, then the offending action."""
    found: dict[str, dict[str, Any]] = {}
    kinds = {"locked_hand_card", "face_down_card", "opponent_card", "not_following",
             "not_trumping_when_void", "not_overtrumping", "used_contract"}
    rng = random.Random(41)
    for i in range(500):
        if len(found) == len(kinds):
            break
        m = Match("balayi_kingi", {}, seed=f"illegal-{i}", players=["bot:random"] * 2)
        deals_before = 2 + i % 3
        for _ in range(deals_before):
            st = m.deal()
            assert isinstance(st, BalayiKingiDeal)
            while not st.is_over:
                m.apply(random_bot(st, st.to_act[0], rng))
        st = m.deal()
        assert isinstance(st, BalayiKingiDeal)
        if "used_contract" not in found and st.used[st.chooser]:
            rec = m.to_record(include_setups=i % 2 == 0)
            rec["deals"][-1]["actions"].append(
                {"seat": st.chooser, "act": "contract", "contract": st.used[st.chooser][0]})
            found["used_contract"] = rec
        while not st.is_over:
            seat = st.to_act[0]
            if st.phase == 1:
                for c in range(52):
                    kind = _kind(st, seat, c)
                    if kind is not None and kind not in found:
                        rec = m.to_record(include_setups=i % 2 == 0)
                        rec["deals"][-1]["actions"].append(
                            {"seat": seat, "act": "play", "card": card_name(c)})
                        found[kind] = rec
            m.apply(random_bot(st, seat, rng))
    assert set(found) == kinds, sorted(kinds - set(found))
    for kind, rec in sorted(found.items()):
        write(f"illegal_{kind}", rec)

    base = play_match("faults", ["bot:random"] * 2, random.Random(4), max_deals=1)
    rec0 = base.to_record()
    deal0 = rec0["deals"][0]
    dealer = deal0["setup"]["dealer"]
    chooser = 1 - dealer

    def with_actions(actions: list[dict[str, Any]]) -> dict[str, Any]:
        rec: dict[str, Any] = json.loads(json.dumps(rec0))
        rec["deals"][0]["actions"] = actions
        return rec

    acts = deal0["actions"]
    up = deal0["setup"]["piles"][chooser][0][1]
    write("illegal_dealer_names_contract",
          with_actions([{"seat": dealer, "act": "contract", "contract": "H"}]))
    write("illegal_play_before_contract",
          with_actions([{"seat": chooser, "act": "play", "card": up}]))
    write("illegal_unknown_contract",
          with_actions([{"seat": chooser, "act": "contract", "contract": "X"}]))
    leader = acts[1]["seat"]
    other_top = deal0["setup"]["piles"][1 - leader][3][1]
    write("illegal_play_out_of_turn",
          with_actions([acts[0], {"seat": 1 - leader, "act": "play", "card": other_top}]))
    write("illegal_second_contract",
          with_actions([*acts[:2], {"seat": chooser, "act": "contract", "contract": "NT"}]))
    write("illegal_action_after_deal_end",
          with_actions([*acts, {"seat": 0, "act": "play", "card": "2C"}]))


def _kind(st: BalayiKingiDeal, seat: int, c: int) -> str | None:
    bit = 1 << c
    acc = st.accessible(seat)
    if not acc & bit:
        if st.hands[seat] & bit and not st.unlocked[seat]:
            return "locked_hand_card"
        if any(d == c for d in st.down[seat]):
            return "face_down_card"
        if st.tops[1 - seat] & bit:
            return "opponent_card"
        return None
    why = explain_illegal(st.duties, acc, st.trick, True, c)
    if why is None:
        return None
    if "does not follow" in why[0]:
        return "not_following"
    if "is not a trump" in why[0]:
        return "not_trumping_when_void"
    return "not_overtrumping"  # a led trump not beaten (BK-9)


def seeded_matches() -> None:
    rng = random.Random(101)
    plans = ["gr", "rg", "gg", "rr", "gr", "gg", "rg", "rr", "gg", "gr"]
    for n, bots in enumerate(plans):
        names = ["bot:greedy" if b == "g" else "bot:random" for b in bots]
        seed: Any = 500 + n if n % 2 else f"balayı {n}"
        m = play_match(seed, names, rng)
        write(f"match_{bots}_{n:02d}", m.to_record(include_setups=n % 3 != 0))


def draw_match() -> None:
    """BK-12: equal totals after 10 deals are a draw (``winner`` null)."""
    rng = random.Random(1212)
    for i in range(5_000):
        m = play_match(f"draw-{i}", ["bot:greedy", "bot:greedy"], rng)
        if m.result_json()["winner"] is None:
            write("draw_equal_totals", m.to_record(include_setups=False))
            return
    raise AssertionError("no drawn match found")  # pragma: no cover


def incomplete_records() -> None:
    rng = random.Random(12)
    m = play_match("stop", ["bot:greedy", "bot:random"], rng, max_deals=4)
    st = m.deal()
    assert isinstance(st, BalayiKingiDeal)
    for _ in range(1 + 19):
        m.apply(greedy_bot(st, st.to_act[0], rng))
    write("incomplete_mid_deal", m.to_record(include_setups=False))
    m2 = Match("balayi_kingi", {}, seed="before-contract")
    m2.deal()
    write("incomplete_before_contract", m2.to_record())


def main() -> None:
    empty_tableau_match()
    no_diamond_face_up()
    illegal_records()
    seeded_matches()
    draw_match()
    incomplete_records()


if __name__ == "__main__":
    main()
