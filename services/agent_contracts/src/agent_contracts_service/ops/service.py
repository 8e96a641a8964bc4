"""Ops changes, each with its audit row in its own transaction: a member (and its subtree) moved under another
upline, a contract granted to a top agent; the audit read per brand."""

from __future__ import annotations

from agent_contracts_service.contracts import service as contracts
from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.schemas import AnyTerms
from agent_contracts_service.ops import repository
from agent_contracts_service.ops.schemas import AgentContractsAuditRead, GrantedRead
from agent_contracts_service.team import service as team
from agent_contracts_service.team.schemas import MovedRead
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


async def move(
    db: Database, merchant: str, actor: Principal, account_id: str, upline_id: str, reason: str, ip: str | None
) -> MovedRead:
    async with db.transaction() as session:
        await contracts.lock_for_move(session, merchant, account_id)
        moved = await team.move(session, merchant, account_id, upline_id)
        repository.record(
            session, merchant, actor, "team.move", account_id, reason=reason,
            before={"uplineId": moved.previousUplineId}, after={"uplineId": moved.uplineId}, ip=ip,
        )  # fmt: skip
    return moved


async def grant(
    db: Database, merchant: str, actor: Principal, account_id: str, kind: Kind, terms: AnyTerms, reason: str,
    ip: str | None,
) -> GrantedRead:  # fmt: skip
    async with db.transaction() as session:
        before, after = await contracts.grant(session, merchant, account_id, kind, terms, actor_name(actor))
        repository.record(
            session, merchant, actor, "contract.grant", f"{kind.value}:{account_id}", reason=reason,
            before=before.model_dump(mode="json") if before else None, after=after.model_dump(mode="json"), ip=ip,
        )  # fmt: skip
    return GrantedRead(previous=before, contract=after)


async def audit_log(db: Database, merchant: str, page: Page) -> PageRead[AgentContractsAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.newest_page(session, merchant, page)
        items = [AgentContractsAuditRead.model_validate(row) for row in rows]
    return page_of(page, items, total)


async def audit_count(db: Database, merchant: str) -> int:
    async with db.reader() as session:
        return await repository.count(session, merchant)
