"""Ops payloads for a brand's configuration. Unknown fields are refused (``extra="forbid"``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, HttpUrl, StrictInt, field_validator

from portal_kit.audit import OpsAuditRead
from site_service.config.domain import PATTERNS, REGISTRATION_FIELDS, RESOURCE_TYPES, valid_network

Language = Literal["TR", "EN", "CN"]
Texts = dict[Language, Annotated[str, Field(max_length=20000)]]
ShortTexts = dict[Language, Annotated[str, Field(max_length=300)]]
DialingCode = Annotated[str, Field(pattern=r"^[0-9]{1,4}$")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class MerchantSettings(Strict):
    """Every setting of a brand an operator may change; on PATCH, only the fields given change."""

    name: str | None = Field(default=None, min_length=1, max_length=100)
    active: bool | None = None
    currency: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")
    currency_symbol: str | None = Field(default=None, alias="currencySymbol", min_length=1, max_length=8)
    languages: list[Language] | None = Field(default=None, min_length=1)
    default_language: Language | None = Field(default=None, alias="defaultLanguage")
    main_domain: str | None = Field(default=None, alias="mainDomain", max_length=200)
    gtag_id: str | None = Field(default=None, alias="gtagId", max_length=50)
    image_cdns: list[HttpUrl] | None = Field(default=None, alias="imageCDNs", max_length=10)
    launch_cdns: list[HttpUrl] | None = Field(default=None, alias="launchGameCDNs", max_length=10)
    customer_service_url: HttpUrl | None = Field(default=None, alias="customerServiceUrl")
    description: Texts | None = None
    copyright: str | None = Field(default=None, max_length=200)
    maintenance: bool | None = None
    maintenance_title: ShortTexts | None = Field(default=None, alias="maintenanceTitle")
    maintenance_text: Texts | None = Field(default=None, alias="maintenanceText")
    maintenance_end: datetime | None = Field(default=None, alias="maintenanceEnd")
    blocked_networks: list[str] | None = Field(default=None, alias="blockedNetworks", max_length=1000)
    region_text: Texts | None = Field(default=None, alias="regionText")
    sms_dialing_codes: list[DialingCode] | None = Field(default=None, alias="smsDialingCodes", max_length=50)

    @field_validator("blocked_networks")
    @classmethod
    def _networks(cls, value: list[str] | None) -> list[str] | None:
        for network in value or []:
            if not valid_network(network):
                raise ValueError(f"invalid network address: {network}")
        return value

    @field_validator("maintenance_end")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("the end time needs a time zone (e.g. 2026-12-01T06:00:00Z)")
        return value


class NewMerchant(MerchantSettings):
    code: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{1,31}$")
    name: str = Field(min_length=1, max_length=100)
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    currency_symbol: str = Field(alias="currencySymbol", min_length=1, max_length=8)


class FlagChanges(Strict):
    flags: dict[Annotated[str, Field(max_length=40)], bool] = Field(min_length=1)


class ResourceItem(Strict):
    type: Literal[RESOURCE_TYPES]  # type: ignore[valid-type]
    label_name_en: str = Field(alias="labelNameEn", min_length=1, max_length=100)
    url: HttpUrl


class ResourceList(Strict):
    resources: list[ResourceItem] = Field(max_length=100)


class RegisterRuleItem(Strict):
    field: Literal[REGISTRATION_FIELDS]  # type: ignore[valid-type]
    enabled: bool
    required: bool
    pattern_id: StrictInt = Field(alias="patternId", ge=min(PATTERNS), le=max(PATTERNS))
    min_length: StrictInt = Field(alias="minLength", ge=0, le=255)
    max_length: StrictInt = Field(alias="maxLength", ge=1, le=255)


class RegisterRuleList(Strict):
    rules: list[RegisterRuleItem] = Field(min_length=1, max_length=len(REGISTRATION_FIELDS))


class DomainRouteItem(Strict):
    domain: str = Field(pattern=r"^[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]{1,5})?$", max_length=200)
    label: str = Field(default="", max_length=100)


class DomainRouteList(Strict):
    routes: list[DomainRouteItem] = Field(max_length=50)


# Answers ---------------------------------------------------------------------------------------------------


class Read(BaseModel):
    """An answer's model: built from the service's rows, never accepted as input."""

    model_config = ConfigDict(validate_by_name=True, serialize_by_alias=True)


class RegisterRuleRead(Read):
    field: str
    enabled: bool
    required: bool
    patternId: int
    acceptedPattern: str
    minLength: int
    maxLength: int


class ResourceRead(Read):
    labelNameEn: str
    url: str


class DomainRouteRead(Read):
    domain: str
    label: str


class Analytics(Read):
    gtagId: str


class Location(Read):
    ip: str | None


class MaintenanceRead(Read):
    title: str
    text: str
    endTime: str | None


class RegionRestrictionRead(Read):
    text: str


class SystemStatusRead(Read):
    """0 normal, 1 maintenance (``maintenance`` given), 2 region restricted (``regionRestriction`` given)."""

    systemStatus: Literal[0, 1, 2]
    location: Location
    maintenance: MaintenanceRead | None = None
    regionRestriction: RegionRestrictionRead | None = None


class SiteConfigBase(Read):
    merchant: str
    name: str
    languages: list[str]
    defaultLanguage: str
    currency: str
    currencySymbol: str
    mainDomain: str
    analytics: Analytics
    imageCDNs: list[str]
    launchGameCDNs: list[str]
    whitelabelVal: dict[str, bool]
    resources: dict[str, list[ResourceRead]]
    register_rules: list[RegisterRuleRead] = Field(alias="register")
    domainRoute: list[DomainRouteRead]
    customerServiceUrl: str
    description: str
    copyright: str
    maintenanceTitle: str
    maintenanceText: str
    maintenanceEnd: str | None
    regionText: str


class SiteConfigRead(SiteConfigBase, SystemStatusRead):
    """Everything the web loads before it renders: the brand's public configuration and the caller's status."""


class BrandStatusInputs(Read):
    """What a request's system status is computed from (cached beside the public view)."""

    active: bool
    maintenance: bool
    maintenanceEnd: str | None
    blockedNetworks: list[str]
    maintenanceTitle: str
    maintenanceText: str
    regionText: str


