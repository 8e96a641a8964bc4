"""``ODSFE2_MemTransDet?type=points`` (issue 47, item 2): the points record in the account record, beside the money.
Points keeps the entries; the wallet asks it (``rpc.points.records``, answered here by its real responder on its own
migrated database) and answers the same page as every list, with the spec's points fields. Against real PostgreSQL,
NATS and Valkey: newest first, paged, by UTC days, only the member's own entries; no answer from points in time is
``service_unavailable`` (503); a trial account and a visitor are refused as for the money lines."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update
from wallet_http import WalletClient

from points_service.ledger import repository as ledger
from points_service.ledger.models import PointEntry
from points_service.records.rpc import RECORDS, records_answers
from portal_kit.db import Database
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, reset_database

MERCHANT = "turkeyf2"
RECORD = "/wps/relay/ODSFE2_MemTransDet"
UNIT = 10_000
TRIAL = 4

points_for_wallet_url = migrated_database("points_for_wallet", "points")


@dataclass
class PointsLedger:
    """points' ledger, answering the wallet over NATS as its worker does."""

    db: Database

    async def earn(self, account_id: str, point_type: str, points: int, merchant: str = MERCHANT) -> int:
        """An entry as the earning consumer writes it (the ledger's own statement); its id."""
        change = ledger.Change(
            merchant, account_id, "EARN", point_type, points, points * UNIT, UNIT, 1, uuid.uuid4().hex
        )  # fmt: skip
        async with self.db.transaction() as session:
            await ledger.apply_all(session, [change])
        async with self.db.reader() as session:
            return int(await session.scalar(select(func.max(PointEntry.id))) or 0)

    async def dated(self, entry_id: int, moment: datetime) -> None:
        async with self.db.transaction() as session:
            await session.execute(update(PointEntry).where(PointEntry.id == entry_id).values(created_at=moment))


@pytest.fixture
async def points(portal_servers: PortalServers, points_for_wallet_url: str) -> AsyncIterator[PointsLedger]:
    await reset_database(points_for_wallet_url)
    db = Database(points_for_wallet_url, pool_size=4)
    async with answering(portal_servers.nats_url, "points-for-wallet", records_answers(2), db):
        yield PointsLedger(db)
    await db.dispose()


async def test_the_points_record_is_paged_by_day_and_private(wallet: WalletClient, points: PointsLedger) -> None:
    account, token = await wallet.member("ayse")
    other, other_token = await wallet.member("mehmet")
    slot = await points.earn(account, "SLOT", 3)
    deposit = await points.earn(account, "DEPOSIT", 12)
    live = await points.earn(account, "LIVE", 2)
    await points.earn(other, "LIVE", 5)
    await points.earn(account, "CARD", 7, merchant="otherbrand")
    await points.dated(slot, datetime(2025, 3, 9, 23, 59, 59, tzinfo=UTC))

    answer = await wallet.call("GET", f"{RECORD}?type=points&pageNo=1&pageSize=2", token)
    assert answer.status_code == 200, answer.text
    page = answer.json()["value"]
    assert set(page) == {"pageNum", "totalPages", "total", "list"}
    assert (page["pageNum"], page["totalPages"], page["total"]) == (1, 2, 3)
    newest = page["list"][0]
    assert newest == {
        "id": live, "time": newest["time"], "kind": "EARN", "pointType": "LIVE", "item": None, "quantity": None,
        "pointsRequired": None, "amountRequired": None, "status": "approved", "points": 2, "balanceAfter": 17,
        "baseAmount": 2 * UNIT, "remark": None, "bettingUnit": UNIT, "ratio": 1,
    }  # fmt: skip
    assert newest["time"].endswith("Z")
    assert abs(datetime.fromisoformat(newest["time"]) - datetime.now(UTC)) < timedelta(minutes=1)
    assert [r["id"] for r in page["list"]] == [live, deposit]
    second = (await wallet.call("GET", f"{RECORD}?type=points&pageNo=2&pageSize=2", token)).json()["value"]
    assert (second["pageNum"], [(r["id"], r["points"], r["balanceAfter"]) for r in second["list"]]) == (
        2, [(slot, 3, 3)]
    )  # fmt: skip

    day = (await wallet.call("GET", f"{RECORD}?type=points&startDate=2025-03-09&endDate=2025-03-09", token)).json()
    assert [r["id"] for r in day["value"]["list"]] == [slot]
    today = datetime.now(UTC).date().isoformat()
    since = (await wallet.call("GET", f"{RECORD}?type=points&startDate={today}", token)).json()["value"]
    assert [r["id"] for r in since["list"]] == [live, deposit]
    backwards = await wallet.call("GET", f"{RECORD}?type=points&startDate={today}&endDate=2020-01-01", token)
    assert (backwards.status_code, backwards.json()["errorCode"]) == (400, "date_range.invalid")
    bad_day = await wallet.call("GET", f"{RECORD}?type=points&startDate=09-03-2025", token)
    assert (bad_day.status_code, bad_day.json()["errorCode"]) == (400, "date.invalid")

    # The other member sees only its own entry; the money lines are still the money lines.
    theirs = (await wallet.call("GET", f"{RECORD}?type=points", other_token)).json()["value"]
    assert [(r["pointType"], r["points"]) for r in theirs["list"]] == [("LIVE", 5)]
    money = (await wallet.call("GET", RECORD, token)).json()["value"]
    assert money["total"] == 0 and money["list"] == []


async def test_a_trial_account_and_a_visitor_are_refused(wallet: WalletClient, points: PointsLedger) -> None:
    trial, token = await wallet.member("deneme", account_type=TRIAL, payment_password=None)
    await points.earn(trial, "SLOT", 1)
    refused = await wallet.call("GET", f"{RECORD}?type=points", token)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    assert (await wallet.call("GET", f"{RECORD}?type=points")).status_code == 401


async def test_no_answer_from_points_is_service_unavailable(
    wallet: WalletClient, portal_servers: PortalServers
) -> None:
    _, token = await wallet.member("ayse")
    nobody = await wallet.call("GET", f"{RECORD}?type=points", token)
    assert (nobody.status_code, nobody.json()["errorCode"], nobody.json()["value"]) == (
        503,
        "service_unavailable",
        None,
    )

    # A points worker that takes the request and never answers: refused after the wallet's short wait, not hung.
    async with nats_client(portal_servers.nats_url) as nc:
        heard: list[bytes] = []

        async def silent(message: object) -> None:
            heard.append(getattr(message, "data", b""))

        await nc.subscribe(RECORDS, queue="points", cb=silent)
        await nc.flush()
        began = time.monotonic()
        slow = await wallet.call("GET", f"{RECORD}?type=points", token)
        assert (slow.status_code, slow.json()["errorCode"]) == (503, "service_unavailable")
        assert time.monotonic() - began < 3 and len(heard) == 1
    # The money lines never ask points.
    assert (await wallet.call("GET", RECORD, token)).status_code == 200
