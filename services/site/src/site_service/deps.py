"""Request dependencies shared by the site routers."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from portal_kit.app import request_language
from portal_kit.db import Database
from site_service.cache import SiteCache


async def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


async def site_cache(request: Request) -> SiteCache:
    cache: SiteCache = request.app.state.site_cache
    return cache


Db = Annotated[Database, Depends(database)]
Cache = Annotated[SiteCache, Depends(site_cache)]
Language = Annotated[str, Depends(request_language)]
