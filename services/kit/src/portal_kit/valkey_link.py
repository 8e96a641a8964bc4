"""One pipelined connection to Valkey (or Redis) per process for every command a service sends: sessions,
throttles, the sealed bodies' nonces, the login's counters, captchas and codes, the caches.

redis-py's asyncio client costs the caller far more CPU a command than the command's own work (its pool's
locks and conditions, a timeout armed per read, retry and observability wrappers, a pipeline object per
transaction). A link keeps one connection per process and writes every
command to it as soon as it is asked; Valkey answers a connection's commands in order, so each caller's future is
the next one waiting when its answer arrives. A transaction (``MULTI`` … ``EXEC``) is written in one piece, so no
other caller's command falls inside it.

A caller that is cancelled leaves its answer to be read and dropped: the connection stays in step. A connection
that breaks fails the commands waiting on it and is opened again by the next command; a command is never sent
twice. A server that does not answer within ``timeout`` seconds has its connection closed, failing what waits on
it. Never for a blocking command (``BLPOP``, ``SUBSCRIBE``): it would hold up every caller behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import ssl
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Union, cast
from urllib.parse import unquote, urlsplit

# What a command answers: bulk and simple strings decoded as UTF-8, integers, nil, or arrays of them.
Reply = Union[str, int, None, list["Reply"]]  # noqa: UP007 - a recursive alias needs the string form
Argument = str | int | float | bytes
Command = Sequence[Argument]

DEFAULT_TIMEOUT = 5.0
log = logging.getLogger("portal_kit.valkey_link")


class ValkeyError(Exception):
    """An error the server answered (``ERR …``, ``NOSCRIPT …``, ``WRONGTYPE …``)."""


class ValkeyConnectionError(ConnectionError):
    """The connection broke, could not be opened, or the server did not answer in time."""


class _Incomplete(Exception):
    pass


_INCOMPLETE = _Incomplete()


def _parse(buffer: bytes | bytearray, start: int) -> tuple[Reply | ValkeyError, int]:
    """One RESP2 reply from ``start``: the reply and where the next begins; ``_Incomplete`` when not all here."""
    end = buffer.find(b"\r\n", start)
    if end < 0:
        raise _INCOMPLETE
    kind = buffer[start]
    if kind == 36:  # $ bulk string
        size = int(buffer[start + 1 : end])
        if size < 0:
            return None, end + 2
        body = end + 2
        if len(buffer) < body + size + 2:
            raise _INCOMPLETE
        return buffer[body : body + size].decode(), body + size + 2
    if kind == 58:  # : integer
        return int(buffer[start + 1 : end]), end + 2
    if kind == 43:  # + simple string
        return buffer[start + 1 : end].decode(), end + 2
    if kind == 45:  # - error
        return ValkeyError(buffer[start + 1 : end].decode()), end + 2
    if kind == 42:  # * array
        count = int(buffer[start + 1 : end])
        if count < 0:
            return None, end + 2
        items: list[Any] = []  # an error inside an array (a command of EXEC's) stays an item
        position = end + 2
        for _ in range(count):
            item, position = _parse(buffer, position)
            items.append(item)
        return items, position
    raise ValkeyConnectionError(f"not a RESP2 reply: {bytes(buffer[start : start + 16])!r}")


def encode(command: Command) -> bytes:
    """A command in RESP: an array of bulk strings."""
    parts = [b"*%d\r\n" % len(command)]
    for argument in command:
        if isinstance(argument, bytes):
            value = argument
        elif isinstance(argument, str):
            value = argument.encode()
        elif isinstance(argument, bool):
            raise TypeError("a Valkey argument is never a bool: say 1 or 0")
        else:
            value = str(argument).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(value), value))
    return b"".join(parts)


def _raised(reply: Reply | ValkeyError) -> Reply:
    if isinstance(reply, ValkeyError):
        raise reply
    return reply


@dataclass(eq=False)
class _Waiting:
    future: asyncio.Future[list[Reply | ValkeyError]]
    expected: int  # replies that belong to this caller
    sent_at: float
    replies: list[Reply | ValkeyError]


class _Connection(asyncio.Protocol):
    def __init__(
        self, loop: asyncio.AbstractEventLoop, timeout: float, pushed: Callable[[Reply], None] | None = None
    ) -> None:
        self.loop = loop
        self.timeout = timeout
        self.transport: asyncio.Transport | None = None
        self.open = False
        self.closed: asyncio.Future[Exception] = loop.create_future()  # the reason, once it is lost
        self._buffer = bytearray()
        self._waiting: deque[_Waiting] = deque()
        self._watchdog: asyncio.TimerHandle | None = None
        self._lost: Exception | None = None
        self._pushed = pushed  # a subscriber's: what arrives while no command waits (messages, confirmations)

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not derive from asyncio's
        self.open = True

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        position = 0
        size = len(buffer)
        waiting = self._waiting
        while position < size:
            try:
                reply, position = _parse(buffer, position)
            except _Incomplete:
                break
            except (ValueError, ValkeyConnectionError) as error:  # the stream is out of step: nothing after is trusted
                self._fail(ValkeyConnectionError(f"Valkey answered what this client cannot read: {error}"))
                return
            if not waiting:
                if self._pushed is not None and not isinstance(reply, ValkeyError):
                    try:
                        self._pushed(reply)
                    except Exception:  # a listener's failure must not leave this buffer to be read again
                        log.exception("a Valkey subscriber's handler failed")
                    continue
                self._fail(ValkeyConnectionError("Valkey answered a command nobody sent"))
                return
            head = waiting[0]
            head.replies.append(reply)
            if len(head.replies) == head.expected:
                waiting.popleft()
                if not head.future.done():  # a cancelled caller's answer is dropped
                    head.future.set_result(head.replies)
        del buffer[:position]

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(ValkeyConnectionError(f"the connection to Valkey is lost: {exc or 'closed'}"))

    # the link's side

    def send(self, payload: bytes, expected: int) -> asyncio.Future[list[Reply | ValkeyError]]:
        if not self.open or self.transport is None:
            raise ValkeyConnectionError(f"the connection to Valkey is lost: {self._lost}")
        future: asyncio.Future[list[Reply | ValkeyError]] = self.loop.create_future()
        self._waiting.append(_Waiting(future, expected, self.loop.time(), []))
        self.transport.write(payload)
        if self._watchdog is None:
            self._watchdog = self.loop.call_later(self.timeout, self._watch)
        return future

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
        self._fail(ValkeyConnectionError("the link is closed"))

    def _watch(self) -> None:
        """Every ``timeout`` seconds while commands wait: close a connection whose oldest has waited that long."""
        self._watchdog = None
        if not self._waiting or not self.open:
            return
        overdue = self.loop.time() - self._waiting[0].sent_at
        if overdue >= self.timeout:
            self._fail(ValkeyConnectionError(f"Valkey did not answer within {self.timeout:g} s"))
            return
        self._watchdog = self.loop.call_later(self.timeout - overdue, self._watch)

    def send_only(self, payload: bytes) -> None:
        """A command whose answers come as pushes (``SUBSCRIBE``, a subscriber's ``PING``)."""
        if not self.open or self.transport is None:
            raise ValkeyConnectionError(f"the connection to Valkey is lost: {self._lost}")
        self.transport.write(payload)

    def _fail(self, error: Exception) -> None:
        if self.open:
            self.open = False
            self._lost = error
            if self.transport is not None:
                self.transport.abort()
        if not self.closed.done():
            self.closed.set_result(error)
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        while self._waiting:
            head = self._waiting.popleft()
            if not head.future.done():
                head.future.set_exception(error)


def _connection_settings(url: str) -> tuple[str, int, str | None, str | None, int, bool]:
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss", "valkey", "valkeys"):
        raise ValueError(f"not a Valkey URL: {parts.scheme}://")
    database = int(parts.path.lstrip("/") or 0)
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return (
        parts.hostname or "127.0.0.1",
        parts.port or 6379,
        user,
        password,
        database,
        parts.scheme in ("rediss", "valkeys"),
    )


class ValkeyLink:
    """The process's connection to Valkey for one-round-trip commands, opened at the first command and again after
    it breaks. Commands from any number of coroutines share it."""

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.host, self.port, self._user, self._password, self._database, self._tls = _connection_settings(url)
        self.timeout = timeout
        self._connection: _Connection | None = None
        self._opening: asyncio.Future[_Connection] | None = None

    async def execute(self, *command: Argument) -> Reply:
        """One command's reply; an error reply raises ``ValkeyError``."""
        (reply,) = await (await self._ready()).send(encode(command), 1)
        return _raised(reply)

    async def pipeline(self, *commands: Command) -> list[Reply]:
        """Several commands in one write and one round trip, each reply in order (not atomic: see ``transaction``).
        The first error reply raises, after every reply has arrived."""
        connection = await self._ready()
        replies = await connection.send(b"".join(encode(command) for command in commands), len(commands))
        return [_raised(reply) for reply in replies]

    async def transaction(self, *commands: Command) -> list[Reply]:
        """``MULTI``, the commands, ``EXEC``: run together with nothing of any other client between them. The
        replies of the commands; a command refused when queued raises and none of them runs."""
        payload = b"".join([encode(("MULTI",)), *(encode(command) for command in commands), encode(("EXEC",))])
        replies = await (await self._ready()).send(payload, len(commands) + 2)
        for reply in replies[:-1]:
            _raised(reply)
        executed = _raised(replies[-1])
        if not isinstance(executed, list):
            raise ValkeyError("EXECABORT the transaction was not run")
        return [_raised(reply) for reply in executed]

    def script(self, source: str) -> Script:
        return Script(self, source)

    async def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def _ready(self) -> _Connection:
        connection = self._connection
        if connection is None or not connection.open or connection.loop is not asyncio.get_running_loop():
            connection = await self._connect()
        return connection

    async def _connect(self) -> _Connection:
        """One opening at a time; the callers that arrive meanwhile wait for it."""
        loop = asyncio.get_running_loop()
        opening = self._opening
        if opening is not None and not opening.done() and opening.get_loop() is loop:
            return await asyncio.shield(opening)
        opening = self._opening = loop.create_future()
        try:
            connection = await self._open(loop)
        except BaseException as error:
            failure = error if isinstance(error, Exception) else ValkeyConnectionError("the opening was cancelled")
            opening.set_exception(failure)
            opening.exception()  # retrieved: nobody else may be waiting for it
            self._opening = None
            raise
        self._connection = connection
        opening.set_result(connection)
        self._opening = None
        return connection

    async def _open(
        self, loop: asyncio.AbstractEventLoop, pushed: Callable[[Reply], None] | None = None
    ) -> _Connection:
        """A new connection, signed in (``AUTH``) and on its database (``SELECT``) before any command is sent."""
        context = ssl.create_default_context() if self._tls else None
        connection: _Connection | None = None
        try:
            async with asyncio.timeout(self.timeout):
                _, connection = await loop.create_connection(
                    lambda: _Connection(loop, self.timeout, pushed), self.host, self.port, ssl=context
                )
                hello: list[Command] = []
                if self._password is not None:
                    hello.append(("AUTH", self._user or "default", self._password))
                if self._database:
                    hello.append(("SELECT", self._database))
                if hello:
                    for reply in await connection.send(b"".join(encode(command) for command in hello), len(hello)):
                        _raised(reply)
        except BaseException as error:
            if connection is not None:
                connection.close()
            if isinstance(error, OSError | TimeoutError):
                raise ValkeyConnectionError(f"cannot connect to Valkey at {self.host}:{self.port}: {error}") from error
            raise
        return connection


class Script:
    """A Lua script run by its digest (``EVALSHA``), sent whole (``EVAL``, which also caches it) only when the
    server does not know it yet, after a restart or a ``SCRIPT FLUSH``."""

    def __init__(self, link: ValkeyLink, source: str) -> None:
        self.link = link
        self.source = source
        self.digest = hashlib.sha1(source.encode()).hexdigest()  # noqa: S324 - the server names scripts by SHA-1

    async def __call__(self, keys: Sequence[str] = (), args: Sequence[Argument] = ()) -> Reply:
        try:
            return await self.link.execute("EVALSHA", self.digest, len(keys), *keys, *args)
        except ValkeyError as error:
            if not str(error).startswith("NOSCRIPT"):
                raise
        return await self.link.execute("EVAL", self.source, len(keys), *keys, *args)


class Subscriber:
    """Messages of some channels, on a connection of their own, with nothing polled: ``heard(channel, message)``
    for each message, ``live(True)`` once the subscription is confirmed (what was published before is unknown),
    ``live(False)`` as soon as it is lost. It subscribes again after ``retry_seconds``, and sends a ``PING`` every
    ``ping_seconds`` so that a connection that died without a word is noticed within ``ping_seconds`` plus the
    link's ``timeout``."""

    def __init__(
        self,
        link: ValkeyLink,
        channels: Sequence[str],
        heard: Callable[[str, str], None],
        live: Callable[[bool], None],
        *,
        retry_seconds: float = 1.0,
        ping_seconds: float = 30.0,
    ) -> None:
        self.link = link
        self.channels = tuple(channels)
        self._heard = heard
        self._live = live
        self.retry_seconds = retry_seconds
        self.ping_seconds = ping_seconds
        self._task: asyncio.Task[None] | None = None
        self._connection: _Connection | None = None
        self._stopping = False
        self._pinged_at: float | None = None  # a PING sent and not yet answered
        self._timer: asyncio.TimerHandle | None = None

    async def start(self) -> None:
        self._stopping = False
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self._stopping = True
        if self._connection is not None:
            self._connection.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._live(False)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self._stopping:
            try:
                connection = self._connection = await self.link._open(loop, self._pushed)
                connection.send_only(encode(("SUBSCRIBE", *self.channels)))
                self._pinged_at = None
                self._timer = loop.call_later(self.ping_seconds, self._ping)
                try:
                    reason = await connection.closed
                finally:
                    self._timer.cancel()
                if not self._stopping:
                    log.warning("Valkey subscription to %s lost: %s", ", ".join(self.channels), reason)
            except (ValkeyConnectionError, ValkeyError) as error:
                log.warning("cannot subscribe to %s: %s", ", ".join(self.channels), error)
            self._connection = None
            self._live(False)
            if not self._stopping:
                await asyncio.sleep(self.retry_seconds)

    def _pushed(self, reply: Reply) -> None:
        if not isinstance(reply, list) or not reply or not isinstance(reply[0], str):
            return
        kind = reply[0].lower()
        if kind == "message" and len(reply) == 3 and isinstance(reply[1], str) and isinstance(reply[2], str):
            self._heard(reply[1], reply[2])
        elif kind == "subscribe" and reply[1] == self.channels[-1]:  # every channel is subscribed now
            self._live(True)
        elif kind == "pong":
            self._pinged_at = None

    def _ping(self) -> None:
        connection = self._connection
        if connection is None or not connection.open:
            return
        self._pinged_at = connection.loop.time()
        connection.send_only(encode(("PING",)))
        self._timer = connection.loop.call_later(self.link.timeout, self._pinged)

    def _pinged(self) -> None:
        """The link's timeout after a PING: a connection that has not answered it is closed, else the next PING."""
        connection = self._connection
        if connection is None or not connection.open:
            return
        if self._pinged_at is not None:
            connection._fail(ValkeyConnectionError("Valkey did not answer the subscription's PING"))
            return
        self._timer = connection.loop.call_later(max(self.ping_seconds - self.link.timeout, 0.0), self._ping)


def as_int(reply: Reply) -> int:
    if not isinstance(reply, int):
        raise ValkeyError(f"expected an integer, Valkey answered {reply!r}")
    return reply


def as_str(reply: Reply) -> str | None:
    """A string reply, or ``None`` for nil (``GET`` of a missing key)."""
    if reply is not None and not isinstance(reply, str):
        raise ValkeyError(f"expected a string, Valkey answered {reply!r}")
    return reply


async def cached_text(valkey: ValkeyLink, key: str, seconds: int, load: Callable[[], Awaitable[str]]) -> str:
    """The text kept under ``key``, or what ``load`` makes, kept for ``seconds`` (two callers that miss at once
    both load; the later one's text stays)."""
    cached = as_str(await valkey.execute("GET", key))
    if cached is None:
        cached = await load()
        await valkey.execute("SET", key, cached, "EX", seconds)
    return cached
