"""Every ops action on money: who, when, on what, why, before and after (the kit's one ops-audit shape)."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class OpsAudit(OpsAuditRecord, Base):
    """``action`` is ``<object>.<action>`` (``withdrawal.pay``, ``balance.adjust``, ``settings.change``), ``target`` the
    object's id (a withdrawal, a deposit, an account, the brand). ``after`` is what the action recorded (its amount,
    account, status and balance before and after); a settings change keeps the changed settings in ``before`` and
    ``after``. Rows written before migration 0010 keep their old ``detail`` whole in ``after``."""

    __tablename__ = "money_audit"
