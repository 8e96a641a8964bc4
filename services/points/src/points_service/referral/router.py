"""Referrals. Members and agents (a trial account: ``in_need_true_account``; none: 401): their invite code and link,
their invitations with each invitee's progress and reward, the brand's rule and totals (``MCSFE_getReferralInfo``).
Ops of the brand: the rule for any role, changed by the brand's admin (audited); everyone else 401 or 403."""

from __future__ import annotations

from fastapi import APIRouter, Request

from points_service.deps import Db, RealAccount
from points_service.ops.router import OPS
from points_service.referral import service
from points_service.referral.schemas import ReferralInfoRead, ReferralRuleRead, ReferralRuleWrite
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsAdmin, OpsViewer

router = APIRouter(tags=["referral"])
ops = APIRouter(prefix=f"{OPS}/referral", tags=["points ops"])


@router.get("/wps/relay/MCSFE_getReferralInfo", operation_id="referralInfo", response_model=Envelope[ReferralInfoRead])
async def referral_info(db: Db, member: RealAccount) -> Envelope[ReferralInfoRead]:
    """The member's invite code (made on the first ask) and link, the invitations (newest first; invitees masked)
    with their deposits, valid bets, whether they qualified and the reward's state, the brand's rule and totals."""
    return ok(await service.info(db, member))


@ops.get("/rule", operation_id="opsReferralRule", response_model=Envelope[ReferralRuleRead])
async def rule(code: str, actor: OpsViewer, db: Db) -> Envelope[ReferralRuleRead]:
    return ok(await service.rule(db, code))


@ops.put("/rule", operation_id="opsChangeReferralRule", response_model=Envelope[ReferralRuleRead])
async def change_rule(
    code: str, actor: OpsAdmin, body: ReferralRuleWrite, db: Db, request: Request
) -> Envelope[ReferralRuleRead]:
    """What an invitee must deposit (``minDeposit``) and bet (``minValidBet``) for the inviter's ``reward`` (minor
    units), on or off; audited ``referral.rule.change``."""
    return ok(await service.change_rule(db, code, actor, body, address_of(request)))
