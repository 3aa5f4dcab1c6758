# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled hot path of a Koz Maça deal: ``legal_actions`` and ``apply`` for cards.

A random Koz Maça deal spends nearly all its time in these two methods, and in pure
Python most of that is the interpreter's own overhead (the rules themselves are a few
mask operations). This module is the same code as
:meth:`kahvehane.games.tricks.TrickState.legal_actions` (for Koz Maça's switches) and
:meth:`kahvehane.games.koz_maca.engine.KozMacaDeal.apply` (for a ``Play``), with the state
the two read kept in C fields: the seat to act, the phase, the offered cards, the
leader and whether spades are broken.

:class:`KozMacaCore` is a base of the engine's ``KozMacaState``, ahead of the
pure-Python ``KozMacaDeal``; everything else (bids, the full check of a card that was
not offered, the Kasa claim and the end of the deal, views, results) is
``KozMacaDeal``'s, reached through ``self``. The two paths are kept identical by
``tests/koz_maca/test_compiled_core.py``, which plays random deals (with illegal moves
mixed in) through both and requires the same actions, events, views, errors and results.
If this module is not built (no C compiler at install time), or with
``KAHVEHANE_PURE_PYTHON=1``, ``KozMacaState`` is ``KozMacaDeal`` itself.
"""

from libc.stdint cimport uint64_t
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

from kahvehane.games.base import Event
from kahvehane.games.koz_maca.tables import (
    BEATS as _BEATS_T,
    BROKEN_EVENTS,
    KASA_TRICKS,
    NAMES,
    PLAY_EVENTS,
    SEATS,
    TO_ACT,
    TRICKS,
)
from kahvehane.games.tricks import OVER, PLAYING, PLAYS, SUIT_OF as _SUIT_OF_T, UPPER as _UPPER_T, Play

cdef extern from *:
    int __builtin_ctzll(unsigned long long)

# The tables of kahvehane.games.tricks and .tables, as C arrays.
cdef uint64_t UPPER[52]
cdef uint64_t SUIT_OF[52]
cdef char BEATS[52][52]
cdef uint64_t SPADES_MASK = (1 << 13) - 1
cdef int _a, _b
for _a in range(52):
    UPPER[_a] = _UPPER_T[_a]
    SUIT_OF[_a] = _SUIT_OF_T[_a]
    for _b in range(52):
        BEATS[_a][_b] = 1 if _BEATS_T[_a][_b] else 0

cdef int C_PLAYING = PLAYING
cdef int C_OVER = OVER
cdef int C_SEATS = SEATS
cdef int C_TRICKS = TRICKS
cdef int C_KASA_TRICKS = KASA_TRICKS
assert C_SEATS == 4 and C_TRICKS == 13
cdef tuple C_PLAYS = PLAYS
cdef tuple C_PLAY_EVENTS = PLAY_EVENTS
cdef tuple C_BROKEN_EVENTS = BROKEN_EVENTS
cdef tuple C_TO_ACT = TO_ACT
cdef tuple C_NAMES = NAMES
cdef object _new_tuple = tuple.__new__


cdef inline list _plays(int seat, uint64_t mask):
    """The shared ``Play`` actions of ``seat`` for the cards of ``mask``, by card code."""
    cdef tuple plays = <tuple>C_PLAYS[seat]
    cdef list out = []
    while mask:
        out.append(plays[__builtin_ctzll(mask)])
        mask &= mask - 1
    return out


cdef class KozMacaCore:
    """The fields the hot path reads, in C, and the two methods that read them."""

    cdef public list hands
    cdef public list trick
    cdef public list won
    cdef public list history
    cdef public object to_act
    cdef public bint is_over
    cdef public bint broken
    cdef public int leader
    cdef public int _turn
    cdef public int _phase
    cdef uint64_t offered

    @property
    def _offered(self):
        """The mask of the cards ``legal_actions`` last offered the seat to play."""
        return self.offered

    @_offered.setter
    def _offered(self, value):
        self.offered = value

    @property
    def phase(self):
        return self._phase

    @phase.setter
    def phase(self, int value):
        self.offered = 0
        self._phase = value
        self.is_over = value == C_OVER
        self.to_act = () if value == C_OVER else C_TO_ACT[self._turn]

    @property
    def turn(self):
        return self._turn

    @turn.setter
    def turn(self, int seat):
        self.offered = 0
        self._turn = seat
        self.to_act = () if self._phase == C_OVER else C_TO_ACT[seat]

    def legal_actions(self, seat):
        """TrickState.legal_actions with Koz Maça's switches (raise in the led suit,
        trump and over-trump when void, no spade lead before spades are broken)."""
        if not (seat == self._turn) or self._phase != C_PLAYING:
            return self._opening_actions(seat)
        cdef int s = self._turn
        cdef uint64_t hand = self.hands[s]
        cdef list trick = self.trick
        cdef Py_ssize_t n = PyList_GET_SIZE(trick), i
        cdef uint64_t mask, pick, up
        cdef int first
        if n == 0:  # a lead: a spade only once broken, unless the hand holds nothing else
            mask = hand
            if not self.broken and hand & ~SPADES_MASK:
                mask = hand & ~SPADES_MASK
        else:
            first = <object>PyList_GET_ITEM(trick, 0)
            pick = hand & SUIT_OF[first]
            if not pick:
                pick = hand & SPADES_MASK
            if pick:  # the led suit or trumps: beat the best of them in the trick if able
                up = UPPER[first]
                for i in range(1, n):
                    up &= UPPER[<int><object>PyList_GET_ITEM(trick, i)]
                mask = pick & up
                if not mask:
                    mask = pick
            else:  # void in the led suit and in trumps: anything
                mask = hand
        self.offered = mask
        return _plays(s, mask)

    def apply(self, action):
        """KozMacaDeal.apply for a card; anything else goes to KozMacaDeal.apply."""
        if not isinstance(action, Play):
            return super(KozMacaCore, self).apply(action)
        cdef uint64_t bit = action.bit  # 0 unless the card is a card code (see Play.bit)
        if not (action.seat == self._turn and self.offered & bit):
            self._check_play(action.seat, action.card)  # raises, unless legal after all
        cdef int seat = self._turn
        cdef int c = action.card
        cdef int a, b, t, best, at, winner, leader, number, w
        self.offered = 0
        self.hands[seat] = <uint64_t>self.hands[seat] ^ bit
        cdef list trick = self.trick
        trick.append(c)
        cdef list events
        if c >= 13 or self.broken:  # not a spade, or spades already broken
            events = [C_PLAY_EVENTS[seat][c]]
        else:
            self.broken = True
            events = [C_PLAY_EVENTS[seat][c], C_BROKEN_EVENTS[seat]]
        if PyList_GET_SIZE(trick) < C_SEATS:
            self._turn = (seat + 1) % C_SEATS
            self.to_act = C_TO_ACT[self._turn]
            return events
        # The fourth card: score the trick (KM-11).
        a = <object>PyList_GET_ITEM(trick, 0)
        b = <object>PyList_GET_ITEM(trick, 1)
        t = <object>PyList_GET_ITEM(trick, 2)
        best = a
        at = 0
        if BEATS[a][b]:
            best = b
            at = 1
        if BEATS[best][t]:
            best = t
            at = 2
        if BEATS[best][c]:
            at = 3
        leader = self.leader
        winner = (leader + at) % C_SEATS
        cdef list won = self.won
        w = won[winner] + 1
        won[winner] = w
        cdef list history = self.history
        number = PyList_GET_SIZE(history) + 1
        history.append((leader, (a, b, t, c), winner))
        events.append(_new_tuple(Event, ("trick", winner, {
            "number": number, "leader": leader,
            "cards": [C_NAMES[a], C_NAMES[b], C_NAMES[t], C_NAMES[c]]}, None)))
        self.trick = []
        self.leader = winner
        self._turn = winner
        self.to_act = C_TO_ACT[winner]
        if w == C_KASA_TRICKS or number == C_TRICKS:
            self._kasa_or_end(winner, number, events)
        return events

    def _blank(self):
        """A new deal of the same class with these C fields (``copy`` does the rest)."""
        cdef KozMacaCore new = type(self).__new__(type(self))
        new.hands = self.hands
        new.trick = self.trick
        new.won = self.won
        new.history = self.history
        new.to_act = self.to_act
        new.is_over = self.is_over
        new.broken = self.broken
        new.leader = self.leader
        new._turn = self._turn
        new._phase = self._phase
        new.offered = self.offered
        return new
