"""An agent's own tree (every depth)."""

from __future__ import annotations

from fastapi import APIRouter

from agent_contracts_service.deps import Agent, Db
from agent_contracts_service.team import service
from agent_contracts_service.team.schemas import TeamRead
from portal_kit.envelope import Envelope, ok

router = APIRouter(tags=["agent team"])


@router.get("/wps/agent-contracts/team", operation_id="agentTeam", response_model=Envelope[TeamRead])
async def agent_team(db: Db, agent: Agent) -> Envelope[TeamRead]:
    """The caller's whole tree, itself first, then each depth in turn."""
    return ok(await service.team_of(db, agent.merchant, str(agent.account_id)))
