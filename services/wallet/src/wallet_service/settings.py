from __future__ import annotations

from typing import ClassVar

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class WalletSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="WALLET_", extra="ignore")
    shared_env: ClassVar[tuple[str, ...]] = (*ServiceSettings.shared_env, "site_url")

    service_name: str = "wallet"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/wallet"
    site_url: str = "http://127.0.0.1:8101"
    site_cache_seconds: float = 60.0
    trial_starting_balance: int = 200_000  # minor units handed to a free-play wallet: 2,000.00
    # Enough connections for the money API's concurrency (TOOLING: a pool smaller than the load stalls).
    database_pool_size: int = 20
