from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class AgentContractsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="AGENT_CONTRACTS_", extra="ignore")

    service_name: str = "agent-contracts"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/agent_contracts"
    # Processes answering the contract-info request of the wallet (rpc.agent-contracts.contract_info) at once.
    contract_info_responders: int = 4
