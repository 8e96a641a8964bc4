"""Every ops change of the points (a brand's rules) in the kit's one ops-audit shape (``portal_kit.audit``)."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class PointsAudit(OpsAuditRecord, Base):
    __tablename__ = "points_audit"
