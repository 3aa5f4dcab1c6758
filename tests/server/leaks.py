"""The hidden-information check of every message a client received.

The match's record (downloaded after the match, seeds revealed) is replayed through the
engine, giving every state the players went through. Each message that carries a
``view`` is matched to the state whose ``view(seat)`` it equals (so the message is proved
to be derived from the engine's view of that seat); then no card or tile may appear in
it, or in the events before it, that was visible only to another seat both at that
state and at every state since the viewer's previous view (a tile taken from the
discards was public before the draw: the draw event may name it).

A score table (the ``score`` event, a snapshot's ``score``) sums up the finished deals:
each deal's ``detail`` (Okey's indicator, okey and finishing tile; Balayı Kingi's
contract) is what the engine's result of that deal says, which the rules make public when
the deal ends. Its tiles belong to that deal, not to the current one, so the check proves
each detail equal to the replayed record's result of its deal and then counts the rest
of the message only.

A refusal (``error``) answers what the viewer itself sent and may repeat it: a player
acting on a turn it saw late (a move clock ran out meanwhile, a new deal began) names
a card it held then, which may be in the opponent's hand now, and is told that this
card "is not accessible" in the same words wherever the card is. Such an echo tells
the viewer nothing, so given ``sent_before`` (what the viewer had sent when a message
arrived) the checker does not count the words of a refusal that the viewer had itself
used; anything else in a refusal still counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kahvehane.match import Match

CARD = re.compile(r"^(A|[2-9]|10|J|Q|K)[SHDC]$")
TILE = re.compile(r"^([RYBK](1[0-3]|[1-9])|J)$")


def _tokens(obj: Any, pat: re.Pattern[str], out: set[str]) -> set[str]:
    if isinstance(obj, str):
        if pat.match(obj):
            out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _tokens(v, pat, out)
    elif isinstance(obj, list):
        for v in obj:
            _tokens(v, pat, out)
    return out


def deal_details(record: dict[str, Any]) -> list[Any]:
    """The ``detail`` of each deal's result, as the replayed record gives it."""
    m = Match(record["game"], record["options"], players=record.get("players"))
    for deal in record["deals"]:
        m.deal(deal.get("setup"), seed=deal.get("seed"), commitment=deal.get("commitment"))
        for action in deal["actions"]:
            m.apply(action)
    return [r.detail for r in m.history]


def _score_of(msg: dict[str, Any]) -> dict[str, Any] | None:
    if msg.get("type") == "event" and msg.get("kind") == "score":
        score: dict[str, Any] = msg["data"]
        return score
    if msg.get("type") == "snapshot" and msg.get("match"):
        return msg["match"].get("score")
    return None


def _past_deals_checked(msg: dict[str, Any], details: list[Any]) -> dict[str, Any]:
    """``msg`` without its score table's deal details, each proved to be the record's."""
    score = _score_of(msg)
    if score is None:
        return msg
    for i, deal in enumerate(score["deals"]):
        assert deal.get("detail") == details[i], (
            f"deal {i + 1}'s detail in {msg} is not the record's result: {details[i]}")
    bare = {**score, "deals": [{k: v for k, v in d.items() if k != "detail"}
                               for d in score["deals"]]}
    if msg["type"] == "event":
        return {**msg, "data": bare}
    return {**msg, "match": {**msg["match"], "score": bare}}


def states(record: dict[str, Any]) -> tuple[list[dict[Any, Any]], list[dict[Any, set[str]]]]:
    """Every state of the match: the views per viewer and what each viewer must not see."""
    pat = TILE if record["game"].endswith("okey") else CARD
    m = Match(record["game"], record["options"], players=record.get("players"))
    seats: list[int | None] = [*range(m.num_seats), None]
    views: list[dict[Any, Any]] = []
    hidden: list[dict[Any, set[str]]] = []

    def snap() -> None:
        st = m.deals[-1].state
        vs = {s: st.view(s) for s in seats}
        toks = {s: _tokens(vs[s], pat, set()) for s in seats}
        views.append(vs)
        hidden.append({
            s: set().union(*(toks[o] for o in seats if o not in (s, None))) - toks[s]
            - toks[None]
            for s in seats
        })

    for deal in record["deals"]:
        m.deal(deal.get("setup"), seed=deal.get("seed"), commitment=deal.get("commitment"))
        snap()
        for action in deal["actions"]:
            m.apply(action)
            snap()
    return views, hidden


