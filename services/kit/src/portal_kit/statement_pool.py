"""The connections behind ``Database.call``: autocommit connections, each a ``Link``, for one-statement calls.

psycopg_pool's checkout and return (its locks and conditions, state checks and statistics) cost more than the
statement itself on a short read; a hot read or a money call needs none of it. This pool keeps what they need: at
most ``size`` connections, opened on demand; the most recently used handed out first (its prepared statements and
caches are warm); callers beyond ``size`` wait in arrival order; a connection that comes back not idle (broken,
closed, or left mid-statement by a cancelled call), or broke while it waited, is closed and its place freed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from portal_kit.statement_link import Link


class PoolClosed(RuntimeError):
    pass


class StatementPool:
    def __init__(self, url: str, size: int, *, wait_seconds: float = 30.0) -> None:
        self._url = url
        self._size = size
        self._wait_seconds = wait_seconds
        self._idle: deque[Link] = deque()
        self._waiters: deque[asyncio.Future[Link | None]] = deque()
        self._opened = 0
        self._closed = False

    @property
    def opened(self) -> int:
        return self._opened

    @asynccontextmanager
    async def lease(self) -> AsyncIterator[Link]:
        link = await self._acquire()
        try:
            yield link
        finally:
            await self._release(link)

    async def _acquire(self) -> Link:
        while self._idle:  # (a closed pool has none)
            kept = self._idle.pop()
            if kept.idle:
                return kept
            await self._discard(kept)  # it broke while it waited (its server ended it)
        if self._closed:
            raise PoolClosed("the statement pool is closed")
        if self._opened < self._size:
            self._opened += 1
            return await self._open()
        waiter: asyncio.Future[Link | None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout(self._wait_seconds):
                handed = await waiter
        except BaseException:
            if waiter.done() and not waiter.cancelled():  # handed a connection (or a place) as it gave up
                if (link := waiter.result()) is not None:
                    await self._release(link)
                else:
                    self._pass_place()
            else:
                with contextlib.suppress(ValueError):
                    self._waiters.remove(waiter)
            raise
        return handed if handed is not None else await self._open()

    async def _open(self) -> Link:
        """A connection in a place already counted in ``_opened``."""
        try:
            return await Link.open(self._url)
        except BaseException:
            self._pass_place()
            raise

    def _pass_place(self) -> None:
        """A place was freed: the first waiter opens a connection in it, or the count goes down."""
        while self._waiters and not self._closed:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._opened -= 1

    async def _release(self, link: Link) -> None:
        if self._closed or not link.idle:
            await self._discard(link)
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(link)
                return
        self._idle.append(link)

    async def _discard(self, link: Link) -> None:
        self._pass_place()
        with contextlib.suppress(Exception):
            await link.close()

    async def close(self) -> None:
        self._closed = True
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(PoolClosed("the statement pool is closed"))
        while self._idle:
            link = self._idle.pop()
            self._opened -= 1
            with contextlib.suppress(Exception):
                await link.close()
