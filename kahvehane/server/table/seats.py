"""The seat rules of a table: who sits where, away and back, the manager's countdown, and
the table's status (docs/protocol.md §3.2: the manager's ``start``, bots in the empty
seats). Pure: no asyncio, no database, no clock of its
own — the table's actor asks, then saves, then tells.

Each rule either raises :class:`~kahvehane.server.errors.ProtocolError` and changes
nothing, or makes its change and says what changed, so the actor knows which events to
send and what to undo if the save fails.

>>> from kahvehane.users import UserInfo
>>> ayse, can = UserInfo(1, "Ayşe", False), UserInfo(2, "Can", False)
>>> seating = Seating(2, manager=ayse)
>>> seating.check_sit(ayse, 0), seating.sit(ayse, 0) == [None, None]
(True, True)
>>> seating.check_sit(can, 0)
Traceback (most recent call last):
...
kahvehane.server.errors.ProtocolError: seat 0 is taken
>>> seating.start_countdown(ayse, now=1_000, seconds=10), seating.status
(11000, 'countdown')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kahvehane.bots import Bot
from kahvehane.errors import Message
from kahvehane.server.errors import (
    MANAGER_CANCELS,
    MANAGER_STARTS,
    MANAGER_UNSEATS,
    NO_COUNTDOWN,
    NO_SUCH_SEAT,
    NOT_SEATED,
    NOT_WAITING,
    REMATCH_AFTER,
    SEAT_EMPTY,
    SEAT_TAKEN,
    SEATS_TAKEN,
    SIGN_IN_TO_SIT,
    UNSEAT_BEFORE_MATCH,
    UNSEAT_SELF,
    ProtocolError,
)
from kahvehane.users import UserInfo

__all__ = ["CLOSED", "COUNTDOWN", "PLAYING", "WAITING", "SeatState", "Seating"]

WAITING, COUNTDOWN, PLAYING, CLOSED = "waiting", "countdown", "playing", "closed"

#: Who sat where before a change: put back if the change cannot be saved.
Undo = list[UserInfo | None]


@dataclass
class SeatState:
    user: UserInfo | None = None  # the person holding the seat
    bot: Bot | None = None  # a bot seat of the running match
    fallback: Bot | None = None  # plays for an away person
    away: bool = False
    left: bool = False  # gave the seat up during the match

    def public(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "user": None if self.user is None else self.user.public(),
            "bot": None if self.bot is None else self.bot.label,
            "level": None if self.bot is None else self.bot.level,
            "away": self.away,
            "left": self.left,  # gave the seat up during the match: a bot plays it
        }


class Seating:
    """The seats of one table, its manager, its status and the countdown's end."""

    def __init__(self, num_seats: int, manager: UserInfo) -> None:
        self.seats = [SeatState() for _ in range(num_seats)]
        self.manager = manager
        self.status = WAITING
        self.countdown_ends: int | None = None
        self.rematch: set[int] = set()  # user ids who agreed to a rematch (rövanş)

    # ---------------------------------------------------------------- reading
    def seat_of(self, user: UserInfo | None) -> int | None:
        if user is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user is not None and s.user.id == user.id:
                return i
        return None

    def require_seat(self, user: UserInfo | None) -> int:
        """``user``'s seat, or ``not_seated``."""
        seat = self.seat_of(user)
        if seat is None:
            raise ProtocolError("not_seated", NOT_SEATED)
        return seat

    def humans(self) -> int:
        return sum(1 for s in self.seats if s.user is not None)

    def others(self, user: UserInfo | None) -> int:
        """The people seated besides ``user``: with none, nobody needs the countdown's
        warning, and a match starts at once (docs/protocol.md §3.2, ``start``)."""
        uid = None if user is None else user.id
        return sum(1 for s in self.seats if s.user is not None and s.user.id != uid)

    def free_seat(self) -> int | None:
        """The first seat nobody holds, if any."""
        return next((i for i, s in enumerate(self.seats) if s.user is None), None)

    def is_automatic(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, an away person's, or empty."""
        st = self.seats[seat]
        return st.bot is not None or st.away or st.user is None

    def public(self) -> list[dict[str, Any]]:
        return [s.public(i) for i, s in enumerate(self.seats)]

    def user_ids(self) -> list[int | None]:
        return [s.user.id if s.user is not None else None for s in self.seats]

    def holder(self, seat: int | None) -> int | None:
        """The user id of the person at ``seat`` (``None``: a bot, empty, or no seat)."""
        if seat is None or not 0 <= seat < len(self.seats):
            return None
        user = self.seats[seat].user
        return None if user is None else user.id

    # ---------------------------------------------------------------- sitting, leaving
    @staticmethod
    def signed_in(user: UserInfo | None) -> UserInfo:
        """Only a signed-in person (or a guest) takes a seat: ``auth_required``."""
        if user is None:
            raise ProtocolError("auth_required", SIGN_IN_TO_SIT)
        return user

    def check_sit(self, user: UserInfo, seat: int) -> bool:
        """Whether ``user`` may take ``seat`` now: ``True`` if it is a change, ``False``
        if they sit there already; refused for a seat that does not exist, during a
        match, or when someone else has it."""
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_message", NO_SUCH_SEAT, last=len(self.seats) - 1)
        if self.status == PLAYING:
            raise ProtocolError("table_busy", SEATS_TAKEN)
        if self.seat_of(user) == seat:
            return False
        if self.seats[seat].user is not None:
            raise ProtocolError("seat_taken", SEAT_TAKEN, seat=seat)
        return True

    def sit(self, user: UserInfo, seat: int) -> Undo:
        """Seat ``user`` at ``seat`` (moving them from their old seat), after
        :meth:`check_sit`; returns what :meth:`undo` puts back."""
        before = self._who()
        current = self.seat_of(user)
        if current is not None:
            self.seats[current].user = None
        self.seats[seat].user = user
        return before

    def leave(self, user: UserInfo | None) -> tuple[int, bool, Undo | None]:
        """``user`` gives up their seat: ``(seat, went_away, undo)``. During a match the
        seat stays theirs to the end, played by a bot (``went_away``: they were not away
        already); otherwise it is empty again (``undo`` puts it back)."""
        seat = self.require_seat(user)
        if self.status == PLAYING:
            st = self.seats[seat]
            st.left = True
            went_away = not st.away
            st.away = True
            return seat, went_away, None
        before = self._who()
        self.seats[seat].user = None
        return seat, False, before

    def unseat(self, by: UserInfo | None, seat: int) -> tuple[UserInfo, Undo]:
        """The manager removes the person at ``seat`` before the match (the seat is free
        again): ``(who, undo)``. Refused for anyone else, during a countdown or a match,
        for an empty seat and for the manager's own seat (that is leaving)."""
        self._require_manager(by, MANAGER_UNSEATS)
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_message", NO_SUCH_SEAT, last=len(self.seats) - 1)
        if self.status != WAITING:
            raise ProtocolError("table_busy", UNSEAT_BEFORE_MATCH)
        who = self.seats[seat].user
        if who is None:
            raise ProtocolError("not_seated", SEAT_EMPTY, seat=seat)
        if by is not None and who.id == by.id:
            raise ProtocolError("bad_message", UNSEAT_SELF)
        before = self._who()
        self.seats[seat].user = None
        self.rematch.discard(who.id)
        return who, before

    def undo(self, before: Undo) -> None:
        for st, user in zip(self.seats, before, strict=True):
            st.user = user

    def _who(self) -> Undo:
        return [s.user for s in self.seats]

    # ---------------------------------------------------------------- away and back
    def time_out(self, seat: int) -> bool:
        """``seat``'s clock ran out: it is away now. Whether that is news."""
        st = self.seats[seat]
        if st.away:
            return False
        st.away = True
        return True

    def back(self, user: UserInfo | None) -> tuple[int, bool]:
        """``user`` takes their seat back from the bot: ``(seat, was_away)``."""
        seat = self.require_seat(user)
        st = self.seats[seat]
        if not st.away:
            return seat, False
        st.away = st.left = False
        return seat, True

    def acted(self, seat: int) -> bool:
        """A person at ``seat`` made a move: if they were away (and had not left), they
        are back. Whether that is news."""
        st = self.seats[seat]
        if st.away and not st.left:
            st.away = False
            return True
        return False

    def flags(self) -> list[str]:
        """Each seat's away state, as saved with the running match: ``""`` (its person
        plays), ``"away"`` (a bot plays for them until they are back) or ``"left"``."""
        return ["left" if st.left else "away" if st.away else "" for st in self.seats]

    def restore_flags(self, flags: list[object]) -> None:
        """After a restart: the saved :meth:`flags` again, for the seats people hold."""
        for st, flag in zip(self.seats, flags, strict=False):
            if st.user is not None:
                st.left = flag == "left"
                st.away = flag in ("away", "left")

    # ---------------------------------------------------------------- the countdown
    def start_countdown(self, user: UserInfo | None, *, now: int, seconds: float,
                        agreed: bool = False) -> int:
        """The manager presses Start, or (``agreed``) everyone seated agreed to a
        rematch: the countdown runs until the returned time (ms)."""
        if not agreed:
            self._require_manager(user, MANAGER_STARTS)
        if self.status != WAITING:
            raise ProtocolError("table_busy", NOT_WAITING, status=self.status)
        self.rematch.clear()
        self.status = COUNTDOWN
        self.countdown_ends = now + int(seconds * 1000)
        return self.countdown_ends

    def skip_wait(self, user: UserInfo | None) -> None:
        """The manager of a quick table, alone at it, skips the wait for people (the
        caller knows the countdown is that wait): refused once another person sits."""
        self._require_manager(user, MANAGER_STARTS)
        if self.status != COUNTDOWN or self.others(user):
            raise ProtocolError("table_busy", NOT_WAITING, status=self.status)

    def cancel_countdown(self, user: UserInfo | None) -> None:
        """The manager stops the countdown."""
        self._require_manager(user, MANAGER_CANCELS)
        if self.status != COUNTDOWN:
            raise ProtocolError("table_busy", NO_COUNTDOWN)
        self.status = WAITING
        self.countdown_ends = None

    # ---------------------------------------------------------------- rövanş
    def agree_rematch(self, user: UserInfo | None, *, after_match: bool) -> bool:
        """A seated person agrees to a rematch (rövanş), only after a match while the
        table waits. Whether that is news (they had not agreed yet)."""
        self.require_seat(user)
        if self.status != WAITING or not after_match:
            raise ProtocolError("table_busy", REMATCH_AFTER)
        assert user is not None
        news = user.id not in self.rematch
        self.rematch.add(user.id)
        return news

    def rematch_seats(self) -> list[int]:
        """The seats whose person has agreed to the rematch."""
        return [i for i, st in enumerate(self.seats)
                if st.user is not None and st.user.id in self.rematch]

    def everyone_agreed(self) -> bool:
        """Whether every person seated now has agreed (bots have no say)."""
        people = [st.user.id for st in self.seats if st.user is not None]
        return bool(people) and all(uid in self.rematch for uid in people)

    def _require_manager(self, user: UserInfo | None, what: Message) -> None:
        """Only the table manager starts the match or stops its countdown."""
        if user is None or user.id != self.manager.id:
            raise ProtocolError("forbidden", what)

    # ---------------------------------------------------------------- the match
    def fill(self, new_bot: Callable[[int], Bot]) -> None:
        """The countdown is over: bots take the empty seats; nobody is away."""
        self.countdown_ends = None
        for i, st in enumerate(self.seats):
            st.away = st.left = False
            st.fallback = None
            st.bot = None if st.user is not None else new_bot(i)

    def lineup(self) -> tuple[list[str], list[int | None], list[str | None]]:
        """After :meth:`fill`: the names shown, the people's ids and the bots' kinds."""
        players = [st.user.name if st.user is not None
                   else st.bot.player_name if st.bot is not None else "?"
                   for st in self.seats]
        bots = [st.bot.kind if st.bot is not None else None for st in self.seats]
        return players, self.user_ids(), bots

    def start_refused(self, short_of_entry: int | None) -> None:
        """The match could not start: the bots go, the table waits again, and the
        person who lacked the entry (a user id, if that was why) loses the seat."""
        for st in self.seats:
            st.bot = None
            if short_of_entry is not None and st.user is not None \
                    and st.user.id == short_of_entry:
                st.user = None
        self.status = WAITING
        self.countdown_ends = None

    def playing(self) -> None:
        self.status = PLAYING
        self.countdown_ends = None

    def match_over(self) -> None:
        """The match ended: the bots go, and so do the people who left during it."""
        self.status = WAITING
        for st in self.seats:
            st.bot = st.fallback = None
            st.away = False
            if st.left:
                st.user = None
                st.left = False
