"""Every query of the points ledger: a change is one upsert of the balance (its row lock orders concurrent changes
of one account) and its entry with the balance after it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ledger.models import PointAccount, PointEntry


@dataclass(frozen=True)
class Change:
    merchant: str
    account_id: str
    kind: str
    point_type: str
    points: int  # signed
    base_amount: int
    betting_unit: int
    ratio: int
    source: str


async def apply(session: AsyncSession, change: Change) -> int:
    """The account's balance after ``change`` (which must be one the account can afford)."""
    earned, spent = max(change.points, 0), max(-change.points, 0)
    statement = insert(PointAccount).values(
        merchant=change.merchant, account_id=change.account_id, balance=change.points, earned=earned, spent=spent
    )
    upsert = statement.on_conflict_do_update(
        index_elements=["merchant", "account_id"],
        set_={
            "balance": PointAccount.balance + change.points,
            "earned": PointAccount.earned + earned,
            "spent": PointAccount.spent + spent,
            "updated_at": statement.excluded.updated_at,
        },
    ).returning(PointAccount.balance)
    balance = int((await session.execute(upsert)).scalar_one())
    session.add(
        PointEntry(
            merchant=change.merchant,
            account_id=change.account_id,
            kind=change.kind,
            point_type=change.point_type,
            points=change.points,
            balance_after=balance,
            base_amount=change.base_amount,
            betting_unit=change.betting_unit,
            ratio=change.ratio,
            source=change.source,
        )
    )
    return balance


async def account(session: AsyncSession, merchant: str, account_id: str) -> PointAccount | None:
    query = select(PointAccount).where(PointAccount.merchant == merchant, PointAccount.account_id == account_id)
    return (await session.scalars(query)).one_or_none()
