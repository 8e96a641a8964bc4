"""The member sockets' WebSocket server under uvicorn: ``--ws notifications_service.push.ws_protocol:LeanWebSocketProtocol``
(``WS_OPTIONS`` in ``portal_stack.services``, and the deployment's command).

uvicorn's own protocols keep, for every socket's life, what only its handshake needed: the upgrade request and its
headers (websockets' server parser holds the request it parsed), the response, an ``asyncio.Queue`` (four deques of
64 slots, and an event) and an ``asyncio.Event`` for the app's messages and the transport's flow, a ping timer: about
12 KiB an idle socket, where the sockets' replicas hold tens of thousands. This one does what uvicorn's
``websockets-sansio`` does for the ASGI app (the same messages, close codes, flow control and shutdown), with
websockets' Sans-I/O parser, and keeps only what an open socket needs: the handshake's parser and request are let
go once the app answered, the app's messages wait in a list made when one does, a paused transport is waited for on
a future made when it pauses. It never negotiates compression (a zlib context a socket would cost more than its
frames) and sends no pings of its own: the app's heartbeat pings every socket and closes the silent ones
(``push.hub``). ``--ws-max-size`` is the largest frame a browser may send (refused with ``1009`` before it is read
whole)."""

from __future__ import annotations

import asyncio
import logging
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import unquote

from uvicorn.config import Config
from uvicorn.protocols.utils import (
    ClientDisconnected,
    get_client_addr,
    get_local_addr,
    get_path_with_query_string,
    get_remote_addr,
    is_ssl,
)
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import Protocol, Side, State
from websockets.server import ServerProtocol

CLOSE_TIMEOUT = 10.0  # after the app's close frame, how long the browser has to answer it before the TCP close
CONNECT: dict[str, Any] = {"type": "websocket.connect"}


