"""The auth service's HTTP app: ``uvicorn auth_service.main:app``."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from auth_service.accounts import router as accounts_router
from auth_service.context import AuthContext
from auth_service.dashboard import router as dashboard_router
from auth_service.i18n import MESSAGES
from auth_service.login_counts import LoginCounts
from auth_service.messages import DevSmsProvider, SmsProvider, SmtpMailer
from auth_service.ops import router as ops_router
from auth_service.sessions import router as sessions_router
from auth_service.settings import AuthSettings
from auth_service.support import router as support_router
from auth_service.twilio import TwilioSmsProvider
from portal_kit.app import create_app
from portal_kit.encryption import PayloadKeys
from portal_kit.site import BrandCache


async def _start(app: FastAPI) -> None:
    settings: AuthSettings = app.state.settings
    app.state.payload_keys = PayloadKeys(app.state.valkey, settings.payload_secret, settings.service_name)
    app.state.auth = AuthContext(
        settings=settings,
        db=app.state.db,
        valkey=app.state.valkey,
        site=BrandCache(settings.nats_url, settings.site_cache_seconds, name="auth-brands"),
        payload_keys=app.state.payload_keys,
        sms=sms_provider(settings),
        mailer=SmtpMailer(settings.smtp_host, settings.smtp_port, settings.mail_sender),
        sessions=app.state.sessions,
        login_counts=LoginCounts(app.state.valkey, settings),
    )


async def _ready(app: FastAPI) -> None:
    await app.state.auth.site.start()


def sms_provider(settings: AuthSettings) -> SmsProvider:
    if settings.sms_provider == "twilio":
        return TwilioSmsProvider(
            settings.twilio_account_sid,
            settings.twilio_auth_token,
            sender=settings.twilio_from,
            messaging_service_sid=settings.twilio_messaging_service_sid,
            base_url=settings.twilio_base_url,
        )
    if settings.is_production:
        raise RuntimeError("the development SMS provider is refused in production: set AUTH_SMS_PROVIDER=twilio")
    return DevSmsProvider(Path(settings.dev_messages_file))


async def _stop(app: FastAPI) -> None:
    await app.state.auth.site.close()
    if isinstance(app.state.auth.sms, TwilioSmsProvider):
        await app.state.auth.sms.close()


def build_app(settings: AuthSettings | None = None) -> FastAPI:
    return create_app(
        settings or AuthSettings(),
        routers=[
            sessions_router.router,
            accounts_router.router,
            ops_router.brand_accounts,
            ops_router.router,
            support_router.router,
            dashboard_router.router,
        ],
        messages=[MESSAGES],
        on_startup=[_start, _ready],
        on_shutdown=[_stop],
        title="auth",
    )


app = build_app()
