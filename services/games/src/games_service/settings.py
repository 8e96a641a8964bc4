from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class GamesSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="GAMES_", extra="ignore")

    service_name: str = "games"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/games"
    site_cache_seconds: float = 60.0
    # A round left open (its process stopped between the stake and the win) is settled by the worker after
    # this many seconds.
    recovery_after_seconds: float = 10.0
    recovery_sweep_seconds: float = 5.0
    # The aggregator Hub88: its public key (PEM) checks X-Hub88-Signature (none set: every call is refused);
    # a game session (launch) takes bets this long.
    hub88_public_key: str = ""
    hub88_session_minutes: float = 240.0
