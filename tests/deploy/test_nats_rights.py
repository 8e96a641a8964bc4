"""The deployment's NATS users on a real nats-server (issue #48): with the ``authorization`` block of
``deploy/base/data-services.yaml`` and the passwords of the Secret the generator makes, a service creates, pulls and
acknowledges its own durable consumers, and none of another service's; it parks messages only under its own prefix."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import nats
import pytest
import yaml
from nats.aio.client import Client as NATS
from nats.errors import TimeoutError as NatsTimeout
from nats.js.api import AckPolicy, ConsumerConfig, StreamConfig

from portal_kit.messaging.relay import inbox_prefix
from portal_kit.servers import free_port, nats_process
from portal_stack.deploy_secrets import password_variable, secrets_manifest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CREDITED = "wallet.deposit.credited.v1"  # consumed by points (points__deposit) and notifications
THEIRS = "notifications__deposit_credited"


def authorization_block() -> str:
    """The ``authorization { ... }`` block of the deployment's NATS config, as it is deployed."""
    for document in yaml.safe_load_all((DEPLOY / "base" / "data-services.yaml").read_text()):
        if document and document["kind"] == "ConfigMap" and document["metadata"]["name"] == "nats-config":
            config: str = document["data"]["nats.conf"]
            start = config.index("authorization {")
            depth = 0
            for index in range(start, len(config)):
                depth += {"{": 1, "}": -1}.get(config[index], 0)
                if depth == 0 and config[index] == "}":
                    return config[start : index + 1]
    raise AssertionError("no nats-config ConfigMap with an authorization block")


class Connected:
    def __init__(self) -> None:
        self.errors: list[str] = []

    async def on_error(self, error: Exception) -> None:
        self.errors.append(str(error).lower())

    async def refused(self, subject: str) -> bool:
        for _ in range(50):
            if any(f'permissions violation for publish to "{subject.lower()}' in error for error in self.errors):
                return True
            await asyncio.sleep(0.02)
        return False


Connect = Callable[[str], Awaitable[tuple[NATS, Connected]]]


@pytest.fixture
async def connect(tmp_path: Path) -> AsyncIterator[Connect]:
    secret = next(d for d in secrets_manifest() if d["metadata"]["name"] == "nats-users")["stringData"]
    port = free_port()
    server = nats_process(
        port, tmp_path / "nats", tmp_path / "nats.log", sync_always=False, authorization=authorization_block()
    )
    server.env = {**(server.env or {}), **secret}
    opened: list[NATS] = []

    async def as_user(user: str) -> tuple[NATS, Connected]:
        url = f"nats://{user}:{secret[password_variable(user)]}@127.0.0.1:{port}"
        connected = Connected()
        nc = await nats.connect(
            url,
            error_cb=connected.on_error,
            allow_reconnect=False,
            max_reconnect_attempts=0,
            inbox_prefix=inbox_prefix(url),
        )
        opened.append(nc)
        return nc, connected

    server.start()
    try:
        server.wait_ready(30)
        yield as_user
    finally:
        for nc in opened:
            await nc.close()
        server.stop()


async def test_a_service_uses_its_own_durables_and_none_of_anothers(connect: Connect) -> None:
    admin, _ = await connect("admin")
    admin_js = admin.jetstream()
    await admin_js.add_stream(StreamConfig(name="WALLET", subjects=["wallet.>"]))
    await admin_js.add_stream(StreamConfig(name="DEADLETTER", subjects=["deadletter.>"]))
    for n in range(2):
        await admin_js.publish(CREDITED, f'{{"n": {n}}}'.encode())

    points, points_seen = await connect("points")
    notifications, _ = await connect("notifications")
    config = ConsumerConfig(ack_policy=AckPolicy.EXPLICIT, ack_wait=30)

    # Each service creates, pulls and acknowledges its own durable, as the kit's broker does.
    own = await points.jetstream().pull_subscribe(
        CREDITED, durable="points__deposit", stream="WALLET", config=config, inbox_prefix=b"_INBOX_points."
    )
    [mine] = await own.fetch(1, timeout=5)
    await mine.ack_sync(timeout=5)
    theirs = await notifications.jetstream().pull_subscribe(
        CREDITED, durable=THEIRS, stream="WALLET", config=config, inbox_prefix=b"_INBOX_notifications."
    )
    [delivered] = await theirs.fetch(1, timeout=5)
    assert delivered.reply.startswith(f"$JS.ACK.WALLET.{THEIRS}.")

    # points may not acknowledge notifications' message: the server refuses, the message stays unacknowledged.
    await points.publish(delivered.reply, b"+ACK")
    assert await points_seen.refused(delivered.reply)
    assert (await admin_js.consumer_info("WALLET", THEIRS)).num_ack_pending == 1

    # Nor pull its consumer, nor look it up, nor make or replace one under its name.
    pull = f"$JS.API.CONSUMER.MSG.NEXT.WALLET.{THEIRS}"
    await points.publish(pull, json.dumps({"batch": 1, "expires": 1_000_000_000}).encode(), reply="_INBOX_points.x")
    assert await points_seen.refused(pull)
    for subject in (
        f"$JS.API.CONSUMER.INFO.WALLET.{THEIRS}",
        f"$JS.API.CONSUMER.CREATE.WALLET.{THEIRS}",
        f"$JS.API.CONSUMER.CREATE.WALLET.{THEIRS}.{CREDITED}",
        f"$JS.API.CONSUMER.DURABLE.CREATE.WALLET.{THEIRS}",
        "$JS.API.CONSUMER.CREATE.WALLET",  # a consumer named only in the request's body
    ):
        with pytest.raises(NatsTimeout):
            await points.request(subject, b"{}", timeout=0.5)
        assert await points_seen.refused(subject), subject
    assert (await admin_js.consumer_info("WALLET", THEIRS)).num_ack_pending == 1

    # Its owner still acknowledges it.
    await delivered.ack_sync(timeout=5)
    assert (await admin_js.consumer_info("WALLET", THEIRS)).num_ack_pending == 0


async def test_a_service_parks_messages_only_under_its_own_prefix(connect: Connect) -> None:
    admin, _ = await connect("admin")
    await admin.jetstream().add_stream(StreamConfig(name="DEADLETTER", subjects=["deadletter.>"]))
    points, points_seen = await connect("points")
    await points.jetstream().publish("deadletter.points.points__deposit", b"{}", stream="DEADLETTER")
    forged = "deadletter.wallet.wallet__count_deposit"
    await points.publish(forged, b"{}")
    assert await points_seen.refused(forged)
    assert (await admin.jetstream().stream_info("DEADLETTER")).state.messages == 1
