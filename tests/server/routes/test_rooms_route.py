"""Rooms by stake over HTTP and the WebSocket, routes alone over a temporary SQLite
salon: ``GET /api/rooms``, a table's ``room`` in the lobby, and a balance below the
room's minimum refused at "Hemen oyna" (``quick``: no table opened) and at ``sit``."""

from __future__ import annotations

from typing import Any

from kahvehane.server.rooms import parse_rooms
from kahvehane.server.routes import accounts, tables, ws
from tests.server.routes.conftest import Mount


def _answer(sock: Any, want: str) -> dict[str, Any]:
    """The next message of type ``want`` or ``error`` (events in between skipped)."""
    while True:
        msg = sock.receive_json()
        if msg["type"] in (want, "error"):
            return dict(msg)


def test_rooms_and_their_minimum_balance(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *tables.ROUTES, *ws.ROUTES], starting_chips=2_000)
    rooms = c.get("/api/rooms").json()["rooms"]
    assert [(r["name"], r["entry_min"], r["entry_max"], r["min_balance"]) for r in rooms] == [
        ("Acemi", 1, 99, 0), ("Orta", 100, 999, 1_000), ("Usta", 1_000, 4_999, 10_000),
        ("VIP", 5_000, None, 50_000)]
    c.post("/api/auth/signup", json={"name": "Orhan", "password": "sifre-1234"})
    made = c.post("/api/tables", json={"game": "koz_maca", "entry": 1_000})
    assert made.status_code == 201 and made.json()["table"]["room"] == "Usta"
    usta = made.json()["table"]["id"]
    free = c.post("/api/tables", json={"game": "duz_okey"}).json()["table"]
    assert free["room"] is None  # no entry, no room
    with c.websocket_connect("/ws") as sock:
        assert sock.receive_json()["type"] == "hello"
        sock.send_json({"type": "quick", "id": 1, "game": "koz_maca", "entry": 1_000})
        err = _answer(sock, "quick")
        assert err["type"] == "error" and err["code"] == "insufficient_chips"
        assert err["i18n"] == {"code": "server.room_minimum",
                               "params": {"room": "Usta", "min": 10_000, "chips": 2_000}}
        assert len(c.get("/api/tables").json()["tables"]) == 2  # no table opened for it
        sock.send_json({"type": "sit", "id": 2, "table": usta, "seat": 0})
        err = _answer(sock, "ok")
        assert err["type"] == "error" and err["i18n"]["code"] == "server.room_minimum"
        sock.send_json({"type": "quick", "id": 3, "game": "koz_maca", "entry": 100})
        got = _answer(sock, "quick")  # Orta: 1,000 chips to sit, Orhan has 2,000
        assert got["type"] == "quick" and got["table"]["room"] == "Orta"
    counts = {r["name"]: (r["tables"], r["people"]) for r in c.get("/api/rooms").json()["rooms"]}
    assert counts["Usta"] == (1, 0) and counts["Orta"][1] == 1


def test_no_rooms_no_minimum(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *tables.ROUTES, *ws.ROUTES], starting_chips=2_000,
              rooms=parse_rooms(["none"]))
    assert c.get("/api/rooms").json() == {"rooms": []}
    c.post("/api/auth/signup", json={"name": "Orhan", "password": "sifre-1234"})
    with c.websocket_connect("/ws") as sock:
        assert sock.receive_json()["type"] == "hello"
        sock.send_json({"type": "quick", "id": 1, "game": "koz_maca", "entry": 1_000})
        got = _answer(sock, "quick")
        assert got["type"] == "quick" and got["table"]["room"] is None
