"""The notifications service's HTTP app and member sockets: ``uvicorn notifications_service.main:app``."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI

from notifications_service.broadcasts import router as broadcasts
from notifications_service.i18n import MESSAGES
from notifications_service.inbox import router as inbox
from notifications_service.ops import router as notifications_ops
from notifications_service.push.hub import Hub
from notifications_service.push.limits import LEASE_HEARTBEATS, AccountSockets
from notifications_service.push.router import member_socket
from notifications_service.push.schemas import FRAME_MODELS
from notifications_service.settings import NotificationsSettings
from notifications_service.support import router as support
from portal_kit.app import PortalApp, create_app
from portal_kit.messaging.relay import connect_nats
from portal_kit.sessions import SessionStore


async def _start(app: FastAPI) -> None:
    settings: NotificationsSettings = app.state.settings

    async def reconnected() -> None:
        await app.state.hub.reconnected()

    app.state.nats = await connect_nats(settings.nats_url, "notifications-api", reconnected)
    accounts = AccountSockets(
        app.state.valkey, settings.sockets_per_session, settings.sockets_per_account,
        lease_seconds=LEASE_HEARTBEATS * settings.heartbeat_seconds,
    )  # fmt: skip
    app.state.hub = Hub(app.state.nats, app.state.db, settings.resume_limit, accounts, settings.max_sockets)
    app.state.heartbeat = asyncio.create_task(app.state.hub.heartbeat(app.state.valkey, settings.heartbeat_seconds))
    sessions: SessionStore = app.state.sessions
    if sessions.cache is not None:
        sessions.cache.watchers.append(app.state.hub.sessions_ended)


async def _stop(app: FastAPI) -> None:
    app.state.heartbeat.cancel()
    await app.state.hub.close_all()
    await app.state.nats.close()


def build_app(settings: NotificationsSettings | None = None) -> PortalApp:
    return create_app(
        settings or NotificationsSettings(),
        routers=[inbox.router, support.router, broadcasts.ops, support.ops, notifications_ops.ops],
        messages=[MESSAGES],
        on_startup=[_start],
        on_shutdown=[_stop],
        title="notifications",
        documented_models=FRAME_MODELS,
        sockets={"/ws": member_socket},
    )


app = build_app()
