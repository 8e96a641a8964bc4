"""The member sockets' WebSocket server (``push.ws_protocol``) against websockets' own client, byte for byte, on a
transport that keeps what is written: what an ASGI app is told and what the browser gets, at the handshake, for its
frames, at a close from either side, at the server's shutdown and while the transport is full. (The notifications
tests run every replica on it too: ``WS_OPTIONS``.)"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, cast

import pytest
from notifications_service.push.ws_protocol import LeanWebSocketProtocol
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import Protocol
from websockets.uri import parse_uri

Message = dict[str, Any]
App = Callable[[Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


@pytest.fixture(autouse=True)
def clean_state() -> None:
    """No servers: the protocol alone."""


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False
        self.reading = True

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def taken(self) -> bytes:
        data, self.written = bytes(self.written), bytearray()
        return data


class Browser:
    """websockets' Sans-I/O client on one side of the protocol under test."""

    def __init__(self, app: App, protocols: list[str] | None = None, max_size: int = 4096) -> None:
        config = Config(app=app, ws_max_size=max_size, lifespan="off")
        config.load()
        self.state = ServerState()
        self.server = LeanWebSocketProtocol(config, self.state, {}, asyncio.get_running_loop())
        self.transport = Transport()
        self.server.connection_made(self.transport)
        self.client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws?tab=1"), subprotocols=protocols)  # type: ignore[arg-type]
        self.client.send_request(self.client.connect())
        self.server.data_received(b"".join(self.client.data_to_send()))

    def send(self, frame: Frame) -> None:
        self.client.send_frame(frame)
        self.server.data_received(b"".join(self.client.data_to_send()))

    def received(self) -> list[Any]:
        """What the server wrote since, as the client reads it (the handshake's response, then frames)."""
        self.client.receive_data(self.transport.taken())
        return list(self.client.events_received())

    async def settle(self) -> None:
        for _ in range(10):
            await asyncio.sleep(0)


