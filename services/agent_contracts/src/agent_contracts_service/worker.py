"""The agent-contracts worker: the team tree from registrations, the team figures from settled bets, deposits and
paid withdrawals (each consumed once through the kit's inbox), the wallet's contract-info request, and the
settlement loop (real-time salary every 5-minute window, daily wage and hourly salary the next day)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from typing import Any

from agent_contracts_service.contracts.handlers import contract_info_answers
from agent_contracts_service.figures.handlers import figures_subscriptions
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.settlement import service as settlement
from agent_contracts_service.team.handlers import team_subscriptions
from agent_contracts_service.team.rpc import team_member_answers
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Worker

log = logging.getLogger("agent_contracts.worker")
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def settlement_loop(
    settings: AgentContractsSettings, clock: Clock = utc_now
) -> Callable[[Database], Coroutine[Any, Any, None]]:
    """The periodic settlement job: every ``settlement_interval_seconds``, one tick at ``clock()``; a failed tick is
    logged and the next one picks up where the database says (nothing is lost in between)."""

    async def run(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, f"{settings.service_name}-settlement")
        try:
            while True:
                try:
                    await settlement.settle(
                        db, nc, clock(),
                        window_grace=timedelta(seconds=settings.settlement_window_grace_seconds),
                        day_grace=timedelta(seconds=settings.settlement_day_grace_seconds),
                    )  # fmt: skip
                except Exception:
                    log.exception("settlement tick failed; the next one resumes it")
                await asyncio.sleep(settings.settlement_interval_seconds)
        finally:
            await nc.close()

    return run


def build_worker(settings: AgentContractsSettings, clock: Clock = utc_now) -> Worker:
    return Worker(
        settings,
        produces=False,
        consumes=["auth", "games", "lottery", "wallet"],
        subscriptions=[*team_subscriptions(), *figures_subscriptions()],
        answers=[
            contract_info_answers(settings.contract_info_responders),
            team_member_answers(settings.contract_info_responders),
        ],
        background=[settlement_loop(settings, clock)] if settings.settlement_enabled else [],
    )


def main() -> None:
    build_worker(AgentContractsSettings()).main()


if __name__ == "__main__":
    main()
