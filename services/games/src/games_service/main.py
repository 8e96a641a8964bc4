"""The games service's HTTP app: ``uvicorn games_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from games_service.aggregator import router as aggregator
from games_service.aggregator import simulator
from games_service.aggregator.service import Hub88Operator, games_api_client, system_clock
from games_service.aggregator.signature import load_private_key, load_public_key
from games_service.bgs import router as bgs
from games_service.bgs.keys import SeedKeys
from games_service.bgs.service import verified_keys
from games_service.catalogue import router as catalogue
from games_service.dashboard import router as dashboard
from games_service.favourites import router as favourites
from games_service.i18n import MESSAGES
from games_service.launch import router as launch
from games_service.ops import router as ops
from games_service.records import router as records
from games_service.rooms import router as rooms
from games_service.settings import GamesSettings
from portal_kit.app import create_app
from portal_kit.messaging.relay import connect_nats
from portal_kit.site import BrandCache


async def _start(app: FastAPI) -> None:
    settings: GamesSettings = app.state.settings
    # The seed keys, each the one first used under its id (else the app does not start: keys.SeedKeyChanged).
    app.state.seed_keys = await verified_keys(app.state.db, SeedKeys.of(settings))
    app.state.nats = await connect_nats(settings.nats_url, "games-api")  # the wallet's money API
    app.state.hub88_key = load_public_key(settings.hub88_public_key)
    app.state.hub88_clock = system_clock  # what Hub88 game sessions expire by (tests move it)
    app.state.hub88_http = games_api_client(settings.hub88_url)
    app.state.hub88_operator = Hub88Operator(
        settings.hub88_operator_id, load_private_key(settings.hub88_operator_private_key)
    )
    app.state.hub88_sim_http = simulator.wallet_api_client(settings.public_url)
    app.state.hub88_sim_key = load_private_key(settings.hub88_simulator_private_key)
    app.state.hub88_sim_operator_key = load_public_key(settings.hub88_simulator_operator_public_key)
    app.state.brands = BrandCache(settings.nats_url, settings.site_cache_seconds, name="games-brands")
    await app.state.brands.start()


async def _stop(app: FastAPI) -> None:
    await app.state.hub88_http.aclose()
    await app.state.hub88_sim_http.aclose()
    await app.state.brands.close()
    await app.state.nats.close()


def build_app(settings: GamesSettings | None = None) -> FastAPI:
    settings = settings or GamesSettings()
    routers = [
        catalogue.router,
        launch.router,
        rooms.router,
        favourites.router,
        bgs.router,
        records.router,
        aggregator.router,
        dashboard.router,
        ops.ops,
    ]
    if settings.hub88_simulator_enabled:
        routers.append(simulator.router)
    return create_app(
        settings,
        routers=routers,
        messages=[MESSAGES],
        on_startup=[_start],
        on_shutdown=[_stop],
        title="games",
    )


app = build_app()
