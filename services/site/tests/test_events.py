"""An ops change reaches JetStream as ``site.config.changed.v1`` through the outbox relay.

The stream is the test session's: the site workers other suites run (auth's, games') publish their own
databases' events on it too, so the test looks for its own event by id."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import nats
from jsonschema import Draft202012Validator, FormatChecker
from sqlalchemy import select

from portal_events import SiteConfigChangedV1
from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.messaging.relay import OutboxRelay
from portal_kit.testing.plugin import PortalServers

SCHEMA = Path(__file__).resolve().parents[3] / "proto" / "schemas" / "site" / "config.changed.v1.json"


async def test_config_change_is_published_once_with_its_event_id(
    client: httpx.AsyncClient, ops_token: str, site_db: Database, portal_servers: PortalServers
) -> None:
    response = await client.put(
        "/wps/ops/site/merchants/turkeyf2/flags",
        json={"flags": {"CHATROOM3": True}},
        headers={"Authorization": ops_token},
    )
    assert response.status_code == 200
    async with site_db.reader() as session:
        [staged] = (await session.scalars(select(OutboxMessage.id))).all()
    relay = OutboxRelay(site_db, portal_servers.nats_url, "SITE", ["site.>"])
    try:
        assert await relay.publish_pending() == 1
        assert await relay.publish_pending() == 0
    finally:
        await relay.stop()

    nc = await nats.connect(portal_servers.nats_url)
    try:
        js = nc.jetstream()
        subscription = await js.pull_subscribe("site.>", durable="probe", stream="SITE")
        received = await asyncio.wait_for(subscription.fetch(10, timeout=2), timeout=5)
    finally:
        await nc.close()
    messages = [message for message in received if (message.headers or {}).get("Nats-Msg-Id") == staged]
    assert len(messages) == 1
    event = SiteConfigChangedV1.model_validate_json(messages[0].data)
    assert messages[0].headers is not None
    assert messages[0].headers["Nats-Msg-Id"] == event.id
    assert event.subject == "site.config.changed.v1"
    assert event.merchant == "turkeyf2"
    assert event.data.model_dump() == {
        "merchant": "turkeyf2",
        "section": "flags",
        "action": "changed",
        "changedBy": "ayse.ops",
    }
    raw = json.loads(messages[0].data)
    Draft202012Validator(json.loads(SCHEMA.read_text()), format_checker=FormatChecker()).validate(raw)
    assert SiteConfigChangedV1.model_validate(raw).data.section == "flags"
