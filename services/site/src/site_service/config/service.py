"""A brand's configuration: the public, cached view and the ops changes (each in one transaction)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic_core import to_jsonable_python
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import AuditFilters, OpsAuditRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from portal_kit.site import StatusInputs
from site_service.cache import SiteCache
from site_service.config import repository
from site_service.config.domain import (
    PATTERNS,
    REGISTRATION_FIELDS,
    WHITELABEL_FLAGS,
    localized,
    unknown_flags,
)
from site_service.config.models import Merchant, RegisterRule
from site_service.config.schemas import (
    Analytics,
    AuditEntryRead,
    BrandStatusInputs,
    DomainRouteList,
    DomainRouteRead,
    FlagChanges,
    MerchantRead,
    MerchantSettings,
    NewMerchant,
    RegisterRuleList,
    RegisterRuleRead,
    ResourceList,
    ResourceRead,
    SiteConfigBase,
)

# The audit row of an ops change, and the event, in the change's transaction (other slices' changes use it too).
record_change = repository.record_change


async def get_merchant(session: AsyncSession, code: str, *, for_update: bool = False) -> Merchant:
    merchant = await repository.merchant(session, code, for_update=for_update)
    if merchant is None:
        raise NotFound("merchant.not_found", merchant=code)
    return merchant


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def register_rule_view(rule: RegisterRule) -> RegisterRuleRead:
    return RegisterRuleRead(
        field=rule.field,
        enabled=rule.enabled,
        required=rule.required,
        patternId=rule.pattern_id,
        acceptedPattern=PATTERNS[rule.pattern_id],
        minLength=rule.min_length,
        maxLength=rule.max_length,
    )


async def brand_rules(session: AsyncSession, code: str) -> list[RegisterRuleRead]:
    rules = {rule.field: rule for rule in await repository.register_rules(session, code)}
    order = {field: index for index, field in enumerate(REGISTRATION_FIELDS)}
    return [register_rule_view(rules[field]) for field in sorted(rules, key=lambda f: order.get(f, 999))]


async def _resources(session: AsyncSession, code: str) -> dict[str, list[ResourceRead]]:
    grouped: dict[str, list[ResourceRead]] = {}
    for item in await repository.resources(session, code):
        grouped.setdefault(item.type, []).append(ResourceRead(labelNameEn=item.label_name_en, url=item.url))
    return grouped


async def _routes(session: AsyncSession, code: str) -> list[DomainRouteRead]:
    return [
        DomainRouteRead(domain=route.domain, label=route.label)
        for route in await repository.domain_routes(session, code)
    ]


def whitelabel_view(merchant: Merchant) -> dict[str, bool]:
    return {flag: bool(merchant.flags.get(flag, False)) for flag in WHITELABEL_FLAGS}


async def load_site(db: Database, code: str, language: str) -> dict[str, Any]:
    """Every cached part of a brand's configuration, from one read: ``config:<language>`` (the public view
    in that language), ``status`` (what the per-request status is computed from), and the language-neutral
    ``whitelabel``, ``register`` and ``domainRoute``."""
    async with db.reader() as session:
        merchant = await get_merchant(session, code)
        fallback = merchant.default_language
        whitelabel = whitelabel_view(merchant)
        register = await brand_rules(session, code)
        routes = await _routes(session, code)
        public = SiteConfigBase(
            merchant=merchant.code,
            name=merchant.name,
            languages=merchant.languages,
            defaultLanguage=merchant.default_language,
            currency=merchant.currency,
            currencySymbol=merchant.currency_symbol,
            mainDomain=merchant.main_domain,
            analytics=Analytics(gtagId=merchant.gtag_id),
            imageCDNs=merchant.image_cdns,
            launchGameCDNs=merchant.launch_cdns,
            whitelabelVal=whitelabel,
            resources=await _resources(session, code),
            register_rules=register,
            domainRoute=routes,
            customerServiceUrl=merchant.customer_service_url,
            description=localized(merchant.description, language, fallback),
            copyright=merchant.copyright,
            maintenanceTitle=localized(merchant.maintenance_title, language, fallback),
            maintenanceText=localized(merchant.maintenance_text, language, fallback),
            maintenanceEnd=_iso(merchant.maintenance_end),
            regionText=localized(merchant.region_text, language, fallback),
        )
        status = BrandStatusInputs(
            active=merchant.active,
            maintenance=merchant.maintenance,
            maintenanceEnd=_iso(merchant.maintenance_end),
            blockedNetworks=merchant.blocked_networks,
            maintenanceTitle=public.maintenanceTitle,
            maintenanceText=public.maintenanceText,
            regionText=public.regionText,
        )
    return {
        f"config:{language}": public,
        f"status:{language}": status,
        "whitelabel": whitelabel,
        "register": register,
        "domainRoute": routes,
    }


async def site_parts(
    db: Database, cache: SiteCache, code: str, language: str, *parts: str
) -> tuple[BrandStatusInputs, list[str]]:
    """The brand's status inputs (decoded; an inactive brand is refused) and ``parts`` as JSON text."""
    status_text, *texts = await cache.raw_parts(
        code, [f"status:{language}", *parts], lambda: load_site(db, code, language)
    )
    status = BrandStatusInputs.model_validate_json(status_text)
    if not status.active:
        raise NotFound("merchant.not_found", merchant=code)
    return status, texts


