"""The salon's games and messages come from the registry and the catalogue; refusals
carry their message code; options are typed exactly at table creation (no server
process: the functions behind the endpoints)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kahvehane.errors import CATALOGUE, IllegalAction, Message
from kahvehane.games import all_specs, get_spec
from kahvehane.server import errors as server_errors
from kahvehane.server.catalogue import games_json, messages_json
from kahvehane.server.errors import NOT_SEATED, ProtocolError
from kahvehane.server.protocol import error_message
from kahvehane.server.salon import table_options
from kahvehane.store import accounts, ledger

OWN_PREFIXES = ("server.", "http.", "auth.", "ledger.")


def test_games_are_the_registrys_specs_in_its_order() -> None:
    games = games_json()["games"]
    assert games == [spec.to_json() for spec in all_specs()]
    assert [g["game"] for g in games] == [s.id for s in all_specs()]
    okey = next(g for g in games if g["game"] == "duz_okey")
    assert okey["options"]["deals"]["type"] == "integer"
    assert okey["options"]["deals"]["label"] == {"en": "Deals", "tr": "El sayısı"}
    assert okey["free_actions"] == ["arrange"] and okey["suggestions"] is True
    assert next(g for g in games if g["game"] == "koz_maca")["entry"] is True
    json.dumps(games)  # JSON as it is served


def test_every_message_is_served_in_both_languages() -> None:
    messages = messages_json()["messages"]
    assert list(messages) == sorted(CATALOGUE)
    for code, texts in messages.items():
        assert set(texts) == {"en", "tr"}, code
        assert texts["en"].strip() and texts["tr"].strip(), code
        assert Message(code, texts["en"], texts["tr"]).params == CATALOGUE[code].params
    # the games' names, the registry's and the options' errors, the server's own
    assert all(spec.name.code in messages for spec in all_specs())
    for code in ("game.unknown", "options.not_integer", "server.not_seated",
                 "auth.bad_password", "ledger.insufficient_chips"):
        assert code in messages


def _own_messages() -> list[Message]:
    found = [v for module in (server_errors, accounts, ledger) for v in vars(module).values()
             if isinstance(v, Message)]
    assert len(found) > 40
    return found


def test_the_servers_own_messages_are_served_and_written_in_turkish() -> None:
    messages = messages_json()["messages"]
    for m in _own_messages():
        assert m.code.startswith(OWN_PREFIXES), m.code
        assert messages[m.code] == {"en": m.en, "tr": m.tr}
        assert m.tr != m.en, f"{m.code} has no Turkish text of its own"


@pytest.mark.parametrize(("game", "raw", "code"), [
    ("duz_okey", {"deals": 5.0}, "options.bad_type_choice"),
    ("duz_okey", {"deals": True}, "options.bad_type_choice"),
    ("duz_okey", {"pairs": 0}, "options.not_boolean"),
    ("koz_maca", {"finish_score": 100.0}, "options.not_integer"),
    ("casino", {"players": 2, "target": "21"}, "options.not_integer"),
    ("royal_casino", {"players": 2.0}, "options.bad_type_choice"),
])
def test_an_option_of_the_wrong_type_is_refused_with_the_specs_message(
        game: str, raw: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        table_options(get_spec(game), raw)
    exc = info.value
    assert exc.protocol_code == "bad_options" and exc.code == code
    assert exc.params["game"] == game
    assert exc.render("tr") != exc.reason  # both languages, from the spec's message


def test_options_of_the_right_type_are_read_by_the_rules() -> None:
    assert table_options(get_spec("duz_okey"), {"deals": 3}) == {"deals": 3, "pairs": False}
    opts = table_options(get_spec("casino"), {"players": 4, "partners": True})
    assert opts["players"] == 4 and opts["partners"] is True
    with pytest.raises(ProtocolError) as info:  # the rules' own check stays
        table_options(get_spec("duz_okey"), {"deals": 4})
    assert info.value.protocol_code == "bad_options"


def test_an_error_message_carries_the_protocol_code_the_text_and_the_i18n_code() -> None:
    text = error_message(ProtocolError("not_seated", NOT_SEATED), msg_id=3, table="t1")
    assert text == {"type": "error", "id": 3, "table": "t1", "code": "not_seated",
                    "message": "you have no seat at this table", "rule": None,
                    "i18n": {"code": "server.not_seated", "params": {}}}


def test_an_engines_refusal_keeps_its_own_code_params_and_rule() -> None:
    turn = Message("test.server_turn", "it is seat {turn}'s turn, not seat {seat}'s",
                   "sıra {turn}. koltukta, {seat}. koltukta değil")
    exc = ProtocolError.wrap("illegal_action", IllegalAction(turn, "rule 9", turn=0, seat=3))
    out = error_message(exc)
    assert out["code"] == "illegal_action" and out["rule"] == "rule 9"
    assert out["message"] == "it is seat 0's turn, not seat 3's"  # without the rule
    assert out["i18n"] == {"code": "test.server_turn", "params": {"turn": 0, "seat": 3}}
    plain = ProtocolError.wrap("illegal_action", IllegalAction("no such tile", "rule 2"))
    assert error_message(plain)["i18n"] == {"code": "action.illegal",
                                            "params": {"text": "no such tile"}}
