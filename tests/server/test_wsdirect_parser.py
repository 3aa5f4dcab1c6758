"""The direct line's receiver (:attr:`SalonWSProtocol.receiver`), against a fake
transport: no server process needed.

Each test opens a real connection (an HTTP upgrade request, the app's accept), sets the
receiver and feeds client frames made by websockets itself. Frames are parsed by
websockets and uvicorn (the line's own frame cutter is gone: issue 16, part 6); the
receiver must get every message, whole and in order, whatever the chunking, pings must
be answered and bad frames close the connection with websockets' codes.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Close, Frame, Opcode
from websockets.protocol import Protocol, Side, State
from websockets.utils import apply_mask

from kahvehane.server.wsdirect import SalonWSProtocol

MAX_SIZE = 1 << 20


class FakeTransport(asyncio.Transport):
    """What the protocol needs of a socket, recording what it is given; like asyncio's,
    it stops reading (the feeder stops feeding) once closed."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False
        self.reading = True

    def write(self, data: Any) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


class Client:
    """One open connection on a fake transport, with the receiver recording messages."""

    def __init__(self, max_size: int = MAX_SIZE, receiver: bool = True) -> None:
        self.queued: list[dict[str, Any]] = []  # what the app got from websocket.receive()
        self.received: list[tuple[bytes, bool]] = []  # what the receiver got

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            while True:
                message = await receive()
                self.queued.append(message)
                if message["type"] == "websocket.disconnect":
                    return

        config = Config(app=app, ws=SalonWSProtocol, ws_max_size=max_size,
                        ws_per_message_deflate=False, ws_ping_interval=None, log_config=None,
                        lifespan="off")
        config.load()
        self.loop = asyncio.new_event_loop()
        self.state = ServerState()
        self.proto = SalonWSProtocol(config, self.state, {}, _loop=self.loop)
        self.transport = FakeTransport()
        self.proto.connection_made(self.transport)
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        self.proto.data_received(
            b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Key: " + key.encode() + b"\r\n\r\n")
        self.run()
        assert self.proto.handshake_complete and self.proto.conn.state is State.OPEN
        assert self.transport.written.startswith(b"HTTP/1.1 101")
        self.transport.written.clear()
        if receiver:
            self.proto.receiver = self.record

    def record(self, data: bytes, is_text: bool) -> None:
        assert type(data) is bytes
        self.received.append((data, is_text))

    def run(self) -> None:
        for _ in range(5):
            self.loop.run_until_complete(asyncio.sleep(0))

    def feed(self, *chunks: bytes) -> None:
        for chunk in chunks:
            if self.transport.closed:
                break
            self.proto.data_received(chunk)
        self.run()

    def frames_written(self) -> list[Frame]:
        """The server's frames on the wire, parsed by a websockets client."""
        client = Protocol(Side.CLIENT, max_size=None)
        client.receive_data(bytes(self.transport.written))
        assert client.parser_exc is None
        return [e for e in client.events_received() if isinstance(e, Frame)]

    def close_code(self) -> int | None:
        closes = [f for f in self.frames_written() if f.opcode is Opcode.CLOSE]
        assert len(closes) <= 1
        return Close.parse(closes[0].data).code if closes else None

    def outcome(self) -> tuple[Any, ...]:
        return (self.received, self.queued, self.proto.queue.qsize(),
                bytes(self.transport.written), self.transport.closed, self.proto.conn.state)

    def close(self) -> None:
        if not self.proto.disconnected:
            self.proto.connection_lost(None)  # the app's receive() returns a disconnect
        self.run()
        for task in list(self.state.tasks):
            task.cancel()
        self.run()
        self.loop.close()


@pytest.fixture
def clients() -> Iterator[Callable[..., Client]]:
    """Make clients (``Client``'s arguments), closed after the test."""
    made: list[Client] = []

    def make(*args: Any, **kwargs: Any) -> Client:
        made.append(Client(*args, **kwargs))
        return made[-1]

    yield make
    for c in made:
        c.close()


@pytest.fixture
def client(clients: Callable[..., Client]) -> Client:
    return clients()


def frame(opcode: Opcode, data: bytes = b"", fin: bool = True, *, mask: bool = True,
          rsv1: bool = False) -> bytes:
    raw = Frame(opcode, data, fin).serialize(mask=mask, extensions=[])
    return bytes((raw[0] | 0x40,)) + raw[1:] if rsv1 else raw


def text(s: str) -> bytes:
    return frame(Opcode.TEXT, s.encode())


MESSAGES = [(b"", True), (b"x", True), ('{"type":"move","card":"7♠"}'.encode(), True),
            (b"\x00\xff" * 62 + b"!", False), (b"a" * 125, True), (b"b" * 126, False),
            ("ç".encode() * 100, True), (b"c" * 65535, False), (b"d" * 65536, True)]


def stream_of(messages: Sequence[tuple[bytes, bool]]) -> bytes:
    return b"".join(frame(Opcode.TEXT if t else Opcode.BINARY, d) for d, t in messages)


# ---------------------------------------------------------------- ordinary messages
def test_ordinary_messages_reach_the_receiver(client: Client) -> None:
    client.feed(stream_of(MESSAGES))
    assert client.received == MESSAGES
    assert client.queued == [] and client.transport.written == b""
    assert not client.transport.closed


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 100, 4096, 65536])
def test_messages_in_chunks_of_any_size_arrive_whole_in_order(client: Client,
                                                              chunk: int) -> None:
    data = stream_of(MESSAGES)
    client.feed(*(data[i:i + chunk] for i in range(0, len(data), chunk)))
    assert client.received == MESSAGES
    assert client.queued == [] and not client.transport.closed


