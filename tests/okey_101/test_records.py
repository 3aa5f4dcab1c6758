"""101 records (docs/records.md, "101 Okey"): seeded deals, replay, commit–reveal and
verify, and the malformed records and illegal actions replay reports."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kahvehane.cli import main
from kahvehane.errors import InvalidOptions
from kahvehane.match import Match, derive_setup
from kahvehane.records import ReplayError, replay_result, verify
from kahvehane.rng import DealStream, commitment
from kahvehane.tiles import FALSE_JOKER, full_set, tile_name
from tests.okey_101.helpers import play_random


def test_a_seeded_deal_is_dealt_22_21_21_21_and_20() -> None:
    m = Match("okey_101", {"deals": 3})
    setup = derive_setup(m.rules, m.options, "çay", 0, [])
    stream = DealStream("çay", 0)
    starter = stream.below(4)
    order = [tile_name(t) for t in stream.shuffle(full_set())]
    indicator = next(t for t in order if t != tile_name(FALSE_JOKER))
    order.remove(indicator)
    assert setup["starter"] == starter and setup["indicator"] == indicator
    assert setup["hands"][starter] == order[:22]
    assert setup["hands"][(starter + 1) % 4] == order[22:43]
    assert setup["pile"] == order[85:] and len(setup["pile"]) == 20


def test_a_random_match_replays_from_its_record() -> None:
    m = Match("okey_101", {"deals": 3, "katlamali": True, "canak": True, "canak_ante": 5},
              seed="kahve")
    play_random(m, random.Random(4), deals=2)
    for with_setups in (True, False):
        rec = json.loads(json.dumps(m.to_record(include_setups=with_setups)))
        assert replay_result(rec) == json.loads(json.dumps(m.result_json()))
    assert replay_result(m.to_record())["canak"] == m.result_json()["canak"]


def _committed() -> dict[str, object]:
    m = Match("okey_101", {"deals": 3})
    m.deal(seed="gizli", commitment=commitment("gizli"))
    return m.to_record()


def test_commit_reveal_verifies_and_a_changed_deal_fails(tmp_path: Path) -> None:
    rec = _committed()
    assert verify(rec).ok and verify(rec).checked == [0]
    pile = rec["deals"][0]["setup"]["pile"]  # type: ignore[index]
    pile[0], pile[-1] = pile[-1], pile[0]
    if pile[0] != pile[-1]:
        assert not verify(rec).ok
    f = tmp_path / "r.json"
    f.write_text(json.dumps(_committed()))
    assert main(["verify", str(f)]) == 0


def _explicit() -> dict[str, object]:
    m = Match("okey_101", {"deals": 3})
    setup = m.rules.setup_from_order(m.options, full_set(), 0, [])
    return {"game": "okey_101", "options": {"deals": 3}, "deals": [
        {"setup": setup, "actions": []}]}


def test_wrong_sizes_are_malformed() -> None:
    rec = _explicit()
    setup = rec["deals"][0]["setup"]  # type: ignore[index]
    setup["hands"][1].append(setup["pile"].pop())
    with pytest.raises(ReplayError) as info:
        replay_result(rec)
    assert info.value.deal == 0 and info.value.action_index is None
    assert "hands[1] must hold 21, not 22" in str(info.value)


@pytest.mark.parametrize(("action", "words"), [
    ({"seat": 0, "act": "open", "melds": [["*J", "R1", "R2"]]}, "*J"),
    ({"seat": 0, "act": "layoff", "meld": 0, "tile": "R1"}, "no meld 0"),
    ({"seat": 0, "act": "show_indicator"}, "no gösterge"),
    ({"seat": 0, "act": "draw", "from": "pile"}, "already drawn"),
    ({"seat": 1, "act": "discard", "tile": "R1"}, "seat 0's turn"),
])
def test_an_illegal_or_malformed_action_names_deal_index_and_rule(
        action: dict[str, object], words: str) -> None:
    rec = _explicit()
    rec["deals"][0]["actions"] = [action]  # type: ignore[index]
    with pytest.raises(ReplayError) as info:
        replay_result(rec)
    assert info.value.deal == 0 and info.value.action_index == 0
    assert words in str(info.value)


def test_unknown_option_values_and_a_missing_ante_are_malformed() -> None:
    for options in ({"held_okey": "double"}, {"take_return_penalty": 50},
                    {"pairs_layoff_limit": -1}, {"canak": True}, {"end_limit": 0}):
        with pytest.raises(InvalidOptions):
            Match("okey_101", options)
    assert Match("okey_101", {"canak": False, "canak_ante": 3}).options["canak_ante"] == 3
    assert Match("okey_101", {"pairs_layoff_limit": None}).options["pairs_layoff_limit"] is None


def test_the_game_is_listed_in_the_registry() -> None:
    from kahvehane.games import GAME_NAMES, all_specs, get_game, get_spec

    spec = get_spec("okey_101")
    assert get_game("okey_101").spec is spec and spec.family == "okey_101"
    assert "okey_101" in GAME_NAMES and spec in all_specs()
    assert [o.name for o in spec.options] == [
        "deals", "pairs", "katlamali", "katlamali_partner", "elden", "elden_below_threshold",
        "pairs_layoff_limit", "end_limit", "held_okey", "four_pairs_void", "pile_out",
        "take_return_penalty", "canak", "canak_ante"]
    for bad in ({"pairs_layoff_limit": 2.0}, {"katlamali": 1}, {"elden": "always"},
                {"deals": 4}, {"canak_ante": 0}):
        with pytest.raises(InvalidOptions):
            spec.parse_options(bad)
