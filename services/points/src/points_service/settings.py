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
