"""The connection behind ``Database.read``: a process's plain reads multiplexed on one PostgreSQL connection in
libpq's pipeline mode.

Each read on a link of its own (``StatementPool``) wakes a server process of its own: under load the server spends
more on those wake-ups and the socket calls around each statement than on a point read, and so does the caller. On
one pipelined connection the reads of every request in flight are written one behind another (each its own
autocommit transaction: a statement and a sync), the one server process answers them in order without sleeping
between them, and each caller is handed its answer in that order.

What it costs: a statement waits for every statement written before it on the connection. So only plain reads by
key belong here, a row or a few, taking no locks (not ``FOR UPDATE``, not a function that writes): one that waits on
a lock or scans whatever a member has (an inbox, a history) holds up every read behind it. A caller cancelled while
its read is under way gets its cancellation at once; the statement still runs on the server and its answer is
dropped.

The reads written in one turn of the event loop leave in one write: each is queued with libpq's
``PQsendPipelineSync`` (a sync without a write) and the connection is flushed once, at the end of the turn. Under load
a process starts a few reads a turn, and each write it saves is a system call on both ends and a server wake-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import itertools
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from psycopg import AsyncConnection, errors, pq
from psycopg._queries import PostgresQuery  # psycopg's conversion of %s / %(name)s and the parameters' dumping
from psycopg.adapt import Transformer

from portal_kit.statement_link import MAX_PREPARED, Parameters, Prepared, statement_rows

_FATAL = pq.ExecStatus.FATAL_ERROR
_SYNC = pq.ExecStatus.PIPELINE_SYNC


def _libpq_send_pipeline_sync() -> Callable[[int], int] | None:
    """libpq's ``PQsendPipelineSync`` (libpq 17 and later; psycopg 3.3 does not wrap it) from the very library
    psycopg's compiled wrapper is linked with: a symbol looked up through that extension module is searched in its
    dependencies too, so the function runs on psycopg's own ``PGconn``. None where that is not at hand (psycopg's
    pure-Python wrapper, or an older libpq): each read's sync then writes at once."""
    if pq.version() < 170000:
        return None
    path = getattr(sys.modules.get(pq.PGconn.__module__), "__file__", None) or ""
    if not path.endswith((".so", ".pyd")):
        return None
    try:
        function = ctypes.CDLL(path).PQsendPipelineSync
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_void_p]
    function.restype = ctypes.c_int
    return function


SEND_PIPELINE_SYNC = _libpq_send_pipeline_sync()


class PipelineClosed(errors.OperationalError):
    """The read pipeline was closed (the process is shutting down) before the read was answered."""


@dataclass
class _Pending:
    """A read written to the connection and not yet answered: its caller's future and the results so far."""

    answer: asyncio.Future[pq.abc.PGresult]
    results: list[pq.abc.PGresult] = field(default_factory=list)


