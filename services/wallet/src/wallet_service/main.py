"""The wallet's HTTP app: ``uvicorn wallet_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from portal_kit.app import create_app
from wallet_service.balance_router import router
from wallet_service.i18n import MESSAGES
from wallet_service.settings import WalletSettings


def build_app(settings: WalletSettings | None = None) -> FastAPI:
    return create_app(settings or WalletSettings(), routers=[router], messages=[MESSAGES], title="wallet")


app = build_app()