def recording(script: Callable[[Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]],
              told: list[Message], scopes: list[Message]) -> App:  # fmt: skip
    async def app(scope: Message, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:  # fmt: skip
        scopes.append(scope)

        async def receive_told() -> Message:
            message = await receive()
            told.append(message)
            return message

        await script(receive_told, send)

    return app


async def test_an_accepted_socket_keeps_nothing_of_its_handshake_and_passes_frames_both_ways() -> None:
    told: list[Message] = []
    scopes: list[Message] = []

    async def echo(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.accept", "subprotocol": "portal.v1"})
        while (message := await receive())["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": "got " + message["text"]})

    browser = Browser(recording(echo, told, scopes), ["portal.v1", "token"])
    await browser.settle()
    [response, *_] = browser.received()
    assert isinstance(response, Response)
    assert (response.status_code, response.headers["Sec-WebSocket-Protocol"]) == (101, "portal.v1")
    assert "Sec-WebSocket-Extensions" not in response.headers  # never compressed
    [scope] = scopes
    assert (scope["path"], scope["query_string"], scope["subprotocols"]) == ("/ws", b"tab=1", ["portal.v1", "token"])
    assert scope["client"] == ("127.0.0.1", 50000)
    # Nothing of the handshake is kept: a parser of frames only, no request, response or scope.
    assert type(browser.server.conn) is Protocol
    assert (browser.server.handshake, browser.server.scope, browser.server.pending) == (None, None, None)

    browser.send(Frame(Opcode.TEXT, b"one"))
    browser.send(Frame(Opcode.TEXT, b"tw", fin=False))  # a fragmented message arrives whole
    browser.send(Frame(Opcode.CONT, b"o"))
    await browser.settle()
    assert [frame.data for frame in browser.received()] == [b"got one", b"got two"]
    assert browser.transport.reading  # paused while a message waited for the app, read again once it took it

    browser.send(Frame(Opcode.PING, b"hi"))  # answered by the server, not the app
    [pong] = browser.received()
    assert (pong.opcode, pong.data) == (Opcode.PONG, b"hi")

    browser.send(Frame(Opcode.CLOSE, Close(1000, "bye").serialize()))
    await browser.settle()
    [close] = browser.received()
    assert Close.parse(close.data).code == 1000  # the close answered
    assert told[0] == {"type": "websocket.connect"}
    assert told[-1] == {"type": "websocket.disconnect", "code": 1000, "reason": "bye"}
    assert browser.transport.closed


async def test_a_socket_closed_before_its_accept_is_refused_at_the_upgrade() -> None:
    told: list[Message] = []

    async def refuse(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.close", "code": 4401})
        await receive()

    browser = Browser(recording(refuse, told, []))
    await browser.settle()
    [response] = browser.received()
    assert response.status_code == 403
    assert told == [{"type": "websocket.connect"}, {"type": "websocket.disconnect", "code": 1006}]
    assert browser.transport.closed


async def test_a_frame_over_the_limit_is_refused_and_the_app_told() -> None:
    told: list[Message] = []

    async def wait(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await receive()

    browser = Browser(recording(wait, told, []), max_size=16)
    await browser.settle()
    browser.received()
    browser.send(Frame(Opcode.TEXT, b"x" * 17))
    await browser.settle()
    [close] = browser.received()
    assert Close.parse(close.data).code == 1009
    assert told[-1]["code"] == 1009
    assert browser.transport.closed


async def test_the_apps_close_is_sent_and_the_browsers_answer_ends_the_connection() -> None:
    told: list[Message] = []
    late: list[str] = []

    async def close(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4409, "reason": "superseded"})
        await receive()
        try:
            await send({"type": "websocket.send", "text": "late"})
        except RuntimeError as refused:
            late.append(str(refused))

    browser = Browser(recording(close, told, []))
    await browser.settle()
    assert told[-1] == {"type": "websocket.disconnect", "code": 4409, "reason": "superseded"}
    assert late == ["Unexpected ASGI message 'websocket.send', after sending 'websocket.close'."]
    [_, frame] = browser.received()
    assert Close.parse(frame.data) == Close(4409, "superseded")
    assert not browser.transport.closed  # the browser has a while to answer
    browser.server.data_received(b"".join(browser.client.data_to_send()))  # websockets' client answered the close
    assert browser.transport.closed


async def test_a_stopping_server_closes_open_sockets_with_1012() -> None:
    told: list[Message] = []

    async def wait(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await receive()

    browser = Browser(recording(wait, told, []))
    await browser.settle()
    browser.received()
    assert cast(set[object], browser.state.connections) == {browser.server}
    browser.server.shutdown()
    await browser.settle()
    [close] = browser.received()
    assert Close.parse(close.data).code == 1012
    assert told[-1] == {"type": "websocket.disconnect", "code": 1012}
    browser.server.connection_lost(None)
    assert not browser.state.connections
    assert not browser.state.tasks  # the app's task ended

    leaving = Browser(recording(wait, [], []))  # its close answered, its connection not yet lost
    await leaving.settle()
    leaving.send(Frame(Opcode.CLOSE, Close(1001, "").serialize()))
    leaving.received()
    leaving.server.shutdown()  # nothing more to send: no error, which would stop uvicorn asking the others
    assert leaving.received() == []
    assert leaving.transport.closed


async def test_a_full_transport_holds_the_senders_until_it_drains_or_is_lost() -> None:
    sent: list[str] = []

    async def flood(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        for text in ("a", "b"):
            await send({"type": "websocket.send", "text": text})
            sent.append(text)
        await receive()

    drained = Browser(recording(flood, [], []))
    drained.server.pause_writing()
    await drained.settle()
    assert sent == []  # not even the accept went out
    drained.server.resume_writing()
    await drained.settle()
    assert sent == ["a", "b"]
    assert [frame.data for frame in drained.received()[1:]] == [b"a", b"b"]

    sent.clear()
    lost = Browser(recording(flood, [], []))
    lost.server.pause_writing()
    await lost.settle()
    lost.server.connection_lost(None)  # a transport lost while paused never resumes: its senders give up
    await lost.settle()
    assert sent == []
    assert not lost.state.tasks


async def test_an_app_that_fails_before_its_accept_answers_500() -> None:
    async def failing(receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        raise RuntimeError("boom")

    browser = Browser(recording(failing, [], []))
    await browser.settle()
    [response] = browser.received()
    assert response.status_code == 500
    assert browser.transport.closed
