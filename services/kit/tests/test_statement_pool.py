"""The statement pool behind ``Database.call`` and its links, on real PostgreSQL: never more connections than its
size, waiters served in turn, a connection that a failure or a cancellation left unusable replaced, not handed out
again; statements prepared once per connection, values as psycopg gives them, errors as psycopg raises them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from decimal import Decimal

import psycopg
import pytest
from kit_backends import terminate

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
    async with pool.lease() as link:
        [(pid,)] = await link.rows("SELECT pg_backend_pid()")
    return int(pid)


async def sleeping_call(pool: StatementPool) -> asyncio.Task[None]:
    """A call of five seconds' sleep, under way on the server when this returns."""

    async def slow() -> None:
        async with pool.lease() as link:
            await link.rows("SELECT pg_sleep(5)")

    task = asyncio.create_task(slow())
    await asyncio.sleep(0.2)
    return task


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
        async with pool.lease() as link:
            [(pid, answer)] = await link.rows("SELECT pg_backend_pid(), %s::int FROM pg_sleep(0.01)", (n,))
        seen.add(pid)
        return int(answer)

    answers = await asyncio.gather(*(call(n) for n in range(40)))
    assert answers == list(range(40))
    assert len(seen) == 3
    assert pool.opened == 3


async def test_a_statement_that_fails_leaves_its_connection_usable(new_pool: PoolFactory) -> None:
    pool = new_pool()
    first = await backend_pid(pool)
    with pytest.raises(psycopg.errors.DivisionByZero):
        async with pool.lease() as link:
            await link.rows("SELECT 1 / 0")
    assert await backend_pid(pool) == first  # autocommit: an error ends no transaction, the connection is idle


async def test_a_call_cancelled_mid_statement_leaves_no_busy_connection_behind(new_pool: PoolFactory) -> None:
    pool = new_pool()
    first = await backend_pid(pool)
    task = await sleeping_call(pool)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # The link cancels the statement on the server and drains its answer before the cancellation goes on: nothing
    # still sleeps there, and the pool's one connection, idle again, answers the next call.
    async with pool.lease() as link:
        sleeping = await link.rows(
            "SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'"
        )
    assert sleeping == [(0,)]
    assert await backend_pid(pool) == first
    assert pool.opened == 1


async def test_a_backend_killed_while_idle_is_replaced_before_the_next_call(
    new_pool: PoolFactory, kit_database_url: str
) -> None:
    pool = new_pool()
    victim = await backend_pid(pool)
    await terminate(kit_database_url, victim)
    await asyncio.sleep(0.05)  # the link reads the server's goodbye from its socket
    assert await backend_pid(pool) != victim  # the dead connection is not handed out: no error reaches the caller
    assert pool.opened == 1


async def test_a_backend_killed_mid_statement_fails_that_call_and_is_replaced(
    new_pool: PoolFactory, kit_database_url: str
) -> None:
    pool = new_pool()
    victim = await backend_pid(pool)
    task = await sleeping_call(pool)
    await terminate(kit_database_url, victim)
    with pytest.raises(psycopg.OperationalError):
        await asyncio.wait_for(task, 2)
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


async def test_a_statement_is_prepared_once_per_connection_and_reused(new_pool: PoolFactory) -> None:
    pool = new_pool()
    statement = "SELECT %s::int + 1"
    async with pool.lease() as link:
        answers = [await link.rows(statement, (n,)) for n in range(3)]
        prepared = await link.rows(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1%%'"
        )
    assert answers == [[(1,)], [(2,)], [(3,)]]
    assert prepared == [(1,)]


async def test_values_and_errors_are_psycopgs(new_pool: PoolFactory, kit_database_url: str) -> None:
    pool = new_pool()
    statement = (
        "SELECT %(id)s::bigint, %(at)s::timestamptz, %(amount)s::numeric, %(ok)s::boolean, NULL::text, %(name)s::text"
    )
    params = {"id": 9_007_199_254_740_993, "at": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "amount": Decimal("1.10"),
              "ok": True, "name": "çay"}  # fmt: skip
    async with await psycopg.AsyncConnection.connect(libpq_url(kit_database_url), autocommit=True) as plain:
        expected = await (await plain.execute(statement, params)).fetchall()
    async with pool.lease() as link:
        assert await link.rows(statement, params) == expected
        assert await link.rows("SELECT 1 WHERE false") == []
        assert await link.rows("CREATE TEMPORARY TABLE link_no_rows (a int)") == []
        with pytest.raises(psycopg.errors.UniqueViolation) as raised:
            await link.rows("DO $$ BEGIN RAISE unique_violation USING MESSAGE = 'taken'; END $$")
        assert raised.value.diag.message_primary == "taken"


async def test_a_statement_whose_table_changed_is_prepared_again(new_pool: PoolFactory) -> None:
    pool = new_pool()
    async with pool.lease() as link:
        await link.rows("CREATE TEMPORARY TABLE link_changing (a int)")
        await link.rows("INSERT INTO link_changing VALUES (1)")
        assert await link.rows("SELECT * FROM link_changing") == [(1,)]
        await link.rows("ALTER TABLE link_changing ADD COLUMN b text DEFAULT 'x'")
        # The server refuses the prepared plan ("cached plan must not change result type"); the link prepares the
        # statement again and the caller gets the new shape.
        assert await link.rows("SELECT * FROM link_changing") == [(1, "x")]


def test_a_connection_opened_on_an_event_loop_that_ended_is_not_handed_out_on_another(kit_database_url: str) -> None:
    """A pool may outlive the loop it first ran on (a test's loop, say): the socket watch of a connection opened
    there belongs to that loop, so a call on a new loop gets a connection of its own."""
    pool = StatementPool(libpq_url(kit_database_url), 1)
    first = asyncio.run(backend_pid(pool))
    second = asyncio.run(backend_pid(pool))
    assert second != first
    assert pool.opened == 1
    asyncio.run(pool.close())
