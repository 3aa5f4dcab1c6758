"""Writes the hand-made Okey golden records of ``tests/records/okey/``.

Each scenario is scripted move by move over a fixed deal, and its expected result is
written here from the rules' formulas (rules 24–31, 19–22), not taken from the engine:
the golden test then checks the engine against these numbers. Run it from the repo root
with ``.venv/bin/python tools/make_okey_golden.py`` after changing a scenario.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kahvehane.games.okey.fixed import fixed_setup

OUT = Path(__file__).resolve().parent.parent / "tests" / "records" / "okey"
MELDS = ["R5", "R6", "R7", "R8", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K9", "K10", "K11",
         "K12"]
PAIRS = ["R1", "R1", "Y2", "Y2", "B6", "B6", "K9", "K9", "R11", "R11", "Y12", "Y12", "B13",
         "B13"]
FACE = {f"{c}{n}": n for c in "RYBK" for n in range(1, 14)}


def act(seat: int, name: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "act": name}
    if "src" in kw:
        out["from"] = kw.pop("src")
    out.update(kw)
    return out


def void_deal(starter: int) -> dict[str, Any]:
    """The starter discards, then 48 turns each draw the pile top and discard it."""
    setup = fixed_setup(starter=starter, indicator="B3")
    actions = [act(starter, "discard", tile=setup["hands"][starter][0])]
    seat = starter
    for tile in setup["pile"]:
        seat = (seat + 1) % 4
        actions += [act(seat, "draw", src="pile"), act(seat, "discard", tile=tile)]
    return {"setup": setup, "actions": actions}


def detail(starter: int, indicator: str, okey: str, finisher: int | None, m: int | None,
           tile: str | None, gosterge: int | None, **extra: Any) -> dict[str, Any]:
    return {"starter": starter, "indicator": indicator, "okey": okey, "finisher": finisher,
            "multiplier": m, "finish_tile": tile, "gosterge": gosterge, **extra}


def write(name: str, record: dict[str, Any], expected: dict[str, Any]) -> None:
    (OUT / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n")
    (OUT / f"{name}.expected.json").write_text(json.dumps(expected, indent=1) + "\n")


def duz_every_finish_type() -> None:
    """A void deal, then a normal finish, a çift + okey finish (×4), an okey finish (×2)."""
    d0 = void_deal(0)
    # deal 1: starter 0 again (rule 8), blue indicator u = 1, normal finish: F = 2
    s1 = fixed_setup(starter=0, indicator="B3", hands={0: [*MELDS, "Y13"]})
    d1 = {"setup": s1, "actions": [act(0, "finish", tile="Y13")]}
    # deal 2: starter 1, yellow indicator Y4 (okey Y5), 7 pairs + the okey: F = 2·1·4 = 8
    s2 = fixed_setup(starter=1, indicator="Y4", hands={1: [*PAIRS, "Y5"]})
    d2 = {"setup": s2, "actions": [act(1, "finish", tile="Y5")]}
    # deal 3: starter 2, red indicator R3 (okey R4), melds + okey finish: F = 2·2·2 = 8
    s3 = fixed_setup(starter=2, indicator="R3", hands={2: [*MELDS, "R4"]})
    d3 = {"setup": s3, "actions": [act(2, "finish", tile="R4")]}
    record = {"format": "kahvehane/1", "game": "duz_okey", "options": {"deals": 3},
              "players": ["Ayşe", "Mehmet", "Zeynep", "Can"], "seed": None,
              "deals": [d0, d1, d2, d3]}
    scores = [[0, 0, 0, 0], [-2, 2, 2, 2], [8, -8, 8, 8], [8, 8, -8, 8]]
    totals = [sum(s[i] for s in scores) for i in range(4)]  # [14, 2, 2, 18]
    # seats 1 and 2 tie on 2 with one finish each: they share (3 + 1) / 2 = 2
    expected = {
        "game": "duz_okey", "complete": True,
        "deals": [
            {"scores": scores[0], "end": "void",
             "detail": detail(0, "B3", "B4", None, None, None, None)},
            {"scores": scores[1], "end": "finish",
             "detail": detail(0, "B3", "B4", 0, 1, "Y13", None)},
            {"scores": scores[2], "end": "finish",
             "detail": detail(1, "Y4", "Y5", 1, 4, "Y5", None)},
            {"scores": scores[3], "end": "finish",
             "detail": detail(2, "R3", "R4", 2, 2, "R4", None)},
        ],
        "totals": totals, "winner": None, "ranking_points": [-1, 2, 2, -3],
    }
    write("duz_void_and_every_finish", record, expected)


def duz_gosterge() -> None:
    """Gösterge by a non-starter on its first turn; black indicator: −2 (rules 24, 26)."""
    s = fixed_setup(starter=3, indicator="K7", hands={0: ["K7", *MELDS[:13]]},
                    pile_top=["K12"])
    # seat 3 discards; seat 0 shows K7, draws K12 from the pile → melds + K7 over, finishes
    actions = [act(3, "discard", tile=s["hands"][3][0]), act(0, "show_indicator"),
               act(0, "draw", src="pile"), act(0, "finish", tile="K7")]
    record = {"game": "duz_okey", "options": {"deals": 3}, "deals": [{"setup": s,
                                                                      "actions": actions}]}
    expected = {"game": "duz_okey", "complete": False,
                "deals": [{"scores": [-2 - 4, 4, 4, 4], "end": "finish",
                           "detail": detail(3, "K7", "K8", 0, 1, "K7", 0)}],
                "totals": [-6, 4, 4, 4], "winner": None, "ranking_points": None}
    write("duz_gosterge_then_finish", record, expected)


def kdv_bad_layout() -> None:
    """KDV: seat 1 leaves a run split over two blocks when it discards and is charged for
    it; rearranging after the discard does not help (rule 29). Red indicator R2: k = 2,
    okey R3, B = 100."""
    s = fixed_setup(starter=0, indicator="R2",
                    hands={0: ["Y13", *MELDS],
                           1: ["B1", "B2", "B3", "B4", "Y10", "Y11", "Y12", "K1", "K2", "K3",
                               "R9", "R10", "R11", "B8"]},
                    pile_top=["K6", "Y1", "Y6"])
    layout_bad = [["B1", "B2"], ["B3", "B4"], ["Y10", "Y11", "Y12"], ["K1", "K2", "K3"],
                  ["R9", "R10", "R11"], ["B8"], ["K6"]]
    good = [["B1", "B2", "B3", "B4"], ["Y10", "Y11", "Y12"], ["K1", "K2", "K3"],
            ["R9", "R10", "R11"], ["B8"]]
    actions = [
        act(0, "discard", tile="Y13"),
        act(1, "draw", src="pile"),            # K6
        act(1, "arrange", rack=layout_bad),
        act(1, "discard", tile="K6"),          # frozen: B1 B2 B3 B4 B8 unmatched = 18
        act(1, "arrange", rack=good),          # too late: the box keeps 18 × 2 = 36
        act(2, "draw", src="pile"),            # Y1
        act(2, "discard", tile="Y1"),
        act(3, "draw", src="pile"),            # Y6
        act(3, "discard", tile="Y6"),
        act(0, "draw", src="left"),            # Y6 back: melds + Y6
        act(0, "finish", tile="Y6"),
    ]
    # seats 2 and 3 never arranged: every dealt tile is unmatched; the okey R3 and a false
    # joker count 3, the okey's number (seat 2 drew Y1 and discarded it again)
    un2 = sum(3 if t == "J" else FACE[t] for t in s["hands"][2])
    un3 = sum(3 if t == "J" else FACE[t] for t in s["hands"][3])
    un1 = 1 + 2 + 3 + 4 + 8
    ceza = [None, un1 * 2, un2 * 2, un3 * 2]
    scores = [-100, ceza[1], ceza[2], ceza[3]]
    record = {"game": "kdv_okey", "options": {"deals": 3}, "deals": [{"setup": s,
                                                                      "actions": actions}]}
    expected = {"game": "kdv_okey", "complete": False,
                "deals": [{"scores": scores, "end": "finish",
                           "detail": detail(0, "R2", "R3", 0, 1, "Y6", None,
                                            unmatched=[None, un1, un2, un3], ceza=ceza)}],
                "totals": scores, "winner": None, "ranking_points": None}
    write("kdv_ceza_from_bad_layout", record, expected)


def pairs_play() -> None:
    """Düz and KDV pairs play: the partner gets the finisher's deduction (rules 21, 25, 30)."""
    for game in ("duz_okey", "kdv_okey"):
        deals = []
        for starter in range(3):
            s = fixed_setup(starter=starter, indicator="Y9", hands={starter: [*MELDS, "Y13"]})
            deals.append({"setup": s, "actions": [act(starter, "finish", tile="Y13")]})
        record = {"game": game, "options": {"deals": 3, "pairs": True}, "deals": deals}
        if game == "duz_okey":
            f = 2  # u = 1 (yellow), M = 1
            scores = [[-f, f, -f, f], [f, -f, f, -f], [-f, f, -f, f]]
            extra: list[dict[str, Any]] = [{}, {}, {}]
        else:
            scores, extra = [], []
            for starter in range(3):
                hands = deals[starter]["setup"]["hands"]
                # an unmatched okey (Y10 under Y9) or false joker counts 10
                un = [None if s % 2 == starter % 2 else
                      sum(10 if t in ("J", "Y10") else FACE[t] for t in hands[s])
                      for s in range(4)]
                scores.append([-50 if u is None else u for u in un])
                extra.append({"unmatched": un, "ceza": un})
        totals = [sum(s[i] for s in scores) for i in range(4)]
        a, b = totals[0] + totals[2], totals[1] + totals[3]
        winner = [0, 2] if a < b else [1, 3]
        points = [3 if s in winner else -3 for s in range(4)]
        expected = {"game": game, "complete": True,
                    "deals": [{"scores": sc, "end": "finish",
                               "detail": detail(k, "Y9", "Y10", k, 1, "Y13", None, **extra[k])}
                              for k, sc in enumerate(scores)],
                    "totals": totals, "winner": winner, "ranking_points": points}
        write(f"{game.split('_')[0]}_pairs_partner_deduction", record, expected)


