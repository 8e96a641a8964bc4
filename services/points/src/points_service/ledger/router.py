"""``MCS2_getPointBalance``: a signed-in member's or agent's points (a trial account: ``in_need_true_account``)."""

from __future__ import annotations

from fastapi import APIRouter

from points_service.deps import Db, RealAccount
from points_service.ledger import service
from points_service.ledger.schemas import PointBalanceRead
from portal_kit.envelope import Envelope, ok

router = APIRouter(tags=["points"])


@router.get("/wps/relay/MCS2_getPointBalance", operation_id="pointBalance", response_model=Envelope[PointBalanceRead])
async def point_balance(db: Db, member: RealAccount) -> Envelope[PointBalanceRead]:
    return ok(await service.balance(db, member.merchant, str(member.account_id)))
