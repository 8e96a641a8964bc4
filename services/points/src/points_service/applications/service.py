"""Activity applications: a member applies to an activity promotion with a remark and images (once per request; one
waiting per promotion); ops read them with their images and approve (a bonus of the promotion, at most its maximum,
with its wagering) or reject them, once, audited."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.applications import repository
from points_service.applications.schemas import ApplicationRead, ApplicationRequest, Approval, Rejection
from points_service.ops import repository as audit
from points_service.promotions import repository as promotions
from points_service.promotions.domain import ApplicationStatus, PromotionKind, text_in
from points_service.promotions.models import Promotion, PromotionApplication
from points_service.promotions.service import new_grant
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.images import decoded_images
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


def _read(row: PromotionApplication, name: dict[str, str], images: int, language: str) -> ApplicationRead:
    return ApplicationRead(
        applicationId=row.id, accountId=row.account_id, promotionId=row.promotion_id,
        promotionName=text_in(name, language), remark=row.remark, images=images,
        status=ApplicationStatus(row.status), amount=row.amount, grantId=row.grant_id, reason=row.reason,
        decidedBy=row.decided_by, createdAt=row.created_at, decidedAt=row.decided_at,
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
            return _read(earlier, promotion.names, counts.get(earlier.id, 0), language)
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
    return _read(row, promotion.names, len(images), language)


async def applications(
    db: Database, merchant: str, page: Page, language: str, *, account_id: str | None, status: ApplicationStatus | None
) -> PageRead[ApplicationRead]:
    async with db.reader() as session:
        rows, total = await repository.page(session, merchant, page, account_id=account_id, status=status)
        counts = await repository.image_counts(session, [row.id for row in rows])
        names = {}
        for promotion_id in {row.promotion_id for row in rows}:
            found = await promotions.promotion(session, merchant, promotion_id)
            names[promotion_id] = found.names if found else {}
    return page_of(page, [_read(row, names[row.promotion_id], counts.get(row.id, 0), language) for row in rows], total)


async def images(db: Database, merchant: str, application_id: int) -> list[str]:
    """An application's images as data URLs, in the order sent."""
    async with db.reader() as session:
        if await repository.application(session, merchant, application_id) is None:
            raise NotFound("application.not_found")
        found = await repository.images(session, application_id)
    return [f"data:{row.content_type};base64,{base64.b64encode(row.data).decode()}" for row in found]


async def approve(
    db: Database, merchant: str, actor: Principal, application_id: int, body: Approval, language: str, ip: str | None
) -> ApplicationRead:
    """Grant the application's bonus (at most the promotion's maximum; its wagering, game types and expiry), once."""
    async with db.transaction() as session:
        row, promotion = await _waiting(session, merchant, application_id)
        if body.amount > promotion.max_bonus:
            most = promotion.max_bonus
            raise DomainError("application.amount_too_large", most=f"{most // 100:,}.{most % 100:02d}")
        reference = f"application:{row.id}"
        row.grant_id = await new_grant(session, promotion, row.account_id, reference, reference, 0, body.amount)
        _decide(row, actor, ApplicationStatus.APPROVED, body.reason)
        row.amount = body.amount
        audit.record(session, merchant, actor, "application.approve", str(row.id), reason=body.reason, before=None,
                     after={"amount": body.amount, "accountId": row.account_id, "grantId": row.grant_id}, ip=ip)  # fmt: skip
        counts = await repository.image_counts(session, [row.id])
        return _read(row, promotion.names, counts.get(row.id, 0), language)


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