def test_messages_split_at_every_byte_arrive_whole_in_order(
        clients: Callable[..., Client]) -> None:
    messages = [(b"hello", True), (b"b" * 200, False), (b"", True), ("ş".encode(), True)]
    data = stream_of(messages) + frame(Opcode.PING, b"p") + stream_of(messages[:1])
    for cut in range(len(data) + 1):
        c = clients()
        c.feed(data[:cut], data[cut:])
        assert c.received == [*messages, messages[0]], cut
        assert [(f.opcode, f.data) for f in c.frames_written()] == [(Opcode.PONG, b"p")]


def test_a_ping_between_messages_is_answered(client: Client) -> None:
    client.feed(text("a") + frame(Opcode.PING, b"are you there") + text("b"),
                frame(Opcode.PONG, b"unsolicited") + text("c"))
    assert client.received == [(b"a", True), (b"b", True), (b"c", True)]
    assert [(f.opcode, f.data) for f in client.frames_written()] == [
        (Opcode.PONG, b"are you there")]
    assert not client.transport.closed


# ---------------------------------------------------------------- fragments
def test_a_fragmented_message_goes_through_websockets_to_the_receiver(client: Client) -> None:
    client.feed(text("a") + frame(Opcode.TEXT, b"he", fin=False)
                + frame(Opcode.PING, b"p") + frame(Opcode.CONT, b"ll", fin=False),
                frame(Opcode.CONT, b"o") + text("b"),
                text("c"))
    assert client.received == [(b"a", True), (b"hello", True), (b"b", True), (b"c", True)]
    assert client.queued == []  # the receiver got it, not uvicorn's queue
    assert [f.opcode for f in client.frames_written()] == [Opcode.PONG]


def test_a_fragmented_binary_message_split_bytewise(client: Client) -> None:
    data = (frame(Opcode.BINARY, b"\x01", fin=False) + frame(Opcode.CONT, b"\x02" * 130)
            + frame(Opcode.BINARY, b"\x03"))
    client.feed(*(data[i:i + 1] for i in range(len(data))))
    assert client.received == [(b"\x01" + b"\x02" * 130, False), (b"\x03", False)]


def test_a_new_message_inside_a_fragmented_one_fails_1002(client: Client) -> None:
    client.feed(frame(Opcode.TEXT, b"he", fin=False), text("x"))
    assert client.received == [] and client.close_code() == 1002
    assert client.transport.closed


