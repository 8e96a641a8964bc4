"""The broker factory and idempotent consumers on FastStream.

FastStream's NATS default drops a message after one failing handler; here every subscriber uses manual
acknowledgement: ack only after the effect is committed, a failure is redelivered after a growing delay,
and after ``max_deliver`` attempts the message is parked on ``deadletter.<consumer>`` (stream
``DEADLETTER``) with the error, for an operator to inspect and replay (``python -m portal_kit.deadletter``).
Handlers receive the event as its generated model; a message that breaks the contract is parked at once with
the reason, and its handler never sees it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from faststream import AckPolicy
from faststream.nats import ConsumerConfig, DeliverPolicy, JStream, NatsBroker, PullSub
from faststream.nats.annotations import NatsMessage
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
from portal_kit.messaging.inbox import claim, claim_with_row
from portal_kit.messaging.relay import inbox_prefix
from portal_kit.telemetry import extract_context, tracer

PULL_SECONDS = 10.0
log = logging.getLogger("portal_kit.consumer")

DEADLETTER_STREAM = "DEADLETTER"
DEADLETTER_PREFIX = "deadletter"
DEFAULT_BACKOFF: tuple[float, ...] = (1.0, 5.0, 30.0, 120.0)
DEFAULT_MAX_DELIVER = 5

# What a handler may ask to happen once its effect is committed (a nudge on core NATS, say): run once, after the
# commit and before the acknowledgement; its failure is logged, never retried (the effect stands).
AfterCommit = Callable[[], Awaitable[None]]
Handler = Callable[[AsyncSession, EventModel], Awaitable[AfterCommit | None]]


@dataclass(frozen=True)
class RowEffect:
    """What a one-statement handler does with an event: the row it adds, if any, and what runs after the commit."""

    row: Base | None = None
    then: AfterCommit | None = None


RowHandler = Callable[[EventModel], RowEffect]
# Applies an event (its model, id and subject) at most once; what it returns runs after the commit.
_Apply = Callable[[EventModel, str, str], Awaitable[AfterCommit | None]]


class PortalBroker(NatsBroker):
    """The broker of a worker: it remembers its user's inbox, which JetStream pull subscriptions need too
    (FastStream gives them the default ``_INBOX``, which a service's NATS user may not read)."""

    def __init__(self, nats_url: str, *, name: str) -> None:
        self.inbox = inbox_prefix(nats_url)
        super().__init__(
            nats_url, connect_timeout=5, max_reconnect_attempts=-1, name=name, logger=log, inbox_prefix=self.inbox
        )


def create_broker(nats_url: str, *, name: str) -> PortalBroker:
    return PortalBroker(nats_url, name=name)


def deadletter_subject(consumer: str) -> str:
    return f"{DEADLETTER_PREFIX}.{consumer}"


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
) -> None:
    """Register ``handler`` for the events of model ``event`` (its ``SUBJECT``, on its producer's stream) as
    durable consumer ``<service>__<handler_name>``.

    The handler runs inside one transaction together with the inbox claim; it is called at most once per
    event id with a committed effect. What it returns (``AfterCommit``) runs after the commit."""
    consumer = f"{service}__{handler_name}"

    async def apply(received: EventModel, received_id: str, subject: str) -> AfterCommit | None:
        async with db.transaction() as session:
            if await claim(session, consumer, received_id, subject):
                return await handler(session, received)
        return None

    _consume(broker, service, consumer, event, apply, stream, max_deliver, backoff)


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
) -> None:
    subject = subject_of(event)
    stream = stream or stream_name(subject.split(".", 1)[0])
    span_tracer = tracer(service)

    async def on_message(msg: NatsMessage) -> None:
        body: bytes = msg.body
        actual_subject: str = msg.raw_message.subject
        headers: dict[str, Any] = dict(msg.headers or {})
        delivered = int(msg.raw_message.metadata.num_delivered or 1)
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
                    await msg.nack(delay=delay)
                return
            if after is not None:
                try:
                    await after()
                except Exception:
                    log.exception("%s: the follow-up of %s failed", consumer, received_id)
            await msg.ack()

    broker.subscriber(
        subject,
        stream=JStream(name=stream, declare=False),
        durable=consumer,
        # A waiting pull hands over a message as soon as it arrives, whatever its timeout; the timeout only sets how
        # often an idle consumer asks again (each a request to NATS and a wake-up of the worker).
        pull_sub=PullSub(batch_size=16, timeout=PULL_SECONDS),
        inbox_prefix=f"{broker.inbox}.".encode(),
        deliver_policy=DeliverPolicy.ALL,
        config=ConsumerConfig(max_deliver=max_deliver + 1, ack_wait=30),
        ack_policy=AckPolicy.MANUAL,
        no_reply=True,
    )(on_message)


def _first_problems(error: ValidationError, most: int = 3) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in problem['loc']) or 'body'}: {problem['msg']}"
        for problem in error.errors()[:most]
    )


async def _dead_letter(
    broker: NatsBroker,
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
    await broker.publish(body, deadletter_subject(consumer), headers=parked, stream=DEADLETTER_STREAM)