def match_messages(messages: list[dict[str, Any]], table: str, match_id: int
                   ) -> list[dict[str, Any]]:
    """The messages of ``table`` from the start of match ``match_id`` to its end."""
    out: list[dict[str, Any]] = []
    inside = False
    for msg in messages:
        if msg.get("table") != table:
            continue
        if msg["type"] == "event" and msg["kind"] == "match_start":
            inside = msg["data"]["match"] == match_id
        elif msg["type"] == "snapshot":
            inside = bool(msg["match"]) and msg["match"]["id"] == match_id
        if inside:
            out.append(msg)
            if msg["type"] == "event" and msg["kind"] == "match_end":
                inside = False
    return out


#: What a viewer had sent when one of its messages arrived (``Player.sent_before``).
SentBefore = Callable[[dict[str, Any]], list[dict[str, Any]]]


def sent_before(received: list[dict[str, Any]], sent: list[tuple[int, dict[str, Any]]]
                ) -> SentBefore:
    """The :data:`SentBefore` of a client that received ``received`` (in order) and sent
    ``sent``, each sent message with how many messages had been received before it."""
    def before(msg: dict[str, Any]) -> list[dict[str, Any]]:
        i = next(k for k, m in enumerate(received) if m is msg)
        return [s for count, s in sent if count <= i]
    return before


def _told(messages: list[dict[str, Any]], pat: re.Pattern[str],
          sent_before: SentBefore | None) -> set[str]:
    """The cards or tiles ``messages`` name, but a refusal's echo of what was sent."""
    out: set[str] = set()
    for msg in messages:
        words = _tokens(msg, pat, set())
        if msg.get("type") == "error" and sent_before is not None:
            words -= _tokens(sent_before(msg), pat, set())
        out |= words
    return out


def check_viewer(record: dict[str, Any], seat: int | None, messages: list[dict[str, Any]],
                 views: list[dict[Any, Any]], hidden: list[dict[Any, set[str]]],
                 sent_before: SentBefore | None = None) -> int:
    """Check one viewer's messages of one match; return how many views were matched.
    ``sent_before`` gives what the viewer had sent when a message arrived (see the
    module's text: a refusal may repeat it); without it every word counts."""
    pat = TILE if record["game"].endswith("okey") else CARD
    details = deal_details(record)
    p = 0
    pending: list[dict[str, Any]] = []
    matched = 0
    for msg in messages:
        view = msg["match"]["view"] if msg["type"] == "snapshot" and msg["match"] else \
            msg.get("view")
        if view is None:
            pending.append(msg)
            continue
        q = p
        while q < len(views) and views[q][seat] != view:
            q += 1
        assert q < len(views), (
            f"seat {seat}: a view that is no state's view({seat}): {view}")
        start = p if matched else q
        secret = set(hidden[q][seat])
        for t in range(start, q):
            secret &= hidden[t][seat]
        p = q
        seen = _told([_past_deals_checked(m, details) for m in [*pending, msg]], pat,
                     sent_before)
        leaked = seen & secret
        assert not leaked, f"seat {seat} was sent {sorted(leaked)}, hidden from it: {msg}"
        pending = []
        matched += 1
    # What followed the last view: the match's end. Its result lists every deal's public
    # facts (earlier deals' indicators, say), so only the rest is checked.
    secret = set(hidden[-1][seat])
    for t in range(p, len(hidden) - 1):
        secret &= hidden[t][seat]
    rest = [m if m["type"] == "error" else
            {k: v for k, v in _past_deals_checked(m, details).get("data", {}).items()
             if k != "result"} for m in pending]
    assert not _told(rest, pat, sent_before) & secret
    return matched
