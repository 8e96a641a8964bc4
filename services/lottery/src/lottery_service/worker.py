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
from lottery_service.bets.domain import PENDING, VOIDING
from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import service as draws
from lottery_service.draws.domain import DRAWN, OPEN
from lottery_service.draws.keys import SeedKeys, SeedKeysRefused
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Background, Worker

log = logging.getLogger("lottery.worker")
DRAW_BATCH = 50


async def tick(db: Database, nc: NATS, settings: LotterySettings, *, schedule: bool = True) -> None:
    """One round of the loop (writing the issues ahead only when ``schedule``); each step is safe to repeat and to
    run in several workers at once."""
    data, keys = catalogue(), SeedKeys.of(settings)
    if schedule:
        now = datetime.now(UTC)
        ahead = timedelta(minutes=settings.schedule_ahead_minutes)
        created = await draws.schedule(db, data, now, ahead, timedelta(hours=settings.backfill_hours), keys)
        if created:
            log.info("%d issue(s) scheduled", created)
    while True:  # every issue due, however many were missed while the worker was down
        taken = await draws.draw_due(db, data, keys, DRAW_BATCH)
        for issue in taken:
            if issue.status == DRAWN:
                log.info("%s %s drawn: %s", issue.game_code, issue.issue, issue.result)
        if len(taken) < DRAW_BATCH:
            break
    waiting = await draws.waiting(db, data, keys)
    for key_id, count in waiting.keys_missing.items():
        log.error("%d issue(s) due wait for the seed key %s, not held (LOTTERY_OLD_SEED_KEYS)", count, key_id)
    for game_code, count in waiting.games_gone.items():
        log.warning("%d issue(s) due of %s wait: the game is not in lottery.toml", count, game_code)
    await bets.recover(db, nc, settings.recovery_after_seconds)
    await bets.settle_drawn(db, nc, data, settings.settle_concurrency)
    await bets.refund_void(db, nc, settings.settle_concurrency)


# Whether a tick finds work (an issue due that the draw takes, a slip the wallet left unanswered, an issue drawn and
# not settled), read from the partial indexes in one prepared statement: most ticks find none, and a tick is four
# transactions.
WORK_DUE = (
    f"SELECT EXISTS (SELECT 1 FROM lottery_issue WHERE status = '{OPEN}' AND draws_at <= now() "  # noqa: S608 - constants
    "AND game_code = ANY(%s) AND (seed_key_id = ANY(%s) OR seed_key_id IS NULL)) "
    f"OR EXISTS (SELECT 1 FROM lottery_slip WHERE status IN ('{PENDING}', '{VOIDING}') "
    "AND created_at < now() - make_interval(secs => %s)) "
    f"OR EXISTS (SELECT 1 FROM lottery_issue WHERE status = '{DRAWN}')"
)
FULL_TICK_SECONDS = 10.0  # a whole tick however quiet: the refunds of issues ops voided, and a safety net


async def work_due(db: Database, settings: LotterySettings) -> bool:
    held, games = SeedKeys.of(settings).held, list(catalogue().games)
    found = await db.call(WORK_DUE, (games, held, settings.recovery_after_seconds))
    return bool(found and found[0])


def draw_loop(settings: LotterySettings) -> Background:
    async def loop(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, "lottery-draws")
        scheduled_at = ticked_at = -math.inf
        try:
            while True:
                now = time.monotonic()
                due = now - scheduled_at >= settings.schedule_every_seconds
                try:
                    if due or now - ticked_at >= FULL_TICK_SECONDS or await work_due(db, settings):
                        await tick(db, nc, settings, schedule=due)
                        ticked_at = now
                    if due:
                        scheduled_at = now
                except Exception:
                    log.exception("the draw loop failed; trying again next tick")
                await asyncio.sleep(settings.tick_seconds)
        finally:
            await nc.close()

    return loop


def build_worker(settings: LotterySettings) -> Worker:
    return Worker(settings, produces=True, background=[draw_loop(settings)])


async def check_seed_keys(settings: LotterySettings) -> None:
    """Before the worker starts: its keys may be used here, and each is the key first used under its id."""
    keys = SeedKeys.of(settings)
    db = Database(settings.database_url, pool_size=1)
    try:
        await draws.check_fingerprints(db, keys)
    finally:
        await db.dispose()


def main() -> None:
    settings = LotterySettings()
    try:
        asyncio.run(check_seed_keys(settings))
    except SeedKeysRefused as refused:
        raise SystemExit(f"the lottery worker does not start: {refused}") from None
    build_worker(settings).main()


if __name__ == "__main__":
    main()
