"""Public calls of a brand's configuration (spec §7) and the ops calls that change it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Response

from portal_kit.audit import AuditQuery
from portal_kit.client import ClientIp
from portal_kit.envelope import Envelope, PageRead, ok, ok_raw
from portal_kit.merchant import MerchantCode
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsAdminEverywhere, OpsViewer
from portal_kit.site import SystemStatus, system_status
from site_service.config import service
from site_service.config.schemas import (
    AuditEntryRead,
    BrandStatusInputs,
    DomainRouteList,
    DomainRouteRead,
    FlagChanges,
    Location,
    MaintenanceRead,
    MerchantRead,
    MerchantSettings,
    NewMerchant,
    RegionRestrictionRead,
    RegisterRuleList,
    RegisterRuleRead,
    ResourceList,
    ResourceRead,
    SiteConfigRead,
    SystemStatusRead,
)
from site_service.deps import Cache, Db, Language

public = APIRouter(tags=["site"])
ops = APIRouter(prefix="/wps/ops/site", tags=["site ops"])


def _status_view(status: BrandStatusInputs, ip: str | None) -> SystemStatusRead:
    current = system_status(service.status_inputs(status), ip, datetime.now(UTC))
    view = SystemStatusRead(systemStatus=int(current), location=Location(ip=ip))
    if current is SystemStatus.MAINTENANCE:
        view.maintenance = MaintenanceRead(
            title=status.maintenanceTitle, text=status.maintenanceText, endTime=status.maintenanceEnd
        )
    if current is SystemStatus.REGION_RESTRICTED:
        view.regionRestriction = RegionRestrictionRead(text=status.regionText)
    return view


def _json(value_json: str) -> Response:
    return Response(ok_raw(value_json), media_type="application/json")


@public.get("/wps/system/status", operation_id="systemStatus", response_model=Envelope[SystemStatusRead])
async def system_status_call(
    merchant: MerchantCode, language: Language, db: Db, cache: Cache, ip: ClientIp
) -> Envelope[SystemStatusRead]:
    """0 normal, 1 maintenance (with title, text and the end time when one is set), 2 region restricted."""
    status, _ = await service.site_parts(db, cache, merchant, language)
    return ok(_status_view(status, ip))


@public.get("/wps/system/config", operation_id="siteConfig", response_model=Envelope[SiteConfigRead])
async def site_config(merchant: MerchantCode, language: Language, db: Db, cache: Cache, ip: ClientIp) -> Response:
    """Site config and permissions: everything the web loads before it renders anything. The cached public
    view is spliced with the per-request status without decoding it."""
    status, (config_json,) = await service.site_parts(db, cache, merchant, language, f"config:{language}")
    return _json(config_json[:-1] + "," + _status_view(status, ip).model_dump_json()[1:])


@public.get("/wps/system/whitelabel", operation_id="whitelabel", response_model=Envelope[dict[str, bool]])
async def whitelabel(merchant: MerchantCode, language: Language, db: Db, cache: Cache) -> Response:
    _, (value,) = await service.site_parts(db, cache, merchant, language, "whitelabel")
    return _json(value)


@public.get(
    "/wps/system/setting/register", operation_id="registerSettings", response_model=Envelope[list[RegisterRuleRead]]
)
async def register_settings(merchant: MerchantCode, language: Language, db: Db, cache: Cache) -> Response:
    _, (value,) = await service.site_parts(db, cache, merchant, language, "register")
    return _json(value)


@public.get("/wps/system/domainRoute", operation_id="domainRoute", response_model=Envelope[list[DomainRouteRead]])
async def domain_route(merchant: MerchantCode, language: Language, db: Db, cache: Cache) -> Response:
    _, (value,) = await service.site_parts(db, cache, merchant, language, "domainRoute")
    return _json(value)


@ops.get("/merchants/{code}", operation_id="opsGetMerchant", response_model=Envelope[MerchantRead])
async def get_merchant(code: str, actor: OpsViewer, db: Db) -> Envelope[MerchantRead]:
    return ok(await service.ops_merchant(db, code))


@ops.post("/merchants", operation_id="opsCreateMerchant", status_code=201, response_model=Envelope[MerchantRead])
async def create_merchant(body: NewMerchant, actor: OpsAdminEverywhere, db: Db, cache: Cache) -> Envelope[MerchantRead]:
    return ok(await service.create_merchant(db, cache, actor, body))


@ops.patch("/merchants/{code}", operation_id="opsUpdateMerchant", response_model=Envelope[MerchantRead])
async def update_merchant(
    code: str, body: MerchantSettings, actor: OpsAdmin, db: Db, cache: Cache
) -> Envelope[MerchantRead]:
    return ok(await service.update_merchant(db, cache, actor, code, body))


@ops.put("/merchants/{code}/flags", operation_id="opsChangeFlags", response_model=Envelope[dict[str, bool]])
async def change_flags(
    code: str, body: FlagChanges, actor: OpsAdmin, db: Db, cache: Cache
) -> Envelope[dict[str, bool]]:
    return ok(await service.change_flags(db, cache, actor, code, body))


@ops.put(
    "/merchants/{code}/resources",
    operation_id="opsReplaceResources",
    response_model=Envelope[dict[str, list[ResourceRead]]],
)
async def replace_resources(
    code: str, body: ResourceList, actor: OpsAdmin, db: Db, cache: Cache
) -> Envelope[dict[str, list[ResourceRead]]]:
    return ok(await service.replace_resources(db, cache, actor, code, body))


@ops.get(
    "/merchants/{code}/register-rules", operation_id="opsRegisterRules", response_model=Envelope[list[RegisterRuleRead]]
)
async def register_rules(code: str, actor: OpsViewer, db: Db) -> Envelope[list[RegisterRuleRead]]:
    """Every role of the brand may read them (the console shows them to edit); an inactive brand's too."""
    return ok(await service.ops_register_rules(db, code))


@ops.get(
    "/merchants/{code}/domain-routes", operation_id="opsDomainRoutes", response_model=Envelope[list[DomainRouteRead]]
)
async def domain_routes(code: str, actor: OpsViewer, db: Db) -> Envelope[list[DomainRouteRead]]:
    """Every role of the brand may read them; an inactive brand's too."""
    return ok(await service.ops_domain_routes(db, code))


@ops.put(
    "/merchants/{code}/register-rules",
    operation_id="opsChangeRegisterRules",
    response_model=Envelope[list[RegisterRuleRead]],
)
async def change_register_rules(
    code: str, body: RegisterRuleList, actor: OpsAdmin, db: Db, cache: Cache
) -> Envelope[list[RegisterRuleRead]]:
    return ok(await service.upsert_register_rules(db, cache, actor, code, body))


@ops.put(
    "/merchants/{code}/domain-routes",
    operation_id="opsReplaceDomainRoutes",
    response_model=Envelope[list[DomainRouteRead]],
)
async def replace_domain_routes(
    code: str, body: DomainRouteList, actor: OpsAdmin, db: Db, cache: Cache
) -> Envelope[list[DomainRouteRead]]:
    return ok(await service.replace_domain_routes(db, cache, actor, code, body))


@ops.get("/merchants/{code}/audit", operation_id="opsAudit", response_model=Envelope[PageRead[AuditEntryRead]])
async def audit(
    code: str, actor: OpsViewer, db: Db, page: Annotated[Page, Depends(page_params())], filters: AuditQuery
) -> Envelope[PageRead[AuditEntryRead]]:
    """The brand's ops changes of its settings, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await service.audit_log(db, code, page, filters))
