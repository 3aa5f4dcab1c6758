"""Issue 20, finding 2: table options are typed exactly when the table is created (an
integer option refuses ``2.0``, ``true`` and ``"2"``), through the salon; and any
options at all are either refused with a clear error or give a table whose match plays
to the end."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahvehane.bots import bot_kinds, make_bot
from kahvehane.games import GAME_NAMES, get_game, get_spec
from kahvehane.match import Match
from kahvehane.server.errors import ProtocolError
from kahvehane.server.salon import table_options
from tests.server.harness import Player, Server, signup

#: every game's integer options, with a value of the right type for the rest
INT_OPTIONS = [(game, o.name) for game in sorted(GAME_NAMES)
               for o in get_spec(game).options if o.type is int]


def _valid(game: str) -> dict[str, Any]:
    """Options that open a table of ``game`` (its required ones filled in)."""
    return {o.name: (o.choices[0] if o.choices else o.min if o.min is not None else 2)
            for o in get_spec(game).options if o.required}


@pytest.mark.server
def test_every_integer_option_refuses_floats_booleans_and_strings(server: Server,
                                                                  backend: str) -> None:
    """``{"players": 2.0}`` for Casino was ``created`` and then stuck in "playing"; now
    every game's every integer option refuses 2.0, true and "2" with ``bad_options``
    naming the option, and no table is opened."""

    async def run() -> None:
        p = Player(server, await signup(server, f"opts{backend}"), "p")
        await p.connect()
        assert INT_OPTIONS  # Casino's players, Okey's deals, Koz Maça's finish_score, ...
        for game, name in INT_OPTIONS:
            spec = get_spec(game)
            entry = spec.entry.min_entry if spec.entry is not None else None
            for bad in (2.0, True, "2"):
                await p.send(type="create", id=f"{game}.{name}", game=game, entry=entry,
                             options={**_valid(game), name: bad})
                answer = await p.expect(lambda m: m["type"] in ("created", "error"))
                assert answer["type"] == "error", (game, name, bad, answer)
                assert answer["code"] == "bad_options" and name in answer["message"]
        await p.send(type="lobby", id="l")
        lobby = await p.expect(lambda m: m["type"] == "lobby")
        assert not [t for t in lobby["tables"] if t["manager"]["name"] == f"opts{backend}"]
        await p.close()

    asyncio.run(run())


#: a value of every JSON type: null, booleans, integers (in and out of range), floats
#: (whole ones such as 2.0 too), strings (numbers as text, choices, rubbish), lists, objects
_value = st.one_of(st.none(), st.booleans(), st.integers(-3, 40),
                   st.sampled_from([2.0, 3.0, 5.0, 21.0, 0.5, -1.0]),
                   st.floats(allow_nan=False, width=32),
                   st.sampled_from(["2", "5", "true", "clockwise", "first_to_six", ""]),
                   st.text(max_size=4), st.lists(st.integers(0, 3), max_size=2),
                   st.dictionaries(st.text(max_size=2), st.integers(0, 3), max_size=1))

#: one value of each type, tried for every option of every game
EACH_TYPE: list[Any] = [None, True, False, 0, 2, 5, 2.0, 5.5, "2", "clockwise", "", [2],
                        {"x": 1}]


@st.composite
def _options(draw: st.DrawFn, game: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for o in get_spec(game).options:
        choice = draw(st.sampled_from(["leave", "valid", "any"]))
        if choice == "valid":
            if o.choices:
                options[o.name] = draw(st.sampled_from(o.choices))
            elif o.type is int:
                options[o.name] = draw(st.integers(o.min if o.min is not None else 0,
                                                   min(o.max if o.max is not None else 5,
                                                       (o.min or 0) + 2)))
            else:
                options[o.name] = draw(st.booleans() if o.type is bool else _value)
        elif choice == "any":
            options[o.name] = draw(_value)
    if draw(st.booleans()):
        options[draw(st.text(min_size=1, max_size=3))] = draw(_value)
    return options


def _refused_or_plays_to_the_end(game: str, raw: dict[str, Any], seed: int) -> bool:
    """``bad_options`` with a message (``False``), or a match of the salon's bots that
    plays every deal and ends with a result (``True``)."""
    spec = get_spec(game)
    try:
        options = table_options(spec, raw)
    except ProtocolError as exc:
        assert exc.protocol_code == "bad_options" and exc.reason
        assert exc.message.code and exc.message.tr  # in Turkish too
        return False
    rules = get_game(game)
    seats = rules.num_seats(options)
    match = Match(rules, options, players=[f"p{i}" for i in range(seats)])
    rng = random.Random(seed)
    # the salon's bots (random moves rarely finish an Okey deal: void deals never count)
    kind = "heuristic" if "heuristic" in bot_kinds(game) else "random"
    bots = [make_bot(game, kind, s, random.Random(seed + s), options) for s in range(seats)]
    for _ in range(200):  # deals: far more than any accepted option allows
        if match.complete:
            break
        match.deal(seed=rng.randrange(2**64))
        while (state := match.current) is not None:
            seat = state.to_act[0]
            match.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert match.complete, (game, raw)
    assert match.result_json()["complete"]
    return True


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAME_NAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_any_options_are_refused_or_play_to_the_end(game: str, data: st.DataObject,
                                                    seed: int) -> None:
    """Every game, random values of every type for its options (and unknown ones):
    ``bad_options`` with a message, or a match that plays every deal and ends."""
    _refused_or_plays_to_the_end(game, data.draw(_options(game), label="options"), seed)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "option"),
                         [(g, o.name) for g in sorted(GAME_NAMES) for o in get_spec(g).options])
def test_every_option_takes_or_refuses_each_type(game: str, option: str) -> None:
    """Each option of each game, given a value of each type (the others valid): refused
    with a clear error, or a table that plays to the end; values of the wrong type
    are always refused."""
    spec = next(o for o in get_spec(game).options if o.name == option)
    for value in EACH_TYPE:
        played = _refused_or_plays_to_the_end(game, {**_valid(game), option: value}, 7)
        wrong_type = value is not None and (
            isinstance(value, bool) != (spec.type is bool)
            or not isinstance(value, spec.type))
        if wrong_type:
            assert not played, (game, option, value)
