"""The contract use cases: read, offer (new or termination), sign, terminate, refuse, each in one transaction; an
ops grant for a top agent; the lists and the history; the contract states the wallet's consolidated info shows.

Every call is the caller's: an agent reads and acts only on its own contracts and offers and on those of its direct
downlines; anything else of any brand answers ``contract.not_found`` / ``team.member_not_found`` (404), as if absent.
A refusal raises before anything is written (the transaction rolls back whole)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.contracts import repository
from agent_contracts_service.contracts.domain import (
    TERMS_OF,
    ContractStatus,
    Decision,
    EndReason,
    Held,
    Kind,
    RequestStatus,
    RequestType,
    cancelled_by,
    exceeds,
    headline,
    next_status,
    rates_of,
    terms_refusal,
)
from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest
from agent_contracts_service.contracts.schemas import (
    AnyTerms,
    CancelWarningRead,
    ContractCall,
    ContractRead,
    ContractsRead,
    ContractStateRead,
    HistoryRead,
    RequestRead,
)
from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import is_agent
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, DomainError, Forbidden, NotFound
from portal_kit.paging import Page, page_of


def terms_of(kind: str, stored: dict[str, Any]) -> AnyTerms:
    """Terms as they were stored, read back as their kind's model."""
    return TERMS_OF[Kind(kind)].model_validate(stored)


def contract_read(row: Contract) -> ContractRead:
    return ContractRead(
        id=row.id, kind=row.kind, accountId=row.account_id, uplineId=row.upline_id, terms=terms_of(row.kind, row.terms),
        ratio=row.ratio, status=row.status, endReason=row.end_reason, startedAt=row.started_at, endedAt=row.ended_at,
    )  # fmt: skip


def request_read(row: ContractRequest) -> RequestRead:
    return RequestRead(
        id=row.id, kind=row.kind, accountId=row.account_id, uplineId=row.upline_id, requestType=row.request_type,
        terms=terms_of(row.kind, row.terms) if row.terms is not None else None, ratio=row.ratio,
        contractId=row.contract_id, status=row.status, createdAt=row.created_at,
        decidedAt=row.decided_at,
    )  # fmt: skip


def _warning(held: Held) -> CancelWarningRead:
    return CancelWarningRead(
        accountId=held.account_id, contractId=held.contract_id, requestId=held.request_id,
        ratio=headline(held.rates) if held.rates else None,
    )  # fmt: skip


async def _held_below(session: AsyncSession, merchant: str, kind: Kind, account_id: str) -> list[Held]:
    contracts = await repository.active_below(session, merchant, kind, account_id)
    offers = await repository.pending_below(session, merchant, kind, account_id)
    return [
        *(Held(c.account_id, c.rates, contract_id=c.id, upline_id=c.upline_id) for c in contracts),
        *(Held(r.account_id, r.rates, request_id=r.id, upline_id=r.upline_id) for r in offers if r.rates is not None),
    ]


async def _would_cancel(session: AsyncSession, merchant: str, request: ContractRequest | None) -> list[Held]:
    """What agreeing to ``request`` (a pending NEW offer) would cancel below its addressee."""
    if request is None or request.request_type != RequestType.NEW or request.rates is None:
        return []
    below = await _held_below(session, merchant, Kind(request.kind), request.account_id)
    return cancelled_by(request.rates, below)


async def _state(session: AsyncSession, merchant: str, kind: Kind, account_id: str) -> ContractStateRead:
    contract = await repository.active(session, merchant, kind, account_id)
    waiting = await repository.pending(session, merchant, kind, account_id)
    return ContractStateRead(
        kind=kind, accountId=account_id, contract=contract_read(contract) if contract else None,
        pending=request_read(waiting) if waiting else None,
        cancels=[_warning(held) for held in await _would_cancel(session, merchant, waiting)],
    )  # fmt: skip


async def _direct_downline(session: AsyncSession, merchant: str, upline_id: str, downline_id: str) -> None:
    """Refuse unless ``downline_id`` is a direct downline of ``upline_id`` and an agent: outside the upline's tree
    (another brand's, a sibling's) is absent (404); deeper in it, or the upline itself, is not a direct downline."""
    depth = await team.depth_below(session, merchant, upline_id, downline_id)
    if depth is None:
        raise NotFound("team.member_not_found")
    if depth != 1:
        raise Forbidden("contract.not_direct_downline")
    downline = await team.member(session, merchant, downline_id)
    if downline is None or not is_agent(downline.account_type):
        raise DomainError("contract.downline_not_agent")