def test_a_stray_continuation_fails_1002(client: Client) -> None:
    # (uvicorn drops the messages of the chunk that holds the bad frame: "a" comes first)
    client.feed(text("a"), frame(Opcode.CONT, b"x") + text("b"))
    assert client.received == [(b"a", True)] and client.close_code() == 1002


# ---------------------------------------------------------------- bad frames, closing
def test_an_unmasked_frame_fails_1002(client: Client) -> None:
    client.feed(text("a"), frame(Opcode.TEXT, b"b", mask=False) + text("c"))
    assert client.received == [(b"a", True)]
    assert client.close_code() == 1002 and client.transport.closed
    assert client.queued == [{"type": "websocket.disconnect", "code": 1002,
                              "reason": "incorrect masking"}]


def test_rsv_bits_fail_1002(client: Client) -> None:
    client.feed(frame(Opcode.TEXT, b"b", rsv1=True))
    assert client.received == [] and client.close_code() == 1002


def test_a_bad_opcode_fails_1002(client: Client) -> None:
    client.feed(bytes((0x83, 0x80)) + b"\0\0\0\0")
    assert client.received == [] and client.close_code() == 1002


@pytest.mark.parametrize("size", [1000, 1001])
def test_too_big_a_message_fails_1009_at_its_header(clients: Callable[..., Client],
                                                    size: int) -> None:
    c = clients(max_size=1000)
    data = frame(Opcode.BINARY, b"z" * size)
    c.feed(data[:20])  # the header says it all: no waiting for the payload
    if size > 1000:
        assert c.close_code() == 1009 and c.transport.closed
    else:
        assert c.transport.written == b"" and not c.transport.closed
        c.feed(data[20:])
        assert c.received == [(b"z" * size, False)]


def test_a_huge_declared_length_fails_1009_at_once(client: Client) -> None:
    client.feed(bytes((0x81, 0xFF)) + (1 << 40).to_bytes(8, "big"))
    assert client.close_code() == 1009 and client.transport.closed


def test_a_close_frame_completes_the_close_handshake(client: Client) -> None:
    client.feed(text("bye") + frame(Opcode.CLOSE, Close(1000, "done").serialize())
                + text("ignored"))
    assert client.received == [(b"bye", True)]
    assert client.close_code() == 1000 and client.transport.closed
    assert client.queued == [{"type": "websocket.disconnect", "code": 1000, "reason": "done"}]


def test_after_the_app_closes_messages_are_discarded(client: Client) -> None:
    client.loop.run_until_complete(client.proto.send({"type": "websocket.close", "code": 1000}))
    client.feed(text("late"), frame(Opcode.CLOSE, Close(1000, "").serialize()))
    assert client.received == []
    assert client.close_code() == 1000 and client.transport.closed


# ---------------------------------------------------------------- receiver set and unset
@pytest.mark.parametrize("cut", [1, 2, 4, 6, 8, 9])
def test_before_the_receiver_messages_are_queued_then_the_line_takes_over(
        clients: Callable[..., Client], cut: int) -> None:
    c = clients(receiver=False)
    # 2 bytes of header, 4 of mask, 4 of payload; a mask that reads as a frame header
    # (a text frame of 2 bytes), so the line would misread "half" were it to start
    # inside it
    mask = b"\x81\x82\x00\x00"
    half = b"\x81\x84" + mask + apply_mask(b"half", mask)
    assert half[:2] == text("half")[:2]
    c.feed(text("early") + half[:cut])  # websockets parses "early" and part of "half"
    assert c.queued == [{"type": "websocket.receive", "text": "early"}]
    c.proto.receiver = c.record
    c.feed(half[cut:] + text("a"), text("b") + text("c"))
    # what was queued stays queued; from the receiver on, every message goes to it
    assert c.received == [(b"half", True), (b"a", True), (b"b", True), (b"c", True)]


