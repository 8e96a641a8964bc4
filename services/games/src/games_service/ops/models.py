"""Every ops change of the games (a vendor's switch and maintenance window, a game's switch) in the kit's one
ops-audit shape (``portal_kit.audit``): who, what, to which object, why, the state before and after."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class GamesAudit(OpsAuditRecord, Base):
    __tablename__ = "games_audit"
