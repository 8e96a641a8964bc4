"""An ops decision's body (its reason) and the audit as the ops API answers it."""

from __future__ import annotations

from typing import Any

from portal_kit.audit import OpsAuditRead
from wallet_service.events import stamp
from wallet_service.schemas import Body, Read, Reason


class Decision(Body):
    reason: Reason | None = None


class WalletAuditRead(Read):
    actor: str
    action: str
    target: str
    reason: str | None
    detail: dict[str, Any]
    at: str

    @classmethod
    def of(cls, row: OpsAuditRead) -> WalletAuditRead:
        """A row of the kit's audit shape as this call has always answered it: ``detail`` is what the action
        recorded (``after``), or, for a change with a state before (the settings), ``{before, after}``."""
        detail = (row.after or {}) if row.before is None else {"before": row.before, "after": row.after}
        return cls(actor=row.actor, action=row.action, target=row.target, reason=row.reason, detail=detail,
                   at=stamp(row.at))  # fmt: skip
