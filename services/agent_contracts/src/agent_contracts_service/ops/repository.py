"""The ops audit's rows (written in the change's own transaction, the caller's session, read per brand) and the ops
reads of the brand's agents: a filtered page of them, one with its uplines, contracts and requests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from agent_contracts_service.contracts.domain import ContractStatus, RequestStatus
from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest
from agent_contracts_service.ops.domain import AgentOrder, ContractFilter, prefix_pattern
from agent_contracts_service.ops.models import AgentContractsAudit
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_kit.audit import AuditFilters, audit_page, record_ops_action
from portal_kit.paging import Page
from portal_kit.repository import Scoped
from portal_kit.sessions import AGENT_TYPES, Principal

_audit = Scoped(AgentContractsAudit, newest_first="id")


def record(
    session: AsyncSession, merchant: str, actor: Principal, action: str, target: str, *, reason: str | None,
    before: dict[str, Any] | None, after: dict[str, Any] | None, ip: str | None,
) -> None:  # fmt: skip
    record_ops_action(
        session, AgentContractsAudit, merchant, actor, action, target, reason=reason, before=before, after=after, ip=ip
    )


async def audit_rows(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[AgentContractsAudit], int]:
    """One page of the brand's audit rows narrowed by ``filters``, in their order, and how many pass them."""
    return await audit_page(session, AgentContractsAudit, merchant, page, filters)


async def count(session: AsyncSession, merchant: str) -> int:
    return await _audit.count(session, merchant)


# The agents' reads: a page of the brand's agents, one agent with its uplines and contracts.

_members = Scoped(TeamMember)
_contracts = Scoped(Contract, newest_first="id")
_requests = Scoped(ContractRequest)
_history = Scoped(ContractHistory)
_links = Scoped(TeamLink)


@dataclass(frozen=True)
class AgentRow:
    """One agent as the list and the detail show it: its row, its upline's name and its direct downlines' count."""

    member: TeamMember
    upline_username: str | None
    downlines: int


def _downline_count() -> Any:
    child = aliased(TeamMember)
    return (
        select(func.count())
        .where(child.merchant == TeamMember.merchant, child.upline_id == TeamMember.account_id)
        .correlate(TeamMember)
        .scalar_subquery()
    )


def _agent_query(merchant: str) -> tuple[Select[Any], Any]:
    upline = aliased(TeamMember)
    downlines = _downline_count().label("downlines")
    query = (
        select(TeamMember, upline.username.label("upline_username"), downlines)
        .outerjoin(upline, (upline.merchant == TeamMember.merchant) & (upline.account_id == TeamMember.upline_id))
        .where(*_members.where(merchant), TeamMember.placeholder.is_(False))
    )
    return query, downlines


def _active_contract(merchant: str, kind: str | None) -> Any:
    found = select(Contract.id).where(
        *_contracts.where(merchant, status=ContractStatus.ACTIVE),
        Contract.account_id == TeamMember.account_id,
        *([Contract.kind == kind] if kind else []),
    )
    return found.correlate(TeamMember).exists()


def _agents_where(
    merchant: str, *, search: str | None, account_type: int | None, contract: str | None, top: bool | None
) -> list[Any]:
    where: list[Any] = [TeamMember.account_type.in_(sorted(AGENT_TYPES))]
    if search:
        where.append(
            or_(
                func.lower(TeamMember.username).like(prefix_pattern(search), escape="\\"),
                TeamMember.account_id == search,
            )
        )
    if account_type is not None:
        where.append(TeamMember.account_type == account_type)
    if contract == ContractFilter.NONE:
        where.append(~_active_contract(merchant, None))
    elif contract == ContractFilter.ANY:
        where.append(_active_contract(merchant, None))
    elif contract:
        where.append(_active_contract(merchant, contract))
    if top is not None:
        where.append(TeamMember.upline_id.is_(None) if top else TeamMember.upline_id.is_not(None))
    return where


