"""Async engine, unit of work and the declarative base with naming conventions."""

from __future__ import annotations

import asyncio
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
        """A plain read's first row (a member, a balance): the same one statement as ``call``."""
        rows = await self._statement(statement, params)
        return rows[0] if rows else None

    async def read_rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """Like ``read``, every row."""
        return await self._statement(statement, params)

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
                answered = cursor.pgresult  # its status, not ``description``, which builds the columns each time
                return await cursor.fetchall() if answered and answered.status == pq.ExecStatus.TUPLES_OK else []
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
