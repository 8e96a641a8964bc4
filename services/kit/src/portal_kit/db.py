"""Async engine, unit of work and the declarative base with naming conventions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import MetaData, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase

from portal_kit.read_pipeline import ReadPipeline
from portal_kit.statement_link import Parameters
from portal_kit.statement_pool import StatementPool

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


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


class Database:
    """One engine per process; ``transaction()`` is the unit of work: commit on success, rollback on error.
    ``call()`` is the hot path's way: one statement, one round trip, no ORM."""

    def __init__(self, url: str, *, pool_size: int = 10, max_overflow: int = 10) -> None:
        self.engine: AsyncEngine = create_async_engine(
            async_url(url), pool_size=pool_size, max_overflow=max_overflow, pool_pre_ping=True
        )
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.url = libpq_url(url)  # for a connection of its own (the relay's LISTEN)
        self._statements = StatementPool(libpq_url(url), pool_size + max_overflow)
        self._reads = ReadPipeline(libpq_url(url))

    async def call(self, statement: str, params: Parameters = ()) -> tuple[Any, ...] | None:
        """Run one statement (typically a server-side function doing a whole command) in its own autocommit
        transaction and return its first row: the hot path's one round trip, without the ORM."""
        rows = await self.rows(statement, params)
        return rows[0] if rows else None

    async def rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """Like ``call``, every row. Statements are prepared on the server at first use (``Link``); the connections
        (``StatementPool``) are opened on demand, as many at most as the engine's."""
        async with self._statements.lease() as link:
            return await link.rows(statement, params)

    async def read(self, statement: str, params: Parameters = ()) -> tuple[Any, ...] | None:
        """A plain read's first row, written on the process's one pipelined connection behind the reads of the
        other requests in flight (``ReadPipeline``): a hot read by key (a row or a few) that takes no locks; any
        other read, and every write, goes through ``call``."""
        rows = await self._reads.rows(statement, params)
        return rows[0] if rows else None

    async def read_rows(self, statement: str, params: Parameters = ()) -> list[tuple[Any, ...]]:
        """Like ``read``, every row."""
        return await self._reads.rows(statement, params)

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
        await self._reads.close()
        await self._statements.close()
        await self.engine.dispose()
