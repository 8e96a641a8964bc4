"""``Database.call``, ``rows`` and ``read``, the hot path's one-statement calls, against real PostgreSQL: what each
kind of statement answers; values and errors as psycopg gives them; every call on the engine's one pool (the
sessions' connections), each its own transaction, prepared once per connection; a connection a failure, a
cancellation or its server's end left unfit replaced, not handed out again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from decimal import Decimal

import psycopg
import pytest
from kit_backends import terminate
from kit_test_models import Request
from sqlalchemy import delete, text

from portal_kit.db import Database, libpq_url

INSERT = "INSERT INTO kit_test_request (merchant, account_id, request_id, amount) VALUES (%s, 'm1', %s, %s)"
PID = "SELECT pg_backend_pid()"

DatabaseFactory = Callable[..., Database]


@pytest.fixture
async def new_db(kit_database_url: str) -> AsyncIterator[DatabaseFactory]:
    """Databases on the kit's test database (one connection unless told), each disposed of after the test."""
    made: list[Database] = []

    def make(pool_size: int = 1, max_overflow: int = 0) -> Database:
        made.append(Database(kit_database_url, pool_size=pool_size, max_overflow=max_overflow))
        return made[-1]

    yield make
    for db in made:
        await db.dispose()


async def backend_pid(db: Database) -> int:
    row = await db.call(PID)
    assert row is not None
    return int(row[0])


async def test_each_kind_of_statement_answers_its_rows_or_nothing(kit_db: Database) -> None:
    async with kit_db.transaction() as session:
        await session.execute(delete(Request))
    assert await kit_db.rows(INSERT, ("brand-s", "s1", 100)) == []  # no RETURNING: nothing, not an error
    assert await kit_db.call(INSERT + " RETURNING amount", ("brand-s", "s2", 250)) == (250,)
    selected = await kit_db.rows(
        "SELECT request_id, amount FROM kit_test_request WHERE merchant = %s ORDER BY request_id", ("brand-s",)
    )
    assert selected == [("s1", 100), ("s2", 250)]
    assert await kit_db.read_rows("SELECT amount FROM kit_test_request WHERE merchant = %s", ("nobody",)) == []
    assert await kit_db.call("SELECT amount FROM kit_test_request WHERE merchant = %s", ("nobody",)) is None
    assert await kit_db.rows("UPDATE kit_test_request SET amount = amount + 1 WHERE merchant = %s", ("brand-s",)) == []
    assert await kit_db.call("SELECT sum(amount) FROM kit_test_request WHERE merchant = %s", ("brand-s",)) == (352,)
    assert await kit_db.read("SELECT amount FROM kit_test_request WHERE request_id = %s", ("s2",)) == (251,)


async def test_values_and_errors_are_psycopgs(kit_db: Database, kit_database_url: str) -> None:
    statement = (
        "SELECT %(id)s::bigint, %(at)s::timestamptz, %(amount)s::numeric, %(ok)s::boolean, NULL::text, %(name)s::text,"
        " %(doc)s::jsonb"
    )
    params = {"id": 9_007_199_254_740_993, "at": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "amount": Decimal("1.10"),
              "ok": True, "name": "çay", "doc": psycopg.types.json.Jsonb({"a": [1, "b"]})}  # fmt: skip
    async with await psycopg.AsyncConnection.connect(libpq_url(kit_database_url), autocommit=True) as plain:
        expected = await (await plain.execute(statement, params)).fetchall()
    assert await kit_db.rows(statement, params) == expected
    assert await kit_db.read_rows(statement, params) == expected
    assert expected[0][-1] == {"a": [1, "b"]}
    assert await kit_db.rows("SELECT 1 WHERE false") == []
    with pytest.raises(psycopg.errors.UniqueViolation) as raised:
        await kit_db.call("DO $$ BEGIN RAISE unique_violation USING MESSAGE = 'taken'; END $$")
    assert raised.value.diag.message_primary == "taken"
    with pytest.raises(psycopg.Error) as refused:  # a server-side function's own refusal, as the money calls read it
        await kit_db.call("DO $$ BEGIN RAISE EXCEPTION 'limit.reached' USING ERRCODE = 'PM001'; END $$")
    assert (refused.value.sqlstate, refused.value.diag.message_primary) == ("PM001", "limit.reached")


