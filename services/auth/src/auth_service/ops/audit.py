"""One audit row per ops action in auth, written in the action's own transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.ops.models import AuthAudit
from portal_kit.sessions import Principal


def record(
    session: AsyncSession,
    merchant: str,
    actor: Principal | str,
    action: str,
    target: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    ip: str | None = None,
) -> None:
    who = actor if isinstance(actor, str) else actor.username or actor.account_id or "ops"
    session.add(
        AuthAudit(merchant=merchant, actor=who, action=action, target=target, before=before, after=after, ip=ip)
    )
