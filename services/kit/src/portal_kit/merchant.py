"""Merchant (brand) resolution from the ``Merchant`` header; the default brand is ``turkeyf2``."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Header, Request

from portal_kit.errors import DomainError

MERCHANT_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{1,31}$")


async def merchant_code(request: Request, merchant: Annotated[str | None, Header()] = None) -> str:
    value = (merchant or "").strip().lower()
    if not value:
        return str(request.app.state.settings.default_merchant)
    if not MERCHANT_PATTERN.fullmatch(value):
        raise DomainError("merchant.invalid", status=400)
    return value


MerchantCode = Annotated[str, Depends(merchant_code)]