def status_inputs(status: BrandStatusInputs) -> StatusInputs:
    end = status.maintenanceEnd
    return StatusInputs(
        maintenance=status.maintenance,
        maintenance_end=datetime.fromisoformat(end) if end else None,
        blocked_networks=tuple(status.blockedNetworks),
    )


# Ops changes -----------------------------------------------------------------------------------------------


def ops_view(merchant: Merchant) -> MerchantRead:
    return MerchantRead(
        code=merchant.code,
        name=merchant.name,
        active=merchant.active,
        currency=merchant.currency,
        currencySymbol=merchant.currency_symbol,
        languages=merchant.languages,
        defaultLanguage=merchant.default_language,
        mainDomain=merchant.main_domain,
        gtagId=merchant.gtag_id,
        imageCDNs=merchant.image_cdns,
        launchGameCDNs=merchant.launch_cdns,
        customerServiceUrl=merchant.customer_service_url,
        description=merchant.description,
        copyright=merchant.copyright,
        flags=whitelabel_view(merchant),
        maintenance=merchant.maintenance,
        maintenanceTitle=merchant.maintenance_title,
        maintenanceText=merchant.maintenance_text,
        maintenanceEnd=_iso(merchant.maintenance_end),
        blockedNetworks=merchant.blocked_networks,
        smsDialingCodes=merchant.sms_dialing_codes,
        regionText=merchant.region_text,
        updatedAt=_iso(merchant.updated_at),
    )


async def ops_merchant(db: Database, code: str) -> MerchantRead:
    async with db.reader() as session:
        return ops_view(await get_merchant(session, code))


async def brand_values(db: Database, code: str) -> dict[str, Any]:
    """What ``rpc.site.brand`` answers of an active brand (an inactive one is not found)."""
    async with db.reader() as session:
        merchant = await get_merchant(session, code)
        if not merchant.active:
            raise NotFound("merchant.not_found")
        rules = await brand_rules(session, merchant.code)
    return {
        "merchant": merchant.code,
        "name": merchant.name,
        "currency": merchant.currency,
        "flags": whitelabel_view(merchant),
        "rules": [rule.model_dump() for rule in rules],
        "maintenance": merchant.maintenance,
        "maintenanceEnd": merchant.maintenance_end,
        "blockedNetworks": merchant.blocked_networks,
        "lotteryPrizeMode": merchant.lottery_prize_mode,
        "smsDialingCodes": merchant.sms_dialing_codes,
    }


def _audited(view: MerchantRead) -> dict[str, Any]:
    """A brand's settings as its audit rows keep them (the time of the change is the row's own)."""
    state = view.model_dump(mode="json")
    state.pop("updatedAt", None)
    return state


def _settings_values(settings: MerchantSettings) -> dict[str, Any]:
    values = settings.model_dump(exclude_unset=True, mode="json")
    values.pop("code", None)
    return values


async def create_merchant(db: Database, cache: SiteCache, actor: Principal, body: NewMerchant) -> MerchantRead:
    values = _settings_values(body)
    async with db.transaction() as session:
        if not await repository.insert_merchant(session, body.code, values):
            raise Conflict("merchant.exists", merchant=body.code)
        merchant = await get_merchant(session, body.code)
        view = ops_view(merchant)
        record_change(session, body.code, actor, "merchant", "created", after=_audited(view))
    await cache.invalidate(body.code)
    return view


