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
    # Only the worker uses them (it writes and draws the issues): the API starts without them, and the worker checks
    # them when it starts (``seed_keys_refusal``). Unset, the key is the development one.
    seed_key: str | None = None
    seed_key_id: str = "dev"
    old_seed_keys: dict[str, str] = Field(default_factory=dict)

    @property
    def current_seed_key(self) -> str:
        return self.seed_key or DEVELOPMENT_SEED_KEY

    @model_validator(mode="after")
    def _check_seed_keys(self) -> LotterySettings:
        """Keys given in the wrong form are refused wherever the settings are read."""
        keys = {self.seed_key_id: self.current_seed_key, **self.old_seed_keys}
        for key_id, key in keys.items():
            if not 1 <= len(key_id) <= 16:
                raise ValueError(f"the seed key id {key_id!r} must be 1 to 16 characters")
            problem = _key_problem(key)
            if problem:
                raise ValueError(f"the seed key {key_id!r} {problem}")
        if self.old_seed_keys.get(self.seed_key_id, self.current_seed_key) != self.current_seed_key:
            raise ValueError(f"the seed key id {self.seed_key_id!r} names two different keys")
        return self

    def seed_keys_refusal(self) -> str | None:
        """Why the worker may not derive seeds under these keys; None when it may. The development key (anyone may
        read it in the repository) is used only where the environment is named, and named development or test: a
        deployment that forgot ``LOTTERY_ENVIRONMENT`` would otherwise draw predictable issues."""
        named_development = "environment" in self.model_fields_set and not self.is_production
        held = [self.current_seed_key, *self.old_seed_keys.values()]
        if DEVELOPMENT_SEED_KEY in held and not named_development:
            return (
                "LOTTERY_SEED_KEY must be set: the development key is refused unless LOTTERY_ENVIRONMENT (or ENVIRONMENT)"
                f" is development or test (it is {self.environment!r})"
            )
        return None
