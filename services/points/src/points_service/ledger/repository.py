"""Every query of the points ledger: a change is one upsert of the balance (its row lock orders concurrent changes
of one account) and its entry with the balance after it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select, tuple_, update
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
    multiplier_pct: int = 100  # the VIP multiplier an earning was weighted by (100: ×1.00)


async def apply_all(session: AsyncSession, changes: list[Change]) -> None:
    """Every change, the accounts' balances moved by one statement (in the accounts' order: two of them never wait on
    each other in opposite orders) and the entries written with the balance after each, in the changes' order. The
    changes must be ones the accounts can afford (the database refuses a balance below zero)."""
    if not changes:
        return
    totals: dict[tuple[str, str], list[int]] = {}
    for change in changes:
        moved = totals.setdefault((change.merchant, change.account_id), [0, 0])
        moved[0 if change.points > 0 else 1] += abs(change.points)
    if any(earned < spent for earned, spent in totals.values()):
        # Spending: every account of the call locked first, in one order, so no two calls wait on each other in
        # opposite orders (the statements below then find their rows locked already).
        await session.execute(
            select(PointAccount.balance)
            .where(tuple_(PointAccount.merchant, PointAccount.account_id).in_(sorted(totals)))
            .order_by(PointAccount.merchant, PointAccount.account_id)
            .with_for_update()
        )
    gaining = sorted((key, moved) for key, moved in totals.items() if moved[0] >= moved[1])
    losing = sorted((key, moved) for key, moved in totals.items() if moved[0] < moved[1])
    finals: dict[tuple[str, str], int] = {}
    if gaining:
        rows = [
            {"merchant": m, "account_id": a, "balance": earned - spent, "earned": earned, "spent": spent}
            for (m, a), (earned, spent) in gaining
        ]
        statement = insert(PointAccount).values(rows)
        excluded = statement.excluded
        upsert = statement.on_conflict_do_update(
            index_elements=["merchant", "account_id"],
            set_={
                "balance": PointAccount.balance + excluded.balance,
                "earned": PointAccount.earned + excluded.earned,
                "spent": PointAccount.spent + excluded.spent,
                "updated_at": excluded.updated_at,
            },
        ).returning(PointAccount.merchant, PointAccount.account_id, PointAccount.balance)
        finals |= {(m, a): int(balance) for m, a, balance in (await session.execute(upsert)).all()}
    # An account that spends exists already (its balance was read, locked): an update, since an insert's row with
    # a balance below zero is refused before any conflict is looked at.
    for (m, a), (earned, spent) in losing:
        spend = (
            update(PointAccount)
            .where(PointAccount.merchant == m, PointAccount.account_id == a)
            .values(
                balance=PointAccount.balance + earned - spent,
                earned=PointAccount.earned + earned,
                spent=PointAccount.spent + spent,
                updated_at=func.now(),
            )
            .returning(PointAccount.balance)
        )
        finals[(m, a)] = int((await session.execute(spend)).scalar_one())
    running = {key: finals[key] - (earned - spent) for key, (earned, spent) in totals.items()}
    entries = []
    for change in changes:
        key = (change.merchant, change.account_id)
        running[key] += change.points
        entries.append(
            {
                "merchant": change.merchant,
                "account_id": change.account_id,
                "kind": change.kind,
                "point_type": change.point_type,
                "points": change.points,
                "balance_after": running[key],
                "base_amount": change.base_amount,
                "betting_unit": change.betting_unit,
                "ratio": change.ratio,
                "multiplier_pct": change.multiplier_pct,
                "source": change.source,
            }
        )
    await session.execute(insert(PointEntry), entries)


async def account(session: AsyncSession, merchant: str, account_id: str) -> PointAccount | None:
    query = select(PointAccount).where(PointAccount.merchant == merchant, PointAccount.account_id == account_id)
    return (await session.scalars(query)).one_or_none()


async def locked_balance(session: AsyncSession, merchant: str, account_id: str) -> int:
    """The account's points, its row locked until the commit (0 for an account that never earned)."""
    query = (
        select(PointAccount.balance)
        .where(PointAccount.merchant == merchant, PointAccount.account_id == account_id)
        .with_for_update()
    )
    return int(await session.scalar(query) or 0)
