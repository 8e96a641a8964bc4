"""Outbox, relay, inbox and dead-letter against real PostgreSQL and NATS JetStream."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from typing import ClassVar, Literal

import nats
import psycopg
import pytest
from kit_test_models import Note
from nats.js import JetStreamContext
from opentelemetry import trace
from pydantic import BaseModel, ConfigDict
from sqlalchemy import Column, MetaData, String, Table, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from portal_kit.deadletter import ensure_deadletter_stream, list_parked, replay
from portal_kit.messaging.consumer import PortalBroker, RowEffect, create_broker, subscribe, subscribe_row
from portal_kit.messaging.events import new_event
from portal_kit.messaging.inbox import _claim_and_insert
from portal_kit.messaging.outbox import NOTIFY_CHANNEL, OutboxMessage, add_event
from portal_kit.messaging.relay import OutboxRelay, ensure_stream
from portal_kit.servers import ManagedProcess
from portal_kit.telemetry import setup_telemetry
from portal_kit.testing.plugin import PortalServers

STREAM, SUBJECTS = "KITTEST", ["kittest.>"]
# The registry's say for the test's events: the kit's consumers consume them (the dead-letter replay checks it).
ROUTES = {"kittest.thing.happened.v1": ("kittest", ("kit",))}


class ThingData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int


class ThingHappened(BaseModel):
    """A test event model shaped as proto/ generates them."""

    model_config = ConfigDict(extra="forbid")
    SUBJECT: ClassVar[str] = "kittest.thing.happened.v1"

    id: str
    subject: Literal["kittest.thing.happened.v1"]
    occurredAt: datetime
    merchant: str
    data: ThingData


def thing(n: int) -> ThingHappened:
    return new_event(ThingHappened, "turkeyf2", {"n": n})


def encoded(event: ThingHappened) -> bytes:
    return event.model_dump_json().encode()


async def remember(session: AsyncSession, event: ThingHappened) -> None:
    """A handler whose every effect is a note a test can count."""
    session.add(Note(text=f"effect of {event.data.n}"))


@pytest.fixture
async def js(portal_servers: PortalServers) -> AsyncIterator[JetStreamContext]:
    nc = await nats.connect(portal_servers.nats_url)
    context = nc.jetstream()
    await ensure_stream(context, STREAM, SUBJECTS)
    await ensure_deadletter_stream(context)
    yield context
    await nc.close()


@pytest.fixture
async def relay(kit_db: Database, portal_servers: PortalServers) -> AsyncIterator[OutboxRelay]:
    outbox_relay = OutboxRelay(kit_db, portal_servers.nats_url, STREAM, SUBJECTS, publish_timeout=1.0)
    yield outbox_relay
    await outbox_relay.stop()


async def stream_messages(js: JetStreamContext) -> list[ThingHappened]:
    info = await js.stream_info(STREAM)
    events = []
    for seq in range(info.state.first_seq, info.state.last_seq + 1):
        if info.state.messages == 0:
            break
        events.append(ThingHappened.model_validate_json((await js.get_msg(STREAM, seq)).data or b""))
    return events


async def eventually(check: Callable[[], object], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not met in time")


async def notes(db: Database) -> list[str]:
    async with db.reader() as session:
        return list((await session.scalars(select(Note.text).order_by(Note.id))).all())


async def test_event_of_a_rolled_back_transaction_is_never_published(
    kit_db: Database, relay: OutboxRelay, js: JetStreamContext
) -> None:
    with pytest.raises(RuntimeError, match="business rule failed"):
        async with kit_db.transaction() as session:
            session.add(Note(text="doomed"))
            add_event(session, thing(1))
            raise RuntimeError("business rule failed")
    kept = thing(2)
    async with kit_db.transaction() as session:
        add_event(session, kept)

    assert await relay.publish_pending() == 1
    assert await relay.publish_pending() == 0
    published = await stream_messages(js)
    assert [event.id for event in published] == [kept.id]
    assert published[0].data.n == 2
    assert await notes(kit_db) == []


async def test_a_batch_leaves_in_order_and_an_event_the_stream_refuses_blocks_none_behind_it(
    kit_db: Database, relay: OutboxRelay, js: JetStreamContext
) -> None:
    first, last = thing(1), thing(3)
    async with kit_db.transaction() as session:
        add_event(session, first)
    async with kit_db.transaction() as session:  # no stream holds its subject: JetStream answers no one
        session.add(OutboxMessage(id="stray-1", subject="nowhere.thing.happened.v1", body={}, headers={}, attempts=0))
    async with kit_db.transaction() as session:
        add_event(session, last)
    async with kit_db.transaction() as session:
        add_event(session, thing(4))

    assert await relay.publish_pending() == 3
    assert [event.data.n for event in await stream_messages(js)] == [1, 3, 4]
    async with kit_db.reader() as session:
        stray = await session.get(OutboxMessage, "stray-1")
    assert stray is not None and stray.published_at is None and stray.attempts == 1 and stray.last_error
    assert await relay.publish_pending() == 0  # tried again next round, still refused, nothing else held up
    assert await relay.pending_count() == 1


async def test_only_a_commit_that_wrote_events_notifies_and_once(kit_db: Database) -> None:
    """The outbox's trigger: a commit with events notifies ``outbox`` once however many it wrote, a commit without
    events and a rolled-back one not at all."""
    async with await psycopg.AsyncConnection.connect(kit_db.url, autocommit=True) as listener:
        await listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
        async with kit_db.transaction() as session:
            session.add(Note(text="no event"))
        with pytest.raises(RuntimeError, match="business rule failed"):
            async with kit_db.transaction() as session:
                add_event(session, thing(1))
                raise RuntimeError("business rule failed")
        async with kit_db.transaction() as session:
            add_event(session, thing(2))
            add_event(session, thing(3))
        await kit_db.call(  # a server-side function's insert notifies alike
            "INSERT INTO outbox (id, subject, body, headers, attempts) VALUES ('raw-1', 'kittest.raw', '{}', '{}', 0)"
        )
        heard = [note.channel async for note in listener.notifies(timeout=1.0)]
    assert heard == [NOTIFY_CHANNEL, NOTIFY_CHANNEL]


async def published_ids(js: JetStreamContext) -> list[str]:
    return [event.id for event in await stream_messages(js)]


async def test_a_commit_in_any_process_wakes_the_listening_relay(
    kit_db: Database, kit_database_url: str, portal_servers: PortalServers, js: JetStreamContext
) -> None:
    """A commit made through another process's connections wakes the relay, whose polls are a minute apart."""
    relay = OutboxRelay(kit_db, portal_servers.nats_url, STREAM, SUBJECTS, poll_interval=60, idle_poll=60)
    running = asyncio.create_task(relay.run())
    api_db = Database(kit_database_url)
    try:
        await eventually(lambda: relay.hears_wakes and relay.rounds > 0)
        first, second = thing(6), thing(7)
        async with api_db.transaction() as session:
            add_event(session, first)
        await eventually(lambda: _has(js, first.id), timeout=10)
        async with api_db.transaction() as session:
            add_event(session, second)
        await eventually(lambda: _has(js, second.id), timeout=10)
        assert await published_ids(js) == [first.id, second.id]
    finally:
        await api_db.dispose()
        await relay.stop()
        await running


