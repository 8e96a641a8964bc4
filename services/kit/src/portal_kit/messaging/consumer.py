"""A worker's idempotent event consumers: durable JetStream pull consumers on plain nats-py, one task each, as
the money API's ``Responder`` answers on plain nats-py too (a framework's consumer cost about a millisecond a message
more on this machine, and we use none of its routing).

Every consumer acknowledges only after the effect is committed, a failure is redelivered after a growing delay,
and after ``max_deliver`` attempts the message is parked on ``deadletter.<service>.<consumer>`` (stream
``DEADLETTER``) with the error, for an operator to inspect and replay (``python -m portal_kit.deadletter``).
Handlers receive the event as its generated model; a message that breaks the contract is parked at once with
the reason, and its handler never sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from nats.errors import TimeoutError as NatsTimeout
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from opentelemetry.trace import SpanKind
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Base, Database
from portal_kit.messaging.events import (
    EVENT_ID_HEADER,
    MSG_ID_HEADER,
    EventModel,
    event_id,
    stream_name,
    subject_of,
)
from portal_kit.messaging.inbox import claim, claim_many, claim_with_row
from portal_kit.messaging.relay import connect_nats, inbox_prefix
from portal_kit.telemetry import extract_context, tracer

# A waiting pull hands over a message as soon as it arrives, whatever its timeout; the timeout only sets how often an
# idle consumer asks again (each a request to NATS and a wake-up of the worker).
PULL_SECONDS = 10.0
PULL_BATCH = 16
log = logging.getLogger("portal_kit.consumer")

DEADLETTER_STREAM = "DEADLETTER"
DEADLETTER_PREFIX = "deadletter"
DEFAULT_BACKOFF: tuple[float, ...] = (1.0, 5.0, 30.0, 120.0)
DEFAULT_MAX_DELIVER = 5

# What a handler may ask to happen once its effect is committed (a nudge on core NATS, say): run once, after the
# commit and before the acknowledgement; its failure is logged, never retried (the effect stands).
AfterCommit = Callable[[], Awaitable[None]]
Handler = Callable[[AsyncSession, EventModel], Awaitable[AfterCommit | None]]
# A handler of many events at once (``subscribe_many``): the new ones of a pull, in their order, in one transaction.
ManyHandler = Callable[[AsyncSession, list[EventModel]], Awaitable[AfterCommit | None]]


@dataclass(frozen=True)
class RowEffect:
    """What a one-statement handler does with an event: the row it adds, if any, and what runs after the commit."""

    row: Base | None = None
    then: AfterCommit | None = None


RowHandler = Callable[[EventModel], RowEffect]
# Applies an event (its model, id and subject) at most once; what it returns runs after the commit.
_Apply = Callable[[EventModel, str, str], Awaitable[AfterCommit | None]]


_OnMessage = Callable[[Msg], Awaitable[None]]


# Handles a whole pull's messages in one go; ``False`` when it could not (nothing committed, nothing acknowledged:
# the messages are then handled one at a time, each with its own retries).
_OnBatch = Callable[[list[Msg]], Awaitable[bool]]


@dataclass(frozen=True)
class _Consumer:
    subject: str
    stream: str
    durable: str
    max_deliver: int
    on_message: _OnMessage
    on_batch: _OnBatch | None = None
    pull_batch: int = PULL_BATCH


class PortalBroker:
    """A worker's consumers (``subscribe``, ``subscribe_row``) and its core NATS publishes, on one connection as the
    worker's NATS user, whose replies (pull requests' too) come only to its own inbox. ``start`` creates or binds
    each durable consumer and pulls it in a task of its own, handling its messages one after another."""

    def __init__(self, nats_url: str, *, name: str) -> None:
        self.nats_url = nats_url
        self.name = name
        self.inbox = inbox_prefix(nats_url)
        self._consumers: list[_Consumer] = []
        self._nc: NATS | None = None
        self._js: JetStreamContext | None = None
        self._pulls: list[asyncio.Task[None]] = []

    def add(self, consumer: _Consumer) -> None:
        self._consumers.append(consumer)

    @property
    def connected(self) -> bool:
        """Started, and its connection is up (not lost and reconnecting)."""
        return self._nc is not None and self._nc.is_connected

    async def start(self) -> None:
        self._nc = await connect_nats(self.nats_url, self.name)
        self._js = self._nc.jetstream()
        for consumer in self._consumers:
            subscription = await self._js.pull_subscribe(
                consumer.subject,
                durable=consumer.durable,
                stream=consumer.stream,
                config=ConsumerConfig(
                    deliver_policy=DeliverPolicy.ALL,
                    ack_policy=AckPolicy.EXPLICIT,
                    max_deliver=consumer.max_deliver + 1,  # the last delivery parks it
                    ack_wait=30,
                ),
                inbox_prefix=f"{self.inbox}.".encode(),
            )
            self._pulls.append(asyncio.create_task(_pull(consumer, subscription)))

    async def publish(self, body: bytes, subject: str) -> None:
        """Core NATS (no stream): a nudge after a commit."""
        if self._nc is None:
            raise RuntimeError("the broker is not started")
        await self._nc.publish(subject, body)

    async def publish_to_stream(self, body: bytes, subject: str, headers: dict[str, str], stream: str) -> None:
        if self._js is None:
            raise RuntimeError("the broker is not started")
        await self._js.publish(subject, body, headers=headers, stream=stream)

    async def stop(self) -> None:
        for pull in self._pulls:
            pull.cancel()
        await asyncio.gather(*self._pulls, return_exceptions=True)
        self._pulls.clear()
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.close()
            self._nc, self._js = None, None


async def _pull(consumer: _Consumer, subscription: JetStreamContext.PullSubscription) -> None:
    """Fetch and handle ``consumer``'s messages until cancelled; NATS away is waited out (nats-py reconnects)."""
    while True:
        try:
            messages = await subscription.fetch(consumer.pull_batch, timeout=PULL_SECONDS)
        except NatsTimeout:
            continue
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the next pull tries again
            log.warning("%s could not pull: %s", consumer.durable, exc)
            await asyncio.sleep(1.0)
            continue
        if consumer.on_batch is not None and len(messages) > 1:
            try:
                if await consumer.on_batch(messages):
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:  # one at a time below
                log.exception("%s could not handle a batch of %d", consumer.durable, len(messages))
        for message in messages:
            try:
                await consumer.on_message(message)
            except asyncio.CancelledError:
                raise
            except Exception:  # unacknowledged: redelivered after the ack wait
                log.exception("%s could not handle a message of %s", consumer.durable, message.subject)


