"""The agent-contracts worker: the team tree from registrations, the team figures from settled bets, deposits and
paid withdrawals (each consumed once through the kit's inbox), and the wallet's contract-info request."""

from __future__ import annotations

from agent_contracts_service.contracts.handlers import contract_info_answers
from agent_contracts_service.figures.handlers import figures_subscriptions
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.team.handlers import team_subscriptions
from portal_kit.worker import Worker


def build_worker(settings: AgentContractsSettings) -> Worker:
    return Worker(
        settings,
        produces=False,
        consumes=["auth", "games", "lottery", "wallet"],
        subscriptions=[*team_subscriptions(), *figures_subscriptions()],
        answers=[contract_info_answers(settings.contract_info_responders)],
    )


def main() -> None:
    build_worker(AgentContractsSettings()).main()


if __name__ == "__main__":
    main()
