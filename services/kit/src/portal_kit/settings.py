"""Settings base: every service reads its configuration from environment variables.

Shared servers use un-prefixed variables (``NATS_URL``, ``REDIS_URL``) that a service may override with
its own prefix (``SITE_NATS_URL``); the database URL is always per service (``SITE_DATABASE_URL``).
"""

from __future__ import annotations

import ipaddress
from typing import Any, ClassVar
from urllib.parse import urlsplit

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SECRET = "development-only-secret"  # noqa: S105 - refused in production below
# Only these environments may run with development defaults; any other name ("prod", "staging",
# "Production", a typo) is treated as production, so a guard cannot be skipped by spelling.
DEVELOPMENT_ENVIRONMENTS = frozenset({"development", "test"})
# A stream keeps its messages at least as long as its duplicate window (``portal_kit.messaging.relay``): 2 hours.
STREAM_MIN_AGE_SECONDS = 2 * 3600


class ServiceSettings(BaseSettings):
    """Base settings. Subclasses set ``model_config = SettingsConfigDict(env_prefix="SITE_")``."""

    model_config = SettingsConfigDict(extra="ignore")
    shared_env: ClassVar[tuple[str, ...]] = (
        "nats_url",
        "redis_url",
        "environment",
        "log_level",
        "trusted_proxies",
        "payload_secret",
        "nats_stream_replicas",
        "nats_stream_max_age_seconds",
        "nats_stream_max_bytes",
    )

    service_name: str = "service"
    environment: str = "development"
    log_level: str = "INFO"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/postgres"
    database_pool_size: int = 10
    database_max_overflow: int = 10
    nats_url: str = "nats://127.0.0.1:54222"
    redis_url: str = "redis://127.0.0.1:56379/0"
    # The JetStream streams a worker creates (``portal_kit.messaging.relay.StreamLimits``): how many copies of each
    # (3 on a production cluster), and how long and how much of it is kept (0 / -1: no limit). A worker's start
    # never lowers what an operator set on an existing stream; it raises the replicas to this count, nothing else.
    nats_stream_replicas: int = Field(default=1, ge=1, le=5)
    nats_stream_max_age_seconds: float = Field(default=7 * 24 * 3600, ge=0)
    nats_stream_max_bytes: int = Field(default=-1, ge=-1)
    secret_key: str = DEFAULT_SECRET
    # Seals the (E) calls' private keys in Valkey; shared by every service that opens (E) bodies.
    payload_secret: str = DEFAULT_SECRET
    default_merchant: str = "turkeyf2"
    # Addresses whose X-Real-Ip is believed (the gateway's); locally Traefik runs on loopback.
    trusted_proxies: str = "127.0.0.1/32,::1/128"
    # How long a process trusts a session it verified, unless a change of it is heard first (0: never).
    session_cache_seconds: float = 10.0
    # The largest request body any call accepts (bytes); a call that carries files sets its own, larger limit.
    max_body_bytes: int = 1024 * 1024
    # The port a worker serves its probes on (``/healthz``, ``/readyz``: ``portal_kit.health``), on every address;
    # none by default. Per service (``POINTS_HEALTH_PORT``), never shared: the local stack runs every worker on one
    # machine, where one port for all would collide. The manifests set it in each worker's container.
    health_port: int | None = Field(default=None, ge=1, le=65535)

    @model_validator(mode="before")
    @classmethod
    def _shared_variables(cls, data: Any) -> Any:
        """Fall back to the un-prefixed shared variable (``NATS_URL``) when the prefixed one is absent."""
        import os

        if not isinstance(data, dict):
            return data
        for name in cls.shared_env:
            if name not in data and name.upper() in os.environ:
                prefix = str(cls.model_config.get("env_prefix") or "")
                if f"{prefix}{name}".upper() not in os.environ:
                    data[name] = os.environ[name.upper()]
        return data

    @model_validator(mode="after")
    def _refuse_default_secrets_in_production(self) -> ServiceSettings:
        if self.is_production and DEFAULT_SECRET in (self.secret_key, self.payload_secret):
            raise ValueError(
                "secret_key and payload_secret must be set in production (the development default is refused)"
            )
        return self

    @model_validator(mode="after")
    def _streams_outlive_the_duplicate_window(self) -> ServiceSettings:
        if 0 < self.nats_stream_max_age_seconds < STREAM_MIN_AGE_SECONDS or self.nats_stream_max_bytes == 0:
            raise ValueError(
                f"nats_stream_max_age_seconds must be 0 (no limit) or at least {STREAM_MIN_AGE_SECONDS} (the streams'"
                " duplicate window), nats_stream_max_bytes -1 (no limit) or more than 0"
            )
        return self

    @property
    def is_production(self) -> bool:
        return self.environment.strip().lower() not in DEVELOPMENT_ENVIRONMENTS


def local_address_problem(name: str, value: str) -> str | None:
    """Why a production setting ``name`` cannot be ``value`` (an URL or a host name): the machine itself (loopback,
    ``localhost``, the unspecified address) is where the development stack runs, never what players or a mail
    server reach; a host under ``.invalid`` is deploy/base's placeholder, left for the operator to fill in."""
    host = (urlsplit(value).hostname if "://" in value else value.strip().strip("[]")) or ""
    host = host.lower().rstrip(".")
    if not host:
        return f"{name} is not set"
    if host.endswith(".invalid") or host == "invalid":
        return f"{name} is deploy/base's placeholder {value!r}: set the real address"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        local = host == "localhost" or host.endswith(".localhost")
    else:
        local = address.is_loopback or address.is_unspecified
    return f"{name} is {value!r}, this machine: set the address it is reached at" if local else None
