"""The points audit as ops read it."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRead


class PointsAuditRead(OpsAuditRead):
    """One row of the points' ops audit (the kit's shape)."""
