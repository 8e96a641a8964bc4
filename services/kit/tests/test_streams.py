"""The streams a worker makes (issue #48): created with the configured replicas and retention, and an existing one
left as the operator set it when a worker starts again with other (or default) settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import nats
import pytest
from nats.js import JetStreamContext
from nats.js.api import DiscardPolicy, RetentionPolicy, StreamConfig
from nats.js.errors import APIError

from portal_kit.deadletter import ensure_deadletter_stream
from portal_kit.messaging.consumer import DEADLETTER_STREAM
from portal_kit.messaging.relay import StreamLimits, ensure_stream
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers
from portal_kit.worker import Worker

HOUR = 3600


@pytest.fixture
async def js(portal_servers: PortalServers) -> AsyncIterator[JetStreamContext]:
    nc = await nats.connect(portal_servers.nats_url)
    yield nc.jetstream()
    await nc.close()


async def config(js: JetStreamContext, name: str) -> StreamConfig:
    return (await js.stream_info(name)).config


async def test_a_stream_is_made_with_the_configured_replicas_and_retention(js: JetStreamContext) -> None:
    await ensure_stream(js, "KITLIMITS", ["kitlimits.>"], StreamLimits(1, 3 * HOUR, 8 * 1024 * 1024))
    made = await config(js, "KITLIMITS")
    assert made.num_replicas == 1
    assert made.retention == RetentionPolicy.LIMITS
    assert made.max_age == 3 * HOUR
    assert made.max_bytes == 8 * 1024 * 1024
    assert made.discard == DiscardPolicy.NEW  # a full stream refuses: the outbox keeps the event, none is dropped
    assert made.duplicate_window == 2 * HOUR

    await ensure_stream(js, "KITDEFAULTS", ["kitdefaults.>"])
    defaults = await config(js, "KITDEFAULTS")
    assert (defaults.max_age, defaults.max_bytes) == (7 * 24 * HOUR, -1)  # a week kept; bytes bound by the server


async def test_a_restart_with_defaults_leaves_what_the_operator_set(js: JetStreamContext) -> None:
    await ensure_stream(js, "KITKEEP", ["kitkeep.>"])
    # The operator's own choice (`nats stream edit`): longer retention, a byte cap, one more subject.
    edited = replace(
        await config(js, "KITKEEP"), max_age=30 * 24 * HOUR, max_bytes=64 * 1024 * 1024, subjects=["kitkeep.>", "x.>"]
    )
    await js.update_stream(edited)
    before = await js.stream_info("KITKEEP")

    await ensure_stream(js, "KITKEEP", ["kitkeep.>"])  # a worker's start with the default limits
    kept = await js.stream_info("KITKEEP")
    assert kept.config == before.config
    assert kept.created == before.created

    await ensure_stream(js, "KITKEEP", ["kitkeep.>", "kitkeep2.>"], StreamLimits(1, 3 * HOUR, 1024))
    merged = await config(js, "KITKEEP")
    assert merged.subjects == ["kitkeep.>", "x.>", "kitkeep2.>"]  # subjects merged, nothing else changed
    assert (merged.max_age, merged.max_bytes) == (30 * 24 * HOUR, 64 * 1024 * 1024)


async def test_a_worker_makes_its_streams_from_the_settings(
    js: JetStreamContext, portal_servers: PortalServers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NATS_STREAM_MAX_AGE_SECONDS", str(5 * HOUR))  # shared by every service, as NATS_URL
    monkeypatch.setenv("NATS_STREAM_MAX_BYTES", str(32 * 1024 * 1024))
    settings = ServiceSettings(service_name="kitworker", nats_url=portal_servers.nats_url)
    assert (settings.nats_stream_replicas, settings.nats_stream_max_age_seconds) == (1, 5 * HOUR)
    await Worker(settings, produces=True).ensure_streams()
    for name in ("KITWORKER", DEADLETTER_STREAM):
        made = await config(js, name)
        assert (made.num_replicas, made.max_age, made.max_bytes) == (1, 5 * HOUR, 32 * 1024 * 1024), name

    # The next release's worker starts with the defaults: the streams keep what they were made with.
    monkeypatch.delenv("NATS_STREAM_MAX_AGE_SECONDS")
    monkeypatch.delenv("NATS_STREAM_MAX_BYTES")
    await Worker(ServiceSettings(service_name="kitworker", nats_url=portal_servers.nats_url)).ensure_streams()
    await ensure_deadletter_stream(js)
    for name in ("KITWORKER", DEADLETTER_STREAM):
        assert (await config(js, name)).max_age == 5 * HOUR, name


async def test_more_replicas_than_one_node_has_are_refused_not_silently_lowered(js: JetStreamContext) -> None:
    """On one node a stream cannot be raised to 3 replicas: the worker's start fails loudly (NATS says why), it never
    goes on with fewer copies than configured."""
    await ensure_stream(js, "KITR1", ["kitr1.>"])
    with pytest.raises(APIError, match="replicas"):
        await ensure_stream(js, "KITR1", ["kitr1.>"], StreamLimits(replicas=3))
    assert (await config(js, "KITR1")).num_replicas == 1


def test_retention_shorter_than_the_duplicate_window_is_refused() -> None:
    with pytest.raises(ValueError, match="duplicate window"):
        ServiceSettings(nats_stream_max_age_seconds=60)
    assert ServiceSettings(nats_stream_max_age_seconds=0).nats_stream_max_age_seconds == 0  # kept for ever
