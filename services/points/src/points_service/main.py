"""The points service's HTTP app: ``uvicorn points_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from points_service.applications import router as applications
from points_service.conversion import router as conversion
from points_service.envelopes import router as envelopes
from points_service.i18n import MESSAGES
from points_service.ledger import router as ledger
from points_service.mall import router as mall
from points_service.missions import router as missions
from points_service.ops import router as points_ops
from points_service.promotions import router as promotions
from points_service.raffles import router as raffles
from points_service.raffles.keys import SeedKeys
from points_service.referral import router as referral
from points_service.rules import router as rules
from points_service.settings import PointsSettings
from points_service.vip import router as vip
from portal_kit.app import create_app
from portal_kit.encryption import PayloadKeys
from portal_kit.messaging.relay import connect_nats


async def _start(app: FastAPI) -> None:
    settings: PointsSettings = app.state.settings
    # The keys auth hands out for the (E) calls, shared in Valkey and sealed under the shared payload secret.
    app.state.payload_keys = PayloadKeys(app.state.valkey, settings.payload_secret, settings.service_name)
    # The raffles' seed keys (ops make raffles here): the development key is refused outside development and tests.
    app.state.raffle_keys = SeedKeys.of(settings)
    app.state.nats = await connect_nats(settings.nats_url, "points-api")  # asks auth about payment passwords


async def _stop(app: FastAPI) -> None:
    await app.state.nats.close()


def build_app(settings: PointsSettings | None = None) -> FastAPI:
    return create_app(
        settings or PointsSettings(),
        routers=[
            ledger.router,
            rules.router,
            rules.ops,
            mall.router,
            mall.ops,
            missions.router,
            missions.ops,
            conversion.router,
            conversion.ops,
            promotions.router,
            promotions.ops,
            applications.router,
            applications.ops,
            raffles.router,
            raffles.ops,
            envelopes.router,
            envelopes.ops,
            vip.router,
            vip.ops,
            referral.router,
            referral.ops,
            points_ops.ops,
        ],
        messages=[MESSAGES],
        on_startup=[_start],
        on_shutdown=[_stop],
        title="points",
    )


app = build_app()
