"""The lottery worker: the outbox relay of its events, and the draw loop - write each game's issues ahead,
draw the due ones, settle their bets, void the slips the wallet never answered, refund the bets of issues ops
voided."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from datetime import UTC, datetime, timedelta

from nats.aio.client import Client as NATS

from lottery_service.bets import service as bets
from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import service as draws
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Background, Worker

log = logging.getLogger("lottery.worker")
DRAW_BATCH = 50


async def tick(db: Database, nc: NATS, settings: LotterySettings, *, schedule: bool = True) -> None:
    """One round of the loop (writing the issues ahead only when ``schedule``); each step is safe to repeat and to
    run in several workers at once."""
    data = catalogue()
    if schedule:
        now = datetime.now(UTC)
        ahead = timedelta(minutes=settings.schedule_ahead_minutes)
        created = await draws.schedule(db, data, now, ahead, timedelta(hours=settings.backfill_hours))
        if created:
            log.info("%d issue(s) scheduled", created)
    while True:  # every issue due, however many were missed while the worker was down
        drawn = await draws.draw_due(db, data, DRAW_BATCH)
        for issue in drawn:
            log.info("%s %s drawn: %s", issue.game_code, issue.issue, issue.result)
        if len(drawn) < DRAW_BATCH:
            break
    await bets.recover(db, nc, settings.recovery_after_seconds)
    await bets.settle_drawn(db, nc, data, settings.settle_concurrency)
    await bets.refund_void(db, nc, settings.settle_concurrency)


def draw_loop(settings: LotterySettings) -> Background:
    async def loop(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, "lottery-draws")
        scheduled_at = -math.inf
        try:
            while True:
                due = time.monotonic() - scheduled_at >= settings.schedule_every_seconds
                try:
                    await tick(db, nc, settings, schedule=due)
                    if due:
                        scheduled_at = time.monotonic()
                except Exception:
                    log.exception("the draw loop failed; trying again next tick")
                await asyncio.sleep(settings.tick_seconds)
        finally:
            await nc.close()

    return loop


def build_worker(settings: LotterySettings) -> Worker:
    return Worker(settings, produces=True, background=[draw_loop(settings)])


def main() -> None:
    build_worker(LotterySettings()).main()


if __name__ == "__main__":
    main()