async def update_merchant(
    db: Database, cache: SiteCache, actor: Principal, code: str, body: MerchantSettings
) -> MerchantRead:
    values = _settings_values(body)
    if not values:
        raise DomainError("validation.failed", field="body", reason="no setting given")
    async with db.transaction() as session:
        merchant = await get_merchant(session, code, for_update=True)
        before = ops_view(merchant).model_dump(mode="json")
        for name, value in values.items():
            setattr(merchant, name, value)
        await repository.write_merchant(session, merchant)
        after = ops_view(merchant).model_dump(mode="json")
        changed = sorted(key for key in after if key != "updatedAt" and after[key] != before[key])
        record_change(
            session,
            code,
            actor,
            "merchant",
            "updated",
            before={k: before[k] for k in changed},
            after={k: after[k] for k in changed},
        )
        await repository.write_merchant(session, merchant)
        view = ops_view(merchant)
    await cache.invalidate(code)
    return view


async def change_flags(
    db: Database, cache: SiteCache, actor: Principal, code: str, body: FlagChanges
) -> dict[str, bool]:
    unknown = unknown_flags(body.flags)
    if unknown:
        raise DomainError("flag.unknown", flag=", ".join(unknown))
    async with db.transaction() as session:
        merchant = await get_merchant(session, code, for_update=True)
        before = {name: bool(merchant.flags.get(name, False)) for name in body.flags}
        merchant.flags = {**merchant.flags, **body.flags}
        record_change(session, code, actor, "flags", "changed", before=before, after=dict(body.flags))
        view = whitelabel_view(merchant)
    await cache.invalidate(code)
    return view


async def replace_resources(
    db: Database, cache: SiteCache, actor: Principal, code: str, body: ResourceList
) -> dict[str, list[ResourceRead]]:
    async with db.transaction() as session:
        await get_merchant(session, code, for_update=True)
        before = to_jsonable_python(await _resources(session, code))
        items = [(item.type, item.label_name_en, str(item.url)) for item in body.resources]
        await repository.replace_resources(session, code, items)
        view = await _resources(session, code)
        record_change(session, code, actor, "resources", "replaced", before=before, after=to_jsonable_python(view))
    await cache.invalidate(code)
    return view


async def ops_register_rules(db: Database, code: str) -> list[RegisterRuleRead]:
    """The brand's registration rules as ops edit them (of an inactive brand too)."""
    async with db.reader() as session:
        await get_merchant(session, code)
        return await brand_rules(session, code)


async def ops_domain_routes(db: Database, code: str) -> list[DomainRouteRead]:
    """The brand's domain routes as ops edit them (of an inactive brand too)."""
    async with db.reader() as session:
        await get_merchant(session, code)
        return await _routes(session, code)


async def upsert_register_rules(
    db: Database, cache: SiteCache, actor: Principal, code: str, body: RegisterRuleList
) -> list[RegisterRuleRead]:
    for rule in body.rules:
        if rule.min_length > rule.max_length:
            raise DomainError("register.length.invalid", field=rule.field)
    fields = {rule.field for rule in body.rules}
    async with db.transaction() as session:
        await get_merchant(session, code, for_update=True)
        before = {
            rule.field: rule.model_dump(mode="json")
            for rule in await brand_rules(session, code)
            if rule.field in fields
        }
        for rule in body.rules:
            values = {
                "enabled": rule.enabled,
                "required": rule.required,
                "pattern_id": rule.pattern_id,
                "min_length": rule.min_length,
                "max_length": rule.max_length,
                "sort": REGISTRATION_FIELDS.index(rule.field),
            }
            await repository.upsert_register_rule(session, code, rule.field, values)
        view = await brand_rules(session, code)
        after = {rule.field: rule.model_dump(mode="json") for rule in view if rule.field in fields}
        record_change(session, code, actor, "register", "changed", before=before, after=after)
    await cache.invalidate(code)
    return view


async def replace_domain_routes(
    db: Database, cache: SiteCache, actor: Principal, code: str, body: DomainRouteList
) -> list[DomainRouteRead]:
    async with db.transaction() as session:
        await get_merchant(session, code, for_update=True)
        before = {"routes": to_jsonable_python(await _routes(session, code))}
        await repository.replace_domain_routes(
            session, code, [(route.domain.lower(), route.label) for route in body.routes]
        )
        view = await _routes(session, code)
        after = {"routes": to_jsonable_python(view)}
        record_change(session, code, actor, "domainRoute", "replaced", before=before, after=after)
    await cache.invalidate(code)
    return view


async def audit_log(db: Database, code: str, page: Page, filters: AuditFilters) -> PageRead[AuditEntryRead]:
    async with db.reader() as session:
        await get_merchant(session, code)
        rows, total = await repository.audit_rows(session, code, page, filters)
        items = [AuditEntryRead.of(OpsAuditRead.model_validate(row)) for row in rows]
    return page_of(page, items, total)
