# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled core of a Koz Maça deal: ``legal_actions`` and ``apply`` of a card.

A random Koz Maça deal spends nearly all its time in these two methods, and in pure
Python most of that is the interpreter's own overhead (the duties themselves are a few
mask operations). This module is the one optimised copy of the trick duties
(:func:`kahvehane.games.tricks.playable_mask` and
:func:`~kahvehane.games.tricks.trick_winner`, for Koz Maça's ``DUTIES``) and of
:meth:`kahvehane.games.koz_maca.deal.KozMacaPureDeal.play_card`, with the state they read
kept in C fields: the seat to act, the phase, the leader, whether spades are broken, and
the mask ``legal_actions`` last offered (so that ``apply`` of an offered card is one AND;
it lives here only, and every setter and move clears it).

:class:`KozMacaCore` is a base of ``KozMacaDeal``, ahead of the pure-Python
``KozMacaPureDeal``, and talks to it through the declared hooks of
:class:`~kahvehane.games.tricks.TrickDeal` only: ``opening_actions`` (the bids),
``play_refusal`` (the error of a card it finds illegal, worded by the reference),
``claim_or_end`` (the Kasa claim and the end of the deal) and ``super().apply`` (every
action but a card); it overrides ``shallow_copy`` and the ``phase`` / ``turn`` setters
for its fields. The two paths are kept identical by ``tests/koz_maca/test_compiled_core.py``,
which plays random deals (with illegal moves mixed in) through both and requires the same
actions, events, views, errors and results. If this module is not built (no C compiler
at install time), or with ``KAHVEHANE_PURE_PYTHON=1``, ``KozMacaDeal`` is
``KozMacaPureDeal`` itself.
"""

from libc.stdint cimport uint64_t
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

from kahvehane.games.base import Event
from kahvehane.games.koz_maca.constants import (
    BROKEN_EVENTS,
    DUTIES,
    KASA_TRICKS,
    NAMES,
    PLAY_EVENTS,
    SEATS,
    TO_ACT,
    TRICKS,
)
from kahvehane.games.tricks import (
    OVER,
    PLAYING,
    PLAYS,
    SUIT_OF as _SUIT_OF_T,
    UPPER as _UPPER_T,
    Play,
    trick_winner,
)

cdef extern from *:
    int __builtin_ctzll(unsigned long long)

# The rows of kahvehane.games.tricks as C arrays, and the trick winner as a table made
# from the reference: BEATS[a][b] is whether b takes the trick from a, the card winning
# it so far (always of the led suit or a trump).
cdef uint64_t UPPER[52]
cdef uint64_t SUIT_OF[52]
cdef char BEATS[52][52]
cdef int _a, _b
for _a in range(52):
    UPPER[_a] = _UPPER_T[_a]
    SUIT_OF[_a] = _SUIT_OF_T[_a]
    for _b in range(52):
        BEATS[_a][_b] = 1 if _a != _b and trick_winner([_a, _b], DUTIES.trump) == 1 else 0

# The code below is written for Koz Maça's switches: a raise in every suit, no trump lead
# before trumps are broken, spades (the codes 0..12) trump.
assert DUTIES.raise_plain and DUTIES.trump_lead_needs_break and DUTIES.trump == 0
cdef uint64_t TRUMPS = DUTIES.trump_mask
cdef uint64_t LEAD_UNBROKEN = DUTIES.lead_unbroken

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
    """The fields the compiled methods read, in C, and the methods that read them."""

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

    cdef uint64_t _playable(self, int s):
        """``playable_mask(DUTIES, hands[s], trick, broken)``, for the seat to play."""
        cdef uint64_t hand = self.hands[s]
        cdef list trick = self.trick
        cdef Py_ssize_t n = PyList_GET_SIZE(trick), i
        cdef uint64_t pick, up
        cdef int first
        if n == 0:  # a lead: a spade only once broken, unless the hand holds nothing else
            if not self.broken and hand & LEAD_UNBROKEN:
                return hand & LEAD_UNBROKEN
            return hand
        first = <object>PyList_GET_ITEM(trick, 0)
        pick = hand & SUIT_OF[first]
        if not pick:
            pick = hand & TRUMPS
            if not pick:  # void in the led suit and in trumps: anything
                return hand
        # the led suit or trumps: beat the best of them in the trick if able
        up = UPPER[first]
        for i in range(1, n):
            up &= UPPER[<int><object>PyList_GET_ITEM(trick, i)]
        if pick & up:
            return pick & up
        return pick

    def legal_actions(self, seat):
        """``TrickDeal.legal_actions`` with Koz Maça's duties (raise in the led suit,
        trump and over-trump when void, no spade lead before spades are broken)."""
        if not (seat == self._turn) or self._phase != C_PLAYING:
            return self.opening_actions(seat)
        cdef int s = self._turn
        cdef uint64_t mask = self._playable(s)
        self.offered = mask
        return _plays(s, mask)

    def apply(self, action):
        """``TrickDeal.apply`` of a card, with ``KozMacaPureDeal.play_card``; any other
        action goes to ``KozMacaPureDeal.apply``."""
        if not isinstance(action, Play):
            return super(KozMacaCore, self).apply(action)
        cdef uint64_t bit = action.bit  # 0 unless the card is a card code (see Play.bit)
        if not (action.seat == self._turn and self.offered & bit):  # not just offered
            if not (self._phase == C_PLAYING and action.seat == self._turn
                    and self._playable(self._turn) & bit):
                raise self.play_refusal(action.seat, action.card)
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
        # The fourth card: TrickDeal.take_trick (KM-11).
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
            self.claim_or_end(winner, number, events)
        return events

    def shallow_copy(self):
        """``TrickDeal.shallow_copy`` with the C fields (``copy`` does the rest)."""
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
        (<object>new).__dict__.update((<object>self).__dict__)
        return new