class LeanWebSocketProtocol(asyncio.Protocol):
    """One socket: its handshake, then its frames in and out for the ASGI app; the app runs in a task of its own,
    as under uvicorn's protocols."""

    __slots__ = (
        "app", "app_state", "close_sent", "close_timer", "config", "conn", "connections", "default_headers",
        "disconnected", "fragments", "handshake", "handshake_complete", "logger", "loop", "paused", "pending",
        "read_paused", "scope", "tasks", "text", "transport", "waiter",
    )  # fmt: skip

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        if not config.loaded:
            config.load()
        self.config = config
        self.app = config.loaded_app
        self.loop = _loop or asyncio.get_event_loop()
        self.logger = logging.getLogger("uvicorn.error")
        self.app_state = app_state
        self.connections = server_state.connections
        self.tasks = server_state.tasks
        self.default_headers = server_state.default_headers
        self.transport: asyncio.Transport = None  # type: ignore[assignment]  # set as the connection is made
        # The handshake's parser until the app answers it; then one that reads and writes frames only.
        self.conn: Protocol = ServerProtocol(max_size=config.ws_max_size, logger=self.logger)
        self.scope: dict[str, Any] | None = None  # until the handshake is answered (its log lines name it)
        self.handshake: Response | None = None  # the 101 answer, until the app accepts (or refuses)
        self.handshake_complete = False
        self.close_sent = False
        self.disconnected = False
        self.close_timer: asyncio.TimerHandle | None = None
        self.pending: list[dict[str, Any]] | None = None  # the messages the app has not received yet
        self.waiter: asyncio.Future[None] | None = None  # the app waiting for one
        self.paused: asyncio.Future[None] | None = None  # the transport's buffer full: senders wait on it
        self.read_paused = False
        self.fragments: list[bytes] | None = None  # a fragmented message's frames so far
        self.text = False  # whether that message is text

    # The transport's calls

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.connections.add(self)  # type: ignore[arg-type]  # uvicorn's shutdown asks each to shut down

    def connection_lost(self, exc: Exception | None) -> None:
        self._put({"type": "websocket.disconnect", "code": 1005 if self.handshake_complete else 1006})
        self.connections.discard(self)
        self.handshake_complete = True
        self.disconnected = True
        self._resume_senders()  # a transport lost while paused never resumes
        if self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = None
        if exc is None:
            self.transport.close()

    def eof_received(self) -> None:
        pass

    def pause_writing(self) -> None:
        if self.paused is None:
            self.paused = self.loop.create_future()

    def resume_writing(self) -> None:
        self._resume_senders()

    def _resume_senders(self) -> None:
        paused, self.paused = self.paused, None
        if paused is not None and not paused.done():
            paused.set_result(None)

    def data_received(self, data: bytes) -> None:
        self.conn.receive_data(data)
        if self.conn.parser_exc is not None:
            self._parser_failed()
            return
        for event in self.conn.events_received():
            if isinstance(event, Request):
                self._connect(event)
            elif isinstance(event, Frame):
                self._frame(event)

    def shutdown(self) -> None:
        """The server is stopping (uvicorn asks each connection): an open socket is closed with ``1012``, one
        closing already (either side's close sent) is let go."""
        if self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = None
        if not self.close_sent and not self.transport.is_closing():
            if not self.handshake_complete:
                self._send_500()
            elif self.conn.state is State.OPEN:
                self._put({"type": "websocket.disconnect", "code": 1012})
                self.conn.send_close(1012)
                self._flush()
        self.transport.close()

    # The handshake

    def _connect(self, request: Request) -> None:
        assert isinstance(self.conn, ServerProtocol)
        response = self.conn.accept(request)
        if response.status_code != 101:  # not a WebSocket handshake websockets can answer
            self.handshake_complete = self.close_sent = True
            self.conn.send_response(response)
            self._flush()
            self.transport.close()
            return
        self.handshake = response
        headers = [(key.encode("ascii"), value.encode("latin-1")) for key, value in request.headers.raw_items()]
        raw_path, _, query_string = request.path.partition("?")
        subprotocols = [
            token.strip() for header in request.headers.get_all("Sec-WebSocket-Protocol") for token in header.split(",")
        ]
        root_path = self.config.root_path
        self.scope = {
            "type": "websocket",
            "asgi": {"version": self.config.asgi_version, "spec_version": "2.4"},
            "http_version": "1.1",
            "scheme": "wss" if is_ssl(self.transport) else "ws",
            "server": get_local_addr(self.transport),
            "client": get_remote_addr(self.transport),
            "root_path": root_path,
            "path": root_path + unquote(raw_path),
            "raw_path": root_path.encode("ascii") + raw_path.encode("ascii"),
            "query_string": query_string.encode("ascii"),
            "headers": headers,
            "subprotocols": subprotocols,
            "state": self.app_state.copy(),
            "extensions": {},
        }
        self._put(CONNECT)
        task = self.loop.create_task(self._run(self.scope))
        task.add_done_callback(self.tasks.discard)
        self.tasks.add(task)

    def _answered(self) -> None:
        """The handshake is answered: what only it needed goes."""
        self.handshake_complete = True
        self.handshake = None
        self.scope = None

    def _log(self, outcome: str) -> None:
        """The handshake's outcome, as uvicorn's protocols log it."""
        scope: Any = self.scope  # uvicorn's helpers read the scope's client, path and query
        self.logger.info('%s - "WebSocket %s" %s', get_client_addr(scope), get_path_with_query_string(scope), outcome)

    # Frames from the browser

    def _frame(self, frame: Frame) -> None:
        if frame.opcode is Opcode.TEXT or frame.opcode is Opcode.BINARY:
            self.text = frame.opcode is Opcode.TEXT
            self.fragments = [bytes(frame.data)]
        elif frame.opcode is Opcode.CONT and self.fragments is not None:
            self.fragments.append(bytes(frame.data))
        elif frame.opcode is Opcode.CLOSE:
            self._closed_by_browser()
            return
        else:  # a ping (websockets answered it) or a pong
            self._flush()
            return
        if frame.fin:
            self._message()

    def _message(self) -> None:
        assert self.fragments is not None
        data = b"".join(self.fragments)
        self.fragments = None
        if self.close_sent:
            return  # the app is past its close: the browser's answer is awaited, not its messages
        if self.text:
            try:
                self._put({"type": "websocket.receive", "text": data.decode()})
            except UnicodeDecodeError:
                self.logger.exception("Invalid UTF-8 sequence received from client.")
                self.conn.send_close(1007)
                self._parser_failed()
                return
        else:
            self._put({"type": "websocket.receive", "bytes": data})
        if not self.read_paused:  # one message at a time: the next is read once the app took this one
            self.read_paused = True
            self.transport.pause_reading()

    def _closed_by_browser(self) -> None:
        if self.close_sent:  # the browser answered the app's close: the closing handshake is complete
            if self.close_timer is not None:
                self.close_timer.cancel()
                self.close_timer = None
                self.transport.close()
            return
        if not self.transport.is_closing():
            received = self.conn.close_rcvd
            assert received is not None
            self._put({"type": "websocket.disconnect", "code": received.code, "reason": received.reason})
            self._flush()  # websockets' answer to the close
            self.transport.close()

    def _parser_failed(self) -> None:
        sent = self.conn.close_sent
        self._put({"type": "websocket.disconnect", "code": sent.code if sent else 1006,
                   "reason": sent.reason if sent else ""})  # fmt: skip
        self._flush()
        self.close_sent = True
        self.transport.close()

    # The app's side (ASGI)

    def _put(self, message: dict[str, Any]) -> None:
        if self.pending is None:
            self.pending = [message]
        else:
            self.pending.append(message)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def receive(self) -> dict[str, Any]:
        while not self.pending:
            self.waiter = self.loop.create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        message = self.pending.pop(0)
        if not self.pending:
            self.pending = None
            if self.read_paused:
                self.read_paused = False
                self.transport.resume_reading()
        return message

    async def _run(self, scope: dict[str, Any]) -> None:
        try:
            result = await self.app(scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            self.logger.exception("Exception in ASGI application\n")
            self._send_500()
        else:
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self._send_500()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
        if self.close_timer is None:
            self.transport.close()

    async def send(self, message: dict[str, Any]) -> None:
        if self.paused is not None:
            await asyncio.shield(self.paused)
        if self.disconnected:
            raise ClientDisconnected
        kind = message["type"]
        if not self.handshake_complete:
            if kind == "websocket.accept":
                self._accept(message)
            elif kind == "websocket.close":
                self._refuse()
            else:
                raise RuntimeError(f"Expected ASGI message 'websocket.accept' or 'websocket.close' but got '{kind}'.")
        elif not self.close_sent:
            try:
                if kind == "websocket.send":
                    data, text = message.get("bytes"), message.get("text")
                    if data is not None:
                        self.conn.send_binary(data)
                    elif text is not None:
                        self.conn.send_text(text.encode())
                    self._flush()
                elif kind == "websocket.close":
                    self._close(message.get("code", 1000), message.get("reason") or "")
                else:
                    raise RuntimeError(
                        f"Expected ASGI message 'websocket.send' or 'websocket.close', but got '{kind}'."
                    )
            except InvalidState:
                raise ClientDisconnected from None
        else:
            raise RuntimeError(f"Unexpected ASGI message '{kind}', after sending 'websocket.close'.")

    def _accept(self, message: dict[str, Any]) -> None:
        assert isinstance(self.conn, ServerProtocol)
        self._log("[accepted]")
        response = self.handshake
        assert response is not None
        headers = [
            (name.decode("latin-1").lower(), value.decode("latin-1"))
            for name, value in (*self.default_headers, *message.get("headers", []))
        ]
        if message.get("subprotocol"):
            headers.append(("Sec-WebSocket-Protocol", message["subprotocol"]))
        del response.headers["Date"]
        response.headers.update(headers)
        self._answered()
        if not self.transport.is_closing():
            self.conn.send_response(response)
            self._flush()
            # Frames from here on: a parser of frames only, without the handshake's state.
            self.conn = Protocol(Side.SERVER, state=State.OPEN, max_size=self.config.ws_max_size, logger=self.logger)

    def _refuse(self) -> None:
        """The app closed before it accepted: the upgrade is answered 403."""
        assert isinstance(self.conn, ServerProtocol)
        self._put({"type": "websocket.disconnect", "code": 1006})
        self._log("403")
        self.conn.send_response(self.conn.reject(HTTPStatus.FORBIDDEN, ""))
        self._answered()
        self.close_sent = True
        self._flush()
        self.transport.close()

    def _close(self, code: int, reason: str) -> None:
        if self.transport.is_closing():
            return
        self._put({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.conn.send_close(code, reason)
        self._flush()
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(CLOSE_TIMEOUT, self.transport.close)

    def _send_500(self) -> None:
        if self.handshake_complete or not isinstance(self.conn, ServerProtocol):
            return
        self.conn.send_response(self.conn.reject(500, "Internal Server Error"))
        self._flush()

    def _flush(self) -> None:
        output = self.conn.data_to_send()
        if output:
            self.transport.write(b"".join(output))