async def test_calls_and_sessions_share_the_engines_one_pool(new_db: DatabaseFactory) -> None:
    db = new_db(pool_size=1)
    pid = await backend_pid(db)
    async with db.reader() as session:
        assert (await session.execute(text(PID))).scalar_one() == pid
    assert (await db.read(PID)) == (pid,)
    # A call waits for the pool's one connection while a session holds it.
    async with db.transaction() as session:
        await session.execute(text("SELECT 1"))
        waiting = asyncio.create_task(backend_pid(db))
        await asyncio.sleep(0.1)
        assert not waiting.done()
    assert await waiting == pid


async def test_a_call_is_its_own_transaction_and_leaves_its_connection_transactional(
    new_db: DatabaseFactory,
) -> None:
    db = new_db(pool_size=1)
    xact = "SELECT pg_current_xact_id()::text"
    assert await db.call(xact) != await db.call(xact)  # each call committed on its own
    with pytest.raises(psycopg.errors.DivisionByZero):
        await db.call("SELECT 1 / 0")
    async with db.transaction() as session:  # the same connection, back in a session's hands: one transaction
        one = (await session.execute(text("SELECT pg_current_xact_id()::text"))).scalar_one()
        two = (await session.execute(text("SELECT pg_current_xact_id()::text"))).scalar_one()
    assert one == two


async def test_a_burst_shares_at_most_the_pools_connections_and_every_caller_is_answered(
    new_db: DatabaseFactory,
) -> None:
    db = new_db(pool_size=2, max_overflow=1)
    seen: set[int] = set()

    async def call(n: int) -> int:
        row = await db.call("SELECT pg_backend_pid(), %s::int FROM pg_sleep(0.01)", (n,))
        assert row is not None
        seen.add(row[0])
        return int(row[1])

    assert await asyncio.gather(*(call(n) for n in range(40))) == list(range(40))
    assert len(seen) <= 3


async def test_a_statement_that_fails_leaves_its_connection_usable(new_db: DatabaseFactory) -> None:
    db = new_db()
    first = await backend_pid(db)
    with pytest.raises(psycopg.errors.DivisionByZero):
        await db.rows("SELECT 1 / 0")
    assert await backend_pid(db) == first  # autocommit: an error ends no transaction, the connection is idle


async def test_a_call_cancelled_mid_statement_leaves_no_busy_connection_behind(new_db: DatabaseFactory) -> None:
    db = new_db()
    first = await backend_pid(db)
    task = asyncio.create_task(db.rows("SELECT pg_sleep(5)"))
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # psycopg cancels the statement on the server and drains its answer before the cancellation goes on: nothing
    # still sleeps there, and the pool's one connection, idle again, answers the next call.
    sleeping = await db.rows(
        "SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'"
    )
    assert sleeping == [(0,)]
    assert await backend_pid(db) == first


async def test_a_backend_killed_while_idle_is_replaced_before_the_next_call(
    new_db: DatabaseFactory, kit_database_url: str
) -> None:
    db = new_db()
    victim = await backend_pid(db)
    await terminate(kit_database_url, victim)
    assert await backend_pid(db) != victim  # the dead connection is not handed out: no error reaches the caller
    async with db.reader() as session:  # nor to a session
        assert (await session.execute(text("SELECT 1"))).scalar_one() == 1