def checked_terms(kind: Kind, terms: AnyTerms | None) -> AnyTerms:
    if terms is None:
        raise DomainError("validation.failed", field="terms", reason="required")
    if not isinstance(terms, TERMS_OF[kind]):
        raise DomainError("validation.failed", field="terms", reason=f"not the terms of {kind.value}")
    refusal = terms_refusal(terms)
    if refusal is not None:
        raise DomainError(refusal)
    return terms


def _history(row: ContractRequest | Contract, action: str, actor: str, **more: Any) -> ContractHistory:
    request_id = row.id if isinstance(row, ContractRequest) else row.request_id
    contract_id = row.contract_id if isinstance(row, ContractRequest) else row.id
    fields: dict[str, Any] = {
        "merchant": row.merchant, "kind": row.kind, "account_id": row.account_id, "upline_id": row.upline_id,
        "action": action, "actor": actor, "request_id": request_id, "contract_id": contract_id, "ratio": row.ratio,
        "terms": row.terms,
    }  # fmt: skip
    return ContractHistory(**(fields | more))


async def act(
    db: Database, merchant: str, caller_id: str, kind: Kind, call: ContractCall, terms: AnyTerms | None
) -> ContractStateRead:
    """One call of a contract type (``ContractCall``'s actions) by the agent ``caller_id``."""
    if call.action == "read":
        async with db.reader() as session:
            if call.downlineId is None:
                return await _state(session, merchant, kind, caller_id)
            await _direct_downline(session, merchant, caller_id, call.downlineId)
            return await _state(session, merchant, kind, call.downlineId)
    async with db.transaction() as session:
        await repository.lock_contracts(session, merchant)
        if call.action == "offer":
            return await _offer(session, merchant, caller_id, kind, call, terms)
        if call.requestId is None:
            raise DomainError("validation.failed", field="requestId", reason="required")
        if call.action == "withdraw":
            return await _withdraw(session, merchant, caller_id, kind, call.requestId)
        return await _decide(session, merchant, caller_id, kind, call.requestId, Decision(call.action))


async def _offer(
    session: AsyncSession, merchant: str, upline_id: str, kind: Kind, call: ContractCall, terms: AnyTerms | None
) -> ContractStateRead:
    if call.downlineId is None:
        raise DomainError("validation.failed", field="downlineId", reason="required")
    if call.requestType is None:
        raise DomainError("validation.failed", field="requestType", reason="required")
    downline_id = call.downlineId
    await _direct_downline(session, merchant, upline_id, downline_id)
    if await repository.pending(session, merchant, kind, downline_id) is not None:
        raise Conflict("contract.offer_pending")
    request = ContractRequest(merchant=merchant, kind=kind, account_id=downline_id, upline_id=upline_id,
                              request_type=call.requestType, status=RequestStatus.PENDING)  # fmt: skip
    if call.requestType == RequestType.NEW:
        offered = checked_terms(kind, terms)
        own = await repository.active(session, merchant, kind, upline_id)
        if own is None:
            raise Conflict("contract.upline_has_none")
        rates = rates_of(offered)
        if exceeds(rates, own.rates):
            raise DomainError("contract.ratio_above_upline")
        request.terms, request.rates, request.ratio = offered.model_dump(), rates, headline(rates)
        action = "OFFERED"
    else:
        if terms is not None:
            raise DomainError("validation.failed", field="terms", reason="a termination carries no terms")
        current = await repository.active(session, merchant, kind, downline_id)
        if current is None or current.upline_id != upline_id:
            raise Conflict("contract.none_to_terminate")
        request.contract_id, request.ratio = current.id, current.ratio
        action = "TERMINATION_OFFERED"
    await repository.add_request(session, request)
    repository.add_history(session, _history(request, action, upline_id))
    return await _state(session, merchant, kind, downline_id)


