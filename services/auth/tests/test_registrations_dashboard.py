"""The registrations dashboard: each account opened counts once into its UTC day by kind (members, trial
accounts), from the service's own event through the worker's relay and consumer; every day of the range answered;
read by the brand's finance readers only."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from auth_helpers import AuthClient
from sqlalchemy import select

from auth_service.settings import AuthSettings
from auth_service.worker import build_worker
from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import consumed, eventually
from portal_kit.testing.plugin import reset_streams, running_worker
from portal_kit.testing.sessions import ops_session

DASHBOARD = "/wps/ops/auth/merchants/turkeyf2/dashboard/registrations"
CONSUMER = "auth__count_registration"


@pytest.fixture
async def worker(auth: AuthClient, auth_settings: AuthSettings) -> AsyncIterator[None]:
    await reset_streams(auth_settings.nats_url)
    async with running_worker(build_worker(auth_settings)):
        await eventually(lambda: consumed(auth_settings.nats_url, "AUTH", CONSUMER, 0), timeout=30)
        yield


async def today(auth: AuthClient, token: str) -> dict[str, int]:
    day = datetime.now(UTC).date().isoformat()
    answer = await auth.http.get(DASHBOARD, params={"startDate": day, "endDate": day}, headers={"Authorization": token})
    assert answer.status_code == 200, answer.text
    (row,) = answer.json()["value"]
    assert row["day"] == day
    return {kind: row[kind] for kind in ("members", "agents", "trials")}


async def test_each_account_opened_counts_once_in_its_day_by_kind(
    auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, worker: None
) -> None:
    assert (await auth.register()).status_code == 200
    second = await auth.register(username="Aysel77", mobileNum="5329876543", email=None)
    assert second.status_code == 200, second.text
    trial = await auth.http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
    assert trial.status_code == 200, trial.text
    async with auth_db.reader() as session:
        published = len((await session.scalars(select(OutboxMessage))).all())
    assert published == 3
    await eventually(lambda: consumed(auth_settings.nats_url, "AUTH", CONSUMER, published), timeout=30)

    assert await today(auth, await auth.ops_token()) == {"members": 2, "agents": 0, "trials": 1}


async def test_a_range_is_answered_day_by_day(auth: AuthClient) -> None:
    answer = await auth.http.get(
        DASHBOARD, params={"startDate": "2026-02-27", "endDate": "2026-03-01"},
        headers={"Authorization": await auth.ops_token()},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    days = [(row["day"], row["members"]) for row in answer.json()["value"]]
    assert days == [("2026-02-27", 0), ("2026-02-28", 0), ("2026-03-01", 0)]
    refused = await auth.http.get(
        DASHBOARD, params={"endDate": "2026-02-30"}, headers={"Authorization": await auth.ops_token(), "Language": "CN"}
    )
    assert (refused.status_code, refused.json()["errorCode"]) == (400, "date.invalid")
    assert "日期" in refused.json()["message"]


async def test_only_the_brands_finance_readers_see_the_figures(auth: AuthClient) -> None:
    for role in (OpsRole.VIEWER, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN):
        token = await ops_session(auth.redis_url, "reader", roles=(role,), merchants=("turkeyf2",))
        assert (await auth.http.get(DASHBOARD, headers={"Authorization": token})).status_code == 200, role
    editor = await ops_session(auth.redis_url, "editor", roles=(OpsRole.CONTENT,), merchants=("turkeyf2",))
    elsewhere = await ops_session(auth.redis_url, "other", roles=(OpsRole.ADMIN,), merchants=("otherbrand",))
    for token, status, code in ((editor, 403, "ops.role_required"), (elsewhere, 403, "access.denied")):
        refused = await auth.http.get(DASHBOARD, headers={"Authorization": token})
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code)
    assert (await auth.http.get(DASHBOARD)).status_code == 401
