from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class LotterySettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="LOTTERY_", extra="ignore")

    service_name: str = "lottery"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/lottery"
    site_cache_seconds: float = 60.0
    # The worker creates each game's issues this far ahead (at least two of them), every so often (issues are
    # written an hour ahead, so looking twice a minute is plenty), draws each when due and settles its bets; it
    # looks for that work more often.
    schedule_ahead_minutes: float = 60.0
    schedule_every_seconds: float = 30.0
    tick_seconds: float = 1.0
    # Issues missed while the worker was down are created and drawn on recovery up to this far back.
    backfill_hours: float = 24.0
    # A slip the wallet did not answer (or whose process stopped) is voided and its debit rolled back after
    # this long.
    recovery_after_seconds: float = 15.0
    # Winning bets credited at once while settling an issue.
    settle_concurrency: int = 32
