"""The points service's HTTP app: ``uvicorn points_service.main:app``."""

from __future__ import annotations

from fastapi import FastAPI

from points_service.i18n import MESSAGES
from points_service.ledger import router as ledger
from points_service.ops import router as points_ops
from points_service.rules import router as rules
from points_service.settings import PointsSettings
from portal_kit.app import create_app


def build_app(settings: PointsSettings | None = None) -> FastAPI:
    return create_app(
        settings or PointsSettings(),
        routers=[ledger.router, rules.router, rules.ops, points_ops.ops],
        messages=[MESSAGES],
        title="points",
    )


app = build_app()
