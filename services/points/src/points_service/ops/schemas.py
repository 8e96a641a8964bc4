"""The points audit as ops read it, and a second person's decision."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

from portal_kit.audit import OpsAuditRead


class PointsAuditRead(OpsAuditRead):
    """One row of the points' ops audit (the kit's shape)."""


class CheckerDecision(BaseModel):
    """A second person (a finance checker other than the maker) confirms what its maker made above the brand's
    dual-control amount, or rejects it with a reason."""

    model_config = ConfigDict(extra="forbid")
    approve: bool
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)] | None = None