def create_broker(nats_url: str, *, name: str) -> PortalBroker:
    return PortalBroker(nats_url, name=name)


def deadletter_subject(consumer: str) -> str:
    """Where ``consumer`` (``<service>__<handler>``) parks a message: ``deadletter.<service>.<consumer>``, under its
    service's own prefix, the only one its NATS user may publish to (``portal_stack.access``)."""
    return f"{DEADLETTER_PREFIX}.{service_of(consumer)}.{consumer}"


def service_of(consumer: str) -> str:
    """The service of a durable consumer named ``<service>__<handler>``."""
    return consumer.partition("__")[0]


def backoff_delay(delivered: int, backoff: Sequence[float]) -> float:
    """The wait before the next attempt after ``delivered`` attempts (the last step repeats)."""
    return backoff[min(max(delivered, 1), len(backoff)) - 1]


def subscribe(
    broker: PortalBroker,
    *,
    service: str,
    handler_name: str,
    event: type[EventModel],
    db: Database,
    handler: Handler[EventModel],
    stream: str | None = None,
    max_deliver: int = DEFAULT_MAX_DELIVER,
    backoff: Sequence[float] = DEFAULT_BACKOFF,
    batch: int | None = None,
) -> None:
    """Register ``handler`` for the events of model ``event`` (its ``SUBJECT``, on its producer's stream) as
    durable consumer ``<service>__<handler_name>``.

    The handler runs inside one transaction together with the inbox claim; it is called at most once per
    event id with a committed effect. What it returns (``AfterCommit``) runs after the commit.

    ``batch``: up to that many messages of one pull are handled in one transaction (each claimed and applied in
    turn, one commit for all), so a consumer that keeps up with a stream pays one commit a pull instead of one a
    message; for a handler whose effects may commit together. Should any of them fail, nothing of the pull is
    committed and its messages are handled one at a time, each with its own retries and dead letter."""
    consumer = f"{service}__{handler_name}"

    async def apply(received: EventModel, received_id: str, subject: str) -> AfterCommit | None:
        async with db.transaction() as session:
            if await claim(session, consumer, received_id, subject):
                return await handler(session, received)
        return None

    async def apply_each(session: AsyncSession, received: list[tuple[str, str, EventModel]]) -> list[AfterCommit]:
        afterwards = []
        for received_id, subject, model in received:
            if await claim(session, consumer, received_id, subject):
                after = await handler(session, model)
                if after is not None:
                    afterwards.append(after)
        return afterwards

    on_batch = _batch_applier(service, consumer, event, db, apply_each) if batch else None
    _consume(broker, service, consumer, event, apply, stream, max_deliver, backoff, on_batch, batch or PULL_BATCH)


