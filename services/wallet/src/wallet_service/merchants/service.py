"""Reading and changing a brand's wallet settings (a brand nobody configured gets the defaults), and the raises of
its dual-control amount, which one admin asks and another approves."""

from __future__ import annotations

import uuid
from dataclasses import asdict, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from wallet_service.events import stamp
from wallet_service.ledger.domain import MoneyError, money_text
from wallet_service.merchants import repository
from wallet_service.merchants.domain import (
    APPROVED,
    PENDING,
    REJECTED,
    SUPERSEDED,
    DualControlRequestOrder,
    WalletRules,
    validated,
)
from wallet_service.merchants.models import DualControlRequest
from wallet_service.merchants.schemas import DualControlRequestRead, WalletSettingsRead
from wallet_service.oversight import service as oversight
from wallet_service.oversight.domain import refuse_own_request


async def brand_rules(db: Database, merchant: str) -> WalletRules:
    """The brand's settings, read on their own."""
    async with db.reader() as session:
        return await rules_of(session, merchant)


async def rules_of(session: AsyncSession, merchant: str) -> WalletRules:
    row = await repository.settings_of(session, merchant)
    if row is None:
        return WalletRules()
    return WalletRules(
        mode=row.mode,
        vendors=tuple(row.vendors),
        deposit_min=row.deposit_min,
        deposit_max=row.deposit_max,
        withdrawal_min=row.withdrawal_min,
        withdrawal_max=row.withdrawal_max,
        confirm_minutes=row.confirm_minutes,
        bank=dict(row.bank),
        dual_control_above=row.dual_control_above,
    )


async def change(session: AsyncSession, merchant: str, changes: dict[str, Any]) -> WalletRules:
    """Apply ``changes`` (field names of WalletRules) to the current settings, validated, in one upsert."""
    current = await rules_of(session, merchant)
    updated = validated(replace(current, **_tuples(changes)))
    values = {**asdict(updated), "vendors": list(updated.vendors)}
    await repository.save(session, merchant, values)
    return updated


async def change_by_ops(db: Database, merchant: str, actor: Principal, changes: dict[str, Any]) -> WalletSettingsRead:
    """An ops change of the brand's settings, audited with the fields it changed (before and after). The
    dual-control amount is lowered (or kept) at once, which supersedes a raise waiting for approval; a raise is
    only asked (``dualControlRequest``): it applies when another admin of the brand approves it."""
    changes = dict(changes)
    async with db.transaction() as session:
        await repository.lock_settings(session, merchant)
        current = await rules_of(session, merchant)
        asked = changes.pop("dual_control_above", None)
        request: DualControlRequest | None = None
        if asked is not None and asked > current.dual_control_above:
            validated(replace(current, **_tuples(changes)))  # the rest of the change is valid before anything is asked
            request = await _ask_raise(session, merchant, actor, current.dual_control_above, asked)
        elif asked is not None:
            changes["dual_control_above"] = asked
            if asked < current.dual_control_above:
                await _supersede(session, merchant, actor)
        updated = current
        if changes or request is None:  # a raise alone is audited as its request
            updated = await _change_audited(session, merchant, actor, current, changes)
        return await _view(session, merchant, updated, request)


async def _change_audited(
    session: AsyncSession,
    merchant: str,
    actor: Principal,
    current: WalletRules,
    changes: dict[str, Any],
    action: str = "settings.change",
    **detail: Any,
) -> WalletRules:
    before = current.view().model_dump()
    updated = await change(session, merchant, changes)
    after = updated.view().model_dump()
    changed = sorted(key for key in after if after[key] != before[key])
    oversight.record(session, merchant, actor, action, merchant, before={k: before[k] for k in changed},
                         after={**{k: after[k] for k in changed}, **detail})  # fmt: skip
    return updated


def _tuples(changes: dict[str, Any]) -> dict[str, Any]:
    return {**changes, "vendors": tuple(changes["vendors"])} if "vendors" in changes else changes


