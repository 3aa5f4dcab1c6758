"""Issue 20, finding 7: names with no visible letter and passwords of only whitespace or
control characters are refused; look-alikes of a taken name (NFKC, Turkish case folding,
the UTS #39 skeleton) are refused, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa
from alembic import command
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select

from kahvehane.store import Store
from kahvehane.store.accounts import (
    AccountError,
    check_name,
    check_password,
    create_user,
    find_user,
    guest_name,
    name_key,
)
from kahvehane.store.db import alembic_config
from kahvehane.store.models import User
from kahvehane.store.names import fold, name_skeleton
from tests.server.harness import Server, api, signup


@pytest.mark.parametrize("name", ["\u3164\u3164", "\uffa0\uffa0", "A\u3164", "__", "1 2"])
def test_names_without_a_visible_letter_are_refused(name: str) -> None:
    with pytest.raises(AccountError) as err:
        check_name(name)
    assert err.value.code == "auth.bad_name"


@pytest.mark.parametrize("name", ["Ali", "Ayşe", "Işık_1", "ALİ-2"])
def test_ordinary_names_are_kept(name: str) -> None:
    assert check_name(name) == name


@given(st.text(st.sampled_from(" \t\n\r\x00\x01\x7f\u00a0\u2028\u200b\ufeff"),
               min_size=8, max_size=40))
def test_passwords_of_only_blanks_or_controls_are_refused(password: str) -> None:
    with pytest.raises(AccountError) as err:
        check_password(password)
    assert err.value.code == "auth.bad_password"


def test_a_password_with_one_visible_character_is_taken() -> None:
    assert check_password("        x") == "        x"


# ---------------------------------------------------------------- look-alike names
LOOK_ALIKES = [
    ("Ali", ["Alı", "ALİ", "ALI", "alİ", "ＡＬＩ", "\u0410li"]),  # dotless, dotted, Cyrillic А
    ("Ayşe", ["\u0410yşe", "AYŞE", "ayşe"]),  # Cyrillic А
    ("Ayse", ["Ay\u0455e", "\u0410y\u0455e"]),  # Cyrillic ѕ (DZE)
]


@pytest.mark.parametrize(("name", "others"), LOOK_ALIKES)
def test_look_alikes_share_the_key(name: str, others: list[str]) -> None:
    for other in others:
        assert name_skeleton(other) == name_skeleton(name), other


@pytest.mark.parametrize(("a", "b"), [("Ali", "Alp"), ("Ayşe", "Ayse"), ("Can", "Cem"),
                                      ("Işık", "Işil")])
def test_different_names_keep_different_keys(a: str, b: str) -> None:
    assert name_skeleton(a) != name_skeleton(b)


def test_turkish_folding() -> None:
    assert fold("İSTANBUL") == "istanbul" and fold("IŞIK") == "ışık"
    assert fold("Straße") == "strasse"


def _store(url: str) -> Store:
    store = Store(url)
    store.migrate()
    return store


def test_look_alikes_of_a_taken_name_are_refused(fresh_db: str) -> None:
    """On SQLite and PostgreSQL: ``Alı``/``ALİ`` beside ``Ali`` and Cyrillic ``Аyşe``/
    ``Ayѕe`` beside ``Ayşe``/``Ayse`` are refused (``auth.name_looks_taken``); the same
    name in another case is ``auth.name_taken``; a guest gets no look-alike either."""
    store = _store(fresh_db)
    try:
        for name, others in LOOK_ALIKES:
            store.run_sync(lambda s, n=name: create_user(s, n, "x", guest=False, chips=0))
            for other in others:
                with pytest.raises(AccountError) as err:
                    store.run_sync(lambda s, o=other: create_user(s, o, "x", guest=False,
                                                                  chips=0))
                assert err.value.code in ("auth.name_taken", "auth.name_looks_taken"), other
        with pytest.raises(AccountError) as err:
            store.run_sync(lambda s: create_user(s, "Alı", "x", guest=False, chips=0))
        assert err.value.code == "auth.name_looks_taken"
        guest = store.run_sync(lambda s: guest_name(s, "ALİ"))
        assert guest.startswith("Misafir-")
        found = store.run_sync(lambda s: find_user(s, "ALİ"))
        assert found is not None and found.name == "Ali"  # signs in to the one it looks like
        with store.sessions() as s:
            assert s.scalar(select(func.count()).select_from(User)) == len(LOOK_ALIKES)
    finally:
        store.close()


def test_migration_backfills_and_keeps_existing_look_alikes(fresh_db: str) -> None:
    """Accounts made before 0003: each gets its key; of two that already look alike the
    older keeps the key, the younger ``NULL`` — both keep their names and sign in."""
    store = Store(fresh_db)
    try:
        cfg = alembic_config()
        with store.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0002")
        users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                         sa.column("name_key", sa.String),
                         sa.column("password_hash", sa.String),
                         sa.column("guest", sa.Boolean), sa.column("created_at", sa.BigInteger))
        with store.engine.begin() as conn:
            for name in ("Ali", "Alı", "Veli"):
                conn.execute(sa.insert(users).values(name=name, name_key=name_key(name),
                                                     password_hash="x", guest=False,
                                                     created_at=0))
        store.migrate()
        with store.sessions() as s:
            keys = {n: k for n, k in s.execute(select(User.name, User.name_skeleton))}
        assert keys == {"Ali": "ali", "Alı": None, "Veli": name_skeleton("Veli")}
        for name in ("Ali", "Alı", "Veli"):
            found = store.run_sync(lambda s, n=name: find_user(s, n))
            assert found is not None and found.name == name
        with pytest.raises(AccountError):
            store.run_sync(lambda s: create_user(s, "ALİ", "x", guest=False, chips=0))
    finally:
        store.close()


@pytest.mark.server
def test_signup_refuses_a_look_alike(server: Server, backend: str) -> None:
    """Over HTTP: 409 ``name_taken`` with the look-alike's own message in both
    languages."""

    async def run() -> None:
        await signup(server, f"Ali-{backend}")
        r = await api(server, "POST", "/api/auth/signup",
                      json={"name": f"ALİ-{backend}", "password": "sifre-1234"})
        assert r.status_code == 409, r.text
        err = r.json()["error"]
        assert err["code"] == "name_taken"
        assert err["i18n"]["code"] == "auth.name_looks_taken"
        catalogue = (await api(server, "GET", "/api/messages")).json()["messages"]
        assert "benziyor" in catalogue["auth.name_looks_taken"]["tr"]
        r = await api(server, "POST", "/api/auth/signup",
                      json={"name": f"\u0410li-{backend}", "password": "sifre-1234"})
        assert r.status_code == 409, r.text

    asyncio.run(run())
