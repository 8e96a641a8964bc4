"""The games' ops calls under ``/wps/ops/games/merchants/{code}``: any ops role of the brand reads its vendors (with
their state and maintenance windows), its games and the audit; the brand's admin switches a vendor or a game on and
off and sets or ends a vendor's maintenance window. Everyone else is refused (401 without a session, 403
``ops.role_required`` or ``access.denied`` for another brand)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request

from games_service.catalogue.domain import GAME_TYPES, NODE_ID_MAX
from games_service.deps import Cache, Db, Language
from games_service.ops import service
from games_service.ops.schemas import (
    GamesAuditRead,
    GamesSwitch,
    OpsGameRead,
    OpsVendorRead,
    VendorMaintenance,
    VendorMaintenanceEnd,
)
from portal_kit.audit import AuditQuery
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.errors import DomainError
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsViewer

OPS = "/wps/ops/games/merchants/{code}"
ops = APIRouter(prefix=OPS, tags=["games ops"])
VENDOR = "/vendors/{vendor}/{gameType}"
VendorCode = Annotated[str, Path(min_length=1, max_length=40)]
GameType = Annotated[str, Path(min_length=1, max_length=16)]
AuditPage = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]
GamesPage = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]


def _game_type(value: str | None) -> str | None:
    if value is not None and value.upper() not in GAME_TYPES:
        raise DomainError("game_type.unknown")
    return value.upper() if value is not None else None


@ops.get("/vendors", operation_id="opsGamesVendors", response_model=Envelope[list[OpsVendorRead]])
async def vendors(code: str, db: Db, actor: OpsViewer) -> Envelope[list[OpsVendorRead]]:
    """Every vendor of the brand, once per game type, on or off, with its state, window and game counts."""
    return ok(await service.vendors(db, code))


@ops.put(f"{VENDOR}/maintenance", operation_id="opsSetVendorMaintenance", response_model=Envelope[OpsVendorRead])
async def set_maintenance(
    code: str, vendor: VendorCode, gameType: GameType, body: VendorMaintenance, db: Db, cache: Cache, actor: OpsAdmin,
    request: Request,
) -> Envelope[OpsVendorRead]:  # fmt: skip
    """Put the vendor under maintenance from ``from`` (left out: now) until ``until`` (replacing any window): members
    see it from its start, its games answer ``vendor_under_maintenance`` with its end."""
    read = await service.set_maintenance(
        db, cache, code, vendor.upper(), str(_game_type(gameType)), actor, body, address_of(request)
    )
    return ok(read)


@ops.post(f"{VENDOR}/maintenance/end", operation_id="opsEndVendorMaintenance", response_model=Envelope[OpsVendorRead])
async def end_maintenance(
    code: str, vendor: VendorCode, gameType: GameType, body: VendorMaintenanceEnd, db: Db, cache: Cache, actor: OpsAdmin,
    request: Request,
) -> Envelope[OpsVendorRead]:  # fmt: skip
    """End the vendor's window now (in force or scheduled), and why: its games launch again."""
    read = await service.end_maintenance(
        db, cache, code, vendor.upper(), str(_game_type(gameType)), actor, body.reason, address_of(request)
    )
    return ok(read)


@ops.put(f"{VENDOR}/switch", operation_id="opsSwitchVendor", response_model=Envelope[OpsVendorRead])
async def switch_vendor(
    code: str, vendor: VendorCode, gameType: GameType, body: GamesSwitch, db: Db, cache: Cache, actor: OpsAdmin,
    request: Request,
) -> Envelope[OpsVendorRead]:  # fmt: skip
    """GamesSwitch the vendor (for this game type) on or off: off, it leaves the members' lists and its games do not
    launch (``vendor.switched_off``)."""
    read = await service.switch_vendor(
        db, cache, code, vendor.upper(), str(_game_type(gameType)), actor, body, address_of(request)
    )
    return ok(read)


@ops.get("/games", operation_id="opsGamesList", response_model=Envelope[PageRead[OpsGameRead]])
async def games(
    code: str,
    db: Db,
    actor: OpsViewer,
    language: Language,
    page: GamesPage,
    vendor: Annotated[str | None, Query(max_length=40)] = None,
    gameType: Annotated[str | None, Query(max_length=16)] = None,
    name: Annotated[str | None, Query(min_length=1, max_length=60, description="In the code or any name")] = None,
    enabled: Annotated[bool | None, Query()] = None,
    sort: Annotated[Literal["catalogue", "name", "code"], Query()] = "catalogue",
) -> Envelope[PageRead[OpsGameRead]]:
    """The brand's games, on and off, filtered and in order (the catalogue's, by name or by code)."""
    found = await service.games(
        db, code, language, page, vendor=vendor, game_type=_game_type(gameType), name=name, enabled=enabled,
        order=sort,
    )  # fmt: skip
    return ok(found)


@ops.put("/games/{nodeId}/switch", operation_id="opsSwitchGame", response_model=Envelope[OpsGameRead])
async def switch_game(
    code: str, body: GamesSwitch, db: Db, cache: Cache, actor: OpsAdmin, language: Language, request: Request,
    nodeId: int = Path(ge=1, le=NODE_ID_MAX),
) -> Envelope[OpsGameRead]:  # fmt: skip
    """GamesSwitch the game on or off: off, it leaves the members' lists and does not launch (``game.switched_off``)."""
    return ok(await service.switch_game(db, cache, code, nodeId, actor, body, language, address_of(request)))


@ops.get("/audit", operation_id="opsGamesAudit", response_model=Envelope[PageRead[GamesAuditRead]])
async def audit_log(
    code: str, db: Db, actor: OpsViewer, page: AuditPage, filters: AuditQuery
) -> Envelope[PageRead[GamesAuditRead]]:
    """The brand's ops changes of the games, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await service.audit_log(db, code, page, filters))
