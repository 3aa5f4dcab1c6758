"""The web client from the registry and the message catalogue: it renders every coded
message as the Python side does (both languages, lists as alternatives), shows
refusals from their code in the page's language and in a player's words (tiles and
cards named, no rule number) over HTTP and the WebSocket, and
builds the create-table form from the game specs — a game it has never heard of
included, as long as its family has a module.

The server's side of these answers is played by small fakes (Playwright routes), so
these tests say what the client does with the agreed protocol shape whatever the
server in front of it is."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from kahvehane.errors import CATALOGUE, IllegalAction, InvalidOptions, Message
from kahvehane.games import all_specs, get_game, get_spec
from kahvehane.games.okey.messages import FINISH_INVALID
from tests.web.conftest import WebServer

Page = Any

TEST_REFUSAL = Message("test.web.refusal", "seat {seat} may not play {cards}",
                       "{seat}. koltuk {cards} oynayamaz")
NAME = "Deneme"


def _catalogue() -> dict[str, dict[str, str]]:
    for spec in all_specs():
        get_game(spec.id)  # every game's messages register when its engine is imported
    return {code: m.to_json() for code, m in CATALOGUE.items()}


def _games(extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"games": [s.to_json() for s in all_specs()] + (extra or [])}


def _serve_json(page: Page, path: str, body: Any, status: int = 200) -> None:
    page.route(f"**{path}", lambda route: route.fulfill(
        status=status, content_type="application/json", body=json.dumps(body)))


def _registry(page: Page, games: dict[str, Any] | None = None) -> None:
    _serve_json(page, "/api/games", games or _games())
    _serve_json(page, "/api/messages", {"messages": _catalogue()})


def _fake_salon(page: Page, answer: Callable[[dict[str, Any]], dict[str, Any] | None]
                ) -> list[dict[str, Any]]:
    """A WebSocket salon that greets a signed-in guest, serves an empty lobby and answers
    every other message with ``answer(msg)``; returns the list of messages it got."""
    got: list[dict[str, Any]] = []

    def handler(ws: Any) -> None:
        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            got.append(msg)
            if msg.get("type") == "lobby":
                ws.send(json.dumps({"type": "lobby", "tables": []}))
            elif msg.get("type") == "ping":
                ws.send(json.dumps({"type": "pong", "time": int(time.time() * 1000)}))
            else:
                reply = answer(msg)
                if reply is not None:
                    ws.send(json.dumps(reply))

        ws.on_message(on_message)
        ws.send(json.dumps({"type": "hello", "time": int(time.time() * 1000), "protocol": 1,
                            "user": {"id": 7, "name": NAME, "guest": True, "chips": 1000}}))

    page.route_web_socket("**/ws", handler)
    return got


def _set_lang(page: Page, lang: str) -> None:
    page.evaluate("(l) => localStorage.setItem('kahvehane.lang', l)", lang)


def _sample_params(message: Message, k: int) -> dict[str, Any]:
    values: list[Any] = [3, "R5", ["3", "5", "7"], "first_to_six", 0, ["a", "b"], "x"]
    return {name: values[(k + i) % len(values)] for i, name in enumerate(sorted(message.params))}


def test_every_message_renders_as_the_python_side_renders_it(server: WebServer,
                                                             new_page: Any) -> None:
    """The page fills the catalogue's templates exactly as ``Message.text`` does, in both
    languages, lists read as alternatives ("3, 5 ya da 7")."""
    page = new_page(server)
    _registry(page)
    page.goto("/")
    page.wait_for_selector("#guest-button")
    catalogue = _catalogue()
    cases: list[dict[str, Any]] = [
        {"code": code, "params": _sample_params(CATALOGUE[code], k)}
        for k, code in enumerate(sorted(catalogue))]
    shown = page.evaluate(
        """async (cases) => {
             const m = await import("/js/i18n.js");
             return cases.map((c) => [m.renderMessage(c, "en"), m.renderMessage(c, "tr")]);
           }""", cases)
    for case, (en, tr) in zip(cases, shown, strict=True):
        message = CATALOGUE[case["code"]]
        assert en == message.text("en", case["params"]), case["code"]
        assert tr == message.text("tr", case["params"]), case["code"]
    assert len(cases) > 30


def test_a_refusal_reads_in_plain_words(server: WebServer, new_page: Any) -> None:
    """A refusal as a player reads it (issue 29): tiles and cards in words, seats counted
    from 1 as the table shows them, no rule number and no code — in both languages;
    the engine's own text (records, logs) keeps its codes."""
    page = new_page(server)
    _registry(page)
    page.goto("/")
    page.wait_for_selector("#guest-button")
    exc = IllegalAction(TEST_REFUSAL, "rule 9", seat=2, cards=["5S", "QH"])
    finish = IllegalAction(FINISH_INVALID, "rule 16", tile="B13")
    errs = [{"code": "illegal_action", "message": e.reason, "rule": e.rule,
             "i18n": {"code": e.code, "params": e.to_json()["params"]}} for e in (exc, finish)]
    texts = page.evaluate(
        """async ([errs, catalogue]) => {
             const m = await import("/js/i18n.js");
             const table = await import("/js/table.js");
             m.setCatalogue(catalogue);
             const [err, finish] = errs;
             const unknown = {...err, i18n: {code: "test.web.nobody_knows", params: {}}};
             const out = [m.refusalText(err, "tr"), m.refusalText(err, "en"),
                          m.refusalText(unknown, "tr"),
                          m.refusalText({...err, i18n: undefined}, "tr"),
                          m.fillTemplate("{{a}} {b!r} {c}", {b: "x", c: 1.5}),
                          table.illegalText(finish)];
             m.setLang("en");
             out.push(table.illegalText(finish));
             m.setLang("tr");
             return out;
           }""", [errs, {TEST_REFUSAL.code: TEST_REFUSAL.to_json(),
                         FINISH_INVALID.code: FINISH_INVALID.to_json()}])
    assert texts[0] == "3. koltuk maça 5 ya da kupa kız oynayamaz"
    assert texts[1] == "seat 3 may not play 5 of spades or queen of hearts"
    assert exc.render("tr") == "2. koltuk 5S ya da QH oynayamaz (kural 9)"  # the engine's
    # a code the catalogue does not know, or none at all: the server's English stands
    assert texts[2] == texts[3] == "seat 2 may not play 5S or QH"
    assert texts[4] == "{a} 'x' 1.5"
    # the refused Okey finish of issue 29 ("— B13 olmadan kalan 14 taş … (kural 16)")
    assert texts[5] == ("Bu hamle olmaz: Bu taşla bitilmez: kalan 14 taş per ya da 7 çift"
                        " olmalı. — mavi 13 olmadan kalan 14 taş ne perlere ne de 7 çifte"
                        " ayrılıyor")
    assert texts[6].endswith("— without blue 13 the other 14 tiles are neither runs and"
                             " groups nor 7 pairs")
    for text in texts[5:]:
        assert "B13" not in text and "16" not in text and "okey." not in text


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_an_http_refusal_is_shown_from_its_code(server: WebServer, new_page: Any,
                                               lang: str) -> None:
    """A sign-in refused over HTTP shows our line for its code with the server's coded
    message in the page's language (Turkish: nothing of the English text)."""
    page = new_page(server)
    _registry(page)
    served = _catalogue() | {TEST_REFUSAL.code: TEST_REFUSAL.to_json()}
    _serve_json(page, "/api/messages", {"messages": served})
    exc = IllegalAction(TEST_REFUSAL, None, seat=1, cards=["AH"])
    _serve_json(page, "/api/auth/login", {"error": {
        "code": "bad_credentials", "message": str(exc), "rule": None,
        "i18n": {"code": exc.code, "params": exc.to_json()["params"]}}}, status=401)
    page.goto("/")
    _set_lang(page, lang)
    page.reload()
    page.wait_for_selector("#account-form")
    page.fill("#auth-name", "Ali")
    page.fill("#auth-password", "yanlis-sifre-1")
    page.click("#sign-in")
    page.wait_for_selector("#auth-error:not(:empty)")
    text = page.locator("#auth-error").text_content() or ""
    if lang == "tr":
        assert text == "Ad ya da şifre yanlış. (2. koltuk kupa as oynayamaz)"
        assert str(exc) not in text
    else:
        assert text == "Wrong name or password. (seat 2 may not play ace of hearts)"


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_socket_refusal_is_shown_from_its_code(server: WebServer, new_page: Any,
                                                 lang: str) -> None:
    """The salon refuses a new table's options over the WebSocket: the form says why in
    the page's language, the choices read as alternatives."""
    page = new_page(server)
    _registry(page)
    try:
        get_spec("duz_okey").parse_options({"deals": 4})
    except InvalidOptions as e:
        exc = e
    else:
        raise AssertionError("4 deals should be refused")

    def answer(msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") != "create":
            return None
        return {"type": "error", "id": msg["id"], "table": None, "code": "bad_options",
                "message": str(exc), "rule": None,
                "i18n": {"code": exc.code, "params": exc.to_json()["params"]}}

    got = _fake_salon(page, answer)
    page.goto("/")
    _set_lang(page, lang)
    page.reload()
    page.wait_for_selector("#create-form")
    page.select_option("#create-game", "duz_okey")
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not(:empty)")
    text = page.locator("#create-error").text_content() or ""
    assert any(m.get("type") == "create" and m["game"] == "duz_okey" for m in got)
    if lang == "tr":
        assert text == f"Seçenekler geçersiz. ({exc.render('tr')})"
        assert "3, 5, 7, 9 ya da 11" in text and str(exc) not in text
    else:
        assert text == f"Those options are not valid. ({exc})"
        assert "3, 5, 7, 9 or 11" in text


def _form(page: Page, game: str) -> dict[str, dict[str, Any]]:
    page.select_option("#create-game", game)
    return dict(page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#create-options [data-opt]")]
             .map((el) => [el.dataset.opt, {
               kind: el.dataset.kind, tag: el.tagName, type: el.type, checked: el.checked,
               value: el.value, min: el.getAttribute("min"), max: el.getAttribute("max"),
               label: el.closest("label").querySelector("span").textContent,
               choices: el.tagName === "SELECT"
                 ? [...el.options].map((o) => [o.value, o.text]) : null,
             }]))"""))


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_create_form_is_the_specs(server: WebServer, new_page: Any, lang: str) -> None:
    """Every game's options as its spec types them, labelled in the page's language; a
    game the client has never heard of (only its spec and its family's module) is
    offered and its form built the same way."""
    newcomer = {
        "game": "deneme_kingi", "name": {"en": "Test King", "tr": "Deneme Kingi"},
        "family": "balayi_kingi", "seats": [2], "entry": True, "entry_range": [5, 50],
        "free_actions": [], "suggestions": False, "ranking": "wins",
        "lower_totals_win": False,
        "options": {"speed": {"type": "string", "default": "slow", "choices": ["slow", "fast"],
                              "label": {"en": "Speed", "tr": "Hız"},
                              "choice_labels": [{"en": "slow", "tr": "yavaş"},
                                                {"en": "fast", "tr": "hızlı"}]},
                    "rounds": {"type": "integer", "default": 3, "min": 1, "max": 9,
                               "label": {"en": "Rounds", "tr": "Tur"}}},
    }
    page = new_page(server)
    _registry(page, _games([newcomer]))
    _fake_salon(page, lambda msg: None)
    page.goto("/")
    _set_lang(page, lang)
    page.reload()
    page.wait_for_selector("#create-form")
    offered = page.evaluate(
        "() => [...document.querySelectorAll('#create-game option')].map((o) => [o.value, o.text])")
    specs = [*_games()["games"], newcomer]
    assert offered == [[g["game"], g["name"][lang]] for g in specs]
    for spec in specs:
        form = _form(page, spec["game"])
        assert list(form) == list(spec["options"]), spec["game"]
        for name, opt in spec["options"].items():
            field = form[name]
            assert field["label"] == opt["label"][lang]
            if opt["type"] == "boolean":
                assert field["type"] == "checkbox" and field["checked"] is opt["default"]
            elif "choices" in opt:
                words = [x[lang] for x in opt["choice_labels"]] if "choice_labels" in opt \
                    else [str(c) for c in opt["choices"]]
                # a nullable option's "none chosen" is a choice of its own, sent as nothing
                none = [["", {"tr": "yok", "en": "none"}[lang]]] if opt.get("nullable") else []
                assert field["choices"] == none + [
                    [str(c), w] for c, w in zip(opt["choices"], words, strict=True)]
                if opt["default"] is not None:
                    assert field["value"] == str(opt["default"])
                else:
                    assert field["value"] == ("" if none else str(opt["choices"][0]))
            else:
                assert field["type"] == "number" and field["kind"] == "int"
                # a nullable number without a default is an empty field (101's end_limit)
                assert field["value"] == ("" if opt["default"] is None else str(opt["default"]))
                assert field["min"] == (None if "min" not in opt else str(opt["min"]))
                assert field["max"] == (None if "max" not in opt else str(opt["max"]))
        entry = page.locator("#create-entry")
        assert entry.count() == (1 if spec["entry"] else 0)
        if spec["entry"]:
            low, high = spec["entry_range"]
            assert entry.get_attribute("min") == str(low)
            assert entry.get_attribute("max") == str(high)
