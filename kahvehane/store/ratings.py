"""Ratings and levels: a rating per game and person, and a level from matches played.

**The rating system: OpenSkill's Plackett–Luce model** (``openskill``, pinned). It rates
a match of any number of seats as one ranking, ties allowed, which is what every game
here ends in (Okey's four places, Koz Maça's partners, Casino's two), where Glicko-2
rates pairs and would need a match cut into pairwise games. Each rating is ``mu`` and
its uncertainty ``sigma`` (a newcomer: 25 and 25/3); the number shown is
:func:`shown`, ``1000 + 40·(mu − 3·sigma)``: it starts at 1000 and rises as the
rating grows surer, so a newcomer's lucky first win does not top the board. A rating
is *provisional* until ``rating_provisional`` rated matches (a server option).

**Which matches are rated** (:func:`rate_match`, in the finished match's one
transaction, so once per match): people only. A match that started with a bot at any
seat is not rated at all — a bot's strength is not a person's, and rating against a
fixed bot number would let anyone climb by beating ``kolay`` — and within a rated match
only the seats whose match counts (:func:`kahvehane.store.standings.play_rule`) are
ranked: a person whose moves a bot made is left out, one who left is ranked last. With
fewer than two such people, nobody's rating changes.

**Levels** come from matches counted in the standings, every game together
(:func:`level_of`): level ``n`` from ``5·n·(n−1)/2`` matches (1 at 0, 2 at 5, 3 at 15,
4 at 30, ...): quick at first, slower later.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from kahvehane.store.ledger import now_ms
from kahvehane.store.models import MatchPlayer, Rating

__all__ = ["MODEL", "level_of", "levels", "rate_match", "rating_json", "shown"]

#: The one model (default mu 25, sigma 25/3, beta 25/6).
MODEL = PlackettLuce()
#: Matches per step of the level curve.
LEVEL_STEP = 5


def shown(mu: float, sigma: float) -> int:
    """The rating shown: ``1000 + 40·(mu − 3·sigma)`` (a newcomer's is 1000).

    >>> shown(25.0, 25 / 3)
    1000
    """
    return round(1000 + 40 * (mu - 3 * sigma))


def rating_json(mu: float, sigma: float, matches: int, provisional_until: int
                ) -> dict[str, Any]:
    """A rating as the API gives it (docs/protocol.md ``Rating``)."""
    return {"rating": shown(mu, sigma), "mu": round(mu, 3), "sigma": round(sigma, 3),
            "matches": matches, "provisional": matches < provisional_until}


def rate_match(session: Session, match_id: int, game: str,
               ranked: Sequence[tuple[int, tuple[int, ...]]]) -> list[int]:
    """Update the ratings of ``ranked`` — ``(user id, order key)`` of each person whose
    seat counts, a smaller key a better place, equal keys a tie — after ``match_id``
    (the caller has decided the match is rated). The people rated (none with fewer
    than two)."""
    if len(ranked) < 2:
        return []
    users = [u for u, _ in ranked]
    rows = {r.user_id: r for r in session.scalars(
        select(Rating).where(Rating.game == game, Rating.user_id.in_(users)))}
    teams = [[MODEL.rating(mu=rows[u].mu, sigma=rows[u].sigma) if u in rows
              else MODEL.rating()] for u in users]
    keys = sorted({k for _, k in ranked})
    ranks = [float(keys.index(k) + 1) for _, k in ranked]
    new = MODEL.rate(teams, ranks=ranks)
    now = now_ms()
    for u, team in zip(users, new, strict=True):
        r = team[0]
        row = rows.get(u)
        if row is None:
            session.add(Rating(user_id=u, game=game, mu=r.mu, sigma=r.sigma, matches=1,
                               last_match=match_id, updated_at=now))
        else:
            row.mu, row.sigma = r.mu, r.sigma
            row.matches += 1
            row.last_match = match_id
            row.updated_at = now
    session.flush()
    return users


def level_of(matches: int) -> int:
    """The level of a person with ``matches`` counted matches: the largest ``n`` with
    ``5·n·(n−1)/2 <= matches``.

    >>> [level_of(m) for m in (0, 4, 5, 14, 15, 30)]
    [1, 1, 2, 2, 3, 4]
    """
    n = int((1 + math.sqrt(1 + 8 * max(matches, 0) / LEVEL_STEP)) / 2)
    while LEVEL_STEP * n * (n + 1) // 2 <= matches:
        n += 1
    while n > 1 and LEVEL_STEP * n * (n - 1) // 2 > matches:
        n -= 1
    return max(n, 1)


def levels(session: Session, user_ids: Iterable[int]) -> dict[int, int]:
    """Each person's level (people with no counted match: 1)."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    counts: dict[int | None, int] = {uid: int(n) for uid, n in session.execute(
        select(MatchPlayer.user_id, func.count()).where(
            MatchPlayer.user_id.in_(ids), MatchPlayer.counted.is_(True))
        .group_by(MatchPlayer.user_id))}
    return {u: level_of(int(counts.get(u, 0))) for u in ids}


def ratings_of(session: Session, user_id: int) -> dict[str, Rating]:
    """A person's rating rows by game."""
    return {r.game: r for r in session.scalars(select(Rating).where(
        Rating.user_id == user_id))}
