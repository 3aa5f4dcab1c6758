"""The seat rules of a table (sit, leave, away, back, the countdown, the match's seats)
without asyncio, a database or a server: plain calls on :class:`Seating`."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.bots import make_bot
from kahvehane.server.errors import ProtocolError
from kahvehane.server.table.seats import COUNTDOWN, PLAYING, WAITING, Seating
from kahvehane.users import UserInfo

AYSE, CAN, DENIZ = UserInfo(1, "Ayşe", False), UserInfo(2, "Can", False), UserInfo(3, "Deniz", True)


def _bot(seat: int) -> Any:
    return make_bot("balayi_kingi", "random", seat, random.Random(seat))


def _refused(code: str, message_code: str, fn: Any, *args: Any, **kw: Any) -> ProtocolError:
    with pytest.raises(ProtocolError) as info:
        fn(*args, **kw)
    assert (info.value.protocol_code, info.value.code) == (code, message_code)
    return info.value


def test_sitting_down_moving_and_refusals() -> None:
    s = Seating(4, manager=AYSE)
    _refused("auth_required", "server.sign_in_to_sit", s.signed_in, None)
    assert s.signed_in(AYSE) is AYSE
    _refused("bad_message", "server.no_such_seat", s.check_sit, AYSE, 4)
    _refused("bad_message", "server.no_such_seat", s.check_sit, AYSE, -1)
    assert s.check_sit(AYSE, 0) is True
    assert s.sit(AYSE, 0) == [None] * 4
    assert s.check_sit(AYSE, 0) is False  # already there: nothing to do
    err = _refused("seat_taken", "server.seat_taken", s.check_sit, CAN, 0)
    assert err.params == {"seat": 0} and err.reason == "seat 0 is taken"
    undo = s.sit(AYSE, 2)  # moving: the old seat is free again
    assert s.seat_of(AYSE) == 2 and s.seats[0].user is None
    s.undo(undo)
    assert s.seat_of(AYSE) == 0 and s.seats[2].user is None
    s.sit(CAN, 1)
    assert s.user_ids() == [1, 2, None, None] and s.humans() == 2
    assert [s.holder(i) for i in (0, 1, 2, None, 9)] == [1, 2, None, None, None]
    s.playing()
    _refused("table_busy", "server.seats_taken", s.check_sit, DENIZ, 3)


def test_leaving_before_and_during_a_match() -> None:
    s = Seating(2, manager=AYSE)
    _refused("not_seated", "server.not_seated", s.leave, CAN)
    s.sit(AYSE, 0)
    seat, went_away, undo = s.leave(AYSE)
    assert (seat, went_away) == (0, False) and s.seats[0].user is None
    assert undo is not None
    s.undo(undo)
    assert s.seat_of(AYSE) == 0
    s.playing()
    assert s.leave(AYSE) == (0, True, None)  # the seat stays theirs, played by a bot
    st0 = s.seats[0]
    assert st0.user == AYSE and st0.away and st0.left and s.is_automatic(0)
    assert s.leave(AYSE) == (0, False, None)  # already away: no news
    assert s.acted(0) is False  # someone who left is not back by a move...
    assert s.back(AYSE) == (0, True)  # ... only by coming back
    assert not st0.away and not st0.left


def test_away_and_back() -> None:
    s = Seating(2, manager=AYSE)
    s.sit(AYSE, 0)
    _refused("not_seated", "server.not_seated", s.back, CAN)
    s.playing()
    assert s.back(AYSE) == (0, False)
    assert s.time_out(0) is True and s.seats[0].away
    assert s.time_out(0) is False  # already away
    assert s.is_automatic(0) and s.is_automatic(1)  # away, and empty
    assert s.acted(0) is True and not s.seats[0].away  # a move brings them back
    assert s.acted(0) is False


def test_the_managers_countdown() -> None:
    s = Seating(4, manager=AYSE)
    err = _refused("forbidden", "server.manager_starts", s.start_countdown, CAN, now=0,
                   seconds=10)
    assert err.render("tr") == "oyunu yalnızca masa yöneticisi başlatır (P-1)"
    _refused("forbidden", "server.manager_starts", s.start_countdown, None, now=0, seconds=1)
    _refused("table_busy", "server.no_countdown", s.cancel_countdown, AYSE)
    assert s.start_countdown(AYSE, now=5_000, seconds=2.5) == 7_500
    assert (s.status, s.countdown_ends) == (COUNTDOWN, 7_500)
    err = _refused("table_busy", "server.not_waiting", s.start_countdown, AYSE, now=0,
                   seconds=1)
    assert err.params == {"status": COUNTDOWN}
    _refused("forbidden", "server.manager_cancels", s.cancel_countdown, CAN)
    s.cancel_countdown(AYSE)
    assert (s.status, s.countdown_ends) == (WAITING, None)


def test_the_seats_of_a_match() -> None:
    s = Seating(4, manager=AYSE)
    s.sit(AYSE, 0)
    s.sit(CAN, 2)
    s.start_countdown(AYSE, now=0, seconds=1)
    s.fill(_bot)
    players, users, bots = s.lineup()
    assert users == [1, None, 2, None] and bots == [None, "random", None, "random"]
    assert players == ["Ayşe", "bot:random", "Can", "bot:random"]
    assert s.countdown_ends is None
    s.playing()
    assert s.status == PLAYING
    s.leave(CAN)
    s.time_out(0)
    s.match_over()  # bots go, and so does whoever left; the rest stay seated
    assert s.status == WAITING and s.user_ids() == [1, None, None, None]
    assert all(st.bot is None and st.fallback is None and not st.away for st in s.seats)


def test_a_start_refused_for_want_of_chips_unseats_only_that_player() -> None:
    s = Seating(4, manager=AYSE)
    s.sit(AYSE, 0)
    s.sit(CAN, 1)
    s.start_countdown(AYSE, now=0, seconds=1)
    s.fill(_bot)
    s.start_refused(short_of_entry=CAN.id)
    assert s.status == WAITING and s.user_ids() == [1, None, None, None]
    assert all(st.bot is None for st in s.seats)
    s.sit(CAN, 1)
    s.start_refused(short_of_entry=None)  # the write failed: nobody loses a seat
    assert s.user_ids() == [1, 2, None, None]


USERS = (AYSE, CAN, DENIZ, None)
OPS = st.lists(st.tuples(st.sampled_from(["sit", "leave", "back", "start", "cancel",
                                          "play", "time_out", "acted", "over"]),
                         st.integers(0, 3), st.integers(-1, 4)), max_size=40)


def _state(s: Seating) -> Any:
    return (s.status, s.countdown_ends,
            [(st.user, st.away, st.left) for st in s.seats])


@settings(max_examples=300, deadline=None)
@given(OPS)
def test_any_sequence_keeps_one_seat_per_person_and_refusals_change_nothing(
        ops: list[tuple[str, int, int]]) -> None:
    s = Seating(3, manager=AYSE)
    for op, who, seat in ops:
        user = USERS[who]
        before = copy.deepcopy(_state(s))
        try:
            if op == "sit":
                if s.check_sit(s.signed_in(user), seat):
                    s.sit(s.signed_in(user), seat)
            elif op == "leave":
                s.leave(user)
            elif op == "back":
                s.back(user)
            elif op == "start":
                s.start_countdown(user, now=0, seconds=1)
            elif op == "cancel":
                s.cancel_countdown(user)
            elif op == "play" and s.status == COUNTDOWN:
                s.fill(_bot)
                s.playing()
            elif op == "time_out" and s.status == PLAYING and 0 <= seat < 3:
                s.time_out(seat)
            elif op == "acted" and s.status == PLAYING and 0 <= seat < 3:
                s.acted(seat)
            elif op == "over" and s.status == PLAYING:
                s.match_over()
        except ProtocolError as exc:
            assert _state(s) == before, f"{op} was refused ({exc}) but changed the table"
        ids = [u for u in s.user_ids() if u is not None]
        assert len(ids) == len(set(ids)), "someone holds two seats"
        assert (s.countdown_ends is not None) == (s.status == COUNTDOWN)
        if s.status != PLAYING:
            assert not any(st.away or st.left for st in s.seats)


def test_the_manager_removes_a_person_before_the_match() -> None:
    s = Seating(3, manager=AYSE)
    s.sit(AYSE, 0)
    s.sit(CAN, 1)
    _refused("forbidden", "server.manager_unseats", s.unseat, CAN, 0)
    _refused("bad_message", "server.unseat_self", s.unseat, AYSE, 0)
    _refused("not_seated", "server.seat_empty", s.unseat, AYSE, 2)
    _refused("bad_message", "server.no_such_seat", s.unseat, AYSE, 3)
    who, undo = s.unseat(AYSE, 1)
    assert who == CAN and s.seats[1].user is None and s.seat_of(CAN) is None
    s.undo(undo)
    assert s.seat_of(CAN) == 1
    s.start_countdown(AYSE, now=0, seconds=1)
    _refused("table_busy", "server.unseat_before_match", s.unseat, AYSE, 1)
    s.playing()
    _refused("table_busy", "server.unseat_before_match", s.unseat, AYSE, 1)
    assert s.seat_of(CAN) == 1


def test_a_rematch_needs_everyone_seated() -> None:
    s = Seating(3, manager=AYSE)
    s.sit(AYSE, 0)
    s.sit(CAN, 2)
    _refused("table_busy", "server.rematch_after", s.agree_rematch, CAN, after_match=False)
    _refused("not_seated", "server.not_seated", s.agree_rematch, DENIZ, after_match=True)
    assert s.agree_rematch(CAN, after_match=True) is True
    assert s.agree_rematch(CAN, after_match=True) is False  # no news
    assert s.rematch_seats() == [2] and not s.everyone_agreed()
    s.sit(DENIZ, 1)  # a newcomer has a say too
    assert s.agree_rematch(AYSE, after_match=True)
    assert s.rematch_seats() == [0, 2] and not s.everyone_agreed()
    s.leave(DENIZ)
    assert s.everyone_agreed()
    # the agreement starts the countdown without the manager, once
    s.start_countdown(CAN, now=0, seconds=1, agreed=True)
    assert s.status == COUNTDOWN and s.rematch_seats() == []
    _refused("table_busy", "server.rematch_after", s.agree_rematch, CAN, after_match=True)
