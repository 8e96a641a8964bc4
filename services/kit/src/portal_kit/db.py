"""Async engine, unit of work and the declarative base with naming conventions."""

from __future__ import annotations

import select
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg import errors, pq
from sqlalchemy import MetaData, event, text
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import ConnectionPoolEntry

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


def _driver(dbapi_connection: Any) -> psycopg.AsyncConnection[Any]:
    """The psycopg connection under SQLAlchemy's pooled connection or its adapter (their ``driver_connection``)."""
    driver: psycopg.AsyncConnection[Any] = dbapi_connection.driver_connection
    return driver


def _keep_more_prepared(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    """A new connection keeps the hot statements of every caller prepared (psycopg's default is 100)."""
    _driver(dbapi_connection).prepared_max = PREPARED_MAX


def _replace_if_unfit(dbapi_connection: Any, _record: ConnectionPoolEntry, _proxy: Any) -> None:
    """Checked at every checkout, without a round trip: a connection that is closed, broken, left in autocommit, or
    whose server spoke while it sat idle (a server that ends a connection says so, then closes it) is replaced
    by a new one before anyone uses it (SQLAlchemy's ``DisconnectionError``)."""
    driver = _driver(dbapi_connection)
    if driver.closed or driver.broken or driver.autocommit:
        raise DisconnectionError("the pooled connection is not fit for use")
    poller = select.poll()
    poller.register(driver.fileno(), select.POLLIN)
    if poller.poll(0):
        raise DisconnectionError("the server spoke on the pooled connection while it was idle")


class Database:
    """One engine, and its one connection pool, per process; ``transaction()`` is the unit of work: commit on
    success, rollback on error. ``call()`` is the hot path's way: one statement, one round trip, no ORM."""

    def __init__(self, url: str, *, pool_size: int = 10, max_overflow: int = 10) -> None:
        self.engine: AsyncEngine = create_async_engine(async_url(url), pool_size=pool_size, max_overflow=max_overflow)
        event.listen(self.engine.sync_engine, "connect", _keep_more_prepared)
        event.listen(self.engine.sync_engine, "checkout", _replace_if_unfit)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.url = libpq_url(url)  # for a connection of its own (the relay's LISTEN)

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
        """The statement on a connection of the engine's pool, in autocommit for its length, prepared on the
        server at its first use on that connection (psycopg's ``prepare=True``). A cancelled call's statement is
        cancelled on the server by psycopg; a connection that cannot be put back as the pool lent it (broken, or
        still busy) is thrown away, not handed out again."""
        async with self.engine.connect() as connection:
            driver = _driver(await connection.get_raw_connection())
            try:
                await driver.set_autocommit(True)
                cursor = driver.cursor()
                try:
                    await cursor.execute(statement, params, prepare=True)
                except STALE_PREPARED:
                    # Dropped on the server and forgotten by psycopg (which clears its own list on this command).
                    await driver.execute("DEALLOCATE ALL")
                    await cursor.execute(statement, params, prepare=True)
                return await cursor.fetchall() if cursor.description is not None else []
            finally:
                if driver.info.transaction_status == pq.TransactionStatus.IDLE:
                    await driver.set_autocommit(False)
                else:
                    await connection.invalidate()

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
