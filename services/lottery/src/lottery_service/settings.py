from __future__ import annotations

from pydantic import Field, model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings

# The development seed key: anyone may read it here, so production refuses it (as it refuses the kit's secrets).
DEVELOPMENT_SEED_KEY = "de" * 32
SEED_KEY_MIN_BYTES = 32


def _key_problem(text: str) -> str | None:
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return "is not hexadecimal"
    return None if len(key) >= SEED_KEY_MIN_BYTES else f"is shorter than {SEED_KEY_MIN_BYTES} bytes"


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
    # Each issue's seed is derived under this key (hex, 32 bytes or more), held outside the database: the
    # database keeps only the seed's commitment until the draw. Issues are written under ``seed_key_id``; a
    # retired key stays in ``old_seed_keys`` (id -> hex key, JSON) until every issue committed under it is drawn.
    # Only the worker uses them (it writes and draws the issues).
    seed_key: str = DEVELOPMENT_SEED_KEY
    seed_key_id: str = "dev"
    old_seed_keys: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check_seed_keys(self) -> LotterySettings:
        keys = {self.seed_key_id: self.seed_key, **self.old_seed_keys}
        for key_id, key in keys.items():
            if not 1 <= len(key_id) <= 16:
                raise ValueError(f"the seed key id {key_id!r} must be 1 to 16 characters")
            problem = _key_problem(key)
            if problem:
                raise ValueError(f"the seed key {key_id!r} {problem}")
        if self.old_seed_keys.get(self.seed_key_id, self.seed_key) != self.seed_key:
            raise ValueError(f"the seed key id {self.seed_key_id!r} names two different keys")
        if self.is_production and DEVELOPMENT_SEED_KEY in keys.values():
            raise ValueError("the seed key must be set in production (the development key is refused)")
        return self
