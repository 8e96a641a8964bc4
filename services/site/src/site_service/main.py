"""The site service's HTTP app: ``uvicorn site_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from portal_kit.app import create_app
from site_service.cache import SiteCache
from site_service.config import router as config_router
from site_service.content import router as content_router
from site_service.feedback import router as feedback_router
from site_service.i18n import MESSAGES
from site_service.settings import SiteSettings


async def _start(app: FastAPI) -> None:
    app.state.site_cache = SiteCache(app.state.valkey, app.state.settings.cache_ttl_seconds)


def build_app(settings: SiteSettings | None = None) -> FastAPI:
    return create_app(
        settings or SiteSettings(),
        routers=[
            config_router.public,
            config_router.ops,
            content_router.public,
            content_router.ops,
            feedback_router.public,
            feedback_router.ops,
        ],
        messages=[MESSAGES],
        on_startup=[_start],
        title="site",
    )


app = build_app()