class MerchantRead(Read):
    code: str
    name: str
    active: bool
    currency: str
    currencySymbol: str
    languages: list[str]
    defaultLanguage: str
    mainDomain: str
    gtagId: str
    imageCDNs: list[str]
    launchGameCDNs: list[str]
    customerServiceUrl: str
    description: dict[str, str]
    copyright: str
    flags: dict[str, bool]
    maintenance: bool
    maintenanceTitle: dict[str, str]
    maintenanceText: dict[str, str]
    maintenanceEnd: str | None
    blockedNetworks: list[str]
    regionText: dict[str, str]
    smsDialingCodes: list[str]
    updatedAt: str | None


class AuditEntryRead(Read):
    """An audit row as the ops API has always answered it (the web's generated client reads this shape): the kit's
    row (``portal_kit.audit``) mapped onto ``detail``. A change or a removal shows ``before``, ``after`` (when there is
    an after) and the content item's ``id``; a row without a before state (a creation, or a row written before the
    kit's shape, whose old detail migration 0005 kept whole in ``after``) shows its ``after``."""

    actor: str
    action: str
    detail: dict[str, Any]
    at: str | None

    @classmethod
    def of(cls, entry: OpsAuditRead) -> AuditEntryRead:
        if entry.before is None:
            detail = dict(entry.after or {})
        else:
            detail = {"before": entry.before}
            if entry.after is not None:
                detail["after"] = entry.after
            if entry.target.isdigit():
                detail["id"] = int(entry.target)
        return cls(actor=entry.actor, action=entry.action, detail=detail, at=entry.at.isoformat())