def illegal() -> None:
    """One broken action each; the expected file names where replay must stop."""
    base = fixed_setup(starter=0, indicator="K5", hands={0: [*MELDS, "Y13"], 1: ["K5"]})
    cases = {
        "illegal_gosterge_after_draw": [act(0, "discard", tile="Y13"),
                                        act(1, "draw", src="pile"), act(1, "show_indicator")],
        "illegal_arrange_with_a_tile_not_held": [
            act(2, "arrange", rack=[["R5", "R6", "R7"]])],
        "illegal_discard_out_of_turn": [act(0, "discard", tile="Y13"),
                                        act(2, "discard", tile="K5")],
        "illegal_finish_invalid": [act(0, "finish", tile="R5")],
        "illegal_action_after_the_end": [act(0, "finish", tile="Y13"),
                                         act(1, "draw", src="pile")],
        "illegal_unknown_tile": [act(0, "discard", tile="R14")],
        # rule 29: the slot [0, 0] holds the first tile dealt, not Y13
        "illegal_discard_at_another_tile": [act(0, "discard", tile="Y13", at=[0, 0])],
        "illegal_discard_at_no_such_block": [act(0, "discard", tile="Y13", at=[15, 0])],
    }
    for name, actions in cases.items():
        record = {"game": "duz_okey", "options": {"deals": 3},
                  "deals": [{"setup": base, "actions": actions}]}
        write(name, record, {"illegal": True, "deal": 0, "action_index": len(actions) - 1})
    bad = fixed_setup(starter=0)
    bad["pile"][0] = "J" if bad["pile"][0] != "J" else "R1"
    write("illegal_setup_wrong_tiles", {"game": "kdv_okey", "deals": [{"setup": bad,
                                                                      "actions": []}]},
          {"illegal": True, "deal": 0, "action_index": None})


