"""One PostgreSQL connection driven at libpq's level for one-statement calls (``Database.call``).

psycopg's cursor costs more than a short statement itself: its lock, its generators, a watch on the socket set and
removed for every wait (two system calls), a new Future per wait, the prepared-statement bookkeeping. A hot read or
a money call needs none of it. A link keeps what they need: psycopg's own adapters turn the parameters into the
protocol's values and the answer into Python values, the statement is prepared on the server at its first use, and
the socket is watched for the connection's whole life; its one waiter is woken when an answer is complete.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from psycopg import AsyncConnection, abc, errors, pq
from psycopg._queries import PostgresQuery  # psycopg's conversion of %s / %(name)s and the parameters' dumping
from psycopg.adapt import Transformer

# Positional (%s) or named (%(name)s) parameters of a statement.
Parameters = Sequence[Any] | Mapping[str, Any]

MAX_PREPARED = 256  # statements prepared per connection; any beyond run unprepared
CANCEL_SECONDS = 5.0  # a cancelled call's statement stopped on the server and its answer drained, or the link closed
# A prepared statement the server no longer takes as it was prepared (its table changed, or it was deallocated):
# prepared again and run once more. Each call is one statement in its own transaction, so the failed run left
# nothing behind.
STALE_PREPARED = frozenset({b"0A000", b"26000"})

_FATAL = pq.ExecStatus.FATAL_ERROR
_TUPLES = pq.ExecStatus.TUPLES_OK


Prepared = dict[tuple[bytes, tuple[int, ...]], bytes]  # a connection's prepared statements: (query, types) -> name


async def statement_rows(
    transformer: abc.Transformer,
    prepared: Prepared,
    statement: str,
    params: Parameters,
    run: Callable[[PostgresQuery], Awaitable[pq.abc.PGresult]],
) -> list[tuple[Any, ...]]:
    """The statement converted by psycopg, ``run`` on a connection (once more, prepared again, when its prepared
    statement went stale) and its rows as psycopg gives them, or its failure raised as psycopg's error."""
    query = PostgresQuery(transformer)
    query.convert(statement, params)
    result = await run(query)
    if result.status == _FATAL and result.error_field(pq.DiagnosticField.SQLSTATE) in STALE_PREPARED:
        prepared.pop((query.query, query.types), None)
        result = await run(query)
    if result.status == _FATAL:
        raise errors.error_from_result(result, encoding=transformer.encoding)
    if result.status != _TUPLES or not result.nfields:
        return []
    # No await between these two: another call on the same transformer cannot take it meanwhile.
    transformer.set_pgresult(result)
    return transformer.load_rows(0, result.ntuples, tuple)


class Link:
    """Not shared: one call at a time (the pool leases it). ``usable`` is false once the connection broke, or a
    cancelled call may have left it mid-statement; the pool then closes it."""

    def __init__(self, connection: AsyncConnection) -> None:
        self.connection = connection
        self._pgconn = connection.pgconn
        self._pgconn.nonblocking = 1
        self._transformer = Transformer.from_context(connection)
        self._prepared: Prepared = {}
        self._names = itertools.count()
        self._loop = asyncio.get_running_loop()
        self._waiter: asyncio.Future[None] | None = None
        self._socket = self._pgconn.socket
        self._loop.add_reader(self._socket, self._readable)
        self._watched = True
        self.usable = True

    @classmethod
    async def open(cls, url: str) -> Link:
        return cls(await AsyncConnection.connect(url, autocommit=True))

    @property
    def idle(self) -> bool:
        """Ready for a call on the running event loop: not broken, no statement under way, and watched by this
        loop (a link opened on a loop that has ended is of no use on another)."""
        pgconn = self._pgconn
        return (
            self.usable
            and pgconn.status == pq.ConnStatus.OK
            and pgconn.transaction_status == pq.TransactionStatus.IDLE
            and self._loop is asyncio.get_running_loop()
        )

    async def rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """The statement's rows (none for a statement that returns no rows); a failure raises psycopg's error for
        it (``psycopg.errors.UniqueViolation`` and so on) and leaves the link idle."""
        return await statement_rows(self._transformer, self._prepared, statement, params, self._run)

    async def close(self) -> None:
        self.usable = False
        self._unwatch()
        await self.connection.close()

    async def _run(self, query: PostgresQuery) -> pq.abc.PGresult:
        key = (query.query, query.types)
        name = self._prepared.get(key)
        if name is None and len(self._prepared) < MAX_PREPARED:
            name = f"portal_{next(self._names)}".encode()
            self._pgconn.send_prepare(name, query.query, param_types=query.types)
            prepared = await self._exchange()
            if prepared.status == _FATAL:
                return prepared
            self._prepared[key] = name
        if name is None:
            self._pgconn.send_query_params(
                query.query, query.params, param_types=query.types, param_formats=query.formats
            )
        else:
            self._pgconn.send_query_prepared(name, query.params, param_formats=query.formats)
        return await self._exchange()

    async def _exchange(self) -> pq.abc.PGresult:
        """The command just queued sent, and its result (the first, for a statement that gave several)."""
        sent = False
        try:
            while self._pgconn.flush():
                await self._writable()
            sent = True
            results = await self._results()
        except asyncio.CancelledError:
            await self._abandon(sent)
            raise
        if not results:
            raise errors.InternalError("the server answered the statement with no result")
        return results[0]

    async def _results(self) -> list[pq.abc.PGresult]:
        pgconn = self._pgconn
        results: list[pq.abc.PGresult] = []
        while True:
            while pgconn.is_busy():
                if not self._watched:
                    raise errors.OperationalError("the connection to the database is lost")
                self._waiter = self._loop.create_future()
                try:
                    await self._waiter
                finally:
                    self._waiter = None
            result = pgconn.get_result()
            if result is None:
                return results
            results.append(result)

    async def _abandon(self, sent: bool) -> None:
        """A call cancelled mid-statement: the statement cancelled on the server and its answer drained, so the
        connection is idle again and nothing of it still runs there; or, if that cannot be done, the link unusable."""
        if not sent:
            self.usable = False
            return
        try:
            async with asyncio.timeout(CANCEL_SECONDS):
                await self.connection.cancel_safe(timeout=CANCEL_SECONDS)
                await self._results()
        except (errors.Error, OSError, TimeoutError, asyncio.CancelledError):
            self.usable = False

    async def _writable(self) -> None:
        ready: asyncio.Future[None] = self._loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        self._loop.add_writer(self._socket, wake)
        try:
            await ready
        finally:
            self._loop.remove_writer(self._socket)

    def _readable(self) -> None:
        """Whatever arrived read into libpq's buffer (so the socket is not reported again), and the waiter woken."""
        try:
            self._pgconn.consume_input()
        except errors.Error as error:  # the connection is gone: stop watching its socket, fail the waiting call
            self.usable = False
            self._unwatch()
            if self._waiter is not None and not self._waiter.done():
                self._waiter.set_exception(error)
            return
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def _unwatch(self) -> None:
        if self._watched:
            self._watched = False
            if not self._loop.is_closed():
                self._loop.remove_reader(self._socket)
