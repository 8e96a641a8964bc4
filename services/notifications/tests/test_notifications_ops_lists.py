"""The notifications' ops lists are pages filtered and sorted on the server: the brand's broadcasts (by audience,
writer, words of the title and UTC days) and its ops audit (by actor, action and UTC days); any ops role of the
brand reads them, nobody else."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from notifications_helpers import Notifications
from notifications_service.inbox.domain import MessageKind
from notifications_service.inbox.models import MemberMessage, MemberMessageAudience
from notifications_service.ops.models import NotificationsAudit

from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit

OPS = "/wps/ops/notifications/merchants/turkeyf2"
MEMBERS = ["0b6c1f6e-2f7d-4a57-9f3e-1d2c3b4a5f60", "1c7d2a7f-3a8e-4b68-8a4f-2e3d4c5b6a71"]

# title, audience, members, written by, sent (UTC); the other brand's last
BROADCASTS = (
    ("b1", "Bayram bonusu", "all", [], "ana", datetime(2026, 3, 1, 10, 0, tzinfo=UTC)),
    ("b2", "VIP turnuvası", "member", MEMBERS[:1], "Bob", datetime(2026, 3, 2, 0, 0, tzinfo=UTC)),
    ("b3", "Vip hafta sonu", "list", MEMBERS, "ana", datetime(2026, 3, 2, 18, 0, tzinfo=UTC)),
    ("b4", "Bakım 100%", "all", [], "carl", datetime(2026, 3, 3, 23, 59, tzinfo=UTC)),
)


@pytest.fixture
async def database(notifications: Notifications) -> AsyncIterator[Database]:
    db = Database(notifications.database_url, pool_size=2)
    yield db
    await db.dispose()


async def seed_broadcasts(db: Database) -> None:
    async with db.transaction() as session:
        for brand, (key, title, audience, members, writer, at) in [("turkeyf2", row) for row in BROADCASTS] + [
            ("otherbrand", ("b0", "Bayram VIP", "all", [], "ana", datetime(2026, 3, 2, 12, tzinfo=UTC)))
        ]:
            message = MemberMessage(
                merchant=brand, account_id=None, kind=MessageKind.BROADCAST.value, title=title, body=key,
                occurred_at=at, written_by=writer, audience=audience,
            )  # fmt: skip
            session.add(message)
            await session.flush()
            for account_id in members:
                session.add(MemberMessageAudience(message_id=message.id, account_id=account_id))


async def test_the_broadcasts_are_paged_filtered_and_sorted_on_the_server(
    notifications: Notifications, database: Database
) -> None:
    await seed_broadcasts(database)
    viewer = await notifications.ops(OpsRole.VIEWER, merchants=("turkeyf2",))

    async def page(**query: Any) -> dict[str, Any]:
        answer = await notifications.call("GET", f"{OPS}/broadcasts", viewer, params=query)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()["value"]
        return found

    async def bodies(**query: Any) -> list[str]:
        return [row["body"] for row in (await page(**query))["list"]]

    first = await page(pageSize=3)
    assert (first["pageNum"], first["total"], first["totalPages"]) == (1, 4, 2)
    assert [row["body"] for row in first["list"]] == ["b4", "b3", "b2"]
    second = await page(pageNo=2, pageSize=3)
    assert (second["pageNum"], second["total"], [row["body"] for row in second["list"]]) == (2, 4, ["b1"])
    assert await bodies() == await bodies(sort="newest") == ["b4", "b3", "b2", "b1"]
    assert await bodies(sort="oldest") == ["b1", "b2", "b3", "b4"]

    assert await bodies(audience="all") == ["b4", "b1"]
    targeted = (await page(audience="list"))["list"]
    assert [(row["body"], row["audienceCount"], row["accountId"]) for row in targeted] == [("b3", 2, None)]
    one = (await page(audience="member"))["list"]
    assert [(row["body"], row["audienceCount"], row["accountId"]) for row in one] == [("b2", 1, MEMBERS[0])]
    assert await bodies(writtenBy="ANA") == ["b3", "b1"]
    assert await bodies(writtenBy="nobody") == []
    assert await bodies(search="vip") == ["b3", "b2"]  # any case, anywhere in the title
    assert await bodies(search="100%") == ["b4"] and await bodies(search="%") == ["b4"]  # taken literally
    assert await bodies(**{"from": "2026-03-02", "to": "2026-03-02"}) == ["b3", "b2"]
    assert await bodies(**{"from": "2026-03-03"}) == ["b4"]
    assert await bodies(to="2026-03-01") == ["b1"]
    both = await page(audience="all", writtenBy="ana", sort="oldest")
    assert (both["total"], [row["body"] for row in both["list"]]) == (1, ["b1"])

    for bad in ({"from": "2026-03-04", "to": "2026-03-03"}, {"from": "2026-02-30"}, {"audience": "everyone"},
                {"sort": "random"}, {"pageSize": 101}):  # fmt: skip
        refused = await notifications.call("GET", f"{OPS}/broadcasts", viewer, params=bad)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), (bad, refused.text)


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(
    notifications: Notifications, database: Database
) -> None:
    await seed_audit(database, NotificationsAudit, "turkeyf2", other="otherbrand")
    viewer = await notifications.ops(OpsRole.VIEWER, merchants=("turkeyf2",))

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await notifications.call("GET", f"{OPS}/audit", viewer, params=dict(query))

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(notifications: Notifications) -> None:
    elsewhere = await notifications.ops(OpsRole.ADMIN, merchants=("otherbrand",))
    member = await notifications.member()
    for path in (f"{OPS}/broadcasts", f"{OPS}/audit"):
        assert (await notifications.call("GET", path)).status_code == 401
        refused = await notifications.call("GET", path, elsewhere, params={"sort": "oldest"})
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
        assert (await notifications.call("GET", path, member.token)).status_code == 403
