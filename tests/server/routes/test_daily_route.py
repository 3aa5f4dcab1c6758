"""The daily chips' routes alone (``/api/me/daily``, the ``daily`` of ``/api/me``) and
the leaderboard's ``?by=`` over a temporary SQLite salon: the bonus once a day, the
floor's top-up only below the floor and once, a guest refused, a bad kind refused with
nothing granted."""

from __future__ import annotations

from kahvehane.server.routes import accounts, daily, matches
from tests.server.routes.conftest import Mount


def test_bonus_once_and_the_floor_top_up(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *daily.ROUTES], starting_chips=300, daily_bonus=250,
              daily_floor=1_000)
    assert c.post("/api/me/daily", json={"kind": "bonus"}).status_code == 401
    c.post("/api/auth/signup", json={"name": "Gündüz", "password": "sifre-1234"})
    me = c.get("/api/me").json()
    assert me["user"]["level"] == 1
    assert me["daily"]["bonus"] == {"claimed": False, "available": True, "amount": 250}
    assert me["daily"]["floor"]["available"] is True and me["daily"]["floor"]["amount"] == 700
    bad = c.post("/api/me/daily", json={"kind": "hepsi"})
    assert bad.status_code == 400 and bad.json()["error"]["i18n"]["code"] == "daily.bad_kind"
    r = c.post("/api/me/daily", json={"kind": "bonus"})
    assert r.status_code == 200 and (r.json()["granted"], r.json()["chips"]) == (250, 550)
    again = c.post("/api/me/daily", json={"kind": "bonus"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_claimed"
    r = c.post("/api/me/daily", json={"kind": "floor"})
    assert r.status_code == 200 and (r.json()["granted"], r.json()["chips"]) == (450, 1_000)
    assert r.json()["daily"]["floor"] == {"claimed": True, "available": False, "amount": 0,
                                          "floor": 1_000}
    assert c.post("/api/me/daily", json={"kind": "floor"}).status_code == 409
    kinds = [e["kind"] for e in c.get("/api/me/ledger").json()["entries"]]
    assert kinds == ["daily_floor", "daily_bonus", "grant"]


def test_no_top_up_at_or_above_the_floor_and_none_for_a_guest(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *daily.ROUTES], starting_chips=5_000)
    c.post("/api/auth/signup", json={"name": "Zengin", "password": "sifre-1234"})
    r = c.post("/api/me/daily", json={"kind": "floor"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_below_floor"
    assert c.get("/api/me").json()["user"]["chips"] == 5_000
    g = mount([*accounts.ROUTES, *daily.ROUTES], client=("testclient", 50001))
    g.post("/api/auth/guest", json={"name": "misafir"})
    r = g.post("/api/me/daily", json={"kind": "bonus"})
    assert r.status_code == 403 and r.json()["error"]["i18n"]["code"] == "daily.guest"
    assert g.get("/api/me").json()["daily"]["bonus"]["available"] is False


def test_the_leaderboard_by_rating_and_a_bad_order(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *matches.ROUTES])
    r = c.get("/api/leaderboard/casino?by=rating&period=week")
    assert r.status_code == 200 and r.json()["by"] == "rating" and r.json()["rows"] == []
    bad = c.get("/api/leaderboard/casino?by=chips")
    assert bad.status_code == 400 and bad.json()["error"]["i18n"]["code"] == "http.bad_order"


def test_levels_of_the_names_a_page_shows(mount: Mount) -> None:
    c = mount([*accounts.ROUTES, *matches.ROUTES])
    c.post("/api/auth/signup", json={"name": "Seviyeli", "password": "sifre-1234"})
    uid = c.get("/api/me").json()["user"]["id"]
    assert c.get(f"/api/levels?ids={uid},999").json() == {"levels": {str(uid): 1, "999": 1}}
    for bad in ("", "x", "0", ",".join(["1"] * 51)):
        r = c.get(f"/api/levels?ids={bad}")
        assert r.status_code == 400 and r.json()["error"]["i18n"]["code"] == "http.bad_ids"


def test_a_tables_series_route(mount: Mount) -> None:
    from kahvehane.server.routes import tables

    c = mount([*accounts.ROUTES, *tables.ROUTES])
    c.post("/api/auth/guest", json={"name": "misafir"})
    table_id = c.post("/api/tables", json={"game": "casino", "options": {"players": 2}}
                      ).json()["table"]["id"]
    r = c.get(f"/api/tables/{table_id}/series")
    assert r.status_code == 200 and r.json()["series"] == {"table": table_id, "matches": 0,
                                                          "people": []}
    missing = c.get("/api/tables/yok/series")
    assert missing.status_code == 404 and missing.json()["error"]["i18n"]["code"] == (
        "http.no_table")
