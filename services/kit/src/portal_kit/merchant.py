"""Merchant (brand) resolution from the ``Merchant`` header; the default brand is ``turkeyf2``."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Request

from portal_kit.errors import DomainError
from portal_kit.openapi import READS_HEADERS

MERCHANT_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{1,31}$")


async def merchant_code(request: Request) -> str:
    # Read from the request, not as a FastAPI Header() parameter: every call resolves it, and FastAPI's
    # per-parameter validation cost more than the rest of a hot read's dependencies (the header is put back into
    # the OpenAPI document by portal_kit.openapi, from READS_HEADERS).
    value = (request.headers.get("merchant") or "").strip().lower()
    if not value:
        return str(request.app.state.settings.default_merchant)
    if not MERCHANT_PATTERN.fullmatch(value):
        raise DomainError("merchant.invalid", status=400)
    return value


setattr(merchant_code, READS_HEADERS, ("merchant",))
MerchantCode = Annotated[str, Depends(merchant_code)]