def _unarranged(hand: list[str], okey_number: int) -> int:
    """The unmatched sum of a rack never arranged (rule 29: every tile unmatched; an
    okey or a false joker counts the okey's number)."""
    return sum(okey_number if t == "J" else FACE[t] for t in hand)


def kdv_picked_copy() -> None:
    """Issue 17's first situation (rule 29 as revised): seat 0 holds R5 alone on the left
    and R4-R5-R6 to its right. Discarding the lone R5 (``at`` [0, 0]) keeps the run:
    Ceza 2 × (K1 + Y13) = 28. Without ``at`` the default copy leaves (the last position of
    the rightmost block holding R5: the run's), the run splits into R4 | R6: Ceza
    2 × (5 + 4 + 6 + 1 + 13) = 58. Red indicator R2: k = 2, okey R3, B = 100; seat 1
    draws K2 and finishes."""
    hand0 = ["R5", "R4", "R5", "R6", "K7", "K8", "K9", "Y10", "Y11", "Y12", "B1", "B2", "B3",
             "K1", "Y13"]
    hand1 = ["R8", "R9", "R10", "R11", "Y4", "Y5", "Y6", "B5", "B6", "B7", "K10", "K11",
             "K12", "K13"]
    layout = [["R5"], ["R4", "R5", "R6"], ["K7", "K8", "K9"], ["Y10", "Y11", "Y12"],
              ["B1", "B2", "B3"], ["K1"], ["Y13"]]
    for name, at, un0 in [("kdv_discard_takes_the_picked_copy", [0, 0], 1 + 13),
                          ("kdv_discard_default_copy_splits_the_run", None, 5 + 4 + 6 + 1 + 13)]:
        s = fixed_setup(starter=0, indicator="R2", hands={0: hand0, 1: hand1},
                        pile_top=["K2"])
        discard = act(0, "discard", tile="R5") if at is None else act(0, "discard", tile="R5",
                                                                       at=at)
        actions = [act(0, "arrange", rack=layout), discard, act(1, "draw", src="pile"),
                   act(1, "finish", tile="K2")]
        un = [un0, None, _unarranged(s["hands"][2], 3), _unarranged(s["hands"][3], 3)]
        ceza = [None if u is None else 2 * u for u in un]
        scores = [ceza[0], -100, ceza[2], ceza[3]]
        record = {"game": "kdv_okey", "options": {"deals": 3},
                  "deals": [{"setup": s, "actions": actions}]}
        expected = {"game": "kdv_okey", "complete": False,
                    "deals": [{"scores": scores, "end": "finish",
                               "detail": detail(0, "R2", "R3", 1, 1, "K2", None,
                                                unmatched=un, ceza=ceza)}],
                    "totals": scores, "winner": None, "ranking_points": None}
        write(name, record, expected)


