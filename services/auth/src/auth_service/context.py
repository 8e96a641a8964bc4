"""What every auth flow needs, built once per process and kept on ``app.state.auth``."""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from auth_service.login_counts import LoginCounts
from auth_service.messages import SmsProvider, SmtpMailer
from auth_service.settings import AuthSettings
from portal_kit.db import Database
from portal_kit.encryption import PayloadKeys
from portal_kit.sessions import SessionStore
from portal_kit.site import BrandCache


@dataclass
class AuthContext:
    settings: AuthSettings
    db: Database
    valkey: Redis
    site: BrandCache
    payload_keys: PayloadKeys
    sms: SmsProvider
    mailer: SmtpMailer
    sessions: SessionStore
    login_counts: LoginCounts


@dataclass(frozen=True)
class Caller:
    """Where a request comes from: its brand, language and address, as the gateway saw them."""

    merchant: str
    language: str
    ip: str | None
    user_agent: str | None
