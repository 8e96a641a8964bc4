"""VIP levels. Members and agents (a trial account: ``in_need_true_account``; none: 401): their level, turnover, the
next level and what is missing, the ladder with its perks and the level-up bonuses (``MCSFE_getVipInfo``). Anyone, a
visitor too: the brand's ladder (``MCSFE_getVipLevels``). Ops of the brand: the ladder for any role, replaced by the
brand's admin (audited); everyone else 401 or 403."""

from __future__ import annotations

from fastapi import APIRouter, Request

from points_service.deps import Db, Language, RealAccount
from points_service.ops.router import OPS
from points_service.vip import service
from points_service.vip.schemas import VipInfoRead, VipLadderWrite, VipLevelRead
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import CurrentPrincipal, OpsAdmin, OpsViewer

router = APIRouter(tags=["vip"])
ops = APIRouter(prefix=f"{OPS}/vip", tags=["points ops"])


@router.get("/wps/relay/MCSFE_getVipInfo", operation_id="vipInfo", response_model=Envelope[VipInfoRead])
async def vip_info(db: Db, member: RealAccount, language: Language) -> Envelope[VipInfoRead]:
    """The member's VIP level from its lifetime valid bets, the next level and the turnover it still needs, every level
    with its perks, and the level-up bonuses (newest first) with where each is."""
    return ok(await service.info(db, member, language))


@router.get("/wps/relay/MCSFE_getVipLevels", operation_id="vipLevels", response_model=Envelope[list[VipLevelRead]])
async def vip_levels(db: Db, caller: CurrentPrincipal, language: Language) -> Envelope[list[VipLevelRead]]:
    """The brand's VIP levels with their perks, in order (anyone)."""
    return ok(await service.ladder(db, caller.merchant, language))


@ops.get("/levels", operation_id="opsVipLevels", response_model=Envelope[list[VipLevelRead]])
async def levels(code: str, actor: OpsViewer, db: Db, language: Language) -> Envelope[list[VipLevelRead]]:
    return ok(await service.ladder(db, code, language))


@ops.put("/levels", operation_id="opsChangeVipLevels", response_model=Envelope[list[VipLevelRead]])
async def change_levels(
    code: str, actor: OpsAdmin, body: VipLadderWrite, db: Db, request: Request, language: Language
) -> Envelope[list[VipLevelRead]]:
    """The brand's whole ladder at once: levels 1..N (``vip.levels_not_consecutive``), each reached by more turnover
    than the one below (``vip.turnover_not_increasing``); audited ``vip.levels.change``."""
    return ok(await service.change_ladder(db, code, actor, body, address_of(request), language))
