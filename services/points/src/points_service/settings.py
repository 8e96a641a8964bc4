from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class PointsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="POINTS_", extra="ignore")

    service_name: str = "points"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/points"
    # Conversions the wallet has not answered are asked again after this long, checked this often.
    conversion_retry_after_seconds: float = 30.0
    conversion_sweep_seconds: float = 15.0