async def test_the_relay_listens_again_after_its_connection_is_cut(
    kit_db: Database, portal_servers: PortalServers, js: JetStreamContext
) -> None:
    """The listening connection ended by the server: the relay connects again and is woken as before."""
    relay = OutboxRelay(kit_db, portal_servers.nats_url, STREAM, SUBJECTS, poll_interval=0.1, idle_poll=60)
    running = asyncio.create_task(relay.run())
    try:
        await eventually(lambda: relay.hears_wakes and relay.rounds > 0)
        await kit_db.call(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $$LISTEN outbox$$"
            " AND datname = current_database()"
        )
        await eventually(lambda: not relay.hears_wakes)
        await eventually(lambda: relay.hears_wakes, timeout=10)
        rounds = relay.rounds
        event = thing(8)
        async with kit_db.transaction() as session:
            add_event(session, event)
        await eventually(lambda: _has(js, event.id), timeout=10)
        assert relay.rounds > rounds
    finally:
        await relay.stop()
        await running


async def _has(js: JetStreamContext, event_id: str) -> bool:
    return event_id in await published_ids(js)


async def test_event_is_published_once_nats_is_back_after_an_outage(
    kit_db: Database, nats_server_factory: Callable[[], ManagedProcess]
) -> None:
    server = nats_server_factory()
    url = f"nats://127.0.0.1:{server.port}"
    outbox_relay = OutboxRelay(kit_db, url, STREAM, SUBJECTS, publish_timeout=0.5)
    try:
        assert await outbox_relay.publish_pending() == 0  # connects and creates the stream
        server.stop()
        event = thing(7)
        async with kit_db.transaction() as session:
            add_event(session, event)

        assert await outbox_relay.publish_pending() == 0  # NATS is down: nothing is marked sent
        async with kit_db.reader() as session:
            row = await session.get(OutboxMessage, event.id)
        assert row is not None and row.published_at is None and row.attempts == 1 and row.last_error

        server.start()
        server.wait_ready(30)
        runner = asyncio.create_task(outbox_relay.run())
        await eventually(lambda: _pending_is_zero(outbox_relay), timeout=30)
        await outbox_relay.stop()
        await runner
    finally:
        await outbox_relay.stop()

    nc = await nats.connect(url)
    try:
        info = await nc.jetstream().stream_info(STREAM)
        message = await nc.jetstream().get_msg(STREAM, info.state.last_seq)
    finally:
        await nc.close()
    assert info.state.messages == 1
    assert ThingHappened.model_validate_json(message.data or b"").id == event.id


