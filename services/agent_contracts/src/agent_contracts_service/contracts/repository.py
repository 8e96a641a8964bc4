"""The contracts' queries, every one scoped to the brand. Agreements of a brand are serialised by a
transaction-level advisory lock (taken before any row lock, always in that order), and the request decided is
locked too, so two answers to one offer happen one after the other and the second finds it decided."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.contracts.domain import ContractStatus, EndReason, RequestStatus
from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest
from agent_contracts_service.team.models import TeamLink
from portal_kit.paging import Page
from portal_kit.repository import Scoped

contracts = Scoped(Contract, newest_first="id")
requests = Scoped(ContractRequest, newest_first="id")
history = Scoped(ContractHistory, newest_first="id")
_links = Scoped(TeamLink)


async def lock_contracts(session: AsyncSession, merchant: str) -> None:
    await session.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(f"contracts:{merchant}", 0))))


async def active(session: AsyncSession, merchant: str, kind: str, account_id: str) -> Contract | None:
    return await contracts.get(session, merchant, kind=kind, account_id=account_id, status=ContractStatus.ACTIVE)


async def pending(session: AsyncSession, merchant: str, kind: str, account_id: str) -> ContractRequest | None:
    return await requests.get(session, merchant, kind=kind, account_id=account_id, status=RequestStatus.PENDING)


async def request_for_update(
    session: AsyncSession, merchant: str, kind: str, request_id: int, account_id: str
) -> ContractRequest | None:
    """The request ``request_id`` of this kind addressed to ``account_id``, locked; ``None`` when there is no such
    request for that account (another's, another brand's, another kind's)."""
    return await requests.get_for_update(session, merchant, id=request_id, kind=kind, account_id=account_id)


async def offer_for_update(
    session: AsyncSession, merchant: str, kind: str, request_id: int, upline_id: str
) -> ContractRequest | None:
    """The request ``request_id`` of this kind that ``upline_id`` made, locked; ``None`` when it made no such one."""
    return await requests.get_for_update(session, merchant, id=request_id, kind=kind, upline_id=upline_id)


def _below(merchant: str, account_id: str) -> Any:
    return select(TeamLink.descendant_id).where(*_links.where(merchant, TeamLink.depth > 0, ancestor_id=account_id))


async def active_below(session: AsyncSession, merchant: str, kind: str, account_id: str) -> Sequence[Contract]:
    """The active contracts of this kind held anywhere below ``account_id``."""
    query = contracts.query(merchant, Contract.account_id.in_(_below(merchant, account_id)), kind=kind,
                            status=ContractStatus.ACTIVE).order_by(Contract.id)  # fmt: skip
    return (await session.scalars(query)).all()


async def pending_below(session: AsyncSession, merchant: str, kind: str, account_id: str) -> Sequence[ContractRequest]:
    query = requests.query(merchant, ContractRequest.account_id.in_(_below(merchant, account_id)), kind=kind,
                           status=RequestStatus.PENDING).order_by(ContractRequest.id)  # fmt: skip
    return (await session.scalars(query)).all()


async def add_request(session: AsyncSession, row: ContractRequest) -> ContractRequest:
    session.add(row)
    await session.flush()
    return row


async def add_contract(session: AsyncSession, row: Contract) -> Contract:
    session.add(row)
    await session.flush()
    return row


def add_history(session: AsyncSession, row: ContractHistory) -> None:
    session.add(row)


async def end_contracts(session: AsyncSession, merchant: str, ids: Iterable[int], reason: EndReason) -> int:
    """End contracts still active (a conditional update); how many did."""
    chosen = list(ids)
    if not chosen:
        return 0
    result = await session.execute(
        contracts.update(merchant, Contract.id.in_(chosen), status=ContractStatus.ACTIVE).values(
            status=ContractStatus.ENDED, end_reason=reason, ended_at=func.now()
        )
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def holds_or_awaits(session: AsyncSession, merchant: str, account_id: str) -> bool:
    """Whether ``account_id`` holds an active contract of any kind or has a request waiting for its answer."""
    held = await session.scalar(
        select(func.count()).select_from(
            contracts.query(merchant, account_id=account_id, status=ContractStatus.ACTIVE).subquery()
        )
    )
    waiting = await session.scalar(
        select(func.count()).select_from(
            requests.query(merchant, account_id=account_id, status=RequestStatus.PENDING).subquery()
        )
    )
    return bool(held) or bool(waiting)


async def decide_requests(
    session: AsyncSession, merchant: str, ids: Iterable[int], status: RequestStatus, contract_id: int | None = None
) -> int:
    """Decide pending requests (a conditional update: only those still PENDING change); how many did."""
    chosen = list(ids)
    if not chosen:
        return 0
    values: dict[str, Any] = {"status": status, "decided_at": func.now()}
    if contract_id is not None:
        values["contract_id"] = contract_id
    result = await session.execute(
        requests.update(merchant, ContractRequest.id.in_(chosen), status=RequestStatus.PENDING).values(**values)
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def cancel_terminations_of(
    session: AsyncSession, merchant: str, contract_ids: Iterable[int]
) -> Sequence[ContractRequest]:
    """Termination requests still waiting for contracts that ended otherwise (nothing left to terminate): cancelled,
    and answered for the history."""
    chosen = list(contract_ids)
    if not chosen:
        return []
    cancelled = await session.scalars(
        requests.update(merchant, ContractRequest.contract_id.in_(chosen), status=RequestStatus.PENDING)
        .values(status=RequestStatus.CANCELLED, decided_at=func.now())
        .returning(ContractRequest)
    )
    return cancelled.all()


async def contract(session: AsyncSession, merchant: str, contract_id: int) -> Contract | None:
    return await contracts.get(session, merchant, id=contract_id)


async def own_and_downlines(
    session: AsyncSession, merchant: str, account_id: str
) -> tuple[Sequence[Contract], Sequence[Contract], Sequence[ContractRequest]]:
    own = (await session.scalars(
        contracts.query(merchant, account_id=account_id, status=ContractStatus.ACTIVE).order_by(Contract.kind)
    )).all()  # fmt: skip
    downlines = (await session.scalars(
        contracts.query(merchant, upline_id=account_id, status=ContractStatus.ACTIVE).order_by(Contract.id)
    )).all()  # fmt: skip
    waiting = (await session.scalars(
        requests.query(
            merchant, or_(ContractRequest.account_id == account_id, ContractRequest.upline_id == account_id),
            status=RequestStatus.PENDING,
        ).order_by(ContractRequest.id)
    )).all()  # fmt: skip
    return own, downlines, waiting


async def history_page(
    session: AsyncSession, merchant: str, account_id: str, kind: str | None, page: Page
) -> tuple[Sequence[ContractHistory], int]:
    """The steps of every contract the account is a party to (as holder or as upline), newest first."""
    party = or_(ContractHistory.account_id == account_id, ContractHistory.upline_id == account_id)
    return await history.newest_page(session, merchant, page, party, kind=kind)


async def states_of(session: AsyncSession, merchant: str, account_id: str) -> tuple[set[str], dict[str, str]]:
    """The kinds ``account_id`` holds an active contract of, and the type of the request waiting by kind."""
    held = await session.scalars(
        select(Contract.kind).where(*contracts.where(merchant, account_id=account_id, status=ContractStatus.ACTIVE))
    )
    waiting = await session.execute(
        select(ContractRequest.kind, ContractRequest.request_type).where(
            *requests.where(merchant, account_id=account_id, status=RequestStatus.PENDING)
        )
    )
    return set(held.all()), {str(kind): str(request_type) for kind, request_type in waiting.all()}


async def table_counts(session: AsyncSession, merchant: str) -> tuple[int, int, int]:
    """Rows of the brand in the three tables (tests assert nothing was written)."""
    return (
        await contracts.count(session, merchant),
        await requests.count(session, merchant),
        await history.count(session, merchant),
    )
