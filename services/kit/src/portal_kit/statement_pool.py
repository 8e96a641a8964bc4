"""The connections behind ``Database.call``: autocommit psycopg connections, each with its one cursor, for
one-statement calls.

psycopg_pool's checkout and return (its locks and conditions, state checks and statistics) plus a new cursor per
call cost more than the statement itself on a short read; a hot read or a money call needs none of it. This pool
keeps what they need: at most ``size`` connections, opened on demand; the most recently used handed out first (its
prepared statements and caches are warm); callers beyond ``size`` wait in arrival order; a connection that comes
back not idle (broken, closed, or left mid-statement by a cancelled call) is closed and its place freed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from psycopg import AsyncConnection, AsyncCursor
from psycopg.pq import TransactionStatus

# A checked-out connection and the cursor that runs its statements.
Lease = tuple[AsyncConnection, AsyncCursor]


class PoolClosed(RuntimeError):
    pass


class StatementPool:
    def __init__(self, url: str, size: int, *, wait_seconds: float = 30.0) -> None:
        self._url = url
        self._size = size
        self._wait_seconds = wait_seconds
        self._idle: deque[Lease] = deque()
        self._waiters: deque[asyncio.Future[Lease | None]] = deque()
        self._opened = 0
        self._closed = False

    @property
    def opened(self) -> int:
        return self._opened

    @asynccontextmanager
    async def lease(self) -> AsyncIterator[AsyncCursor]:
        lease = await self._acquire()
        try:
            yield lease[1]
        finally:
            await self._release(lease)

    async def _acquire(self) -> Lease:
        if self._closed:
            raise PoolClosed("the statement pool is closed")
        if self._idle:
            return self._idle.pop()
        if self._opened < self._size:
            self._opened += 1
            return await self._open()
        waiter: asyncio.Future[Lease | None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout(self._wait_seconds):
                handed = await waiter
        except BaseException:
            if waiter.done() and not waiter.cancelled():  # handed a connection (or a place) as it gave up
                if (lease := waiter.result()) is not None:
                    await self._release(lease)
                else:
                    self._pass_place()
            else:
                with contextlib.suppress(ValueError):
                    self._waiters.remove(waiter)
            raise
        return handed if handed is not None else await self._open()

    async def _open(self) -> Lease:
        """A connection in a place already counted in ``_opened``."""
        try:
            connection = await AsyncConnection.connect(self._url, autocommit=True, prepare_threshold=0)
        except BaseException:
            self._pass_place()
            raise
        return connection, connection.cursor()

    def _pass_place(self) -> None:
        """A place was freed: the first waiter opens a connection in it, or the count goes down."""
        while self._waiters and not self._closed:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._opened -= 1

    async def _release(self, lease: Lease) -> None:
        connection = lease[0]
        if self._closed or connection.closed or connection.info.transaction_status != TransactionStatus.IDLE:
            self._pass_place()
            with contextlib.suppress(Exception):
                await connection.close()
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(lease)
                return
        self._idle.append(lease)

    async def close(self) -> None:
        self._closed = True
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(PoolClosed("the statement pool is closed"))
        while self._idle:
            connection, _ = self._idle.pop()
            self._opened -= 1
            with contextlib.suppress(Exception):
                await connection.close()
