"""The ops calls' answers."""

from __future__ import annotations

from pydantic import BaseModel

from agent_contracts_service.contracts.schemas import ContractRead
from portal_kit.audit import OpsAuditRead


class GrantedRead(BaseModel):
    previous: ContractRead | None
    contract: ContractRead


class AgentContractsAuditRead(OpsAuditRead):
    """One row of the agent contracts' ops audit (the kit's shape)."""
