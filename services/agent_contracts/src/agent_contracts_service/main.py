"""The agent-contracts service's HTTP app: ``uvicorn agent_contracts_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from agent_contracts_service.contracts import router as contracts
from agent_contracts_service.figures import router as figures
from agent_contracts_service.i18n import MESSAGES
from agent_contracts_service.ops import router as agent_ops
from agent_contracts_service.reports import router as reports
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.settlement import router as settlement
from agent_contracts_service.team import router as team
from portal_kit.app import create_app


def build_app(settings: AgentContractsSettings | None = None) -> FastAPI:
    return create_app(
        settings or AgentContractsSettings(),
        routers=[contracts.router, team.router, reports.router, figures.router, settlement.router, agent_ops.ops],
        messages=[MESSAGES],
        title="agent-contracts",
    )


app = build_app()
