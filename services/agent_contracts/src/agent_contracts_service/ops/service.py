"""Ops changes, each with its audit row in its own transaction: a member (and its subtree) moved under another
upline, a contract granted to a top agent; the audit read per brand; the brand's agents read (a filtered page, one
agent with its uplines, contracts and requests, its settlement lines)."""

from __future__ import annotations

from collections.abc import Sequence

from agent_contracts_service.contracts import service as contracts
from agent_contracts_service.contracts.domain import ContractStatus, Kind
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.contracts.schemas import AnyTerms
from agent_contracts_service.ops import repository
from agent_contracts_service.ops.domain import AgentOrder
from agent_contracts_service.ops.schemas import (
    AgentContractsAuditRead,
    GrantedRead,
    OpsAgentContractRead,
    OpsAgentDetailRead,
    OpsAgentRead,
    OpsHeldRead,
    OpsUplineRead,
)
from agent_contracts_service.settlement import service as settlement
from agent_contracts_service.settlement.domain import LineOrder, LineStatus
from agent_contracts_service.settlement.schemas import IncomeLineRead
from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import is_agent
from agent_contracts_service.team.schemas import MovedRead
from portal_kit.audit import AuditFilters, actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import NotFound
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


async def audit_log(
    db: Database, merchant: str, page: Page, filters: AuditFilters
) -> PageRead[AgentContractsAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.audit_rows(session, merchant, page, filters)
        items = [AgentContractsAuditRead.model_validate(row) for row in rows]
    return page_of(page, items, total)


async def audit_count(db: Database, merchant: str) -> int:
    async with db.reader() as session:
        return await repository.count(session, merchant)


# The agents' reads (finance readers: viewer, finance, admin).

CONTRACTS_SHOWN = 50


def _agent_read(row: repository.AgentRow, held: Sequence[Contract]) -> OpsAgentRead:
    member = row.member
    return OpsAgentRead(
        accountId=member.account_id, username=member.username, accountType=member.account_type,
        isAgent=is_agent(member.account_type), uplineId=member.upline_id, uplineUsername=row.upline_username,
        topAgent=member.upline_id is None, depth=member.depth, registeredAt=member.registered_at,
        downlines=row.downlines, contracts=[OpsHeldRead(kind=c.kind, ratio=c.ratio) for c in held],
    )  # fmt: skip


async def agents(
    db: Database, merchant: str, page: Page, *, search: str | None, account_type: int | None, contract: str | None,
    top: bool | None, order: AgentOrder,
) -> PageRead[OpsAgentRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.agents_page(
            session, merchant, page, search=search, account_type=account_type, contract=contract, top=top, order=order
        )
        held = await repository.active_contracts_of(session, merchant, [row.member.account_id for row in rows])
    by_account: dict[str, list[Contract]] = {}
    for row_held in held:
        by_account.setdefault(row_held.account_id, []).append(row_held)
    return page_of(page, [_agent_read(row, by_account.get(row.member.account_id, [])) for row in rows], total)


def _contract_read(c: Contract, granted: dict[int, str], names: dict[str, str | None]) -> OpsAgentContractRead:
    """Granted by ops (the person in the history) or offered by its upline (its name) and signed."""
    by = (names.get(c.upline_id) or c.upline_id) if c.upline_id else granted.get(c.id)
    return OpsAgentContractRead(
        **dict(contracts.contract_read(c)), origin="UPLINE" if c.upline_id else "OPS", grantedBy=by,
        grantedAt=c.started_at,
    )  # fmt: skip


async def agent(db: Database, merchant: str, account_id: str, actor: Principal, ip: str | None) -> OpsAgentDetailRead:
    """One agent's detail for ops, its reading audited (``agent.read``): who looked at whose team and contracts."""
    async with db.transaction() as session:
        row = await repository.agent(session, merchant, account_id)
        if row is None:
            raise NotFound("team.member_not_found")
        repository.record(session, merchant, actor, "agent.read", account_id, reason=None, before=None, after=None,
                          ip=ip)  # fmt: skip
        uplines = await repository.uplines_of(session, merchant, account_id)
        size = await repository.team_size(session, merchant, account_id)
        held = await repository.contracts_held(session, merchant, account_id, CONTRACTS_SHOWN)
        granted = await repository.grants_of(session, merchant, [c.id for c in held])
        names = await repository.usernames(session, merchant, sorted({c.upline_id for c in held if c.upline_id}))
        waiting = await repository.waiting_for(session, merchant, account_id)
    contracts_read = [_contract_read(c, granted, names) for c in held]
    return OpsAgentDetailRead(
        agent=_agent_read(row, [c for c in held if c.status == ContractStatus.ACTIVE]),
        uplines=[
            OpsUplineRead(accountId=m.account_id, username=m.username, accountType=m.account_type, levelsUp=levels)
            for m, levels in uplines
        ],
        teamSize=size, contracts=contracts_read, pending=[contracts.request_read(r) for r in waiting],
    )  # fmt: skip


async def settlements(
    db: Database, merchant: str, account_id: str, kind: Kind | None, page: Page, *,
    status: LineStatus | None = None, order: LineOrder = LineOrder.NEWEST,
) -> PageRead[IncomeLineRead]:  # fmt: skip
    """The agent's settlement lines (what each period of its contracts paid), of a kind and a state, newest or oldest
    first."""
    async with db.reader() as session:
        if await repository.agent(session, merchant, account_id) is None:
            raise NotFound("team.member_not_found")
    return await settlement.income_of(db, merchant, account_id, kind, page, status=status, order=order)