async def _withdraw(
    session: AsyncSession, merchant: str, upline_id: str, kind: Kind, request_id: int
) -> ContractStateRead:
    """The upline takes back an offer (new contract or termination) its downline has not answered yet."""
    request = await repository.offer_for_update(session, merchant, kind, request_id, upline_id)
    if request is None:
        raise NotFound("contract.not_found")
    if request.status != RequestStatus.PENDING:
        raise Conflict("contract.transition_forbidden")
    await repository.decide_requests(session, merchant, [request.id], RequestStatus.WITHDRAWN)
    repository.add_history(session, _history(request, "WITHDRAWN", upline_id))
    return await _state(session, merchant, kind, request.account_id)


async def _decide(
    session: AsyncSession, merchant: str, caller_id: str, kind: Kind, request_id: int, decision: Decision
) -> ContractStateRead:
    request = await repository.request_for_update(session, merchant, kind, request_id, caller_id)
    if request is None:
        raise NotFound("contract.not_found")
    status = next_status(RequestStatus(request.status), RequestType(request.request_type), decision)
    if status is None:
        raise Conflict("contract.transition_forbidden")
    cancelled: list[Held] = []
    if status == RequestStatus.SIGNED:
        cancelled = await _sign(session, merchant, kind, request)
    elif status == RequestStatus.TERMINATED:
        if not await repository.end_contracts(session, merchant, [request.contract_id or 0], EndReason.TERMINATED):
            raise Conflict("contract.transition_forbidden")  # the contract ended otherwise: nothing to terminate
        await repository.decide_requests(session, merchant, [request.id], status)
        repository.add_history(session, _history(request, "TERMINATED", caller_id))
    else:
        await repository.decide_requests(session, merchant, [request.id], status)
        repository.add_history(session, _history(request, "REFUSED", caller_id))
    answer = await _state(session, merchant, kind, caller_id)
    return answer.model_copy(update={"cancels": [_warning(held) for held in cancelled]})


async def _sign(session: AsyncSession, merchant: str, kind: Kind, request: ContractRequest) -> list[Held]:
    """The downline agrees to a new contract: the upline must still be its direct upline and still hold a contract
    the new one does not exceed; its current contract of the kind is superseded, and every contract and offer below
    it that pays more than the new one is cancelled."""
    if await team.depth_below(session, merchant, request.upline_id, request.account_id) != 1:
        raise Conflict("contract.not_direct_downline")
    own = await repository.active(session, merchant, kind, request.upline_id)
    rates = request.rates or {}
    if own is None:
        raise Conflict("contract.upline_has_none")
    if exceeds(rates, own.rates):
        raise DomainError("contract.ratio_above_upline")
    current = await repository.active(session, merchant, kind, request.account_id)
    if current is not None:
        await repository.end_contracts(session, merchant, [current.id], EndReason.SUPERSEDED)
        repository.add_history(session, _history(current, "SUPERSEDED", request.account_id))
    contract = await repository.add_contract(
        session,
        Contract(
            merchant=merchant, kind=kind, account_id=request.account_id, upline_id=request.upline_id,
            terms=request.terms or {}, rates=rates, ratio=headline(rates), status=ContractStatus.ACTIVE,
            request_id=request.id,
        ),
    )  # fmt: skip
    await repository.decide_requests(session, merchant, [request.id], RequestStatus.SIGNED, contract.id)
    request.contract_id = contract.id
    repository.add_history(session, _history(request, "SIGNED", request.account_id))
    return await _cancel_below(session, merchant, kind, request.account_id, rates, actor=request.account_id)


async def _cancel_below(
    session: AsyncSession, merchant: str, kind: Kind, account_id: str, rates: dict[str, int], *, actor: str
) -> list[Held]:
    cancelled = cancelled_by(rates, await _held_below(session, merchant, kind, account_id))
    contract_ids = [held.contract_id for held in cancelled if held.contract_id is not None]
    request_ids = [held.request_id for held in cancelled if held.request_id is not None]
    await repository.end_contracts(session, merchant, contract_ids, EndReason.CANCELLED)
    await repository.decide_requests(session, merchant, request_ids, RequestStatus.CANCELLED)
    for ending in await repository.cancel_terminations_of(session, merchant, contract_ids):
        repository.add_history(session, _history(ending, "CANCELLED", f"auto:{actor}"))
    for held in cancelled:
        repository.add_history(
            session,
            ContractHistory(
                merchant=merchant, kind=kind, account_id=held.account_id, upline_id=held.upline_id, action="CANCELLED",
                actor=f"auto:{actor}", request_id=held.request_id, contract_id=held.contract_id,
                ratio=headline(held.rates),
            ),
        )  # fmt: skip
    return cancelled


