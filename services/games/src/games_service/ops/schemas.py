"""Payloads and answers of the games' ops calls."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints

from portal_kit.audit import OpsAuditRead

Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class VendorMaintenance(BaseModel):
    """A vendor's maintenance window: from ``from`` (left out: now) until ``until``, both with their time zone."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    starts: AwareDatetime | None = Field(default=None, alias="from")
    until: AwareDatetime
    reason: Reason


class VendorMaintenanceEnd(BaseModel):
    """Why the vendor's window ends now."""

    model_config = ConfigDict(extra="forbid")
    reason: Reason


class GamesSwitch(BaseModel):
    """GamesSwitch a vendor or a game on (``enabled``) or off, and why."""

    model_config = ConfigDict(extra="forbid")
    enabled: bool
    reason: Reason


class OpsVendorRead(BaseModel):
    """A vendor of the brand for one game type, as ops see it. ``state``: ``open``, ``scheduled`` (a window starts
    later: members see nothing yet), ``maintenance`` (a window is in force: its games answer
    ``vendor_under_maintenance`` with its end), ``off`` (switched off: its games are hidden and do not launch)."""

    code: str
    gameType: str
    name: str
    category: str
    aggregator: str | None
    enabled: bool
    maintenanceFrom: datetime | None
    maintenanceUntil: datetime | None
    maintenanceReason: str | None
    state: str
    games: int
    gamesEnabled: int


class OpsGameRead(BaseModel):
    """A game of the brand as ops see it (``name`` in the request's language); ``enabled`` false: switched off."""

    nodeId: int
    vendor: str
    gameType: str
    gameCode: str
    name: str
    enabled: bool
    playable: bool
    isTop: bool
    hotRank: int | None


class GamesAuditRead(OpsAuditRead):
    """A row of the games' ops audit: the kit's shape (``portal_kit.audit.OpsAuditRead``) under its own name."""