async def agents_page(
    session: AsyncSession, merchant: str, page: Page, *, search: str | None, account_type: int | None,
    contract: str | None, top: bool | None, order: AgentOrder,
) -> tuple[list[AgentRow], int]:  # fmt: skip
    """A page of the brand's agents (account types 1, 2, 41, 42), filtered, in ``order``; and how many match."""
    query, downlines = _agent_query(merchant)
    where = _agents_where(merchant, search=search, account_type=account_type, contract=contract, top=top)
    ordering: list[Any] = {
        AgentOrder.REGISTERED: [TeamMember.registered_at.desc().nulls_last()],
        AgentOrder.USERNAME: [func.lower(TeamMember.username).asc().nulls_last()],
        AgentOrder.DOWNLINES: [downlines.desc()],
    }[order]
    rows = await session.execute(
        query.where(*where).order_by(*ordering, TeamMember.account_id).limit(page.size).offset(page.offset)
    )
    total = await session.scalar(
        select(func.count()).select_from(TeamMember).where(*_members.where(merchant), TeamMember.placeholder.is_(False),
                                                            *where)
    )  # fmt: skip
    return [AgentRow(row[0], row[1], int(row[2])) for row in rows.all()], int(total or 0)


async def agent(session: AsyncSession, merchant: str, account_id: str) -> AgentRow | None:
    """One account of the brand's tree (never a placeholder), as the agents list shows it."""
    query, _ = _agent_query(merchant)
    row = (await session.execute(query.where(TeamMember.account_id == account_id))).first()
    return None if row is None else AgentRow(row[0], row[1], int(row[2]))


async def active_contracts_of(session: AsyncSession, merchant: str, account_ids: Sequence[str]) -> Sequence[Contract]:
    if not account_ids:
        return []
    query = _contracts.query(merchant, Contract.account_id.in_(list(account_ids)), status=ContractStatus.ACTIVE)
    return (await session.scalars(query.order_by(Contract.kind))).all()


async def uplines_of(session: AsyncSession, merchant: str, account_id: str) -> Sequence[tuple[TeamMember, int]]:
    """``account_id``'s uplines, the nearest first, each with how many levels above it it stands."""
    query = (
        select(TeamMember, TeamLink.depth)
        .join(TeamLink, (TeamLink.merchant == TeamMember.merchant) & (TeamLink.ancestor_id == TeamMember.account_id))
        .where(*_links.where(merchant, TeamLink.depth > 0, descendant_id=account_id))
        .order_by(TeamLink.depth)
    )
    return [(row[0], int(row[1])) for row in (await session.execute(query)).all()]


async def team_size(session: AsyncSession, merchant: str, account_id: str) -> int:
    """The account's downlines at every depth."""
    found = await session.scalar(
        select(func.count()).where(*_links.where(merchant, TeamLink.depth > 0, ancestor_id=account_id))
    )
    return int(found or 0)


async def contracts_held(session: AsyncSession, merchant: str, account_id: str, limit: int) -> Sequence[Contract]:
    """The account's contracts, active first, then the newest."""
    active_first = case((Contract.status == ContractStatus.ACTIVE, 0), else_=1)
    query = _contracts.query(merchant, account_id=account_id).order_by(active_first, Contract.id.desc()).limit(limit)
    return (await session.scalars(query)).all()


async def grants_of(session: AsyncSession, merchant: str, contract_ids: Sequence[int]) -> dict[int, str]:
    """Who granted each of these contracts that ops granted (the ops person's name in the history)."""
    if not contract_ids:
        return {}
    rows = await session.execute(
        select(ContractHistory.contract_id, ContractHistory.actor).where(
            *_history.where(merchant, ContractHistory.contract_id.in_(list(contract_ids)), action="GRANTED")
        )
    )
    return {int(contract_id): str(actor) for contract_id, actor in rows.all() if contract_id is not None}


async def waiting_for(session: AsyncSession, merchant: str, account_id: str) -> Sequence[ContractRequest]:
    """The requests waiting for the account's answer."""
    query = _requests.query(merchant, account_id=account_id, status=RequestStatus.PENDING).order_by(ContractRequest.id)
    return (await session.scalars(query)).all()


async def usernames(session: AsyncSession, merchant: str, account_ids: Sequence[str]) -> dict[str, str | None]:
    if not account_ids:
        return {}
    rows = await session.execute(
        select(TeamMember.account_id, TeamMember.username).where(
            *_members.where(merchant, TeamMember.account_id.in_(list(account_ids)))
        )
    )
    return {str(account_id): username for account_id, username in rows.all()}
