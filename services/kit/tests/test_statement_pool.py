"""The statement pool behind ``Database.call``, on real PostgreSQL: never more connections than its size, waiters
served in turn, and a connection that a failure or a cancellation left unusable replaced, not handed out again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import psycopg
import pytest

from portal_kit.db import libpq_url
from portal_kit.statement_pool import PoolClosed, StatementPool

PoolFactory = Callable[..., StatementPool]


@pytest.fixture
async def new_pool(kit_database_url: str) -> AsyncIterator[PoolFactory]:
    """Pools on the kit's test database (``size`` and ``wait_seconds`` as given), each closed after the test."""
    made: list[StatementPool] = []

    def make(size: int = 1, **options: float) -> StatementPool:
        made.append(StatementPool(libpq_url(kit_database_url), size, **options))
        return made[-1]

    yield make
    for pool in made:
        await pool.close()


async def backend_pid(pool: StatementPool) -> int:
    async with pool.lease() as cursor:
        await cursor.execute("SELECT pg_backend_pid()")
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def hold_only_connection(pool: StatementPool) -> tuple[asyncio.Task[None], asyncio.Event]:
    """A task holding the one-connection ``pool``'s connection until the returned event is set."""
    holding, release = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with pool.lease():
            holding.set()
            await release.wait()

    holder = asyncio.create_task(hold())
    await holding.wait()
    return holder, release


async def test_a_burst_shares_at_most_size_connections_and_every_caller_is_answered(new_pool: PoolFactory) -> None:
    pool = new_pool(3)
    seen: set[int] = set()

    async def call(n: int) -> int:
        async with pool.lease() as cursor:
            await cursor.execute("SELECT pg_backend_pid(), %s::int FROM pg_sleep(0.01)", (n,))
            row = await cursor.fetchone()
        assert row is not None
        seen.add(row[0])
        return int(row[1])

    answers = await asyncio.gather(*(call(n) for n in range(40)))
    assert answers == list(range(40))
    assert len(seen) == 3
    assert pool.opened == 3


async def test_a_statement_that_fails_leaves_its_connection_usable(new_pool: PoolFactory) -> None:
    pool = new_pool()
    first = await backend_pid(pool)
    with pytest.raises(psycopg.errors.DivisionByZero):
        async with pool.lease() as cursor:
            await cursor.execute("SELECT 1 / 0")
    assert await backend_pid(pool) == first  # autocommit: an error ends no transaction, the connection is idle


async def test_a_call_cancelled_mid_statement_leaves_no_busy_connection_behind(new_pool: PoolFactory) -> None:
    pool = new_pool()

    async def slow() -> None:
        async with pool.lease() as cursor:
            await cursor.execute("SELECT pg_sleep(5)")

    task = asyncio.create_task(slow())
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # psycopg cancels the statement on the server and drains the connection before the cancellation goes on:
    # nothing still sleeps there, and the pool's one connection answers the next call.
    async with pool.lease() as cursor:
        await cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'"
        )
        assert await cursor.fetchone() == (0,)
    assert pool.opened == 1


async def test_a_killed_backend_is_replaced(new_pool: PoolFactory, kit_database_url: str) -> None:
    pool = new_pool()
    victim = await backend_pid(pool)
    async with await psycopg.AsyncConnection.connect(libpq_url(kit_database_url), autocommit=True) as admin:
        await admin.execute("SELECT pg_terminate_backend(%s)", (victim,))
    with pytest.raises(psycopg.OperationalError):
        await backend_pid(pool)
    assert await backend_pid(pool) != victim
    assert pool.opened == 1


async def test_a_waiter_gives_up_after_its_wait_and_the_pool_still_serves(new_pool: PoolFactory) -> None:
    pool = new_pool(1, wait_seconds=0.1)
    holder, release = await hold_only_connection(pool)
    with pytest.raises(TimeoutError):
        await backend_pid(pool)
    release.set()
    await holder
    assert await backend_pid(pool) > 0
    assert pool.opened == 1


async def test_waiters_are_refused_once_the_pool_closes(new_pool: PoolFactory) -> None:
    pool = new_pool()
    holder, release = await hold_only_connection(pool)
    waiter = asyncio.create_task(backend_pid(pool))
    await asyncio.sleep(0.05)
    await pool.close()
    with pytest.raises(PoolClosed):
        await waiter
    release.set()
    await holder
    assert pool.opened == 0
    with pytest.raises(PoolClosed):
        await backend_pid(pool)