async def _ask_raise(
    session: AsyncSession, merchant: str, actor: Principal, before: int, asked: int
) -> DualControlRequest:
    """The raise waiting for a second admin: written now, or the same one this brand already waits on (the same
    amount asked again answers it); another raise while one waits is refused."""
    waiting = await repository.pending_request(session, merchant)
    if waiting is not None:
        if waiting.amount != asked:
            raise MoneyError("dual_control.request_pending", amount=money_text(waiting.amount))
        return waiting
    request = await repository.add_request(
        session, DualControlRequest(id=str(uuid.uuid4()), merchant=merchant, before=before, amount=asked,
                                    status=PENDING, requested_by=actor_name(actor))
    )  # fmt: skip
    oversight.record(session, merchant, actor, "settings.dual_control.request", request.id,
                     before={"dualControlAbove": before},
                     after={"dualControlAbove": asked, "status": PENDING})  # fmt: skip
    return request


async def _supersede(session: AsyncSession, merchant: str, actor: Principal) -> None:
    """A lowering closes the raise waiting for approval (its approver would otherwise raise from another amount)."""
    waiting = await repository.pending_request(session, merchant)
    if waiting is None:
        return
    waiting.status, waiting.decided_by, waiting.decided_at = SUPERSEDED, actor_name(actor), datetime.now(UTC)
    oversight.record(session, merchant, actor, "settings.dual_control.supersede", waiting.id,
                     before={"status": PENDING}, after={"status": SUPERSEDED, "dualControlAbove": waiting.amount,
                                                        "requestedBy": waiting.requested_by})  # fmt: skip


async def decide_dual_control(
    db: Database, merchant: str, request_id: str, actor: Principal, approve: bool, reason: str | None
) -> DualControlRequestRead:
    """Another admin of the brand approves a waiting raise (it applies now, audited with the amount before and
    after) or rejects it (its maker may withdraw it this way too); once (``dual_control.already_decided``)."""
    async with db.transaction() as session:
        await repository.lock_settings(session, merchant)  # two decisions at once take turns: one of them decides
        request = await repository.request_of(session, merchant, request_id)
        if request is None:
            raise MoneyError("dual_control.not_found")
        if request.status != PENDING:
            raise MoneyError("dual_control.already_decided")
        if approve:
            refuse_own_request(request.requested_by, actor)
        request.status = APPROVED if approve else REJECTED
        request.decided_by, request.decision_reason, request.decided_at = actor_name(actor), reason, datetime.now(UTC)
        if approve:
            current = await rules_of(session, merchant)
            await _change_audited(session, merchant, actor, current, {"dual_control_above": request.amount},
                                  "settings.dual_control.approve", requestId=request.id,
                                  requestedBy=request.requested_by)  # fmt: skip
        else:
            oversight.record(session, merchant, actor, "settings.dual_control.reject", request.id, reason,
                             before={"status": PENDING}, after={"status": REJECTED, "dualControlAbove": request.amount,
                                                                "requestedBy": request.requested_by})  # fmt: skip
        return request_view(request)


async def dual_control_requests(
    db: Database, merchant: str, page: Page, *, status: str | None, requested_by: str | None,
    order: DualControlRequestOrder,
) -> PageRead[DualControlRequestRead]:  # fmt: skip
    """A page of the brand's raises of its dual-control amount, filtered and in ``order`` (the newest first)."""
    async with db.reader() as session:
        rows, total = await repository.requests_page(
            session, merchant, page, status=status, requested_by=requested_by, order=order
        )
    return page_of(page, [request_view(row) for row in rows], total)


async def settings_view(db: Database, merchant: str) -> WalletSettingsRead:
    """The brand's settings as ops read them, with the raise of the dual-control amount waiting, if any."""
    async with db.reader() as session:
        return await _view(session, merchant, await rules_of(session, merchant), None)


async def _view(
    session: AsyncSession, merchant: str, rules: WalletRules, request: DualControlRequest | None
) -> WalletSettingsRead:
    request = request or await repository.pending_request(session, merchant)
    return rules.view().model_copy(update={"dualControlRequest": request_view(request) if request else None})


def request_view(request: DualControlRequest) -> DualControlRequestRead:
    return DualControlRequestRead(
        requestId=request.id,
        before=request.before,
        dualControlAbove=request.amount,
        status=request.status,
        requestedBy=request.requested_by,
        decidedBy=request.decided_by,
        reason=request.decision_reason,
        createdAt=stamp(request.created_at),
        decidedAt=stamp(request.decided_at) if request.decided_at else None,
    )
