"""Async engine, unit of work and the declarative base with naming conventions."""

from __future__ import annotations

import asyncio
import contextlib
import select
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg import errors, pq
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import MetaData, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import NullPool

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Positional (%s) or named (%(name)s) parameters of a statement.
Parameters = Sequence[Any] | Mapping[str, Any]

PREPARED_MAX = 256  # statements psycopg keeps prepared per connection (the least recently used beyond are dropped)
# A prepared statement the server no longer takes as it was prepared (its table changed, or it was deallocated):
# prepared again and run once more. Each call is one statement in its own transaction, so the failed run left
# nothing behind.
STALE_PREPARED = (errors.FeatureNotSupported, errors.InvalidSqlStatementName)
BATCH_MAX = 32  # reads sent in one pipeline at most
IN_FLIGHT_MAX = 2  # batches of reads on their way at once (each on a connection of its own)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def async_url(url: str) -> str:
    """Normalise any PostgreSQL URL to the psycopg 3 async driver."""
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def libpq_url(url: str) -> str:
    """Any PostgreSQL URL as libpq reads it (no SQLAlchemy driver suffix)."""
    for prefix in ("postgresql+psycopg://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix) :]
    return url


NoticeHandler = Callable[[psycopg.errors.Diagnostic], None]


class PooledConnection(psycopg.AsyncConnection[Any]):
    """psycopg's connection as the process's one pool lends it, to the hot calls and to SQLAlchemy. SQLAlchemy adds
    its notice handler each time it takes a connection (it sees each checkout as a new connection): added once here,
    so a long-lived connection does not gather one handler per checkout."""

    def add_notice_handler(self, callback: NoticeHandler) -> None:
        added: set[NoticeHandler] = self.__dict__.setdefault("portal_notice_handlers", set())
        if callback not in added:
            added.add(callback)
            super().add_notice_handler(callback)


async def _configure(connection: PooledConnection) -> None:
    """A new connection keeps the hot statements of every caller prepared (psycopg's default is 100)."""
    connection.prepared_max = PREPARED_MAX


async def _fit(connection: PooledConnection) -> None:
    """Checked at every checkout, without a round trip while nothing is amiss: a connection that is closed or broken
    is thrown away and another lent. One whose server spoke while it sat idle (a server that ends a connection says
    so, then closes it) is asked once whether it still answers: the failed answer marks it broken."""
    if connection.closed or connection.broken:
        raise psycopg.OperationalError("the pooled connection is closed")
    poller = select.poll()
    poller.register(connection.fileno(), select.POLLIN)
    if poller.poll(0):
        await connection.execute("SELECT 1")
        await connection.rollback()  # lent as it was: outside a transaction


class ReadBatch:
    """Plain reads sent to the server together on one connection in psycopg's pipeline mode (public API): one send
    and one wait for many reads instead of one each, which is where a read's client CPU goes on a busy process.
    At most ``IN_FLIGHT_MAX`` batches are on their way at once; reads asked meanwhile wait for the next, so a batch
    grows with the load (a read asked on a quiet process goes at once, alone, as one statement).

    A pipeline's statements between two syncs are one implicit transaction: the reads of a batch see one snapshot,
    and an error in one aborts the rest; then every read of the batch that has no answer yet runs again alone, so
    each caller gets its own rows or its own error."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.waiting: list[tuple[str, Parameters, asyncio.Future[list[tuple[Any, ...]]]]] = []
        self.scheduled = False
        self.in_flight = 0

    async def rows(self, statement: str, params: Parameters) -> list[tuple[Any, ...]]:
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[list[tuple[Any, ...]]] = loop.create_future()
        self.waiting.append((statement, params, answer))
        self._schedule(loop)
        return await answer

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        # After the tasks ready now have run, so the reads they ask go in the same batch.
        if self.waiting and not self.scheduled and self.in_flight < IN_FLIGHT_MAX:
            self.scheduled = True
            loop.call_soon(self._send)

    def _send(self) -> None:
        self.scheduled = False
        while self.waiting and self.in_flight < IN_FLIGHT_MAX:
            batch, self.waiting = self.waiting[:BATCH_MAX], self.waiting[BATCH_MAX:]
            self.in_flight += 1
            task = asyncio.ensure_future(self._answer(batch))
            self.database.sending.add(task)
            task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self.database.sending.discard(task)
        self.in_flight -= 1
        self._schedule(task.get_loop())

    async def _answer(self, batch: list[tuple[str, Parameters, asyncio.Future[list[tuple[Any, ...]]]]]) -> None:
        try:
            if len(batch) > 1:
                with contextlib.suppress(Exception):  # the reads left unanswered run alone below
                    await self._pipelined(batch)
            for statement, params, answer in batch:
                if answer.done():
                    continue
                try:
                    rows = await self.database._statement(statement, params)
                except Exception as error:  # noqa: BLE001 - whatever it is, it is the caller's answer
                    if not answer.done():
                        answer.set_exception(error)
                else:
                    if not answer.done():
                        answer.set_result(rows)
        finally:
            for _, _, answer in batch:  # the process is stopping: no caller waits for ever
                if not answer.done():
                    answer.cancel()

    async def _pipelined(self, batch: list[tuple[str, Parameters, asyncio.Future[list[tuple[Any, ...]]]]]) -> None:
        # The reads of one statement go as one ``executemany``, which costs psycopg less a read than an ``execute``
        # each (tests/bench/README.md, "Figures behind the code").
        alike: dict[str, list[tuple[Parameters, asyncio.Future[list[tuple[Any, ...]]]]]] = {}
        for statement, params, answer in batch:
            alike.setdefault(statement, []).append((params, answer))
        answers: list[tuple[asyncio.Future[list[tuple[Any, ...]]], list[tuple[Any, ...]]]] = []
        async with (await self.database._opened()).connection() as connection:
            await connection.set_autocommit(True)
            try:
                async with connection.pipeline() as pipeline:
                    cursors = []
                    for statement, reads in alike.items():
                        cursor = connection.cursor()
                        await cursor.executemany(statement, [params for params, _ in reads], returning=True)
                        cursors.append((cursor, reads))
                    await pipeline.sync()
                    for cursor, reads in cursors:
                        for index, (_, answer) in enumerate(reads):
                            if index and not cursor.nextset():
                                raise psycopg.InterfaceError("a read of the batch has no result")
                            answers.append((answer, await answered_rows(cursor)))
            finally:
                if connection.info.transaction_status == pq.TransactionStatus.IDLE:
                    await connection.set_autocommit(False)
        for answer, rows in answers:
            if not answer.done():
                answer.set_result(rows)


async def answered_rows(cursor: psycopg.AsyncCursor[Any]) -> list[tuple[Any, ...]]:
    """The cursor's rows, none for a statement that returns none (its status, not ``description``, which builds
    the columns each time)."""
    answered = cursor.pgresult
    return await cursor.fetchall() if answered and answered.status == pq.ExecStatus.TUPLES_OK else []


class Database:
    """One connection pool per process (psycopg's), lent to the hot path's calls and to SQLAlchemy's engine (its own
    pooling off: SQLAlchemy's documented way with psycopg_pool); ``transaction()`` is the unit of work: commit on
    success, rollback on error. ``call()`` is the hot path's way: one statement, one round trip, no ORM."""

    def __init__(self, url: str, *, pool_size: int = 10, max_overflow: int = 10) -> None:
        self.url = libpq_url(url)  # also for a connection of its own (the relay's LISTEN)
        self.pool: AsyncConnectionPool[PooledConnection] = AsyncConnectionPool(
            self.url,
            connection_class=PooledConnection,
            min_size=1,
            max_size=pool_size + max_overflow,
            open=False,
            configure=_configure,
            check=_fit,
            close_returns=True,  # SQLAlchemy's "close" of a connection gives it back
        )
        self._opening = asyncio.Lock()
        self.reads = ReadBatch(self)
        self.sending: set[asyncio.Task[None]] = set()  # the batches on their way (held, so none is collected)
        self.engine: AsyncEngine = create_async_engine(
            "postgresql+psycopg://", poolclass=NullPool, async_creator=self._lend
        )
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    async def _opened(self) -> AsyncConnectionPool[PooledConnection]:
        if self.pool.closed:
            async with self._opening:
                if self.pool.closed:
                    await self.pool.open(wait=False)
        return self.pool

    async def _lend(self) -> PooledConnection:
        return await (await self._opened()).getconn()

    async def call(self, statement: str, params: Parameters = ()) -> tuple[Any, ...] | None:
        """Run one statement (typically a server-side function doing a whole command) in its own autocommit
        transaction and return its first row: the hot path's one round trip, without the ORM."""
        rows = await self.rows(statement, params)
        return rows[0] if rows else None

    async def rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """Like ``call``, every row (none for a statement that returns none). A failure raises psycopg's error
        for it (``psycopg.errors.UniqueViolation`` and so on, with its ``sqlstate`` and ``diag``)."""
        return await self._statement(statement, params)

    async def read(self, statement: str, params: Parameters = ()) -> tuple[Any, ...] | None:
        """A plain read's first row (a member, a balance): one ``SELECT`` that writes nothing, sent with the other
        reads the process asks for at the same moment (``ReadBatch``)."""
        rows = await self.reads.rows(statement, params)
        return rows[0] if rows else None

    async def read_rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """Like ``read``, every row."""
        return await self.reads.rows(statement, params)

    async def _statement(self, statement: str, params: Parameters) -> list[tuple[Any, ...]]:
        """The statement on a connection of the pool, in autocommit for its length, prepared on the server at its
        first use on that connection (psycopg's ``prepare=True``). A cancelled call's statement is cancelled on the
        server by psycopg; the pool throws away a connection given back busy or broken."""
        async with (await self._opened()).connection() as connection:
            await connection.set_autocommit(True)
            try:
                try:
                    cursor = await connection.execute(statement, params, prepare=True)
                except STALE_PREPARED:
                    # Dropped on the server and forgotten by psycopg (which clears its own list on this command).
                    await connection.execute("DEALLOCATE ALL")
                    cursor = await connection.execute(statement, params, prepare=True)
                return await answered_rows(cursor)
            finally:
                # Back to the pool as SQLAlchemy expects it, not in autocommit; one still busy (a cancelled call)
                # or broken is thrown away by the pool instead.
                if connection.info.transaction_status == pq.TransactionStatus.IDLE:
                    await connection.set_autocommit(False)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session:
            yield session

    async def ping(self) -> None:
        async with self.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))

    async def dispose(self) -> None:
        await self.engine.dispose()
        await self.pool.close()
