"""An agent's own tree (every depth)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from agent_contracts_service.deps import Agent, Db
from agent_contracts_service.team import service
from agent_contracts_service.team.schemas import TeamDownlineRead, TeamRead
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params

router = APIRouter(tags=["agent team"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


@router.get("/wps/agent-contracts/team", operation_id="agentTeam", response_model=Envelope[TeamRead])
async def agent_team(db: Db, agent: Agent) -> Envelope[TeamRead]:
    """The caller's whole tree, itself first, then each depth in turn."""
    return ok(await service.team_of(db, agent.merchant, str(agent.account_id)))


@router.get(
    "/wps/agent-contracts/team/members",
    operation_id="agentTeamMembers",
    response_model=Envelope[PageRead[TeamDownlineRead]],
)
async def team_members(
    db: Db,
    agent: Agent,
    page: Paging,
    search: Annotated[str | None, Query(max_length=64, description="Part of the username")] = None,
    direct_only: Annotated[bool, Query(alias="directOnly")] = False,
) -> Envelope[PageRead[TeamDownlineRead]]:
    """Team management: the caller's downlines at every depth (or its direct ones), newest registration first."""
    found = await service.downlines_of(
        db, agent.merchant, str(agent.account_id), page, search=(search or "").strip() or None, direct_only=direct_only
    )
    return ok(found)
