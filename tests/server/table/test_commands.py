"""The table's commands are defined once (``kahvehane/server/table/commands.py``): the
gateway's lists and the table's dispatch come from them, every one has its handler,
each reads its message or refuses it with a coded ``bad_message``, and
docs/protocol.md §3.2 documents exactly them — kinds, fields and whether each changes
something."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from kahvehane.server.errors import ProtocolError
from kahvehane.server.gateway import CHANGING, TABLE_MESSAGES
from kahvehane.server.table import commands as c
from kahvehane.server.table.actor import TableActor
from kahvehane.server.table.ports import Command, Viewer

PROTOCOL = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"
#: Messages the gateway answers itself (not a table's), as §3.2 lists them.
GATEWAY_OWN = {"ping": False, "lobby": False, "create": True, "quick": True}
V = Viewer("g", 1, None)


def _documented() -> dict[str, tuple[set[str], bool]]:
    """§3.2's rows: type → (the fields named in backticks, the ``changes`` column)."""
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text[text.index("### 3.2 Client → server"):text.index("### 3.3")]
    rows: dict[str, tuple[set[str], bool]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`(\w+)`", cells[0]) if len(cells) >= 4 else None
        if m is None:
            continue
        assert cells[2] in ("yes", "no"), f"§3.2 {m[1]}: changes is {cells[2]!r}"
        rows[m[1]] = (set(re.findall(r"`(\w+)`", cells[1])), cells[2] == "yes")
    return rows


def _fields(cls: type[c.ClientCommand]) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)} - {"sender", "id"}


def test_the_protocol_documents_every_table_command_and_no_other() -> None:
    rows = _documented()
    assert set(rows) - set(GATEWAY_OWN) == set(c.CLIENT_COMMANDS), (
        "docs/protocol.md §3.2 and kahvehane/server/table/commands.py disagree")
    for kind, cls in c.CLIENT_COMMANDS.items():
        named, changes = rows[kind]
        assert changes == cls.changes, f"{kind}: §3.2 says changes={changes}"
        assert named - {"table"} == _fields(cls), (
            f"{kind}: §3.2 names {sorted(named)}, the command reads {sorted(_fields(cls))}")
    for kind, changes in GATEWAY_OWN.items():
        assert rows[kind][1] == changes, kind


def test_the_gateway_and_the_table_derive_their_lists_from_the_commands() -> None:
    assert TABLE_MESSAGES == c.CLIENT_KINDS == set(c.CLIENT_COMMANDS)
    assert {k for k, cls in c.CLIENT_COMMANDS.items() if cls.changes} | {"create", "quick"} \
        == CHANGING
    assert {"sit", "act", "chat"} <= CHANGING and not {"join", "part", "suggest"} & CHANGING
    handlers = c.handled_kinds(TableActor)
    assert set(handlers) == set(c.COMMANDS.values())


def test_a_command_without_a_handler_stops_the_table_class() -> None:
    class Half:
        @c.handles(c.Sit)
        async def sit(self, cmd: c.Sit) -> None: ...

    with pytest.raises(TypeError, match="handles no"):
        c.handled_kinds(Half)

    class Twice(TableActor):
        @c.handles(c.Sit)
        async def again(self, cmd: c.Sit) -> None: ...

    with pytest.raises(TypeError, match="two handlers of 'sit'"):
        c.handled_kinds(Twice)


def _refused(kind: str, **fields: Any) -> str:
    with pytest.raises(ProtocolError) as info:
        c.parse(Command(kind, V, {"type": kind, "table": "t", **fields}))
    assert info.value.protocol_code == "bad_message"
    return info.value.code


def test_each_command_reads_its_message_once_or_refuses_it() -> None:
    sit = c.parse(Command("sit", V, {"type": "sit", "seat": 3, "id": "a"}))
    assert sit == c.Sit(sender=V, id="a", seat=3)
    assert _refused("sit") == "server.missing_field"
    assert _refused("sit", seat=True) == "server.field_is_bool"
    assert _refused("unseat", seat=1.0) == "server.field_type"
    assert _refused("act", action=[1]) == "server.field_type"
    assert _refused("settings", watcher_chat="no") == "server.bad_settings"
    assert _refused("chat", phrase="<b>") == "server.chat.unknown_phrase"
    assert _refused("dance") == "server.unknown_type"
    chat = c.parse(Command("chat", V, {"type": "chat", "phrase": "tea", "text": "x"}))
    assert isinstance(chat, c.Chat) and (chat.phrase, chat.text) == ("tea", None)
    join = c.parse(Command("join", V, {"type": "join", "last": True, "epoch": 3,
                                       "invite": "k"}))
    assert join == c.Join(sender=V, id=None, last=None, epoch=None, invite="k")
    quick = c.parse(Command("quick_seat", V, {"id": "q", "wait": True}))
    assert quick == c.QuickSeat(viewer=V, id="q", wait=0.0)  # a bool is no number
    tick = c.parse(Command("timer", msg={"timer": "clock"}, token=4))
    assert tick == c.TimerFired(timer="clock", token=4)
    # a client's kind without a sender is not a client's message
    with pytest.raises(ProtocolError):
        c.parse(Command("sit", None, {"seat": 1}))
