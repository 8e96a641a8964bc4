"""A brand's configuration as other services need it (flags, registration rules, currency), read from the
site service's public API (``SITE_URL``) — never from its database. The site serves it from its Redis cache;
answers are kept in process for ``cache_seconds`` (5 s by default), so an ops change reaches every service
within seconds."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import httpx

from portal_kit.errors import DomainError, NotFound


@dataclass(frozen=True)
class Brand:
    code: str
    flags: dict[str, bool]
    rules: dict[str, dict[str, Any]]
    currency: str
    name: str

    def flag(self, name: str) -> bool:
        return bool(self.flags.get(name, False))


class SiteClient:
    def __init__(self, base_url: str, cache_seconds: float) -> None:
        self.http = httpx.AsyncClient(base_url=base_url, timeout=5.0)
        self.cache_seconds = cache_seconds
        self._cache: dict[str, tuple[float, Brand]] = {}

    async def brand(self, merchant: str) -> Brand:
        cached = self._cache.get(merchant)
        if cached and time.monotonic() - cached[0] < self.cache_seconds:
            return cached[1]
        try:
            response = await self.http.get("/wps/system/config", headers={"Merchant": merchant})
            body = response.json()
        except (httpx.HTTPError, ValueError):
            raise DomainError("service_unavailable", status=503) from None
        if response.status_code == 404:
            raise NotFound("merchant.not_found", merchant=merchant)
        if not body.get("success"):
            raise DomainError("service_unavailable", status=503)
        value = body["value"]
        brand = Brand(
            merchant,
            value["whitelabelVal"],
            {rule["field"]: rule for rule in value["register"]},
            value["currency"],
            value["name"],
        )
        self._cache[merchant] = (time.monotonic(), brand)
        return brand

    async def admits(self, merchant: str, ip: str | None) -> None:
        """Refuse a caller the site would not serve: region restricted (``region.blocked``) or under
        maintenance (``maintenance``). Asked per call, since the answer depends on the caller's address."""
        headers = {"Merchant": merchant}
        if ip:
            headers["X-Real-Ip"] = ip
        try:
            response = await self.http.get("/wps/system/status", headers=headers)
            body = response.json()
        except (httpx.HTTPError, ValueError):
            raise DomainError("service_unavailable", status=503) from None
        if response.status_code == 404:
            raise NotFound("merchant.not_found", merchant=merchant)
        status = body.get("value") or {}
        if status.get("systemStatus") == 2:
            raise DomainError("region.blocked", status=403, ip=ip or "")
        if status.get("systemStatus") == 1:
            raise DomainError("maintenance", status=503)

    async def close(self) -> None:
        await self.http.aclose()