async def test_a_backend_killed_mid_statement_fails_that_call_and_is_replaced(
    new_db: DatabaseFactory, kit_database_url: str
) -> None:
    db = new_db()
    victim = await backend_pid(db)
    task = asyncio.create_task(db.rows("SELECT pg_sleep(5)"))
    await asyncio.sleep(0.2)
    await terminate(kit_database_url, victim)
    with pytest.raises(psycopg.OperationalError):
        await asyncio.wait_for(task, 2)
    assert await backend_pid(db) != victim


async def test_a_statement_is_prepared_once_per_connection_and_reused(new_db: DatabaseFactory) -> None:
    db = new_db()
    statement = "SELECT %s::int + 1"
    assert [await db.call(statement, (n,)) for n in range(3)] == [(1,), (2,), (3,)]
    prepared = await db.call("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1%%'")
    assert prepared == (1,)


async def test_a_statement_whose_table_changed_is_prepared_again(
    new_db: DatabaseFactory, kit_database_url: str
) -> None:
    db = new_db()
    async with await psycopg.AsyncConnection.connect(libpq_url(kit_database_url), autocommit=True) as admin:
        await admin.execute("DROP TABLE IF EXISTS db_changing")
        await admin.execute("CREATE TABLE db_changing (a int)")
        try:
            await admin.execute("INSERT INTO db_changing VALUES (1)")
            assert await db.rows("SELECT * FROM db_changing") == [(1,)]
            await admin.execute("ALTER TABLE db_changing ADD COLUMN b text DEFAULT 'x'")
            # The server refuses the prepared plan ("cached plan must not change result type"); the call prepares
            # the statement again and the caller gets the new shape.
            assert await db.rows("SELECT * FROM db_changing") == [(1, "x")]
            [(name,)] = await db.rows(
                "SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT * FROM db_changing'"
            )
            await db.call(f"DEALLOCATE {name}")  # the server forgets it, psycopg still counts on it: prepared again
            assert await db.read("SELECT * FROM db_changing") == (1, "x")
        finally:
            await admin.execute("DROP TABLE db_changing")


async def test_reads_asked_together_go_to_the_server_together(new_db: DatabaseFactory) -> None:
    db = new_db(pool_size=4)
    # In one pipeline, the reads are one implicit transaction on one connection: the same backend and snapshot.
    statement = "SELECT pg_backend_pid(), txid_current_snapshot()::text, %s::int"
    answers = await asyncio.gather(*(db.read(statement, (n,)) for n in range(20)))
    assert [answer[2] for answer in answers if answer] == list(range(20))
    assert len({(answer[0], answer[1]) for answer in answers if answer}) == 1
    assert await db.read(statement, (7,)) is not None  # a read alone still answers


async def test_a_failing_read_in_a_batch_fails_alone(new_db: DatabaseFactory) -> None:
    db = new_db(pool_size=2)

    async def read(n: int) -> tuple[object, ...] | None:
        return await db.read("SELECT 10 / %s::int", (n,))

    answers = await asyncio.gather(*(read(n) for n in (1, 2, 0, 5, 10)), return_exceptions=True)
    assert answers[:2] == [(10,), (5,)] and answers[3:] == [(2,), (1,)]
    assert isinstance(answers[2], psycopg.errors.DivisionByZero)
    assert await db.read_rows("SELECT 1 UNION ALL SELECT 2") == [(1,), (2,)]


async def test_a_cancelled_reader_leaves_the_others_answered(new_db: DatabaseFactory) -> None:
    db = new_db(pool_size=1)
    slow = asyncio.create_task(db.read("SELECT 1 FROM pg_sleep(0.3)"))
    others = [asyncio.create_task(db.read("SELECT %s::int FROM pg_sleep(0.3)", (n,))) for n in range(3)]
    await asyncio.sleep(0.1)
    slow.cancel()
    assert [await task for task in others] == [(0,), (1,), (2,)]
    with pytest.raises(asyncio.CancelledError):
        await slow
    assert await db.read("SELECT 2") == (2,)
