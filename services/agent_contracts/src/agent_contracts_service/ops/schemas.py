"""The ops calls' answers."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from agent_contracts_service.contracts.schemas import ContractRead, RequestRead
from portal_kit.audit import OpsAuditRead


class GrantedRead(BaseModel):
    previous: ContractRead | None
    contract: ContractRead


class AgentContractsAuditRead(OpsAuditRead):
    """One row of the agent contracts' ops audit (the kit's shape)."""


class OpsHeldRead(BaseModel):
    """An active contract as the agents list shows it: its kind and highest rate."""

    kind: str = Field(description="DIVIDEND, DAILY_WAGE, HOURLY_SALARY or REALTIME_SALARY")
    ratio: int = Field(description="The contract's highest rate, basis points")


class OpsAgentRead(BaseModel):
    """One account of the brand's team tree, as the agents list shows it."""

    accountId: str
    username: str | None
    accountType: int | None = Field(description="1, 2, 41, 42: agents; 0 a member")
    isAgent: bool
    uplineId: str | None
    uplineUsername: str | None
    topAgent: bool = Field(description="No upline: only ops grants it a contract (opsGrant…)")
    depth: int = Field(description="Levels below the top of its tree (0: a top account)")
    registeredAt: datetime | None
    downlines: int = Field(description="Its direct downlines")
    contracts: list[OpsHeldRead] = Field(description="Its active contracts")


class OpsUplineRead(BaseModel):
    accountId: str
    username: str | None
    accountType: int | None
    levelsUp: int = Field(description="1: the direct upline")


class OpsAgentContractRead(ContractRead):
    """One of the agent's contracts (active or ended) and who gave it: ``OPS`` (granted to a top agent, ``grantedBy``
    the ops person) or ``UPLINE`` (offered by its direct upline and signed, ``grantedBy`` the upline's name)."""

    origin: Literal["OPS", "UPLINE"]
    grantedBy: str | None
    grantedAt: datetime = Field(description="When it was agreed (its start)")


class OpsAgentDetailRead(BaseModel):
    """One agent: its row, its uplines (the nearest first), its team's size, its contracts (active first, then the
    newest ended; at most 50) and the requests waiting for its answer. Its settlement lines: opsAgentSettlements."""

    agent: OpsAgentRead
    uplines: list[OpsUplineRead]
    teamSize: int = Field(description="Its downlines at every depth")
    contracts: list[OpsAgentContractRead]
    pending: list[RequestRead]
