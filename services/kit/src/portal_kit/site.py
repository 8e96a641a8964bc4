"""A brand's configuration as other services need it (flags, registration rules, currency, status), kept in
a local cache: filled on a miss by the NATS request ``rpc.site.brand`` to the site service (never by HTTP,
never from its database) and dropped when ``site.config.changed.v1`` tells of a change, so an ops change
reaches every process at once. Entries also expire after ``ttl_seconds``, in case a drop was missed while
the connection was down.

The system status rule (maintenance, then region restriction) lives here too: the site answers it to the
web, and every service that admits a caller applies the same rule to the same inputs."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any

from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from pydantic import ValidationError

from portal_events import SiteBrandReply, SiteBrandRequest, SiteConfigChangedV1
from portal_kit.errors import DomainError, NotFound
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import ask

log = logging.getLogger("portal_kit.site")

BRAND_SUBJECT = "rpc.site.brand"
CHANGED_SUBJECT = SiteConfigChangedV1.SUBJECT


class SystemStatus(IntEnum):
    NORMAL = 0
    MAINTENANCE = 1
    REGION_RESTRICTED = 2


@dataclass(frozen=True)
class StatusInputs:
    maintenance: bool
    maintenance_end: datetime | None
    blocked_networks: tuple[str, ...]


def in_networks(ip: str | None, networks: Iterable[str]) -> bool:
    if not ip:
        return False
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(network, strict=False) for network in networks)


def system_status(inputs: StatusInputs, client_ip: str | None, now: datetime) -> SystemStatus:
    """Maintenance wins over region restriction; a maintenance whose end time has passed is over."""
    if inputs.maintenance and (inputs.maintenance_end is None or inputs.maintenance_end > now):
        return SystemStatus.MAINTENANCE
    if in_networks(client_ip, inputs.blocked_networks):
        return SystemStatus.REGION_RESTRICTED
    return SystemStatus.NORMAL


@dataclass(frozen=True)
class Brand:
    code: str
    flags: dict[str, bool]
    rules: dict[str, dict[str, Any]]
    currency: str
    name: str
    status: StatusInputs
    lottery_prize_mode: str = "LOTT"
    sms_dialing_codes: tuple[str, ...] = ()  # the countries the brand sends SMS to (none: no SMS)

    def flag(self, name: str) -> bool:
        return bool(self.flags.get(name, False))

    def admit(self, ip: str | None, now: datetime | None = None) -> None:
        """Refuse a caller the site would not serve: region restricted (``region.blocked``) or under
        maintenance (``maintenance``)."""
        current = system_status(self.status, ip, now or datetime.now(UTC))
        if current is SystemStatus.MAINTENANCE:
            raise DomainError("maintenance", status=503)
        if current is SystemStatus.REGION_RESTRICTED:
            raise DomainError("region.blocked", status=403, ip=ip or "")


class BrandCache:
    # A miss while the site is starting or restarting is asked again for this long before it fails.
    RETRY_SECONDS = 3.0
    # An unknown brand is remembered this long, so made-up Merchant headers do not each reach the site.
    UNKNOWN_SECONDS = 5.0

    def __init__(self, nats_url: str, ttl_seconds: float = 60.0, *, name: str = "brand-cache") -> None:
        self.nats_url = nats_url
        self.ttl_seconds = ttl_seconds
        self.name = name
        self._nc: NATS | None = None
        self._cache: dict[str, tuple[float, Brand]] = {}
        self._unknown: dict[str, float] = {}
        self._drops = 0  # a brand asked for before a drop is not kept after it
        self._connecting = asyncio.Lock()

    async def _connection(self) -> NATS:
        async with self._connecting:
            if self._nc is None:
                self._nc = await connect_nats(self.nats_url, self.name)
                await self._nc.subscribe(CHANGED_SUBJECT, cb=self._changed)
            return self._nc

    async def start(self) -> None:
        await self._connection()

    async def _changed(self, message: Msg) -> None:
        try:
            merchant = SiteConfigChangedV1.model_validate_json(message.data).merchant
        except ValidationError:
            merchant = None  # unreadable: forget everything rather than keep something stale
        self.forget(merchant)

    def forget(self, merchant: str | None = None) -> None:
        self._drops += 1
        if merchant is None:
            self._cache.clear()
            self._unknown.clear()
        else:
            self._cache.pop(merchant, None)
            self._unknown.pop(merchant, None)

    async def brand(self, merchant: str) -> Brand:
        now = time.monotonic()
        cached = self._cache.get(merchant)
        if cached and now - cached[0] < self.ttl_seconds:
            return cached[1]
        if now - self._unknown.get(merchant, -self.UNKNOWN_SECONDS) < self.UNKNOWN_SECONDS:
            raise NotFound("merchant.not_found", merchant=merchant)
        asked, drops = now, self._drops
        reply = await self._ask(merchant)
        if not reply.success or reply.value is None:
            if reply.errorCode == "merchant.not_found":
                if len(self._unknown) > 10_000:
                    self._unknown.clear()
                self._unknown[merchant] = asked
                raise NotFound("merchant.not_found", merchant=merchant)
            raise DomainError("service_unavailable", status=503)
        value = reply.value
        brand = Brand(
            code=value.merchant,
            flags=dict(value.flags),
            rules={rule.field: rule.model_dump() for rule in value.rules},
            currency=value.currency,
            name=value.name,
            status=StatusInputs(value.maintenance, value.maintenanceEnd, tuple(value.blockedNetworks)),
            lottery_prize_mode=value.lotteryPrizeMode or "LOTT",
            sms_dialing_codes=tuple(value.smsDialingCodes or ()),
        )
        if drops == self._drops:
            self._cache[merchant] = (asked, brand)
        return brand

    async def _ask(self, merchant: str) -> SiteBrandReply:
        deadline = time.monotonic() + self.RETRY_SECONDS
        while True:
            try:
                return await ask(
                    await self._connection(), BRAND_SUBJECT, SiteBrandRequest(merchant=merchant), SiteBrandReply
                )
            except DomainError:
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.2)

    async def admits(self, merchant: str, ip: str | None) -> None:
        (await self.brand(merchant)).admit(ip)

    async def close(self) -> None:
        if self._nc is not None:
            await self._nc.close()
            self._nc = None
