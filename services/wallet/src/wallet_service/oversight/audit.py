"""One audit row per ops action on money, written in the action's own transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.sessions import Principal
from wallet_service.oversight.domain import actor_name
from wallet_service.oversight.models import OpsAudit


def record(
    session: AsyncSession,
    merchant: str,
    actor: Principal,
    action: str,
    target: str,
    reason: str | None = None,
    **detail: Any,
) -> None:
    session.add(
        OpsAudit(merchant=merchant, actor=actor_name(actor), action=action, target=target, reason=reason, detail=detail)
    )