class _Channel:
    """One connection in pipeline mode, watched by the event loop it was opened on for its whole life."""

    def __init__(self, connection: AsyncConnection) -> None:
        self.connection = connection
        self._pgconn = connection.pgconn
        self._pgconn.nonblocking = 1
        self._pgconn.enter_pipeline_mode()
        self._transformer = Transformer.from_context(connection)
        self._prepared: Prepared = {}
        self._names = itertools.count()
        self._pending: deque[_Pending] = deque()
        self.loop = asyncio.get_running_loop()
        self._socket = self._pgconn.socket
        self.loop.add_reader(self._socket, self._readable)
        self._writing = False
        self._flush_due = False  # a flush is scheduled for the end of this turn of the loop
        self.usable = True

    @classmethod
    async def open(cls, url: str) -> _Channel:
        return cls(await AsyncConnection.connect(url, autocommit=True))

    async def rows(self, statement: str, params: Parameters) -> list[tuple[Any, ...]]:
        return await statement_rows(self._transformer, self._prepared, statement, params, self._run)

    async def _run(self, query: PostgresQuery) -> pq.abc.PGresult:
        if not self.usable:
            raise errors.OperationalError("the connection to the database is lost")
        pgconn = self._pgconn
        key = (query.query, query.types)
        name = self._prepared.get(key)
        try:
            if name is None and len(self._prepared) < MAX_PREPARED:
                # Prepared in the same pipeline, ahead of its first run: a read written after this one may use the
                # name at once, since the server takes the statements in order. (If the preparation fails, a read
                # that used the name meets "prepared statement does not exist" and prepares it again: ``rows``.)
                name = f"portal_read_{next(self._names)}".encode()
                pgconn.send_prepare(name, query.query, param_types=query.types)
                self._prepared[key] = name
            if name is None:
                pgconn.send_query_params(
                    query.query, query.params, param_types=query.types, param_formats=query.formats
                )
            else:
                pgconn.send_query_prepared(name, query.params, param_formats=query.formats)
            self._sync(pgconn)
        except errors.Error as error:  # the connection broke: nothing more can be written on it
            self._fail(error)
            raise
        pending = _Pending(self.loop.create_future())
        self._pending.append(pending)
        if not self._flush_due:
            self._flush_due = True
            self.loop.call_soon(self._flush_turn)
        return await pending.answer

    @staticmethod
    def _sync(pgconn: pq.abc.PGconn) -> None:
        """The read's end (its own transaction's): queued for the turn's one write, or written at once (what is left
        unwritten then goes with the turn's flush)."""
        if SEND_PIPELINE_SYNC is None:
            pgconn.pipeline_sync()
            return
        pointer: int | None = pgconn.pgconn_ptr  # type: ignore[attr-defined]  # every wrapper has it, not the protocol
        if pointer is None:  # finished: libpq's function would take a null connection
            raise errors.OperationalError("the connection to the database is closed")
        if SEND_PIPELINE_SYNC(pointer) != 1:
            raise errors.OperationalError(f"the sync was not queued: {pgconn.get_error_message()}")

    def _flush_turn(self) -> None:
        self._flush_due = False
        if self.usable:
            self._flush()

    def _flush(self) -> None:
        """Write what libpq holds; while some is left, the socket is watched for room and this runs again."""
        try:
            unsent = self._pgconn.flush()
        except errors.Error as error:
            self._fail(error)
            return
        if unsent and not self._writing:
            self._writing = True
            self.loop.add_writer(self._socket, self._flush)
        elif not unsent and self._writing:
            self._writing = False
            self.loop.remove_writer(self._socket)

    def _readable(self) -> None:
        """What arrived read, and every read whose answer is complete (its sync reached) handed to its caller."""
        pgconn = self._pgconn
        try:
            pgconn.consume_input()
            while not pgconn.is_busy():
                result = pgconn.get_result()
                if result is None:
                    # Between two results of the read under way, or nothing more to take for now.
                    if self._pending and self._pending[0].results:
                        continue
                    return
                if result.status != _SYNC:
                    if self._pending:
                        self._pending[0].results.append(result)
                    continue
                if self._pending:
                    self._answer(self._pending.popleft())
        except errors.Error as error:  # the connection is gone (or the server ended it)
            self._fail(error)

    @staticmethod
    def _answer(pending: _Pending) -> None:
        """The read's answer: its preparation's or its own failure, or its result."""
        if pending.answer.done():  # a cancelled caller's: dropped
            return
        if not pending.results:
            pending.answer.set_exception(errors.InternalError("the server answered the statement with no result"))
            return
        failed = next((result for result in pending.results if result.status == _FATAL), None)
        pending.answer.set_result(failed if failed is not None else pending.results[-1])

    def _fail(self, error: BaseException) -> None:
        """The connection is of no more use: stop watching it and fail every read still waiting on it."""
        self.usable = False
        self._unwatch()
        while self._pending:
            answer = self._pending.popleft().answer
            if not answer.done():
                answer.set_exception(error)

    def _unwatch(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.remove_reader(self._socket)
        if self._writing:
            self._writing = False
            self.loop.remove_writer(self._socket)

    async def close(self) -> None:
        self._fail(PipelineClosed("the read pipeline is closed"))
        await self.connection.close()

    def abandon(self) -> None:
        """Closed without the event loop it was opened on (that loop has ended)."""
        self.usable = False
        self._pending.clear()
        with contextlib.suppress(errors.Error):
            self._pgconn.finish()


class ReadPipeline:
    """A process's plain reads on one pipelined connection, opened at the first read and opened again after the
    connection broke (the reads under way when it broke fail with psycopg's error). A pipeline may outlive the
    event loop it first ran on (a test's loop, say): a read on another loop gets a connection of its own."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._channel: _Channel | None = None
        self._opening: asyncio.Task[_Channel] | None = None
        self._closed = False

    async def rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """The statement's rows; a failure raises psycopg's error for it (as ``Link.rows`` does)."""
        channel = self._channel
        if channel is None or not channel.usable or channel.loop is not asyncio.get_running_loop():
            channel = await self._open()
        return await channel.rows(statement, params)

    async def _open(self) -> _Channel:
        if self._closed:
            raise PipelineClosed("the read pipeline is closed")
        loop = asyncio.get_running_loop()
        opening = self._opening
        if opening is None or opening.done() or opening.get_loop() is not loop:
            # One opening for every read that finds no usable connection meanwhile (a finished one opened the
            # connection found unusable, or failed).
            opening = self._opening = loop.create_task(self._replace())
        try:
            return await asyncio.shield(opening)
        finally:
            if opening.done() and self._opening is opening:
                self._opening = None

    async def _replace(self) -> _Channel:
        old, self._channel = self._channel, None
        if old is not None:
            if old.loop.is_closed():
                old.abandon()
            elif old.loop is asyncio.get_running_loop():
                await old.close()
        channel = await _Channel.open(self._url)
        if self._closed:
            await channel.close()
            raise PipelineClosed("the read pipeline is closed")
        self._channel = channel
        return channel

    async def close(self) -> None:
        self._closed = True
        channel, self._channel = self._channel, None
        if channel is not None and channel.loop is asyncio.get_running_loop():
            await channel.close()
        elif channel is not None and channel.loop.is_closed():
            channel.abandon()