def test_a_receiver_unset_mid_chunk_leaves_the_rest_to_the_queue(client: Client) -> None:
    def once(data: bytes, is_text: bool) -> None:
        client.received.append((data, is_text))
        client.proto.receiver = None

    client.proto.receiver = once
    client.feed(text("a") + text("b") + text("c"))
    assert client.received == [(b"a", True)]
    assert client.queued == [{"type": "websocket.receive", "text": "b"},
                             {"type": "websocket.receive", "text": "c"}]


# ---------------------------------------------------------------- against the plain path
@st.composite
def client_frames(draw: st.DrawFn) -> list[bytes]:
    """Frames a client might send: mostly messages, with pings, pongs, fragmented
    messages, and perhaps one frame that ends the connection."""
    out: list[bytes] = []
    payload = st.one_of(st.binary(max_size=20), st.binary(min_size=120, max_size=300))
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["text", "binary", "text", "ping", "pong", "fragmented"]))
        data = draw(payload)
        if kind in ("text", "binary"):
            out.append(frame(Opcode.TEXT if kind == "text" else Opcode.BINARY, data))
        elif kind in ("ping", "pong"):
            out.append(frame(Opcode.PING if kind == "ping" else Opcode.PONG, data[:125]))
        else:
            out.append(frame(draw(st.sampled_from([Opcode.TEXT, Opcode.BINARY])), data,
                             fin=False))
            for _ in range(draw(st.integers(0, 2))):
                if draw(st.booleans()):
                    out.append(frame(Opcode.PING, b"f"))
                out.append(frame(Opcode.CONT, draw(payload), fin=False))
            out.append(frame(Opcode.CONT, draw(payload)))
    end = draw(st.sampled_from([None, "close", "unmasked", "rsv", "big", "cont", "opcode"]))
    if end == "close":
        out.append(frame(Opcode.CLOSE, Close(1000, "").serialize()))
    elif end == "unmasked":
        out.append(frame(Opcode.TEXT, b"u", mask=False))
    elif end == "rsv":
        out.append(frame(Opcode.BINARY, b"r", rsv1=True))
    elif end == "big":
        out.append(frame(Opcode.TEXT, b"B" * 1001))
    elif end == "cont":
        out.append(frame(Opcode.CONT, b"c"))
    elif end == "opcode":
        out.append(bytes((0x84, 0x80)) + b"\0\0\0\0")
    if end is not None and draw(st.booleans()):
        out.append(text("after the end"))
    return out


def websockets_messages(data: bytes) -> list[tuple[bytes, bool]]:
    """The messages websockets' own parser reads in ``data`` (max size 1000)."""
    server = Protocol(Side.SERVER, max_size=1000)
    server.receive_data(data)
    messages: list[tuple[bytes, bool]] = []
    parts: list[bytes] = []
    is_text = False
    for event in server.events_received():
        assert isinstance(event, Frame)
        if event.opcode in (Opcode.TEXT, Opcode.BINARY):
            parts, is_text = [bytes(event.data)], event.opcode is Opcode.TEXT
        elif event.opcode is Opcode.CONT:
            parts.append(bytes(event.data))
        else:
            continue
        if event.fin:
            messages.append((b"".join(parts), is_text))
    return messages


@settings(max_examples=300, deadline=None)
@given(frames=client_frames(), cuts=st.lists(st.integers(0, 4000), max_size=8))
def test_the_receiver_gets_what_websockets_reads(frames: list[bytes], cuts: list[int]) -> None:
    """Any frames, fed frame by frame or in any chunks without a frame that ends the
    connection: the receiver gets exactly websockets' messages. (uvicorn drops the
    messages that share a chunk with a frame that fails the connection.)"""
    data = b"".join(frames)
    by_frame = Client(max_size=1000)
    by_frame.feed(*frames)
    try:
        assert by_frame.received == websockets_messages(data)
    finally:
        by_frame.close()
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    chunked = Client(max_size=1000)
    chunked.feed(*(data[a:b] for a, b in itertools.pairwise(bounds)))
    try:
        if not chunked.transport.closed:
            assert chunked.received == websockets_messages(data)
    finally:
        chunked.close()
