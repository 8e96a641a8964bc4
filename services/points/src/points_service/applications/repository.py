"""Every query of activity applications and their images."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ops.domain import QueueOrder
from points_service.promotions.domain import ApplicationStatus
from points_service.promotions.models import PromotionApplication, PromotionApplicationImage
from portal_kit.paging import Page
from portal_kit.repository import Scoped

APPLICATIONS = Scoped(PromotionApplication)


async def apply_once(session: AsyncSession, values: dict[str, Any]) -> tuple[PromotionApplication, bool]:
    return await APPLICATIONS.insert_once(session, values, key=("account_id", "request_id"))


async def apply_once_lookup(
    session: AsyncSession, merchant: str, account_id: str, request_id: str
) -> PromotionApplication | None:
    """The member's application of ``request_id``, if one was made."""
    return await APPLICATIONS.get(session, merchant, account_id=account_id, request_id=request_id)


async def pending_of(session: AsyncSession, merchant: str, promotion_id: int, account_id: str) -> int:
    return await APPLICATIONS.count(session, merchant, promotion_id=promotion_id, account_id=account_id,
                                    status=ApplicationStatus.PENDING)  # fmt: skip


def add_images(session: AsyncSession, application_id: int, images: list[tuple[str, bytes]]) -> None:
    for content_type, data in images:
        session.add(PromotionApplicationImage(application_id=application_id, content_type=content_type, data=data))


async def image_counts(session: AsyncSession, ids: Sequence[int]) -> dict[int, int]:
    query = (
        select(PromotionApplicationImage.application_id, func.count())
        .where(PromotionApplicationImage.application_id.in_(ids))
        .group_by(PromotionApplicationImage.application_id)
    )
    return {int(row[0]): int(row[1]) for row in (await session.execute(query)).all()}


async def images(session: AsyncSession, application_id: int) -> Sequence[PromotionApplicationImage]:
    """The application's images, in the order sent."""
    query = (
        select(PromotionApplicationImage)
        .where(PromotionApplicationImage.application_id == application_id)
        .order_by(PromotionApplicationImage.id)
    )
    return (await session.scalars(query)).all()


async def application(
    session: AsyncSession, merchant: str, application_id: int, *, lock: bool = False
) -> PromotionApplication | None:
    if lock:
        return await APPLICATIONS.get_for_update(session, merchant, id=application_id)
    return await APPLICATIONS.get(session, merchant, id=application_id)


async def page(
    session: AsyncSession, merchant: str, page: Page, *, account_id: str | None, status: str | None,
    order: QueueOrder = QueueOrder.NEWEST,
) -> tuple[Sequence[PromotionApplication], int]:  # fmt: skip
    """One page of the brand's applications (a member's, of a state), newest or oldest first by id
    (``ix_promotion_application_status`` serves a state's queue either way), and how many match."""
    by_id = PromotionApplication.id.asc() if order is QueueOrder.OLDEST else PromotionApplication.id.desc()
    return await APPLICATIONS.page(session, merchant, page, (by_id,), account_id=account_id, status=status)
