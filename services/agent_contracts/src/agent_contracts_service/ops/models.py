"""Every ops change of the agent contracts (a member moved under another upline, a contract granted) in the kit's one
ops-audit shape (``portal_kit.audit``)."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class AgentContractsAudit(OpsAuditRecord, Base):
    __tablename__ = "agent_contracts_audit"
