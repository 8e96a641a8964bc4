"""The games worker: the outbox relay of ``games.bet.settled.v1``, the recovery sweep that settles rounds left
open (the stake or the win not yet through the wallet when a process stopped), the betting record of lottery bets
(``lottery.bet.settled.v1``), and the dashboards' play per day (its own settled bets and the lottery's)."""

from __future__ import annotations

import asyncio
import logging

from games_service.bgs.keys import SeedKeys
from games_service.bgs.service import recover, verified_keys
from games_service.dashboard.handlers import play_days_subscription
from games_service.records.handlers import lottery_bets_subscription
from games_service.settings import GamesSettings
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Background, Worker

log = logging.getLogger("games.worker")


def recovery_sweep(settings: GamesSettings) -> Background:
    async def sweep(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, "games-recovery")
        keys: SeedKeys | None = None
        try:
            while True:
                try:
                    # A key id that names another key than the one recorded stops the sweep (logged each round).
                    keys = keys or await verified_keys(db, SeedKeys.of(settings))
                    settled = await recover(db, nc, settings.recovery_after_seconds, keys=keys)
                    if settled:
                        log.info("%d interrupted round(s) settled", settled)
                except Exception:
                    log.exception("recovery sweep failed; trying again next round")
                await asyncio.sleep(settings.recovery_sweep_seconds)
        finally:
            await nc.close()

    return sweep


# Under a steady stream of rounds the relay starts a round at most every 0.1 s (the kit's default is 0.02 s): each
# takes the events of more commits, and a round's own cost (its transaction, the pending rows' read and their mark)
# is paid less often. In the games bench the worker's CPU went from 1.2-1.75 to 0.78 ms a spin, the games database's
# and NATS's a little too. The events' consumers (agent-contracts' team figures) see them up to 0.1 s later; a lone
# event after a quiet spell still leaves at once.
RELAY_GATHER_SECONDS = 0.1


def build_worker(settings: GamesSettings) -> Worker:
    return Worker(
        settings,
        produces=True,
        consumes=["lottery"],
        subscriptions=[lottery_bets_subscription(), play_days_subscription()],
        background=[recovery_sweep(settings)],
        relay_gather=RELAY_GATHER_SECONDS,
    )


def main() -> None:
    build_worker(GamesSettings()).main()


if __name__ == "__main__":
    main()
