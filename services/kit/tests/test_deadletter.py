"""The dead-letter replay (issue #48) republishes with the administrator's rights, so only what the parked consumer
consumes: its original subject among those ``proto/registry.yaml`` gives the consumer's service, parked under that
service's own prefix by the consumer it names. Anything else is refused and stays parked."""

from __future__ import annotations

from collections.abc import AsyncIterator

import nats
import pytest
from nats.js import JetStreamContext

from portal_kit.deadletter import ensure_deadletter_stream, list_parked, refusal, replay
from portal_kit.messaging.consumer import DEADLETTER_STREAM, deadletter_subject
from portal_kit.messaging.relay import ensure_stream
from portal_kit.testing.plugin import PortalServers

CREDITED, PAID = "wallet.deposit.credited.v1", "wallet.withdrawal.paid.v1"  # points consumes the first, not the second


@pytest.fixture
async def js(portal_servers: PortalServers) -> AsyncIterator[JetStreamContext]:
    nc = await nats.connect(portal_servers.nats_url)
    context = nc.jetstream()
    await ensure_deadletter_stream(context)
    await ensure_stream(context, "WALLET", ["wallet.>"])
    yield context
    await nc.close()


async def park(js: JetStreamContext, parked_on: str, consumer: str, subject: str, event_id: str) -> None:
    headers = {
        "Portal-Original-Subject": subject,
        "Portal-Consumer": consumer,
        "Portal-Error": "boom",
        "Portal-Deliveries": "5",
        "Portal-Event-Id": event_id,
        "Nats-Msg-Id": f"{consumer}:{event_id}",
    }
    await js.publish(parked_on, f'{{"id": "{event_id}"}}'.encode(), headers=headers, stream=DEADLETTER_STREAM)


async def test_only_what_the_parked_consumer_consumes_is_replayed(js: JetStreamContext) -> None:
    assert deadletter_subject("points__deposit") == "deadletter.points.points__deposit"
    await park(js, "deadletter.points.points__deposit", "points__deposit", CREDITED, "good")
    # What a service could park to have the administrator publish it: an event its consumer does not consume,
    # another service's consumer named in the header or in the subject, the old subject without the service.
    await park(js, "deadletter.points.points__deposit", "points__deposit", PAID, "not-consumed")
    await park(js, "deadletter.points.points__deposit", "wallet__count_deposit", CREDITED, "header-lies")
    await park(js, "deadletter.points.wallet__count_deposit", "wallet__count_deposit", CREDITED, "other-service")
    await park(js, "deadletter.points__deposit", "points__deposit", CREDITED, "no-service-prefix")
    await park(js, "deadletter.points.points__deposit", "points__deposit", "rpc.wallet.credit", "a-command")

    parked = {item.event_id: item for item in await list_parked(js)}
    assert refusal(parked["good"]) is None
    assert "does not consume" in str(refusal(parked["not-consumed"]))
    assert "says it is of 'wallet__count_deposit'" in str(refusal(parked["header-lies"]))
    assert refusal(parked["other-service"]) is not None
    assert refusal(parked["no-service-prefix"]) is not None
    assert "does not consume 'rpc.wallet.credit'" in str(refusal(parked["a-command"]))

    assert await replay(js) == 1
    left = {item.event_id for item in await list_parked(js)}
    assert left == {"not-consumed", "header-lies", "other-service", "no-service-prefix", "a-command"}
    info = await js.stream_info("WALLET")
    assert info.state.messages == 1
    replayed = await js.get_msg("WALLET", info.state.last_seq)
    assert (replayed.subject, replayed.data) == (CREDITED, b'{"id": "good"}')
    assert (replayed.headers or {})["Portal-Event-Id"] == "good"
