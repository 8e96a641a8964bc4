"""Activity applications: a member applies to an activity promotion with a remark and images (once per request; one
waiting per promotion); ops read them with their images and approve (a bonus of the promotion, at most its maximum,
with its wagering) or reject them, once, audited. A bonus above the brand's dual-control amount (the wallet's, asked
over ``rpc.wallet.dual_control``) is granted only when a second person, a finance checker other than its maker,
confirms it."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.applications import repository
from points_service.applications.schemas import (
    ApplicationRead,
    ApplicationRequest,
    Approval,
    Rejection,
)
from points_service.ops import repository as audit
from points_service.ops.domain import QueueOrder, refuse_own
from points_service.ops.schemas import CheckerDecision
from points_service.promotions import repository as promotions
from points_service.promotions.domain import ApplicationStatus, PromotionKind, text_in
from points_service.promotions.models import Promotion, PromotionApplication
from points_service.promotions.service import new_grant
from portal_kit import money
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.images import decoded_images
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


def _read(
    row: PromotionApplication, name: dict[str, str], images: int, language: str, *, for_ops: bool = True
) -> ApplicationRead:
    """As ops read it, or as its member does (without the names of the ops people who handled it)."""
    return ApplicationRead(
        applicationId=row.id, accountId=row.account_id, promotionId=row.promotion_id,
        promotionName=text_in(name, language), remark=row.remark, images=images,
        status=ApplicationStatus(row.status),
        amount=row.amount if for_ops or row.status == ApplicationStatus.APPROVED else None,
        grantId=row.grant_id, reason=row.reason,
        maker=row.maker if for_ops else None,
        awaitingChecker=row.status == ApplicationStatus.PENDING and row.maker is not None,
        decidedBy=row.decided_by if for_ops else None, createdAt=row.created_at, decidedAt=row.decided_at,
    )  # fmt: skip


async def _activity(session: AsyncSession, merchant: str, promotion_id: int) -> Promotion:
    found = await promotions.promotion(session, merchant, promotion_id)
    if found is None:
        raise NotFound("promotion.not_found")
    if found.kind != PromotionKind.ACTIVITY:
        raise DomainError("promotion.not_applicable", status=409)
    return found


async def apply(db: Database, member: Principal, body: ApplicationRequest, language: str) -> ApplicationRead:
    """Apply once per ``requestId`` (again: the first application; another promotion or remark under it:
    ``idempotency.mismatch``), to an activity promotion open now, with nothing of the member's waiting on it
    (``application.pending``); the images checked before anything is written."""
    images = decoded_images(body.images, prefix="image")
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.transaction() as session:
        promotion = await _activity(session, merchant, body.promotionId)
        earlier = await repository.apply_once_lookup(session, merchant, account_id, body.requestId)
        if earlier is not None:
            if (earlier.promotion_id, earlier.remark) != (body.promotionId, body.remark):
                raise DomainError("idempotency.mismatch", status=409)
            counts = await repository.image_counts(session, [earlier.id])
            return _read(earlier, promotion.names, counts.get(earlier.id, 0), language, for_ops=False)
        if promotion.id not in {row.id for row in await promotions.on_offer(session, merchant)}:
            raise DomainError("promotion.closed", status=409)
        if await repository.pending_of(session, merchant, promotion.id, account_id):
            raise DomainError("application.pending", status=409)
        values = {"merchant": merchant, "promotion_id": promotion.id, "account_id": account_id,
                  "request_id": body.requestId, "remark": body.remark, "status": ApplicationStatus.PENDING}  # fmt: skip
        try:
            row, _ = await repository.apply_once(session, values)
        except LookupError:  # another application of the member's took the one waiting place meanwhile
            raise DomainError("application.pending", status=409) from None
        repository.add_images(session, row.id, images)
    return _read(row, promotion.names, len(images), language, for_ops=False)


async def applications(
    db: Database, merchant: str, page: Page, language: str, *, account_id: str | None, status: ApplicationStatus | None,
    for_ops: bool = True, order: QueueOrder = QueueOrder.NEWEST,
) -> PageRead[ApplicationRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.page(session, merchant, page, account_id=account_id, status=status, order=order)
        counts = await repository.image_counts(session, [row.id for row in rows])
        names = {}
        for promotion_id in {row.promotion_id for row in rows}:
            found = await promotions.promotion(session, merchant, promotion_id)
            names[promotion_id] = found.names if found else {}
    reads = [_read(row, names[row.promotion_id], counts.get(row.id, 0), language, for_ops=for_ops) for row in rows]
    return page_of(page, reads, total)


async def images(db: Database, merchant: str, application_id: int) -> list[str]:
    """An application's images as data URLs, in the order sent."""
    async with db.reader() as session:
        if await repository.application(session, merchant, application_id) is None:
            raise NotFound("application.not_found")
        found = await repository.images(session, application_id)
    return [f"data:{row.content_type};base64,{base64.b64encode(row.data).decode()}" for row in found]


