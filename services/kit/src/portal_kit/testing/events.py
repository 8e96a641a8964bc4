"""Events in tests (build them with ``new_event``): publish one into its producer's stream as the relay does, wait
until a durable consumer has taken everything, shorten a consumer's ack wait."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import nats
from pydantic import BaseModel


async def publish_event(nats_url: str, event: BaseModel, *, msg_id: str | None = None) -> None:
    """``event`` into its producer's stream (``Nats-Msg-Id`` = the event id unless ``msg_id``: another id is a
    redelivery JetStream does not recognise as a duplicate, for the consumer's inbox to catch)."""
    nc = await nats.connect(nats_url)
    try:
        body = event.model_dump(mode="json")
        headers = {"Nats-Msg-Id": msg_id or body["id"], "Portal-Event-Id": body["id"]}
        await nc.jetstream().publish(body["subject"], event.model_dump_json().encode(), headers=headers)
    finally:
        await nc.close()


async def consumed(nats_url: str, stream: str, durable: str, published: int) -> bool:
    """Whether durable consumer ``durable`` of ``stream`` exists and has taken and acknowledged the stream's first
    ``published`` messages."""
    nc = await nats.connect(nats_url)
    try:
        info = await nc.jetstream().consumer_info(stream, durable)
    except Exception:  # noqa: BLE001 - not created yet
        return False
    finally:
        await nc.close()
    return info.num_pending == 0 and info.num_ack_pending == 0 and (info.delivered.stream_seq or 0) >= published


async def shorten_ack_wait(nats_url: str, stream: str, durable: str, seconds: float) -> None:
    """Durable consumer ``durable`` of ``stream`` hands a message it handed out again once unacknowledged for
    ``seconds`` (the workers create it with 30): what a killed worker held comes back that much sooner, through the same
    redelivery. JetStream applies it at once to the messages already out; a worker binding the consumer keeps it."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        config = (await js.consumer_info(stream, durable)).config
        await js.add_consumer(stream, config.evolve(ack_wait=seconds))
    finally:
        await nc.close()


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 15.0) -> None:
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.05)
