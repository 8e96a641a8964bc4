"""The audit of ops work on money: one row per action, written in the action's own transaction (so an action
without its row cannot commit), listed for ops in the shape the ops API has always answered."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import OpsAuditRead, record_ops_action
from portal_kit.db import Database
from portal_kit.paging import Page
from portal_kit.sessions import Principal
from wallet_service.oversight import repository
from wallet_service.oversight.models import OpsAudit
from wallet_service.oversight.schemas import WalletAuditRead


def record(
    session: AsyncSession,
    merchant: str,
    actor: Principal,
    action: str,
    target: str,
    reason: str | None = None,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Stage the action's audit row in ``session``'s transaction."""
    record_ops_action(session, OpsAudit, merchant, actor, action, target, reason=reason, before=before, after=after)


async def audit_log(db: Database, merchant: str, page: Page) -> list[WalletAuditRead]:
    async with db.reader() as session:
        rows = await repository.newest_page(session, merchant, page)
    return [WalletAuditRead.of(OpsAuditRead.model_validate(row)) for row in rows]
