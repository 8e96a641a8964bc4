"""The read pipeline behind ``Database.read``, on real PostgreSQL: the reads in flight share one connection and each
caller gets its own answer, in any mix of statements, failures, cancellations and large parameters; a broken
connection fails only the reads under way on it and the next read opens another. Each test runs twice: with the reads
of a turn of the event loop written together (libpq's ``PQsendPipelineSync``) and with each read written at once (the
way without it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import psycopg
import pytest
from kit_backends import terminate

from portal_kit import read_pipeline
from portal_kit.db import libpq_url
from portal_kit.read_pipeline import PipelineClosed, ReadPipeline

PipelineFactory = Callable[[], ReadPipeline]
PID = "SELECT pg_backend_pid()"


@pytest.fixture(params=["a write a turn", "a write a read"])
async def new_pipeline(
    kit_database_url: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[PipelineFactory]:
    if request.param == "a write a read":
        monkeypatch.setattr(read_pipeline, "SEND_PIPELINE_SYNC", None)
    made: list[ReadPipeline] = []

    def make() -> ReadPipeline:
        made.append(ReadPipeline(libpq_url(kit_database_url)))
        return made[-1]

    yield make
    for pipeline in made:
        await pipeline.close()


def test_the_turns_write_is_at_hand_with_psycopgs_compiled_libpq() -> None:
    assert psycopg.pq.__impl__ in {"binary", "c"}  # what the services install
    assert read_pipeline.SEND_PIPELINE_SYNC is not None


async def backend_pid(pipeline: ReadPipeline) -> int:
    [(pid,)] = await pipeline.rows(PID)
    return int(pid)


async def test_reads_in_flight_share_one_connection_and_each_caller_gets_its_own_answer(
    new_pipeline: PipelineFactory,
) -> None:
    pipeline = new_pipeline()

    async def read(n: int) -> tuple[int, object]:
        # Three statements, each first written while the others' reads are under way (prepared in the pipeline).
        if n % 3 == 0:
            [(pid, answer)] = await pipeline.rows("SELECT pg_backend_pid(), %s::int", (n,))
        elif n % 3 == 1:
            [(pid, answer)] = await pipeline.rows("SELECT pg_backend_pid(), 'n' || %s::text", (n,))
        else:
            rows = await pipeline.rows("SELECT pg_backend_pid(), g FROM generate_series(1, %s::int) g", (n,))
            pid, answer = rows[0][0], [g for _, g in rows]
        return int(pid), answer

    answers = await asyncio.gather(*(read(n) for n in range(300)))
    expected = [n if n % 3 == 0 else f"n{n}" if n % 3 == 1 else list(range(1, n + 1)) for n in range(300)]
    assert [answer for _, answer in answers] == expected
    assert len({pid for pid, _ in answers}) == 1


async def test_a_read_that_fails_fails_alone(new_pipeline: PipelineFactory) -> None:
    pipeline = new_pipeline()
    first = await backend_pid(pipeline)
    outcomes = await asyncio.gather(
        *(pipeline.rows("SELECT 10 / %s::int", (n % 5,)) for n in range(20)), return_exceptions=True
    )
    for n, outcome in enumerate(outcomes):
        if n % 5 == 0:
            assert isinstance(outcome, psycopg.errors.DivisionByZero)
        else:
            assert outcome == [(10 // (n % 5),)]
    assert await backend_pid(pipeline) == first  # each read is its own transaction: the connection goes on


async def test_a_statement_that_cannot_be_prepared_fails_each_time_and_the_others_go_on(
    new_pipeline: PipelineFactory,
) -> None:
    pipeline = new_pipeline()
    broken = "SELECT no_such_column FROM pg_class WHERE oid = %s"
    outcomes = await asyncio.gather(
        pipeline.rows("SELECT %s::int", (1,)),
        pipeline.rows(broken, (1,)),
        pipeline.rows(broken, (2,)),
        pipeline.rows("SELECT %s::int", (2,)),
        return_exceptions=True,
    )
    assert outcomes[0] == [(1,)] and outcomes[3] == [(2,)]
    # The second was written behind the failed preparation: it is prepared again and fails for its own reason,
    # not for a prepared statement that does not exist.
    assert isinstance(outcomes[1], psycopg.errors.UndefinedColumn)
    assert isinstance(outcomes[2], psycopg.errors.UndefinedColumn)
    with pytest.raises(psycopg.errors.UndefinedColumn):
        await pipeline.rows(broken, (3,))


async def test_a_cancelled_read_is_dropped_and_the_reads_behind_it_get_their_own_answers(
    new_pipeline: PipelineFactory,
) -> None:
    pipeline = new_pipeline()
    first = await backend_pid(pipeline)
    slow = asyncio.create_task(pipeline.rows("SELECT 'slow' FROM pg_sleep(0.3)"))
    await asyncio.sleep(0.05)
    behind = asyncio.create_task(pipeline.rows("SELECT %s::text", ("behind",)))
    await asyncio.sleep(0.05)
    slow.cancel()
    with pytest.raises(asyncio.CancelledError):
        await slow
    assert await behind == [("behind",)]
    assert await pipeline.rows("SELECT %s::text", ("after",)) == [("after",)]
    assert await backend_pid(pipeline) == first


async def test_parameters_larger_than_the_socket_takes_at_once_are_written_in_turns(
    new_pipeline: PipelineFactory,
) -> None:
    pipeline = new_pipeline()
    sizes = [3_000_000 + n for n in range(6)]
    answers = await asyncio.gather(*(pipeline.rows("SELECT length(%s::text)", ("x" * size,)) for size in sizes))
    assert answers == [[(size,)] for size in sizes]


async def test_a_backend_killed_mid_read_fails_the_reads_under_way_and_the_next_read_reconnects(
    new_pipeline: PipelineFactory, kit_database_url: str
) -> None:
    pipeline = new_pipeline()
    victim = await backend_pid(pipeline)
    sleeping = asyncio.create_task(pipeline.rows("SELECT pg_sleep(5) AS killed"))
    behind = asyncio.create_task(pipeline.rows("SELECT 1"))
    await asyncio.sleep(0.2)
    await terminate(kit_database_url, victim)
    for task in (sleeping, behind):
        with pytest.raises(psycopg.OperationalError):
            await asyncio.wait_for(task, 2)
    assert await backend_pid(pipeline) != victim


async def test_a_backend_killed_while_idle_is_replaced_before_the_next_read(
    new_pipeline: PipelineFactory, kit_database_url: str
) -> None:
    pipeline = new_pipeline()
    victim = await backend_pid(pipeline)
    await terminate(kit_database_url, victim)
    await asyncio.sleep(0.05)  # the pipeline reads the server's goodbye from its socket
    assert await backend_pid(pipeline) != victim  # no error reaches the caller


async def test_a_statement_whose_table_changed_is_prepared_again(
    new_pipeline: PipelineFactory, kit_database_url: str
) -> None:
    pipeline = new_pipeline()
    async with await psycopg.AsyncConnection.connect(libpq_url(kit_database_url), autocommit=True) as admin:
        await admin.execute("DROP TABLE IF EXISTS read_pipeline_changing")
        await admin.execute("CREATE TABLE read_pipeline_changing (a int)")
        try:
            await admin.execute("INSERT INTO read_pipeline_changing VALUES (1)")
            assert await pipeline.rows("SELECT * FROM read_pipeline_changing") == [(1,)]
            await admin.execute("ALTER TABLE read_pipeline_changing ADD COLUMN b text DEFAULT 'x'")
            # "cached plan must not change result type": prepared again, and the caller gets the new shape.
            assert await pipeline.rows("SELECT * FROM read_pipeline_changing") == [(1, "x")]
        finally:
            await admin.execute("DROP TABLE read_pipeline_changing")


async def test_a_closed_pipeline_fails_the_reads_under_way_and_refuses_new_ones(
    new_pipeline: PipelineFactory, kit_database_url: str
) -> None:
    pipeline = new_pipeline()
    pid = await backend_pid(pipeline)
    sleeping = asyncio.create_task(pipeline.rows("SELECT pg_sleep(5) AS closing"))
    await asyncio.sleep(0.1)
    await pipeline.close()
    with pytest.raises(PipelineClosed):
        await asyncio.wait_for(sleeping, 2)
    with pytest.raises(PipelineClosed):
        await backend_pid(pipeline)
    await terminate(kit_database_url, pid)  # the server notices a closed client only when it answers: not left asleep


def test_a_pipeline_used_on_a_new_event_loop_opens_a_connection_there(kit_database_url: str) -> None:
    pipeline = ReadPipeline(libpq_url(kit_database_url))
    first = asyncio.run(backend_pid(pipeline))
    second = asyncio.run(backend_pid(pipeline))
    assert second != first
    asyncio.run(pipeline.close())
