from __future__ import annotations

from pydantic import Field, model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings

# The development seed key of the raffles: anyone may read it here, so it is refused outside development and tests
# (the lottery's rule, ``lottery_service.settings``).
DEVELOPMENT_SEED_KEY = "d0" * 32
SEED_KEY_MIN_BYTES = 32


def _key_problem(text: str) -> str | None:
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return "is not hexadecimal"
    return None if len(key) >= SEED_KEY_MIN_BYTES else f"is shorter than {SEED_KEY_MIN_BYTES} bytes"


class PointsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="POINTS_", extra="ignore")

    service_name: str = "points"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/points"
    # Conversions the wallet has not answered are asked again after this long, checked this often.
    conversion_retry_after_seconds: float = 30.0
    conversion_sweep_seconds: float = 15.0
    # How often the worker asks the wallet to hold, release or forfeit the bonuses whose status asks it (and starts
    # forfeiting the expired ones): the delay between a deposit and its bonus, or a met wagering and the cash.
    bonus_sweep_seconds: float = 0.5
    # VIP level-up bonuses and referral rewards: the worker asks the wallet for the pending ones this often; one it has
    # not answered is asked again after this long.
    reward_sweep_seconds: float = 1.0
    reward_retry_after_seconds: float = 30.0
    # A UTC day's cashback is granted once the day is this long over (bets settled late still count), checked this
    # often; the day before it is checked too, in case the worker was away.
    cashback_grace_seconds: float = 600.0
    cashback_sweep_seconds: float = 60.0
    # Raffles past their close are drawn (and their prizes paid) this often; a raffle prize or red envelope share the
    # wallet has not answered is asked again after ``prize_retry_after_seconds``.
    prize_sweep_seconds: float = 5.0
    prize_retry_after_seconds: float = 30.0
    # Each raffle's seed is derived under this key (hex, 32 bytes or more), held outside the database: the database
    # keeps the seed's commitment and the key's id until the draw. New raffles are made under ``seed_key_id``; a retired
    # key stays in ``old_seed_keys`` (id -> hex key, JSON) until every raffle made under it is drawn. The API (which
    # makes raffles) and the worker (which draws them) check them when they start (``seed_keys_refusal``). Unset, the
    # key is the development one, used only where the environment is named development or test.
    seed_key: str | None = None
    seed_key_id: str = "dev"
    old_seed_keys: dict[str, str] = Field(default_factory=dict)

    @property
    def current_seed_key(self) -> str:
        return self.seed_key or DEVELOPMENT_SEED_KEY

    @model_validator(mode="after")
    def _check_seed_keys(self) -> PointsSettings:
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
        """Why raffle seeds may not be derived under these keys; None when they may. The development key is used only
        where the environment is named, and named development or test: a deployment that forgot
        ``POINTS_ENVIRONMENT`` would otherwise draw predictable raffles."""
        named_development = "environment" in self.model_fields_set and not self.is_production
        held = [self.current_seed_key, *self.old_seed_keys.values()]
        if DEVELOPMENT_SEED_KEY in held and not named_development:
            return (
                "POINTS_SEED_KEY must be set: the development key is refused unless POINTS_ENVIRONMENT (or ENVIRONMENT)"
                f" is development or test (it is {self.environment!r})"
            )
        return None