async def approve(
    db: Database, nc: NATS, merchant: str, actor: Principal, application_id: int, body: Approval, language: str,
    ip: str | None,
) -> ApplicationRead:  # fmt: skip
    """Grant the application's bonus (at most the promotion's maximum; its wagering, game types and expiry), once. A
    bonus the maker may not grant alone is not granted yet: the application keeps waiting, with its amount and its
    maker, for a second person (``confirm``). The wallet decides it (``money.grant_review``) on the maker's one
    running total for the member today, with its own balance adjustments, so a credit split between an adjustment
    and a bonus still needs a checker."""
    async with db.transaction() as session:
        row, promotion = await _waiting(session, merchant, application_id)
        if row.maker is not None:
            raise DomainError("application.awaiting_checker", status=409)
        if body.amount > promotion.max_bonus:
            most = promotion.max_bonus
            raise DomainError("application.amount_too_large", most=f"{most // 100:,}.{most % 100:02d}")
        row.amount = body.amount
        maker = actor_name(actor)
        key = f"application:{row.id}:{body.amount}"  # a retry of this grant is answered, not counted again
        review = await money.grant_review(nc, merchant, maker, row.account_id, body.amount, key)
        if review.secondPerson:
            row.maker = maker
            audit.record(session, merchant, actor, "application.approve.request", str(row.id), reason=body.reason,
                         before=None, after={"amount": body.amount, "accountId": row.account_id,
                                             "dualControlAbove": review.dualControlAbove}, ip=ip)  # fmt: skip
        else:
            await _grant(session, row, promotion, actor, body.reason)
            audit.record(session, merchant, actor, "application.approve", str(row.id), reason=body.reason,
                         before=None, after={"amount": body.amount, "accountId": row.account_id,
                                             "grantId": row.grant_id}, ip=ip)  # fmt: skip
        counts = await repository.image_counts(session, [row.id])
        return _read(row, promotion.names, counts.get(row.id, 0), language)


async def confirm(
    db: Database, merchant: str, actor: Principal, application_id: int, body: CheckerDecision, language: str,
    ip: str | None,
) -> ApplicationRead:  # fmt: skip
    """A second person decides an amount its maker approved above the dual-control amount: grants it (still at most
    the promotion's maximum) or rejects the application (a reason required). Not its maker (``ops.same_person``);
    only an application awaiting one (``application.no_checker_needed``)."""
    async with db.transaction() as session:
        row, promotion = await _waiting(session, merchant, application_id)
        if row.maker is None or row.amount is None:
            raise DomainError("application.no_checker_needed", status=409)
        refuse_own(row.maker, actor)
        before = {"amount": row.amount, "maker": row.maker}
        if body.approve:
            if row.amount > promotion.max_bonus:
                most = promotion.max_bonus
                raise DomainError("application.amount_too_large", most=f"{most // 100:,}.{most % 100:02d}")
            await _grant(session, row, promotion, actor, body.reason)
            after = {"status": row.status, "grantId": row.grant_id}
        else:
            if body.reason is None:
                raise DomainError("reason.required")
            _decide(row, actor, ApplicationStatus.REJECTED, body.reason)
            after = {"status": row.status}
        action = "application.confirm" if body.approve else "application.reject"
        audit.record(session, merchant, actor, action, str(row.id), reason=body.reason, before=before, after=after,
                     ip=ip)  # fmt: skip
        counts = await repository.image_counts(session, [row.id])
        return _read(row, promotion.names, counts.get(row.id, 0), language)


async def _grant(
    session: AsyncSession, row: PromotionApplication, promotion: Promotion, actor: Principal, reason: str | None
) -> None:
    assert row.amount is not None
    reference = f"application:{row.id}"
    row.grant_id = await new_grant(session, promotion, row.account_id, reference, reference, 0, row.amount)
    _decide(row, actor, ApplicationStatus.APPROVED, reason)


async def reject(
    db: Database, merchant: str, actor: Principal, application_id: int, body: Rejection, language: str, ip: str | None
) -> ApplicationRead:
    async with db.transaction() as session:
        row, promotion = await _waiting(session, merchant, application_id)
        _decide(row, actor, ApplicationStatus.REJECTED, body.reason)
        audit.record(session, merchant, actor, "application.reject", str(row.id), reason=body.reason, before=None,
                     after={"accountId": row.account_id}, ip=ip)  # fmt: skip
        counts = await repository.image_counts(session, [row.id])
        return _read(row, promotion.names, counts.get(row.id, 0), language)


async def _waiting(session: AsyncSession, merchant: str, application_id: int) -> tuple[PromotionApplication, Promotion]:
    row = await repository.application(session, merchant, application_id, lock=True)
    if row is None:
        raise NotFound("application.not_found")
    if row.status != ApplicationStatus.PENDING:
        raise DomainError("application.already_decided", status=409, current=row.status)
    promotion = await promotions.promotion(session, merchant, row.promotion_id)
    assert promotion is not None
    return row, promotion


def _decide(row: PromotionApplication, actor: Principal, status: ApplicationStatus, reason: str | None) -> None:
    row.status, row.reason = status, reason
    row.decided_by, row.decided_at = actor_name(actor), datetime.now(UTC)