def subscribe_many(
    broker: PortalBroker,
    *,
    service: str,
    handler_name: str,
    event: type[EventModel],
    db: Database,
    handler: ManyHandler[EventModel],
    batch: int = 64,
    stream: str | None = None,
    max_deliver: int = DEFAULT_MAX_DELIVER,
    backoff: Sequence[float] = DEFAULT_BACKOFF,
) -> None:
    """Like ``subscribe`` with ``batch``, for a handler that takes the events of a pull together (set-based: a few
    statements for all of them): the kit claims them in one statement and hands the handler those that were new, in
    their order, in the claim's transaction. Should it fail, each message is handled alone (a list of one), with its
    own retries and dead letter."""
    consumer = f"{service}__{handler_name}"

    async def apply(received: EventModel, received_id: str, subject: str) -> AfterCommit | None:
        async with db.transaction() as session:
            if await claim(session, consumer, received_id, subject):
                return await handler(session, [received])
        return None

    async def apply_all(session: AsyncSession, received: list[tuple[str, str, EventModel]]) -> list[AfterCommit]:
        fresh = await claim_many(session, consumer, [(received_id, subject) for received_id, subject, _ in received])
        chosen = []
        for received_id, _, model in received:
            if received_id in fresh:
                fresh.discard(received_id)  # a repeat in the same pull is handled once
                chosen.append(model)
        after = await handler(session, chosen) if chosen else None
        return [after] if after is not None else []

    on_batch = _batch_applier(service, consumer, event, db, apply_all)
    _consume(broker, service, consumer, event, apply, stream, max_deliver, backoff, on_batch, batch)


# Applies a pull's events (id, subject, model) in the given transaction; what to run after its commit.
_ApplyMany = Callable[[AsyncSession, list[tuple[str, str, EventModel]]], Awaitable[list[AfterCommit]]]


def _batch_applier(
    service: str, consumer: str, event: type[EventModel], db: Database, apply_many: _ApplyMany[EventModel]
) -> _OnBatch:
    span_tracer = tracer(service)

    async def on_batch(messages: list[Msg]) -> bool:
        with span_tracer.start_as_current_span(f"consume {subject_of(event)} batch", kind=SpanKind.CONSUMER) as span:
            span.set_attribute("messaging.consumer.group.name", consumer)
            span.set_attribute("messaging.batch.message_count", len(messages))
            return await apply_batch(messages)

    async def apply_batch(messages: list[Msg]) -> bool:
        received: list[tuple[str, str, EventModel]] = []
        for message in messages:
            try:
                model = event.model_validate_json(message.data)
            except ValidationError:
                return False  # one at a time: the broken one is parked with its reason
            received.append((event_id(model), message.subject, model))
        try:
            async with db.transaction() as session:
                afterwards = await apply_many(session, received)
        except Exception as exc:  # noqa: BLE001 - nothing committed: one at a time, each with its retries
            log.info("%s: a batch of %d failed (%s); one at a time", consumer, len(messages), exc)
            return False
        for after in afterwards:
            try:
                await after()
            except Exception:
                log.exception("%s: a follow-up of a batch failed", consumer)
        for message in messages:
            await message.ack()
        return True

    return on_batch


