"""The points audit's rows: written in the change's own transaction, read per brand, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ops.domain import PrizeOrder, PrizePhase
from points_service.ops.models import PointsAudit
from portal_kit.audit import AuditFilters, record_ops_action
from portal_kit.audit import audit_page as kit_audit_page
from portal_kit.paging import Page
from portal_kit.sessions import Principal


async def hold_maker(session: AsyncSession, merchant: str, maker: str, kind: str) -> None:
    """One money-granting action of ``kind`` by ``maker`` at a time, until the transaction ends: what they did alone
    today is read and added to under it, so two parallel actions cannot both pass below the dual-control amount."""
    key = f"points:alone:{kind}:{merchant}:{maker}"
    await session.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0))))


def record(
    session: AsyncSession, merchant: str, actor: Principal, action: str, target: str, *, reason: str | None,
    before: dict[str, Any] | None, after: dict[str, Any] | None, ip: str | None,
) -> None:  # fmt: skip
    record_ops_action(
        session, PointsAudit, merchant, actor, action, target, reason=reason, before=before, after=after, ip=ip
    )


async def audit_page(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[PointsAudit], int]:
    return await kit_audit_page(session, PointsAudit, merchant, page, filters)


def prize_list(
    model: Any, now: datetime, phase: PrizePhase | None, order: PrizeOrder
) -> tuple[list[Any], tuple[Any, ...]]:
    """The conditions of a phase at ``now`` and the ordering of ``order`` for raffles and envelopes alike."""
    conditions: list[Any] = []
    if phase is PrizePhase.UPCOMING:
        conditions.append(model.opens_at > now)
    elif phase is PrizePhase.OPEN:
        conditions += [model.opens_at <= now, model.closes_at > now]
    elif phase is PrizePhase.CLOSED:
        conditions.append(model.closes_at <= now)
    ordering = {
        PrizeOrder.NEWEST: (model.id.desc(),),
        PrizeOrder.OLDEST: (model.id.asc(),),
        PrizeOrder.CLOSING: (model.closes_at.asc(), model.id.asc()),
    }[order]
    return conditions, ordering
