"""The merchant-scoped repository against real PostgreSQL: no query leaves its brand, and an idempotent
insert made many times at once writes one row."""

from __future__ import annotations

import asyncio

from kit_test_models import Request
from sqlalchemy import delete

from portal_kit.db import Database
from portal_kit.paging import Page
from portal_kit.repository import Scoped

REQUESTS = Scoped(Request)


async def add(db: Database, merchant: str, request_id: str, amount: int) -> tuple[int, bool, int]:
    async with db.transaction() as session:
        row, new = await REQUESTS.insert_once(
            session,
            {"merchant": merchant, "account_id": "m1", "request_id": request_id, "amount": amount},
            key=("account_id", "request_id"),
        )
        return row.id, new, row.amount


async def test_a_request_inserted_twenty_times_at_once_is_one_row(kit_db: Database) -> None:
    async with kit_db.transaction() as session:
        await session.execute(delete(Request))
    answers = await asyncio.gather(*(add(kit_db, "brand-a", "r1", 500) for _ in range(20)))
    assert len({row_id for row_id, _, _ in answers}) == 1
    assert sum(new for _, new, _ in answers) == 1
    async with kit_db.reader() as session:
        assert await REQUESTS.count(session, "brand-a") == 1


async def test_no_query_leaves_its_brand(kit_db: Database) -> None:
    async with kit_db.transaction() as session:
        await session.execute(delete(Request))
    own, _, _ = await add(kit_db, "brand-a", "r1", 100)
    other, new, _ = await add(kit_db, "brand-b", "r1", 999)  # the same key in another brand is another row
    assert new and other != own
    async with kit_db.reader() as session:
        assert await REQUESTS.get(session, "brand-b", id=own) is None
        assert (await REQUESTS.get(session, "brand-a", id=own)).amount == 100  # type: ignore[union-attr]
        assert [row.amount for row in await REQUESTS.newest(session, "brand-b", limit=10)] == [999]
        rows, total = await REQUESTS.newest_page(session, "brand-a", Page(1, 10))
        assert (total, [row.id for row in rows]) == (1, [own])
    async with kit_db.transaction() as session:
        await session.execute(REQUESTS.delete("brand-b"))
    async with kit_db.reader() as session:
        assert await REQUESTS.count(session, "brand-a") == 1 and await REQUESTS.count(session, "brand-b") == 0
