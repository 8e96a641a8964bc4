"""Operator command for parked messages: ``python -m portal_kit.deadletter list|replay``.

``replay`` republishes each parked message to its original subject with a fresh ``Nats-Msg-Id`` (so the
stream's duplicate window does not drop it) and the original event id; consumers that already processed it
skip it through their inbox, and the one that failed gets another chance. A replayed message is removed
from the dead-letter stream only after the republish was acknowledged.

The replay runs with the administrator's rights, while what is parked came from any service (each service's user
may publish to ``deadletter.<service>.>``), so a parked message is replayed only to a subject its consumer consumes:
the consumer is the one named by the subject it was parked on (``deadletter.<service>.<service>__<handler>``, its
``Portal-Consumer`` header must agree), and its original subject must be one that ``proto/registry.yaml`` lists
the consumer's service as a consumer of. Anything else is refused and stays parked, for an operator to look at
(``list`` says why)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass

from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from portal_events import EVENT_ROUTES
from portal_kit.messaging.consumer import DEADLETTER_PREFIX, DEADLETTER_STREAM, service_of
from portal_kit.messaging.events import EVENT_ID_HEADER, MSG_ID_HEADER
from portal_kit.messaging.relay import StreamLimits, connect_nats, ensure_stream

log = logging.getLogger("portal_kit.deadletter")
Routes = Mapping[str, tuple[str, tuple[str, ...]]]  # event subject: its producer and its consumers (services)


@dataclass(frozen=True)
class Parked:
    sequence: int
    parked_on: str  # the subject it was parked on: deadletter.<service>.<consumer>
    consumer: str
    subject: str
    event_id: str
    error: str
    deliveries: int
    body: bytes
    headers: dict[str, str]


async def ensure_deadletter_stream(js: JetStreamContext, limits: StreamLimits | None = None) -> None:
    await ensure_stream(js, DEADLETTER_STREAM, [f"{DEADLETTER_PREFIX}.>"], limits)


def refusal(item: Parked, routes: Routes = EVENT_ROUTES) -> str | None:
    """Why ``item`` may not be replayed, or ``None`` when it may: its consumer must be the one whose subject it was
    parked on, and its original subject one that the consumer's service consumes (``routes``, the registry's)."""
    consumer = item.parked_on.rsplit(".", 1)[-1]
    service = service_of(consumer)
    if not service or service == consumer or item.parked_on != f"{DEADLETTER_PREFIX}.{service}.{consumer}":
        return f"parked on {item.parked_on}, not on deadletter.<service>.<service>__<handler>"
    if item.consumer != consumer:
        return f"parked on {item.parked_on} but says it is of {item.consumer!r}"
    _, consumers = routes.get(item.subject, ("", ()))
    if service not in consumers:
        return f"{service} does not consume {item.subject!r} (proto/registry.yaml)"
    return None


async def list_parked(js: JetStreamContext, consumer: str | None = None) -> list[Parked]:
    try:
        info = await js.stream_info(DEADLETTER_STREAM)
    except NotFoundError:
        return []
    parked: list[Parked] = []
    if info.state.messages == 0:
        return parked
    for seq in range(max(info.state.first_seq, 1), info.state.last_seq + 1):
        try:
            raw = await js.get_msg(DEADLETTER_STREAM, seq)
        except NotFoundError:
            continue
        headers = dict(raw.headers or {})
        item = Parked(
            sequence=seq,
            parked_on=raw.subject or "",
            consumer=headers.get("Portal-Consumer", ""),
            subject=headers.get("Portal-Original-Subject", ""),
            event_id=headers.get(EVENT_ID_HEADER, ""),
            error=headers.get("Portal-Error", ""),
            deliveries=int(headers.get("Portal-Deliveries", "0") or 0),
            body=raw.data or b"",
            headers=headers,
        )
        if consumer is None or item.consumer == consumer:
            parked.append(item)
    return parked


async def replay(js: JetStreamContext, consumer: str | None = None, routes: Routes = EVENT_ROUTES) -> int:
    """Republish the parked messages (of ``consumer``) that may be replayed (``refusal``); how many were."""
    replayed = 0
    for item in await list_parked(js, consumer):
        refused = refusal(item, routes)
        if refused is not None:
            log.warning("message %s (%s) is not replayed: %s", item.sequence, item.event_id, refused)
            continue
        headers = {EVENT_ID_HEADER: item.event_id, MSG_ID_HEADER: f"{item.event_id}:replay:{item.sequence}"}
        if "traceparent" in item.headers:
            headers["traceparent"] = item.headers["traceparent"]
        await js.publish(item.subject, item.body, headers=headers)
        await js.delete_msg(DEADLETTER_STREAM, item.sequence)
        replayed += 1
    return replayed


async def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m portal_kit.deadletter", description=__doc__)
    parser.add_argument("action", choices=["list", "replay"])
    parser.add_argument("--consumer", help="only this consumer (<service>__<handler>)")
    parser.add_argument("--nats-url", default=os.environ.get("NATS_URL", "nats://127.0.0.1:54222"))
    args = parser.parse_args(argv)
    nc = await connect_nats(args.nats_url, "deadletter-cli")
    try:
        js = nc.jetstream()
        if args.action == "list":
            for item in await list_parked(js, args.consumer):
                print(
                    json.dumps(
                        {
                            "sequence": item.sequence,
                            "consumer": item.consumer,
                            "subject": item.subject,
                            "eventId": item.event_id,
                            "deliveries": item.deliveries,
                            "error": item.error,
                            "notReplayable": refusal(item),
                        }
                    )
                )
        else:
            replayed = await replay(js, args.consumer)
            refused = [item for item in await list_parked(js, args.consumer) if refusal(item) is not None]
            print(f"replayed {replayed} message(s); {len(refused)} not replayable stay parked (see list)")
    finally:
        await nc.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(_main()))
