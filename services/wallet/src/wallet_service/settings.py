from __future__ import annotations

from pydantic import model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import DEFAULT_SECRET, ServiceSettings


class WalletSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="WALLET_", extra="ignore")

    service_name: str = "wallet"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/wallet"
    site_cache_seconds: float = 60.0
    # The consolidated info's contract fields: how long the brand's flag and agent-contracts' answer may take before
    # the funds are answered without them.
    contract_info_timeout_seconds: float = 0.5
    # A transfer to a downline: how long agent-contracts may take to say whether the account is in the agent's tree
    # before the transfer is refused (team.unavailable, nothing moved).
    team_member_timeout_seconds: float = 0.5
    # The account record's points (type=points): how long points may take to answer a page before the call is answered
    # service_unavailable (503).
    points_records_timeout_seconds: float = 0.5
    trial_starting_balance: int = 200_000  # minor units handed to a free-play wallet: 2,000.00
    # Enough connections for the money API's concurrency (TOOLING: a pool smaller than the load stalls).
    database_pool_size: int = 20
    # The portal's public address: the sandbox gateway sends its callbacks there, as a real gateway would.
    public_url: str = "http://127.0.0.1:8080"
    # Shared by the wallet and the sandbox payment gateway to sign orders and callbacks.
    sandbox_secret: str = DEFAULT_SECRET
    # The sandbox gateway pays for free: on by default only in development and test; production turns it on
    # only when told to (WALLET_SANDBOX_ENABLED=true), and then never with the default secret.
    sandbox_enabled: bool | None = None
    # Seconds between sweeps that mark unconfirmed paid withdrawals received once their deadline passed.
    confirmation_sweep_seconds: float = 30.0
    # A member's open pages are told their money moved at most once per this many seconds (the first at once; those
    # within the window together at its end): a slot's autoplay costs a page a balance read per window, not per spin.
    balance_push_seconds: float = 0.25

    @model_validator(mode="after")
    def _refuse_default_sandbox_secret_in_production(self) -> WalletSettings:
        if self.sandbox_enabled is None:
            self.sandbox_enabled = not self.is_production
        if self.is_production and self.sandbox_enabled and self.sandbox_secret == DEFAULT_SECRET:
            raise ValueError("sandbox_secret must be set in production (or WALLET_SANDBOX_ENABLED=false)")
        return self
