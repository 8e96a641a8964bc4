"""Stack settings from environment variables; every server may instead be an external one.

``PORTAL_PORT`` (8080) is the gateway's port; ``PORTAL_DATA_DIR`` (``.data``) holds data and logs.
External servers: ``PORTAL_DATABASE_URL`` (an admin URL; each service gets its own database on it, unless
``<SERVICE>_DATABASE_URL`` names one), ``NATS_URL``, ``REDIS_URL``. Local ports: ``PORTAL_PG_PORT``,
``PORTAL_NATS_PORT``, ``PORTAL_VALKEY_PORT``, ``PORTAL_<SERVICE>_PORT``, ``PORTAL_WEB_PORT``,
``PORTAL_FALLBACK_PORT``. ``PORTAL_API_WORKERS`` (the number of cores): processes serving each service's API.

Local NATS and Valkey refuse clients without a password: each service connects as its own user, the
developer's tools as ``admin`` (``portal_stack.access``), with passwords from ``.data/credentials.json``.
External servers are used with the URLs given, credentials included.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from portal_stack.access import ADMIN
from portal_stack.aggregator_keys import hub88_env
from portal_stack.credentials import local_passwords
from portal_stack.services import REPO, SERVICES, ServiceSpec


def _port(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


@dataclass
class StackConfig:
    port: int = field(default_factory=lambda: _port("PORTAL_PORT", 8080))
    data_dir: Path = field(default_factory=lambda: Path(os.environ.get("PORTAL_DATA_DIR", REPO / ".data")).resolve())
    pg_port: int = field(default_factory=lambda: _port("PORTAL_PG_PORT", 55432))
    nats_port: int = field(default_factory=lambda: _port("PORTAL_NATS_PORT", 54222))
    valkey_port: int = field(default_factory=lambda: _port("PORTAL_VALKEY_PORT", 56379))
    web_port: int = field(default_factory=lambda: _port("PORTAL_WEB_PORT", 8198))
    fallback_port: int = field(default_factory=lambda: _port("PORTAL_FALLBACK_PORT", 8199))
    smtp_port: int = field(default_factory=lambda: _port("PORTAL_SMTP_PORT", 8025))
    external_database: str | None = field(default_factory=lambda: os.environ.get("PORTAL_DATABASE_URL"))
    external_nats: str | None = field(default_factory=lambda: os.environ.get("NATS_URL"))
    external_redis: str | None = field(default_factory=lambda: os.environ.get("REDIS_URL"))
    api_workers: int = field(default_factory=lambda: int(os.environ.get("PORTAL_API_WORKERS", os.cpu_count() or 1)))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def admin_database_url(self) -> str:
        return self.external_database or f"postgresql://postgres@127.0.0.1:{self.pg_port}/postgres"

    @cached_property
    def credentials(self) -> dict[str, dict[str, str]]:
        """``{"nats"|"valkey": {user: password}}`` for the administrator and every service."""
        return local_passwords(self.data_dir)

    def nats_url(self, user: str = ADMIN) -> str:
        if self.external_nats:
            return self.external_nats
        return f"nats://{user}:{self.credentials['nats'][user]}@127.0.0.1:{self.nats_port}"

    def redis_url(self, user: str = ADMIN) -> str:
        if self.external_redis:
            return self.external_redis
        return f"redis://{user}:{self.credentials['valkey'][user]}@127.0.0.1:{self.valkey_port}/0"

    def service_port(self, service: ServiceSpec) -> int:
        return _port(f"PORTAL_{service.name.upper().replace('-', '_')}_PORT", service.port)

    def database_url(self, service: ServiceSpec) -> str:
        explicit = os.environ.get(f"{service.env_prefix}DATABASE_URL")
        if explicit:
            return explicit
        base, _, _ = self.admin_database_url.rpartition("/")
        return f"{base}/{service.database}"

    def service_env(self, service: ServiceSpec) -> dict[str, str]:
        env = {
            f"{service.env_prefix}DATABASE_URL": self.database_url(service),
            "NATS_URL": self.nats_url(service.name),
            "REDIS_URL": self.redis_url(service.name),
            # Development SMS and e-mail land here (one JSON line each) for developers and the e2e tests.
            f"{service.env_prefix}DEV_MESSAGES_FILE": str(self.data_dir / "dev-messages.jsonl"),
            f"{service.env_prefix}SMTP_PORT": str(self.smtp_port),
            # The portal's public address (the sandbox payment gateway calls the wallet back there).
            f"{service.env_prefix}PUBLIC_URL": self.url,
            "PYTHONUNBUFFERED": "1",
            # Named, not assumed: the lottery worker takes the development seed key only where this says so.
            "ENVIRONMENT": os.environ.get("ENVIRONMENT", "development"),
        }
        if service.name == "games":  # the Hub88 link's development key pairs, both directions
            env |= hub88_env(self.data_dir)
        return env

    def gateway_env(self) -> dict[str, str]:
        env = {
            "PORTAL_UPSTREAM_FALLBACK": f"http://127.0.0.1:{self.fallback_port}",
            "PORTAL_UPSTREAM_WEB": f"http://127.0.0.1:{self.web_port}",
        }
        for service in SERVICES:
            env[service.upstream_variable] = f"http://127.0.0.1:{self.service_port(service)}"
        return env

    @property
    def logs(self) -> Path:
        return self.data_dir / "logs"

    @property
    def lock_file(self) -> Path:
        return self.data_dir / "portal.lock"

    @property
    def pid_file(self) -> Path:
        return self.data_dir / "portal.pid"
