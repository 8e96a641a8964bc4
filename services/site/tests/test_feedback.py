"""Feedback: 140 characters at most, never empty, throttled, and written only when accepted."""

from __future__ import annotations

import hashlib
import re

import httpx
import pytest
from redis.asyncio import Redis
from sqlalchemy import func, select

from portal_kit.db import Database
from portal_kit.key_names import hidden
from portal_kit.testing.plugin import PortalServers
from site_service.feedback.models import Feedback
from site_service.settings import SiteSettings


async def stored(db: Database) -> list[tuple[str | None, str, str | None]]:
    async with db.reader() as session:
        rows = await session.scalars(select(Feedback).order_by(Feedback.id))
        return [(row.account_id, row.content, row.client_ip) for row in rows]


async def test_feedback_is_stored_trimmed_with_its_author(
    client: httpx.AsyncClient, member_token: str, site_db: Database
) -> None:
    text = "  Para çekme çok hızlıydı, teşekkürler!  "
    response = await client.put(
        "/wps/feedback", json={"content": text}, headers={"Authorization": member_token, "X-Real-Ip": "198.51.100.4"}
    )
    assert response.status_code == 200
    assert response.json()["success"] is True
    assert await stored(site_db) == [("m-1", text.strip(), "198.51.100.4")]


async def test_exactly_140_characters_are_accepted(client: httpx.AsyncClient, site_db: Database) -> None:
    response = await client.put("/wps/feedback", json={"content": "ç" * 140})
    assert response.status_code == 200
    assert await stored(site_db) == [(None, "ç" * 140, "127.0.0.1")]


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ({"content": "x" * 141}, "feedback.too_long", "Feedback can be at most 140 characters."),
        ({"content": "   "}, "feedback.empty", "Please write your feedback."),
        ({"content": ""}, "feedback.empty", "Please write your feedback."),
        ({}, "validation.failed", None),
        ({"content": 5}, "validation.failed", None),
        ({"content": "ok", "rating": 5}, "validation.failed", None),
    ],
)
async def test_bad_feedback_is_refused_and_nothing_is_written(
    client: httpx.AsyncClient, site_db: Database, body: dict[str, object], code: str, message: str | None
) -> None:
    response = await client.put("/wps/feedback", json=body, headers={"Language": "EN"})
    assert response.status_code == 400
    assert response.json()["errorCode"] == code
    if message:
        assert response.json()["message"] == message
    assert await stored(site_db) == []


async def test_feedback_for_an_unknown_brand_is_refused(client: httpx.AsyncClient, site_db: Database) -> None:
    response = await client.put("/wps/feedback", json={"content": "merhaba"}, headers={"Merchant": "ghost"})
    assert (response.status_code, response.json()["errorCode"]) == (404, "merchant.not_found")
    assert await stored(site_db) == []


async def test_feedback_is_throttled_per_client(client: httpx.AsyncClient, site_db: Database) -> None:
    answers = [
        (
            await client.put("/wps/feedback", json={"content": f"not {n}"}, headers={"X-Real-Ip": "192.0.2.1"})
        ).status_code
        for n in range(7)
    ]
    other = await client.put("/wps/feedback", json={"content": "another visitor"}, headers={"X-Real-Ip": "192.0.2.2"})
    assert answers == [200] * 5 + [429, 429]
    assert other.status_code == 200
    async with site_db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Feedback)) == 6


async def test_ops_read_feedback(client: httpx.AsyncClient, ops_token: str) -> None:
    await client.put("/wps/feedback", json={"content": "first"})
    await client.put("/wps/feedback", json={"content": "second"})
    page = (await client.get("/wps/ops/site/merchants/turkeyf2/feedback", headers={"Authorization": ops_token})).json()
    assert page["value"]["total"] == 2
    assert [item["content"] for item in page["value"]["list"]] == ["second", "first"]
    assert {item["status"] for item in page["value"]["list"]} == {"new"}


async def test_no_key_name_carries_the_address_or_the_account_of_whoever_wrote(
    client: httpx.AsyncClient, member_token: str, portal_servers: PortalServers, site_settings: SiteSettings
) -> None:
    """The throttle's counters are named by a keyed hash of the writer (HMAC under the site's secret): whoever sees
    the key names (a backup, an administrator's listing) reads no address from them, nor finds one by hashing every
    address; the same writer still meets the same counter."""
    for headers in ({"X-Real-Ip": "198.51.100.23"}, {"X-Real-Ip": "198.51.100.23"}, {"Authorization": member_token}):
        assert (await client.put("/wps/feedback", json={"content": "merhaba"}, headers=headers)).status_code == 200
    valkey = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    try:
        names = [name async for name in valkey.scan_iter(match="site:feedback:*")]
        counts = sorted([int(await valkey.get(name) or 0) for name in names])
    finally:
        await valkey.aclose()
    assert counts == [1, 2]  # the visitor's two, the member's one
    plain = hashlib.sha256(b"198.51.100.23").hexdigest()[:32]
    assert [name for name in names if "198.51.100.23" in name or "m-1" in name or plain in name] == []
    assert all(re.fullmatch(r"site:feedback:turkeyf2:[0-9a-f]{32}", name) for name in names), names
    assert hidden(site_settings.secret_key, "address\n198.51.100.23") in "".join(names)