def subscribe_row(
    broker: PortalBroker,
    *,
    service: str,
    handler_name: str,
    event: type[EventModel],
    db: Database,
    handler: RowHandler[EventModel],
    stream: str | None = None,
    max_deliver: int = DEFAULT_MAX_DELIVER,
    backoff: Sequence[float] = DEFAULT_BACKOFF,
) -> None:
    """Like ``subscribe``, for a handler whose whole effect is at most one new row, which it builds from the event
    alone: the inbox claim and the row are one statement in its own transaction (one round trip instead of a
    transaction's four), written only when the claim is new; ``then`` runs only after it did."""
    consumer = f"{service}__{handler_name}"

    async def apply(received: EventModel, received_id: str, subject: str) -> AfterCommit | None:
        effect = handler(received)
        return effect.then if await claim_with_row(db, consumer, received_id, subject, effect.row) else None

    _consume(broker, service, consumer, event, apply, stream, max_deliver, backoff)


def _consume(
    broker: PortalBroker,
    service: str,
    consumer: str,
    event: type[EventModel],
    apply: _Apply[EventModel],
    stream: str | None,
    max_deliver: int,
    backoff: Sequence[float],
    on_batch: _OnBatch | None = None,
    pull_batch: int = PULL_BATCH,
) -> None:
    subject = subject_of(event)
    stream = stream or stream_name(subject.split(".", 1)[0])
    span_tracer = tracer(service)

    async def on_message(msg: Msg) -> None:
        body, actual_subject = msg.data, msg.subject
        headers: dict[str, Any] = dict(msg.headers or {})
        delivered = int(msg.metadata.num_delivered or 1)
        try:
            received = event.model_validate_json(body)
        except ValidationError as exc:
            reason = f"breaks {subject}: {_first_problems(exc)}"
            log.error("%s parked a message of %s: %s", consumer, actual_subject, reason)
            await _dead_letter(broker, consumer, actual_subject, body, headers, reason, delivered)
            await msg.ack()
            return
        received_id = event_id(received)
        with span_tracer.start_as_current_span(
            f"consume {actual_subject}", context=extract_context(headers), kind=SpanKind.CONSUMER
        ) as span:
            span.set_attribute("messaging.consumer.group.name", consumer)
            span.set_attribute("messaging.message.id", received_id)
            try:
                after = await apply(received, received_id, actual_subject)
            except Exception as exc:  # noqa: BLE001 - every failure is retried, then dead-lettered
                if delivered >= max_deliver:
                    log.error("%s gave up on %s after %s deliveries: %s", consumer, received_id, delivered, exc)
                    await _dead_letter(broker, consumer, actual_subject, body, headers, repr(exc), delivered)
                    await msg.ack()
                else:
                    delay = backoff_delay(delivered, backoff)
                    log.warning(
                        "%s failed on %s (delivery %s), retry in %ss: %s", consumer, received_id, delivered, delay, exc
                    )
                    await msg.nak(delay=delay)
                return
            if after is not None:
                try:
                    await after()
                except Exception:
                    log.exception("%s: the follow-up of %s failed", consumer, received_id)
            await msg.ack()

    broker.add(_Consumer(subject, stream, consumer, max_deliver, on_message, on_batch, pull_batch))


def _first_problems(error: ValidationError, most: int = 3) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in problem['loc']) or 'body'}: {problem['msg']}"
        for problem in error.errors()[:most]
    )


async def _dead_letter(
    broker: PortalBroker,
    consumer: str,
    subject: str,
    body: bytes,
    headers: dict[str, Any],
    error: str,
    delivered: int,
) -> None:
    parked_id = headers.get(EVENT_ID_HEADER) or headers.get(MSG_ID_HEADER) or ""
    parked = {
        "Portal-Original-Subject": subject,
        "Portal-Consumer": consumer,
        "Portal-Error": error[:1000],
        "Portal-Deliveries": str(delivered),
        EVENT_ID_HEADER: str(parked_id),
        MSG_ID_HEADER: f"{consumer}:{parked_id}",
    }
    if "traceparent" in headers:
        parked["traceparent"] = str(headers["traceparent"])
    await broker.publish_to_stream(body, deadletter_subject(consumer), parked, DEADLETTER_STREAM)
