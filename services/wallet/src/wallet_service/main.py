"""The wallet's HTTP app: ``uvicorn wallet_service.main:app``."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import FastAPI

from portal_kit.app import create_app
from portal_kit.encryption import PayloadKeys
from portal_kit.messaging.relay import connect_nats
from portal_kit.site import BrandCache
from wallet_service.dashboard import router as dashboard
from wallet_service.deposits import router as deposits
from wallet_service.deposits import sandbox_gateway
from wallet_service.i18n import MESSAGES
from wallet_service.ledger import router as ledger
from wallet_service.merchants import router as merchants
from wallet_service.ops import router as ops
from wallet_service.pushes import BalancePushes
from wallet_service.records import router as records
from wallet_service.settings import WalletSettings
from wallet_service.transfers import router as transfers
from wallet_service.withdrawals import router as withdrawals


async def _start(app: FastAPI) -> None:
    settings: WalletSettings = app.state.settings
    # The same keys auth hands out, shared in Redis and sealed under the shared payload secret.
    app.state.payload_keys = PayloadKeys(app.state.valkey, settings.payload_secret, settings.service_name)
    app.state.nats = await connect_nats(settings.nats_url, "wallet-api")  # asks auth about payment passwords
    # The members whose money this process moved (transfers, deposits, withdrawals, adjustments) are told.
    pushes = BalancePushes(settings.balance_push_seconds)
    app.state.stop_balance_pushes = pushes.on_commits()
    app.state.balance_pushes = asyncio.create_task(pushes.run(app.state.nats))
    app.state.gateway_http = sandbox_gateway.gateway_client(settings.public_url)
    # The brand's flags (AGENTPOLICY3 gates the consolidated info's contract fields).
    app.state.brands = BrandCache(settings.nats_url, settings.site_cache_seconds, name="wallet-brands")
    await app.state.brands.start()


async def _stop(app: FastAPI) -> None:
    app.state.stop_balance_pushes()
    app.state.balance_pushes.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await app.state.balance_pushes
    await app.state.brands.close()
    await app.state.gateway_http.aclose()
    await app.state.nats.close()


def build_app(settings: WalletSettings | None = None) -> FastAPI:
    settings = settings or WalletSettings()
    routers = [
        ledger.router,
        merchants.public,
        merchants.ops,
        transfers.router,
        deposits.router,
        deposits.ops,
        withdrawals.router,
        withdrawals.ops,
        records.router,
        ops.ops,
        dashboard.router,
    ]
    if settings.sandbox_enabled:
        routers.append(sandbox_gateway.router)
    return create_app(
        settings, routers=routers, messages=[MESSAGES], on_startup=[_start], on_shutdown=[_stop], title="wallet"
    )


app = build_app()
