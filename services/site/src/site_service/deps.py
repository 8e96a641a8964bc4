"""Request dependencies shared by the site routers."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from portal_kit.app import Db, request_language
from site_service.cache import SiteCache

__all__ = ["Cache", "Db", "Language"]


async def site_cache(request: Request) -> SiteCache:
    cache: SiteCache = request.app.state.site_cache
    return cache


Cache = Annotated[SiteCache, Depends(site_cache)]
Language = Annotated[str, Depends(request_language)]