async def _pending_is_zero(outbox_relay: OutboxRelay) -> bool:
    return await outbox_relay.pending_count() == 0


@pytest.fixture
async def broker(portal_servers: PortalServers) -> AsyncIterator[PortalBroker]:
    nats_broker = create_broker(portal_servers.nats_url, name="kit-test")
    yield nats_broker
    await nats_broker.stop()


async def test_duplicate_delivery_has_exactly_one_effect(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    subscribe(
        broker, service="kit", handler_name="remember", stream=STREAM, event=ThingHappened, db=kit_db, handler=remember
    )
    await broker.start()
    event = thing(1)
    # The same event three times under different message ids: as a redelivery, a replay or a second relay would.
    for attempt in range(3):
        await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": f"{event.id}-{attempt}"})
    other = thing(2)
    await js.publish(other.subject, encoded(other), headers={"Nats-Msg-Id": other.id})

    await eventually(lambda: _consumer_idle(js, "kit__remember"))
    assert await notes(kit_db) == ["effect of 1", "effect of 2"]


async def test_a_row_handler_writes_its_row_and_runs_its_follow_up_once_per_event(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    followed: list[int] = []
    keys: list[int | None] = []

    def note(event: ThingHappened) -> RowEffect:
        row = Note(text=f"row of {event.data.n}")

        async def then() -> None:
            followed.append(event.data.n)
            keys.append(row.id)  # the key the insert gave it, as a flush would have set it

        return RowEffect(row=row, then=then)

    subscribe_row(
        broker, service="kit", handler_name="note", stream=STREAM, event=ThingHappened, db=kit_db, handler=note
    )
    await broker.start()
    event = thing(1)
    for attempt in range(3):  # one event three times: a redelivery, a replay, a second relay
        await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": f"{event.id}-{attempt}"})
    other = thing(2)
    await js.publish(other.subject, encoded(other), headers={"Nats-Msg-Id": other.id})

    await eventually(lambda: _consumer_idle(js, "kit__note"))
    assert await notes(kit_db) == ["row of 1", "row of 2"]
    assert followed == [1, 2]
    async with kit_db.reader() as session:
        assert keys == list((await session.scalars(select(Note.id).order_by(Note.id))).all())


async def test_a_row_that_cannot_be_written_leaves_the_event_unclaimed_for_its_retry(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    tries: list[int] = []
    followed: list[int] = []

    def note(event: ThingHappened) -> RowEffect:
        tries.append(event.data.n)
        text = "x" * 500 if len(tries) == 1 else f"row of {event.data.n}"  # the first is too long for its column

        async def then() -> None:
            followed.append(event.data.n)

        return RowEffect(row=Note(text=text), then=then)

    subscribe_row(
        broker, service="kit", handler_name="late", stream=STREAM, event=ThingHappened, db=kit_db, handler=note,
        backoff=(0.2,),
    )  # fmt: skip
    await broker.start()
    event = thing(7)
    await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": event.id})

    await eventually(lambda: _notes_equal(kit_db, ["row of 7"]))
    await eventually(lambda: _consumer_idle(js, "kit__late"))
    assert tries == [7, 7]  # the failed statement claimed nothing, so the retry wrote the row
    assert followed == [7]  # and only a written row is followed up


async def test_a_row_handler_with_no_row_claims_the_event_alone(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    followed: list[int] = []

    def only_follow(event: ThingHappened) -> RowEffect:
        async def then() -> None:
            followed.append(event.data.n)

        return RowEffect(then=then)

    subscribe_row(
        broker, service="kit", handler_name="bare", stream=STREAM, event=ThingHappened, db=kit_db,
        handler=only_follow,
    )  # fmt: skip
    await broker.start()
    event = thing(3)
    for attempt in range(2):
        await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": f"{event.id}-{attempt}"})

    await eventually(lambda: _consumer_idle(js, "kit__bare"))
    assert followed == [3]
    assert await notes(kit_db) == []


def test_a_row_is_written_by_its_claims_statement_only_when_its_defaults_are_constants() -> None:
    constant = Table("kit_constant", MetaData(), Column("text", String(10)), Column("kind", String(10), default="note"))
    statement, defaults = _claim_and_insert(constant, ("text",))
    assert statement.startswith("WITH claimed AS") and "FROM claimed" in statement
    assert defaults == {"kind": "note"}  # the model's default, sent as the ORM would
    computed = Table("kit_computed", MetaData(), Column("text", String(10)), Column("at", String(40), default=str))
    with pytest.raises(ValueError, match=r"kit_computed\.at"):
        _claim_and_insert(computed, ("text",))


async def _consumer_idle(js: JetStreamContext, durable: str) -> bool:
    info = await js.consumer_info(STREAM, durable)
    return info.num_pending == 0 and info.num_ack_pending == 0


async def test_failing_handler_is_retried_with_backoff_then_dead_lettered_and_replayable(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    attempts: list[float] = []
    healthy = asyncio.Event()

    async def flaky(session: AsyncSession, event: ThingHappened) -> None:
        if not healthy.is_set():
            attempts.append(time.monotonic())
            session.add(Note(text="half-written"))  # rolled back with the failure
            raise ValueError("downstream refused")
        session.add(Note(text=f"done {event.id}"))

    subscribe(
        broker,
        service="kit",
        handler_name="flaky",
        stream=STREAM,
        event=ThingHappened,
        db=kit_db,
        handler=flaky,
        max_deliver=3,
        backoff=(0.3, 0.6),
    )
    await broker.start()
    event = thing(1)
    await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": event.id, "Portal-Event-Id": event.id})

    await eventually(lambda: _parked_count(js), timeout=20)
    assert len(attempts) == 3
    gaps = [later - earlier for earlier, later in itertools.pairwise(attempts)]
    assert gaps[0] >= 0.25 and gaps[1] >= 0.55, gaps  # waits grow along the configured backoff
    parked = await list_parked(js, "kit__flaky")
    assert len(parked) == 1
    assert parked[0].subject == "kittest.thing.happened.v1"
    assert parked[0].parked_on == "deadletter.kit.kit__flaky"
    assert parked[0].event_id == event.id
    assert "downstream refused" in parked[0].error
    assert await notes(kit_db) == []

    healthy.set()
    assert await replay(js, "kit__flaky", ROUTES) == 1
    await eventually(lambda: _notes_equal(kit_db, [f"done {event.id}"]))
    assert await list_parked(js) == []
    await asyncio.sleep(0.3)
    assert await notes(kit_db) == [f"done {event.id}"]


async def _parked_count(js: JetStreamContext) -> bool:
    return len(await list_parked(js)) == 1


async def _notes_equal(db: Database, expected: list[str]) -> bool:
    return await notes(db) == expected


async def test_trace_context_travels_from_the_writer_to_the_consumer(
    kit_db: Database, relay: OutboxRelay, broker: PortalBroker, js: JetStreamContext
) -> None:
    setup_telemetry("kit-test")
    seen: list[int] = []

    async def traced(session: AsyncSession, event: ThingHappened) -> None:
        seen.append(trace.get_current_span().get_span_context().trace_id)

    subscribe(
        broker, service="kit", handler_name="traced", stream=STREAM, event=ThingHappened, db=kit_db, handler=traced
    )
    await broker.start()
    with trace.get_tracer("test").start_as_current_span("deposit click") as span:
        origin = span.get_span_context().trace_id
        async with kit_db.transaction() as session:
            add_event(session, thing(1))
    await relay.publish_pending()
    await eventually(lambda: bool(seen))
    assert seen == [origin]
    async with kit_db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(OutboxMessage)) == 1


async def test_a_message_breaking_its_contract_is_parked_with_the_reason_and_never_handled(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    subscribe(
        broker, service="kit", handler_name="strict", stream=STREAM, event=ThingHappened, db=kit_db, handler=remember
    )
    await broker.start()
    broken = thing(1).model_dump(mode="json")
    broken["data"] = {"n": "one"}  # the contract says an integer
    await js.publish("kittest.thing.happened.v1", json.dumps(broken).encode(), headers={"Nats-Msg-Id": "broken-1"})
    await js.publish("kittest.thing.happened.v1", b"not json at all", headers={"Nats-Msg-Id": "broken-2"})
    good = thing(2)
    await js.publish(good.subject, encoded(good), headers={"Nats-Msg-Id": good.id})

    await eventually(lambda: _consumer_idle(js, "kit__strict"))
    assert await notes(kit_db) == ["effect of 2"]
    parked = await list_parked(js, "kit__strict")
    assert len(parked) == 2
    assert all(item.error.startswith("breaks kittest.thing.happened.v1") for item in parked)
    assert any("data.n" in item.error for item in parked)


async def test_a_batched_consumer_applies_a_pulls_events_in_one_transaction_and_one_bad_event_blocks_none(
    kit_db: Database, broker: PortalBroker, js: JetStreamContext
) -> None:
    async def noted_in_transaction(session: AsyncSession, event: ThingHappened) -> None:
        if event.data.n == 13:
            raise ValueError("thirteen is refused")
        txid = await session.scalar(text("SELECT txid_current()"))
        session.add(Note(text=f"{event.data.n} in {txid}"))

    events = [thing(n) for n in range(40)]
    for event in events:  # a backlog before the consumer starts: its pulls come full
        await js.publish(event.subject, encoded(event), headers={"Nats-Msg-Id": event.id})
    again = events[7]
    await js.publish(again.subject, encoded(again), headers={"Nats-Msg-Id": f"{again.id}-again"})
    subscribe(
        broker, service="kit", handler_name="batched", stream=STREAM, event=ThingHappened, db=kit_db,
        handler=noted_in_transaction, max_deliver=2, backoff=(0.2,), batch=16,
    )  # fmt: skip
    await broker.start()

    await eventually(lambda: _parked_count(js), timeout=20)  # the bad one alone, after its retries
    await eventually(lambda: _consumer_idle(js, "kit__batched"))
    written = [note.split(" in ") for note in await notes(kit_db)]
    assert sorted(int(n) for n, _ in written) == [n for n in range(40) if n != 13]  # each once, the repeat too
    # The first pull (0-15) held the bad event: handled one at a time; every later pull committed whole.
    later = {txid for n, txid in written if int(n) >= 16}
    assert len(later) <= 3, later
    [parked] = await list_parked(js, "kit__batched")
    assert parked.event_id == events[13].id and "thirteen" in parked.error
