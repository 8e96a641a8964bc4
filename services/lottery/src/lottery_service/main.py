"""The lottery service's HTTP app: ``uvicorn lottery_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from lottery_service.bets import router as bets
from lottery_service.brand_games import router as brand_games
from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import router as draws
from lottery_service.i18n import MESSAGES
from lottery_service.lobby import router as lobby
from lottery_service.ops import router as lottery_ops
from lottery_service.settings import LotterySettings
from lottery_service.vn import router as vn
from portal_kit.app import create_app
from portal_kit.messaging.relay import connect_nats
from portal_kit.site import BrandCache


async def _start(app: FastAPI) -> None:
    settings: LotterySettings = app.state.settings
    catalogue()  # the data is read and checked at start, not at the first bet
    app.state.nats = await connect_nats(settings.nats_url, "lottery-api")  # the wallet's money API
    app.state.brands = BrandCache(settings.nats_url, settings.site_cache_seconds, name="lottery-brands")
    await app.state.brands.start()


async def _stop(app: FastAPI) -> None:
    await app.state.brands.close()
    await app.state.nats.close()


def build_app(settings: LotterySettings | None = None) -> FastAPI:
    return create_app(
        settings or LotterySettings(),
        routers=[lobby.router, draws.router, bets.router, vn.router, lottery_ops.ops, brand_games.ops],
        messages=[MESSAGES],
        on_startup=[_start],
        on_shutdown=[_stop],
        title="lottery",
    )


app = build_app()
