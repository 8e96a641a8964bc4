"""Request dependencies shared by the site routers."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from portal_kit.app import request_language
from portal_kit.db import Database
from portal_kit.errors import Forbidden
from portal_kit.sessions import ALL_MERCHANTS, OpsPrincipal, Principal
from site_service.cache import SiteCache


async def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


async def site_cache(request: Request) -> SiteCache:
    cache: SiteCache = request.app.state.site_cache
    return cache


def check_brand_access(code: str, principal: Principal) -> Principal:
    """An operator may change a brand only if the session is for that brand or for every brand."""
    if principal.merchant not in (ALL_MERCHANTS, code):
        raise Forbidden()
    return principal


async def ops_for_brand(code: str, principal: OpsPrincipal) -> Principal:
    return check_brand_access(code, principal)


Db = Annotated[Database, Depends(database)]
Cache = Annotated[SiteCache, Depends(site_cache)]
Language = Annotated[str, Depends(request_language)]
BrandOps = Annotated[Principal, Depends(ops_for_brand)]
