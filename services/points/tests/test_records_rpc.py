"""``rpc.points.records`` (issue 47, item 2): an account's points records, answered by the worker to the wallet over
NATS, which shows them in the account record beside the money. Newest first, paged as every list, with the spec's
fields (an earning: approved, no item, quantity or amounts required); UTC days, both included; never another
account's or another brand's entries; a request that breaks its contract refused before any read. Only the wallet
may ask (the NATS users the portal runs with, from proto/registry.yaml)."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import nats
import pytest
from nats.aio.client import Client as NATS
from points_helpers import MERCHANT, UNIT, Points, deposit, game_bet, lottery_bet, registered
from sqlalchemy import update

from points_service.ledger.models import PointEntry
from points_service.records.rpc import RECORDS, records_answers
from portal_events import PointRecordsPage, PointRecordsReply, PointRecordsRequest
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats, inbox_prefix
from portal_kit.messaging.rpc import Responder, ask
from portal_kit.servers import ManagedProcess, free_ports, nats_authorization, nats_process
from portal_stack.access import nats_users


async def asked(nc: NATS, account_id: str, **fields: Any) -> PointRecordsReply:
    request = PointRecordsRequest.model_validate(
        {"merchant": MERCHANT, "accountId": account_id, "pageNo": 1, "pageSize": 20, **fields}
    )
    return await ask(nc, RECORDS, request, PointRecordsReply)


async def page(nc: NATS, account_id: str, **fields: Any) -> PointRecordsPage:
    reply = await asked(nc, account_id, **fields)
    assert reply.success and reply.value is not None, reply
    return reply.value


async def earned(points: Points, member: str, other: str) -> None:
    """The member earns 3 slot, 12 deposit and 2 lottery points, one after another; ``other`` 5 live points."""
    await points.seeded()
    for account in (member, other):
        await points.publish(registered(account))
    await points.consumed("AUTH", "registered", 2)
    await points.publish(game_bet(member, UNIT * 3 + 50))
    await points.consumed("GAMES", "game_bet", 1)
    await points.publish(deposit(member, UNIT * 12))
    await points.consumed("WALLET", "deposit", 1)
    await points.publish(lottery_bet(member, UNIT * 2))
    await points.consumed("LOTTERY", "lottery_bet", 1)
    await points.publish(game_bet(other, UNIT * 5, game_type="LIVE"))
    await points.consumed("GAMES", "game_bet", 2)


async def test_an_accounts_records_newest_first_paged_with_the_spec_fields(points: Points, worker: None) -> None:
    member, other = str(uuid.uuid4()), str(uuid.uuid4())
    await earned(points, member, other)
    nc = await connect_nats(points.servers.nats_url, "wallet-test")
    try:
        first = await page(nc, member, pageSize=2)
        assert (first.pageNum, first.totalPages, first.total) == (1, 2, 3)
        assert [(r.pointType, r.points, r.balanceAfter, r.baseAmount) for r in first.list] == [
            ("LOTTERY", 2, 17, UNIT * 2), ("DEPOSIT", 12, 15, UNIT * 12)
        ]  # fmt: skip
        newest = first.list[0]
        assert (newest.kind, newest.status, newest.bettingUnit, newest.ratio) == ("EARN", "approved", UNIT, 1)
        assert (newest.item, newest.quantity, newest.pointsRequired, newest.amountRequired, newest.remark) == (
            None, None, None, None, None
        )  # fmt: skip
        assert abs(newest.time - datetime.now(UTC)) < timedelta(minutes=1)
        assert newest.id > first.list[1].id
        second = await page(nc, member, pageNo=2, pageSize=2)
        assert (second.pageNum, second.totalPages, second.total) == (2, 2, 3)
        assert [(r.pointType, r.points, r.balanceAfter, r.baseAmount) for r in second.list] == [
            ("SLOT", 3, 3, UNIT * 3 + 50)
        ]
        beyond = await page(nc, member, pageNo=3, pageSize=2)
        assert (beyond.total, beyond.list) == (3, [])

        # Never another account's entries, nor the same account's under another brand.
        others = await page(nc, other)
        assert [(r.pointType, r.points) for r in others.list] == [("LIVE", 5)]
        assert {r.id for r in others.list}.isdisjoint({r.id for r in [*first.list, *second.list]})
        assert (await page(nc, member, merchant="otherbrand")).total == 0
        assert (await page(nc, str(uuid.uuid4()))).list == []
    finally:
        await nc.close()


async def test_the_days_are_utc_both_included_and_bad_requests_are_refused(points: Points, worker: None) -> None:
    member, other = str(uuid.uuid4()), str(uuid.uuid4())
    await earned(points, member, other)
    ids = [entry.id for entry in await points.entries(member)]  # slot, deposit, lottery
    moments = {ids[0]: datetime(2025, 3, 9, 23, 59, 59, tzinfo=UTC), ids[1]: datetime(2025, 3, 10, 0, 0, 1, tzinfo=UTC)}
    async with points.db.transaction() as session:
        for entry_id, moment in moments.items():
            await session.execute(update(PointEntry).where(PointEntry.id == entry_id).values(created_at=moment))
    today = datetime.now(UTC).date().isoformat()
    nc = await connect_nats(points.servers.nats_url, "wallet-test")
    try:
        days = {
            ("2025-03-09", "2025-03-09"): [ids[0]],
            ("2025-03-10", "2025-03-10"): [ids[1]],
            ("2025-03-09", "2025-03-10"): [ids[1], ids[0]],
            ("2025-03-10", None): [ids[2], ids[1]],
            (None, "2025-03-09"): [ids[0]],
            (today, today): [ids[2]],
            ("2025-03-11", "2025-03-31"): [],
        }
        for (start, end), expected in days.items():
            bounds = {key: value for key, value in (("startDate", start), ("endDate", end)) if value}
            found = await page(nc, member, **bounds)
            assert ([r.id for r in found.list], found.total) == (expected, len(expected)), (start, end)

        for bounds, code in (
            ({"startDate": "2025-13-01"}, "date.invalid"),
            ({"startDate": "2025-03-10", "endDate": "2025-03-09"}, "date_range.invalid"),
            ({"startDate": "2024-01-01", "endDate": "2025-03-09"}, "date_range.invalid"),
        ):
            refused = await asked(nc, member, **bounds)
            assert (refused.success, refused.value, refused.errorCode) == (False, None, code)
        for body in (
            b'{"merchant": "turkeyf2", "accountId": "a", "pageNo": 1}',
            b'{"merchant": "turkeyf2", "accountId": "a", "pageNo": 1, "pageSize": 101}',
            b'{"merchant": "turkeyf2", "accountId": "a", "pageNo": "1", "pageSize": 20}',
            b'{"merchant": "turkeyf2", "accountId": "a", "pageNo": 1, "pageSize": 20, "startDate": "9.3.2025"}',
        ):
            raw = await nc.request(RECORDS, body, timeout=5)
            refused = PointRecordsReply.model_validate_json(raw.data)
            assert (refused.success, refused.errorCode) == (False, "request.invalid"), body
    finally:
        await nc.close()


USERS = ("wallet", "games", "lottery", "site", "auth", "agent-contracts", "points")


@pytest.fixture(scope="module")
def records_nats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str]]]:
    root: Path = tmp_path_factory.mktemp("points-records-access")
    passwords = {name: secrets.token_urlsafe(16) for name in ("admin", *USERS)}
    (port,) = free_ports(1)
    process: ManagedProcess = nats_process(
        port, root / "nats", root / "nats.log", sync_always=False,
        authorization=nats_authorization(nats_users(passwords, USERS)),
    )  # fmt: skip
    process.start()
    try:
        process.wait_ready(30)
        yield port, passwords
    finally:
        process.stop()


def url_of(port: int, passwords: dict[str, str], user: str) -> str:
    return f"nats://{user}:{passwords[user]}@127.0.0.1:{port}"


async def test_only_the_wallet_may_ask_for_an_accounts_points_records(
    records_nats: tuple[int, dict[str, str]], points: Points, points_db: Database
) -> None:
    port, passwords = records_nats
    responder = Responder(url_of(port, passwords, "points"), name="points-records-access-test")
    records_answers(2)(responder, points_db)
    await responder.start()
    request = PointRecordsRequest(merchant=MERCHANT, accountId=str(uuid.uuid4()), pageNo=1, pageSize=20)
    try:
        for intruder in ("games", "lottery", "site", "auth", "agent-contracts", "points"):
            errors: list[str] = []

            async def on_error(error: Exception, errors: list[str] = errors) -> None:
                errors.append(str(error))

            url = url_of(port, passwords, intruder)
            nc = await nats.connect(url, error_cb=on_error, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
            try:
                with pytest.raises(nats.errors.TimeoutError):
                    await nc.request(RECORDS, request.model_dump_json().encode(), timeout=0.5)
                await asyncio.sleep(0.1)
                assert any(f'permissions violation for publish to "{RECORDS}"' in e for e in errors), errors
            finally:
                await nc.close()

        url = url_of(port, passwords, "wallet")
        wallet = await nats.connect(url, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
        try:
            assert (await page(wallet, request.accountId)).total == 0
        finally:
            await wallet.close()
    finally:
        await responder.stop()
