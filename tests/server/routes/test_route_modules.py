"""Each route module alone on a Starlette app over a temporary SQLite salon: what it
answers, with no server process (the e2e tests run the whole app on uvicorn)."""

from __future__ import annotations

from kahvehane.server.routes import accounts, matches, pages, tables, ws
from kahvehane.server.routes.base import COOKIE
from tests.server.routes.conftest import Mount


def test_pages_alone(mount: Mount) -> None:
    c = mount(pages.ROUTES)
    health = c.get("/api/health").json()
    assert health["ok"] is True and health["protocol"] == 1
    assert "koz_maca" in {g["game"] for g in c.get("/api/games").json()["games"]}
    assert c.get("/api/me").status_code == 404  # not mounted: only its own area


def test_accounts_alone(mount: Mount) -> None:
    c = mount(accounts.ROUTES, starting_chips=700)
    assert c.get("/api/me").status_code == 401
    r = c.post("/api/auth/signup", json={"name": "Ayşe", "password": "sifre-1234"})
    assert r.status_code == 201 and COOKIE in r.cookies
    assert r.json()["user"]["chips"] == 700
    me = c.get("/api/me").json()["user"]
    assert me["name"] == "Ayşe" and me["guest"] is False
    ledger = c.get("/api/me/ledger").json()
    assert ledger["balance"] == 700
    assert [(e["amount"], e["kind"]) for e in ledger["entries"]] == [(700, "grant")]
    assert c.post("/api/auth/signup", json={"name": "ayşe", "password": "sifre-1234"}
                  ).json()["error"]["code"] == "name_taken"
    c.post("/api/auth/logout", json={})
    assert c.get("/api/me").status_code == 401
    bad = c.post("/api/auth/login", json={"name": "Ayşe", "password": "yanlis-1234"})
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "bad_credentials"
    assert c.post("/api/auth/login", json={"name": "Ayşe", "password": "sifre-1234"}
                  ).status_code == 200
    assert c.get("/api/me").json()["user"]["name"] == "Ayşe"
    r = c.post("/api/auth/login", content=b"name=x", headers={"content-type": "text/plain"})
    assert r.status_code == 400 and r.json()["error"]["i18n"]["code"] == "http.not_json_content"


def test_tables_alone(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *tables.ROUTES])
    assert c.post("/api/tables", json={"game": "casino"}).status_code == 401
    c.post("/api/auth/guest", json={"name": "misafir"})
    r = c.post("/api/tables", json={"game": "casino", "options": {"players": 2}})
    assert r.status_code == 201, r.text
    table_id = r.json()["table"]["id"]
    assert table_id in {t["id"] for t in c.get("/api/tables").json()["tables"]}
    assert c.get(f"/api/tables/{table_id}").json()["table"]["game"] == "casino"
    missing = c.get("/api/tables/t999999")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    r = c.post("/api/tables", json={"game": "tavla"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
    assert c.get("/api/invites/nope").status_code == 404


def test_matches_alone(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *matches.ROUTES])
    c.post("/api/auth/signup", json={"name": "Deniz", "password": "sifre-1234"})
    assert c.get("/api/matches/1").json()["error"]["i18n"]["code"] == "http.no_match"
    assert c.get("/api/matches/abc").status_code == 404
    user = c.get("/api/users/Deniz").json()
    assert user["user"]["name"] == "Deniz" and user["standings"] == []
    assert c.get("/api/users/Deniz/matches").json() == {"matches": []}
    points = c.get("/api/users/Deniz/chips").json()["points"]
    assert [p["kind"] for p in points] == ["grant"]
    assert c.get("/api/leaderboard/casino").json()["rows"] == []
    assert c.get("/api/leaderboard/tavla").status_code == 404
    r = c.get("/api/users/Deniz/chips?limit=many")
    assert r.status_code == 400 and r.json()["error"]["i18n"]["code"] == "http.not_whole_number"


def test_ws_alone(mount: Mount) -> None:
    c = mount(ws.ROUTES)
    with c.websocket_connect("/ws") as sock:
        hello = sock.receive_json()
        assert hello["type"] == "hello" and hello["user"] is None
        sock.send_text('{"type": "ping", "id": 7}')
        assert sock.receive_json()["type"] == "pong"
        sock.send_text("[" * 100)
        assert sock.receive_json()["code"] == "bad_json"


def test_no_two_route_modules_answer_the_same_path_and_method() -> None:
    """A route mounted alone answers; mounted with the others, the first of two on one
    path would hide the second (``GET /api/messages`` is the catalogue's)."""
    from starlette.routing import Route

    from kahvehane.server.app import API_ROUTES

    seen: set[tuple[str, str]] = set()
    for area in API_ROUTES:
        for route in area:
            if isinstance(route, Route):
                for method in route.methods or ():
                    key = (route.path, method)
                    assert key not in seen, key
                    seen.add(key)
