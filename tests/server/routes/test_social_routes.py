"""Friends, blocks, invitations, notifications and private messages (issue 30) through
their routes alone, on SQLite and PostgreSQL: each rule of docs/protocol.md §2
"Friends" refused or done, and the notifications pushed to the person's socket."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from kahvehane.server.routes import accounts, messages, social, tables, ws
from tests.server.conftest import database
from tests.server.routes.conftest import Mount, another

ROUTES = [*accounts.ROUTES, *social.ROUTES, *messages.ROUTES, *tables.ROUTES, *ws.ROUTES]


@pytest.fixture
def salon(mount: Mount, backend: str, tmp_path: Any) -> Any:
    """``salon(**settings)``: the social routes over a fresh ``backend`` database; two
    signed-up people, Ayşe and Mehmet, each with a client."""
    with database(backend, tmp_path) as url:
        def make(**settings: object) -> tuple[TestClient, TestClient]:
            a = mount(ROUTES, db_url=url, **settings)
            b = another(a)
            for c, name in ((a, "Ayşe"), (b, "Mehmet")):
                r = c.post("/api/auth/signup", json={"name": name, "password": "sifre-1234"})
                assert r.status_code == 201, r.text
            return a, b
        yield make


def uid(c: TestClient) -> int:
    return int(c.get("/api/me").json()["user"]["id"])


def code(r: Any) -> tuple[int, str]:
    return r.status_code, r.json()["error"]["i18n"]["code"]


def befriend(a: TestClient, b: TestClient) -> None:
    assert a.post("/api/friends", json={"name": "mehmet"}).status_code == 201
    assert b.post(f"/api/friends/{uid(a)}/accept", json={}).status_code == 200


def test_requests_accept_decline_remove(salon: Any) -> None:
    a, b = salon()
    assert code(a.post("/api/friends", json={"name": "Yok"})) == (404, "social.no_person")
    assert code(a.post("/api/friends", json={"name": "ayşe"})) == (400, "social.self")
    r = a.post("/api/friends", json={"name": "MEHMET"})
    assert r.status_code == 201 and r.json() == {"friend": {"id": uid(b), "name": "Mehmet"},
                                                 "accepted": False}
    assert code(a.post("/api/friends", json={"name": "Mehmet"})) == (409, "social.already_asked")
    assert [p["name"] for p in b.get("/api/friends").json()["incoming"]] == ["Ayşe"]
    assert [p["name"] for p in a.get("/api/friends").json()["outgoing"]] == ["Mehmet"]
    assert b.post(f"/api/friends/{uid(a)}/decline", json={}).status_code == 200
    assert b.get("/api/friends").json()["incoming"] == []
    assert code(b.post(f"/api/friends/{uid(a)}/accept", json={})) == (404, "social.no_request")
    befriend(a, b)
    got = a.get("/api/friends").json()["friends"]
    assert [(f["name"], f["online"], f["at"]) for f in got] == [("Mehmet", False, None)]
    kinds = [n["kind"] for n in b.get("/api/notifications").json()["notices"]]
    assert kinds == ["friend_request", "friend_request"]
    assert [n["kind"] for n in a.get("/api/notifications").json()["notices"]] == [
        "friend_accepted"]
    assert a.delete(f"/api/friends/{uid(b)}").status_code == 200
    assert b.get("/api/friends").json()["friends"] == []


def test_guests_have_no_friends(salon: Any) -> None:
    a, _ = salon()
    g = another(a, 50002)
    g.post("/api/auth/guest", json={"name": "misafir"})
    assert code(g.post("/api/friends", json={"name": "Ayşe"})) == (403, "social.guest")
    assert code(g.get("/api/friends")) == (403, "social.guest")
    guest = g.get("/api/me").json()["user"]["name"]
    assert code(a.post("/api/friends", json={"name": guest})) == (403, "social.guest")
    assert g.get("/api/notifications").json() == {"notices": [], "unread": 0}


def test_a_block_refuses_requests_invitations_and_messages(salon: Any) -> None:
    a, b = salon()
    befriend(a, b)
    assert b.post(f"/api/conversations/{uid(a)}", json={"text": "selam"}).status_code == 201
    r = a.post("/api/blocks", json={"name": "Mehmet"})
    assert r.status_code == 201 and a.get("/api/friends").json()["blocked"] == [
        {"id": uid(b), "name": "Mehmet"}]
    assert a.get("/api/friends").json()["friends"] == []  # the block ended the friendship
    assert code(b.post("/api/friends", json={"name": "Ayşe"})) == (403, "social.unreachable")
    assert code(b.post(f"/api/conversations/{uid(a)}", json={"text": "hey"})) == (
        403, "social.not_friends")
    table = b.post("/api/tables", json={"game": "casino", "options": {"players": 2}}
                   ).json()["table"]["id"]
    assert code(b.post("/api/invitations", json={"name": "Ayşe", "table": table})) == (
        403, "social.unreachable")
    assert a.delete(f"/api/blocks/{uid(b)}").status_code == 200
    assert b.post("/api/invitations", json={"name": "Ayşe", "table": table}).status_code == 201


def test_an_invitation_reaches_the_socket_and_is_marked_read(salon: Any) -> None:
    a, b = salon(invites_per_minute=2)
    table = a.post("/api/tables", json={"game": "casino", "options": {"players": 2},
                                        "private": True}).json()
    with b.websocket_connect("/ws") as sock:
        assert sock.receive_json()["type"] == "hello"
        r = a.post("/api/invitations", json={"name": "Mehmet", "table": table["table"]["id"]})
        assert r.status_code == 201
        pushed = sock.receive_json()
        assert pushed["type"] == "notice" and pushed["unread"] == 1
        data = pushed["notice"]["data"]
        assert pushed["notice"]["kind"] == "invite" and data["from"]["name"] == "Ayşe"
        assert data["invite"] == table["invite"] and data["game"] == "casino"
        assert b.post("/api/notifications/read", json={"ids": [pushed["notice"]["id"]]}
                      ).json() == {"unread": 0}
        assert sock.receive_json() == {"type": "notices_read", "unread": 0}
    assert code(b.post("/api/notifications/read", json={"ids": "hepsi"})) == (
        400, "social.bad_ids")
    assert code(a.post("/api/invitations", json={"name": "Mehmet", "table": "yok"})) == (
        404, "social.no_table")
    a.post("/api/invitations", json={"name": "Mehmet", "table": table["table"]["id"]})
    limited = a.post("/api/invitations", json={"name": "Mehmet", "table": table["table"]["id"]})
    assert code(limited) == (429, "social.rate_limited")
    assert [n["read"] for n in b.get("/api/notifications").json()["notices"]] == [False, True]


def test_messages_friends_only_limits_escaping_report(salon: Any) -> None:
    a, b = salon(message_max_chars=20, messages_per_minute=3)
    to_b = f"/api/conversations/{uid(b)}"
    assert code(a.post(to_b, json={"text": "selam"})) == (403, "social.not_friends")
    befriend(a, b)
    assert code(a.post(to_b, json={"text": "x" * 21})) == (400, "server.chat.too_long")
    assert code(a.post(to_b, json={"text": " \n\t "})) == (400, "server.chat.empty")
    evil = "<b>ne\u200b\n  haber</b>"
    r = a.post(to_b, json={"text": evil})
    assert r.status_code == 201 and r.json()["message"]["text"] == "<b>ne haber</b>"
    raw = a.get(to_b).text  # JSON, never markup: the page shows it as text
    assert "<b>ne haber</b>" in raw and "\\u200b" not in raw
    a.post(to_b, json={"text": "ikinci"})
    assert code(a.post(to_b, json={"text": "üçüncü"})) == (429, "social.rate_limited")
    inbox = b.get("/api/conversations").json()
    assert inbox["unread"] == 2 and inbox["conversations"][0]["with"]["name"] == "Ayşe"
    notices = b.get("/api/notifications").json()  # one for both: the bell is not buried
    assert notices["unread"] == 2 and [(n["kind"], n["data"].get("count")) for n in
                                       notices["notices"]] == [("message", 2),
                                                               ("friend_request", None)]
    thread = b.get(f"/api/conversations/{uid(a)}").json()["messages"]
    assert [m["text"] for m in thread] == ["<b>ne haber</b>", "ikinci"]
    assert b.get("/api/conversations").json()["unread"] == 0
    assert b.get("/api/notifications").json()["unread"] == 1  # the friend request
    first = thread[0]["id"]
    assert code(a.post("/api/reports", json={"message": first})) == (404, "social.no_message")
    assert b.post("/api/reports", json={"message": first}).status_code == 201
    assert code(b.post("/api/reports", json={"message": first})) == (
        409, "social.already_reported")


def test_messages_expire(salon: Any) -> None:
    a, b = salon(messages_keep_days=0)
    befriend(a, b)
    assert a.post(f"/api/conversations/{uid(b)}", json={"text": "uçup gider"}).status_code == 201
    assert b.get(f"/api/conversations/{uid(a)}").json()["messages"] == []
    assert b.get("/api/conversations").json() == {"conversations": [], "unread": 0}


def test_the_start_of_your_table_is_a_notification(salon: Any) -> None:
    a, _ = salon()
    with a.websocket_connect("/ws") as sock:
        assert sock.receive_json()["type"] == "hello"
        sock.send_json({"type": "create", "id": 1, "game": "casino", "options": {"players": 2}})
        table = next(m for m in iter(sock.receive_json, None) if m["type"] == "created")
        table_id = table["table"]["id"]
        sock.send_json({"type": "sit", "table": table_id, "seat": 0})
        sock.send_json({"type": "start", "table": table_id})
        for _ in range(500):  # saved first (each request lets the salon's loop run) ...
            saved = a.get("/api/notifications").json()["notices"]
            if saved:
                break
        assert [(n["kind"], n["data"]) for n in saved] == [
            ("table_start", {"table": table_id, "game": "casino"})]
        # ... then pushed: it is among what the socket gets next
        notice = next(m for m in iter(sock.receive_json, None) if m["type"] == "notice")
    assert notice["notice"]["id"] == saved[0]["id"] and notice["unread"] == 1


def test_a_friend_online_and_at_which_table(salon: Any) -> None:
    a, b = salon()
    befriend(a, b)
    with a.websocket_connect("/ws") as sock:
        assert sock.receive_json()["type"] == "hello"
        sock.send_json({"type": "create", "id": 1, "game": "casino", "options": {"players": 2}})
        table_id = next(m for m in iter(sock.receive_json, None)
                        if m["type"] == "created")["table"]["id"]
        sock.send_json({"type": "sit", "id": 2, "table": table_id, "seat": 0})
        next(m for m in iter(sock.receive_json, None) if m["type"] == "ok" and m["id"] == 2)
        (friend,) = b.get("/api/friends").json()["friends"]
        assert friend["online"] is True
        assert friend["at"] == {"table": table_id, "game": "casino", "status": "waiting"}
    (friend,) = b.get("/api/friends").json()["friends"]
    assert friend["online"] is False
