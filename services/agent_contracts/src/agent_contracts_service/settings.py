from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class AgentContractsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="AGENT_CONTRACTS_", extra="ignore")

    service_name: str = "agent-contracts"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/agent_contracts"
    # Processes answering the contract-info request of the wallet (rpc.agent-contracts.contract_info) at once.
    contract_info_responders: int = 4
    # Settlement (the worker's loop): how often it runs, and how long after a window's or a day's end its figures
    # are taken as final (bets arriving later are paid as adjustments; daily and hourly figures are read then).
    # On by default (spec §9: real-time salary every 5 minutes, daily and hourly the next day); the service's tests
    # turn it off except where they settle. Pay goes through the wallet's salary kind (rpc.wallet.salary) and is
    # differential over each contract's nearest holders below: its downlines at any depth holding a contract of the
    # same kind with no holder between (README, Settlement).
    settlement_enabled: bool = True
    settlement_interval_seconds: float = 20.0
    settlement_window_grace_seconds: float = 60.0
    settlement_day_grace_seconds: float = 1800.0
