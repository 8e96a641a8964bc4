"""Every table of the agent-contracts service, for Alembic."""

from __future__ import annotations

from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest
from agent_contracts_service.figures.models import LateBet, MemberHour, MemberWindow, WindowClose
from agent_contracts_service.ops.models import AgentContractsAudit
from agent_contracts_service.settlement.models import SettlementCursor, SettlementLine
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage

__all__ = [
    "AgentContractsAudit",
    "Base",
    "Contract",
    "ContractHistory",
    "ContractRequest",
    "InboxMessage",
    "LateBet",
    "MemberHour",
    "MemberWindow",
    "SettlementCursor",
    "SettlementLine",
    "TeamLink",
    "TeamMember",
    "WindowClose",
]
