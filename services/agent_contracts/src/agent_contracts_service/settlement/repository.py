"""Settlement's queries, every one scoped to the brand (the worker's loops read across brands, by design)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import false, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.contracts.domain import ContractStatus
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.settlement.domain import LineStatus
from agent_contracts_service.settlement.models import SettlementCursor, SettlementLine
from portal_kit.paging import Page
from portal_kit.repository import Scoped

lines = Scoped(SettlementLine, newest_first="id")
_contracts = Scoped(Contract)


async def open_cursors(session: AsyncSession, kinds: Sequence[str], ended_since: datetime) -> None:
    """A cursor for every contract of a settled kind that has none (active, or ended since ``ended_since``), at the
    contract's start (the caller moves it to the contract's first period at once: its end is due)."""
    missing = (
        select(
            Contract.id,
            Contract.merchant,
            Contract.kind,
            Contract.account_id,
            Contract.started_at,
            Contract.started_at,
            false(),
        )
        .where(
            Contract.kind.in_(list(kinds)),
            or_(Contract.status == ContractStatus.ACTIVE, Contract.ended_at > ended_since),
        )
        .where(~select(SettlementCursor.contract_id).where(SettlementCursor.contract_id == Contract.id).exists())
    )
    statement = insert(SettlementCursor).from_select(
        ["contract_id", "merchant", "kind", "account_id", "next_start", "next_end", "done"], missing
    )
    await session.execute(statement.on_conflict_do_nothing())


async def realtime_brands(session: AsyncSession, kind: str) -> list[str]:
    """The brands with a cursor of ``kind``: those whose windows settlement closes."""
    query = select(SettlementCursor.merchant).where(SettlementCursor.kind == kind, SettlementCursor.done.is_(False))
    query = query.distinct()
    return list((await session.scalars(query)).all())


async def claim_cursors(
    session: AsyncSession, due: dict[str, datetime], limit: int
) -> Sequence[tuple[SettlementCursor, Contract]]:
    """Cursors whose next period is due (of a kind in ``due``, ending at or before its time) with their contracts,
    locked; those another worker holds are skipped."""
    when = [(SettlementCursor.kind == kind) & (SettlementCursor.next_end <= last) for kind, last in due.items()]
    query = (
        select(SettlementCursor, Contract)
        .join(Contract, Contract.id == SettlementCursor.contract_id)
        .where(or_(*when), SettlementCursor.done.is_(False))
        .order_by(SettlementCursor.next_end, SettlementCursor.contract_id)
        .limit(limit)
        .with_for_update(of=SettlementCursor, skip_locked=True)
    )
    return [(row[0], row[1]) for row in (await session.execute(query)).all()]


async def add_line(session: AsyncSession, values: dict[str, Any]) -> None:
    """A line, once: its key is unique (a second writer of the same line writes nothing)."""
    await session.execute(insert(SettlementLine).values(**values).on_conflict_do_nothing())


async def claim_pending(session: AsyncSession, limit: int) -> Sequence[SettlementLine]:
    query = (
        select(SettlementLine)
        .where(SettlementLine.status == LineStatus.PENDING)
        .order_by(SettlementLine.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return (await session.scalars(query)).all()


async def mark(session: AsyncSession, line_id: int, status: LineStatus, error_code: str | None = None) -> None:
    await session.execute(
        update(SettlementLine)
        .where(SettlementLine.id == line_id, SettlementLine.status == LineStatus.PENDING)
        .values(status=status, error_code=error_code, paid_at=func.now())
    )


async def income_page(
    session: AsyncSession, merchant: str, account_id: str, kind: str | None, page: Page
) -> tuple[Sequence[SettlementLine], int]:
    """An agent's own lines, newest first."""
    return await lines.newest_page(session, merchant, page, account_id=account_id, **({"kind": kind} if kind else {}))


async def lines_of(session: AsyncSession, merchant: str, contract_id: int) -> Sequence[SettlementLine]:
    query = lines.query(merchant, contract_id=contract_id).order_by(SettlementLine.id)
    return (await session.scalars(query)).all()


async def paid_for(session: AsyncSession, merchant: str, contract_id: int, period_start: datetime) -> dict[str, int]:
    """Per currency, what the lines of one period of a contract came to (its own and its adjustments, of any
    state: a refused line counts as settled too)."""
    rows = await session.execute(
        select(SettlementLine.currency, func.sum(SettlementLine.amount))
        .where(*lines.where(merchant, contract_id=contract_id, period_start=period_start))
        .group_by(SettlementLine.currency)
    )
    return {str(currency): int(total) for currency, total in rows.all()}


async def downline_contracts(
    session: AsyncSession, merchant: str, kind: str, upline_id: str, period_start: datetime
) -> Sequence[Contract]:
    """The contracts of ``kind`` held from ``upline_id`` (its direct downlines') that were active at
    ``period_start`` (agreed at or before it, not ended by then): those whose pay is deducted from the upline's."""
    query = _contracts.query(
        merchant, Contract.started_at <= period_start,
        or_(Contract.ended_at.is_(None), Contract.ended_at > period_start), kind=kind, upline_id=upline_id,
    ).order_by(Contract.account_id, Contract.id)  # fmt: skip
    return (await session.scalars(query)).all()
