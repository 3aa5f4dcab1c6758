"""Through the real server: ``/api/games`` is the registry, ``/api/messages`` the whole
catalogue in both languages, and every refusal — HTTP or WebSocket, the server's own or
an engine's — carries its message code and params beside the protocol code and the
English text; an option of the wrong type is refused when the table is created."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from kahvehane.errors import alternatives
from kahvehane.games import all_specs
from kahvehane.server.catalogue import games_json
from tests.server.harness import Player, Server, api, signup
from tests.server.test_messages import _own_messages

pytestmark = pytest.mark.server


def _render(template: str, params: dict[str, Any]) -> str:
    """A client's rendering of a catalogue text (lists read as alternatives)."""
    return template.format_map({k: alternatives(v, "en") if isinstance(v, list) else v
                                for k, v in params.items()})


def _check_i18n(error: dict[str, Any], messages: dict[str, Any]) -> None:
    """The error's English text is its catalogue message filled with its params."""
    i18n = error["i18n"]
    assert set(i18n) == {"code", "params"} and isinstance(i18n["params"], dict)
    text = messages.get(i18n["code"])
    if text is not None:  # (an engine error made from a plain string has no entry)
        assert _render(text["en"], i18n["params"]) == error["message"]
        assert _render(text["tr"], i18n["params"])


def test_games_and_messages(server: Server, backend: str) -> None:
    async def run() -> None:
        games = (await api(server, "GET", "/api/games")).json()
        assert games == games_json()
        messages = (await api(server, "GET", "/api/messages")).json()["messages"]
        for m in _own_messages():
            assert messages[m.code] == {"en": m.en, "tr": m.tr}
        for spec in all_specs():
            assert messages[spec.name.code] == spec.name.to_json()
        assert all(t["en"] and t["tr"] for t in messages.values())
        assert "options.bad_type_choice" in messages

    asyncio.run(run())


def test_http_refusals_carry_their_message_codes(server: Server, backend: str) -> None:
    async def run() -> None:
        messages = (await api(server, "GET", "/api/messages")).json()["messages"]
        name = f"i18n{backend}"
        r = await api(server, "POST", "/api/auth/signup", json={"name": name, "password": "x"})
        err = r.json()["error"]
        assert r.status_code == 400 and err["code"] == "bad_password"
        assert err["i18n"] == {"code": "auth.bad_password", "params": {}}
        _check_i18n(err, messages)
        token = await signup(server, name)
        r = await api(server, "POST", "/api/auth/signup",
                      json={"name": name, "password": "sifre-1234"})
        err = r.json()["error"]
        assert r.status_code == 409 and err["i18n"]["code"] == "auth.name_taken"
        _check_i18n(err, messages)
        r = await api(server, "POST", "/api/tables", token,
                      json={"game": "duz_okey", "options": {"deals": 5.0}})
        err = r.json()["error"]
        assert r.status_code == 400 and err["code"] == "bad_options"
        assert err["i18n"]["code"] == "options.bad_type_choice"
        assert err["i18n"]["params"]["option"] == "deals"
        assert err["message"] == ("option 'deals' of duz_okey must be an integer:"
                                  " 3, 5, 7, 9 or 11, not 5.0")
        _check_i18n(err, messages)
        r = await api(server, "GET", "/api/leaderboard/tavla")
        assert r.status_code == 404 and r.json()["error"]["i18n"]["code"] == "http.no_game"
        _check_i18n(r.json()["error"], messages)

    asyncio.run(run())


def test_websocket_refusals_carry_their_message_codes(server: Server, backend: str) -> None:
    async def run() -> None:
        messages = (await api(server, "GET", "/api/messages")).json()["messages"]
        a = Player(server, await signup(server, f"ws{backend}a"), "a")
        b = Player(server, await signup(server, f"ws{backend}b"), "b")
        spy = Player(server, None, "spy")
        for p in (a, b, spy):
            await p.connect()
        await a.send(type="create", id="f", game="koz_maca", entry=100,
                     options={"finish_score": 30.0})
        err = await a.expect(lambda m: m["type"] == "error" and m["id"] == "f")
        assert err["code"] == "bad_options" and err["i18n"]["code"] == "options.not_integer"
        _check_i18n(err, messages)
        await a.send(type="create", id="c", game="balayi_kingi", options={})
        table = (await a.expect(lambda m: m["type"] == "created"))["table"]["id"]
        for p in (b, spy):
            await p.send(type="join", table=table)
            await p.expect(lambda m: m["type"] == "snapshot")
        for i, p in enumerate((a, b)):
            await p.send(type="sit", table=table, seat=i, id="s")
            await p.expect(lambda m: m["type"] == "ok")
        await a.send(type="start", table=table)
        starts = [await p.expect(lambda m: m.get("kind") == "deal_start") for p in (a, b)]
        seat = starts[0]["clock"]["to_act"][0]
        actor, idle = (a, b) if seat == 0 else (b, a)
        await spy.send(type="act", table=table, id=1, action=starts[seat]["legal"][0])
        err = await spy.expect(lambda m: m["type"] == "error")
        assert err == {"type": "error", "id": 1, "table": table, "code": "not_seated",
                       "message": "you have no seat at this table", "rule": None,
                       "i18n": {"code": "server.not_seated", "params": {}}}
        # an engine's refusal: its own code and params, the rule beside the text
        await idle.send(type="act", table=table, id=2,
                        action={k: v for k, v in starts[seat]["legal"][0].items()
                                if k != "seat"})
        err = await idle.expect(lambda m: m["type"] == "error")
        assert err["code"] == "illegal_action" and err["rule"]
        assert not err["i18n"]["code"].startswith("server.")
        assert not err["message"].endswith(f"({err['rule']})")
        _check_i18n(err, messages)
        await actor.send(type="dance", id=3)
        err = await actor.expect(lambda m: m["type"] == "error")
        assert err["i18n"] == {"code": "server.unknown_type", "params": {"type": "'dance'"}}
        _check_i18n(err, messages)
        await actor.send(type="sit", table=table, id=4)
        err = await actor.expect(lambda m: m["type"] == "error")
        assert err["i18n"] == {"code": "server.missing_field", "params": {"field": "'seat'"}}
        for p in (a, b, spy):
            await p.close()

    asyncio.run(run())