def kdv_gap_between_pers() -> None:
    """Issue 17's second situation: B9 Y9 K9 R2 B11 B12 B13 laid as one block; R2 thrown
    from its middle leaves a gap, so B9 Y9 K9 and B11 B12 B13 are two pers: the frozen
    unmatched sum is K13 + Y13 = 26, Ceza 52 (the six closed up into one block would be
    one non-per, 2 × (26 + 63) = 178). Black indicator K4: k = 2, okey K5, B = 100."""
    hand0 = ["B9", "Y9", "K9", "R2", "B11", "B12", "B13", "R5", "R6", "R7", "Y1", "Y2", "Y3",
             "K13", "Y13"]
    hand1 = ["R8", "R9", "R10", "R11", "Y4", "Y5", "Y6", "B5", "B6", "B7", "K10", "K11",
             "K12", "K13"]
    s = fixed_setup(starter=0, indicator="K4", hands={0: hand0, 1: hand1}, pile_top=["K2"])
    layout = [["B9", "Y9", "K9", "R2", "B11", "B12", "B13"], ["R5", "R6", "R7"],
              ["Y1", "Y2", "Y3"], ["K13"], ["Y13"]]
    actions = [act(0, "arrange", rack=layout), act(0, "discard", tile="R2", at=[0, 3]),
               act(1, "draw", src="pile"), act(1, "finish", tile="K2")]
    un = [13 + 13, None, _unarranged(s["hands"][2], 5), _unarranged(s["hands"][3], 5)]
    ceza = [None if u is None else 2 * u for u in un]
    scores = [ceza[0], -100, ceza[2], ceza[3]]
    record = {"game": "kdv_okey", "options": {"deals": 3},
              "deals": [{"setup": s, "actions": actions}]}
    expected = {"game": "kdv_okey", "complete": False,
                "deals": [{"scores": scores, "end": "finish",
                           "detail": detail(0, "K4", "K5", 1, 1, "K2", None,
                                            unmatched=un, ceza=ceza)}],
                "totals": scores, "winner": None, "ranking_points": None}
    write("kdv_discard_between_two_pers_leaves_a_gap", record, expected)


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    duz_every_finish_type()
    duz_gosterge()
    kdv_bad_layout()
    pairs_play()
    kdv_picked_copy()
    kdv_gap_between_pers()
    illegal()
