from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class SiteSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SITE_", extra="ignore")

    service_name: str = "site"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/site"
    cache_ttl_seconds: int = 600
    feedback_limit_per_hour: int = 5