async def grant(
    session: AsyncSession, merchant: str, account_id: str, kind: Kind, terms: AnyTerms, actor: str
) -> tuple[ContractRead | None, ContractRead]:
    """Ops: a contract agreed at once for a top agent (whom no upline offers one, so none is above it to exceed): it
    supersedes the agent's current one and cancels what pays more below it. In the caller's transaction (which
    writes the audit row); the previous contract and the new one."""
    await repository.lock_contracts(session, merchant)
    member = await team.member(session, merchant, account_id)
    if member is None:
        raise NotFound("team.member_not_found")
    if not is_agent(member.account_type):
        raise DomainError("contract.downline_not_agent")
    if member.upline_id is not None:  # an agent with an upline gets its contracts from it
        raise Conflict("contract.not_top_agent")
    granted = checked_terms(kind, terms)
    rates = rates_of(granted)
    current = await repository.active(session, merchant, kind, account_id)
    before = contract_read(current) if current else None
    if current is not None:
        await repository.end_contracts(session, merchant, [current.id], EndReason.SUPERSEDED)
        for ending in await repository.cancel_terminations_of(session, merchant, [current.id]):
            repository.add_history(session, _history(ending, "CANCELLED", actor))
        repository.add_history(session, _history(current, "SUPERSEDED", actor))
    contract = await repository.add_contract(
        session,
        Contract(
            merchant=merchant, kind=kind, account_id=account_id, upline_id=None, terms=granted.model_dump(),
            rates=rates, ratio=headline(rates), status=ContractStatus.ACTIVE,
        ),
    )  # fmt: skip
    repository.add_history(session, _history(contract, "GRANTED", actor))
    await _cancel_below(session, merchant, kind, account_id, rates, actor=actor)
    return before, contract_read(contract)


async def lock_for_move(session: AsyncSession, merchant: str, account_id: str) -> None:
    """Before a member moves to another upline: no contract call of the brand runs meanwhile (the brand's contracts
    lock, taken before the tree's), and the member neither holds a contract nor has a request waiting for its
    answer, which would tie it to the upline it leaves (its own downlines' contracts move with it)."""
    await repository.lock_contracts(session, merchant)
    if await repository.holds_or_awaits(session, merchant, account_id):
        raise Conflict("team.move_has_contracts")


async def contracts_of(db: Database, merchant: str, account_id: str) -> ContractsRead:
    async with db.reader() as session:
        own, downlines, waiting = await repository.own_and_downlines(session, merchant, account_id)
    return ContractsRead(
        own=[contract_read(c) for c in own], downlines=[contract_read(c) for c in downlines],
        pending=[request_read(r) for r in waiting],
    )  # fmt: skip


async def history_of(
    db: Database, merchant: str, account_id: str, kind: Kind | None, page: Page
) -> PageRead[HistoryRead]:
    async with db.reader() as session:
        rows, total = await repository.history_page(session, merchant, account_id, kind, page)
    items = [
        HistoryRead(
            id=row.id, kind=row.kind, accountId=row.account_id, uplineId=row.upline_id, action=row.action,
            actor=row.actor, requestId=row.request_id, contractId=row.contract_id, ratio=row.ratio, at=row.at,
        )
        for row in rows
    ]  # fmt: skip
    return page_of(page, items, total)


async def states(db: Database, merchant: str, account_id: str) -> tuple[set[str], dict[str, str]]:
    """The kinds ``account_id`` holds an active contract of, and the request type waiting by kind."""
    async with db.reader() as session:
        return await repository.states_of(session, merchant, account_id)


async def table_counts(db: Database, merchant: str) -> tuple[int, int, int]:
    async with db.reader() as session:
        return await repository.table_counts(session, merchant)
