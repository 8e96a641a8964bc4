"""Missions. Members and agents (a trial account: ``in_need_true_account``; none: 401): their missions with progress
(``MCSFE_getMissionSummaryDetails``), a mission's leaderboard (``MCSFE_getMissionLeaderboard``) and a completed
mission's reward (``MCSFE_claimMissionReward``, once). Ops of the brand: the missions for any role, written by the
content role (or admin); everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.deps import Db, Language, RealAccount
from points_service.missions import service
from points_service.missions.domain import MissionKind
from points_service.missions.schemas import (
    ClaimRead,
    ClaimRequest,
    LeaderboardRead,
    MissionRead,
    MissionSummaryRead,
    MissionWrite,
    NewMission,
)
from points_service.ops.domain import CatalogueOrder
from points_service.ops.router import OPS
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsContent, OpsViewer

router = APIRouter(tags=["missions"])
ops = APIRouter(prefix=f"{OPS}/missions", tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
MissionId = Annotated[int, Path(ge=1, le=2**63 - 1)]


@router.get(
    "/wps/relay/MCSFE_getMissionSummaryDetails", operation_id="missionSummary",
    response_model=Envelope[list[MissionSummaryRead]],
)  # fmt: skip
async def mission_summary(db: Db, member: RealAccount, language: Language) -> Envelope[list[MissionSummaryRead]]:
    """The brand's current missions (and any completed one not claimed yet) with the member's progress, percent,
    reward, state and window, in their order."""
    return ok(await service.summary(db, member, language))


@router.get(
    "/wps/relay/MCSFE_getMissionLeaderboard", operation_id="missionLeaderboard",
    response_model=Envelope[LeaderboardRead],
)  # fmt: skip
async def mission_leaderboard(
    db: Db, member: RealAccount, language: Language, page: Paging,
    missionId: Annotated[int, Query(ge=1, le=2**63 - 1)],
) -> Envelope[LeaderboardRead]:  # fmt: skip
    """The most progress in the brand for a mission (names masked; of equal progress, who got there first), and the
    member's own rank."""
    return ok(await service.leaderboard(db, member, missionId, page, language))


@router.post(
    "/wps/relay/MCSFE_claimMissionReward", operation_id="claimMissionReward", response_model=Envelope[ClaimRead]
)
async def claim_reward(db: Db, member: RealAccount, body: ClaimRequest) -> Envelope[ClaimRead]:
    """A completed mission's reward in points, once (``mission.not_completed``, ``mission.already_claimed`` 409); the
    same ``requestId`` again answers the claim it made."""
    return ok(await service.claim(db, member, body))


@ops.get("", operation_id="opsMissions", response_model=Envelope[PageRead[MissionRead]])
async def missions(
    code: str, actor: OpsViewer, db: Db, page: Paging, language: Language,
    active: Annotated[bool | None, Query(description="Shown to members (true) or not (false)")] = None,
    kind: Annotated[MissionKind | None, Query()] = None,
    sort: Annotated[CatalogueOrder, Query()] = CatalogueOrder.DISPLAY,
) -> Envelope[PageRead[MissionRead]]:  # fmt: skip
    """The brand's missions, paged, filtered (shown or not, kind) and in order (the members' by default)."""
    return ok(await service.missions(db, code, page, language, active=active, kind=kind, order=sort))


@ops.post("", operation_id="opsCreateMission", response_model=Envelope[MissionRead])
async def create_mission(
    code: str, actor: OpsContent, body: NewMission, db: Db, request: Request
) -> Envelope[MissionRead]:
    return ok(await service.create(db, code, actor, body, address_of(request)))


@ops.put("/{missionId}", operation_id="opsChangeMission", response_model=Envelope[MissionRead])
async def change_mission(
    code: str, missionId: MissionId, actor: OpsContent, body: MissionWrite, db: Db, request: Request
) -> Envelope[MissionRead]:
    return ok(await service.update(db, code, actor, missionId, body, address_of(request)))
