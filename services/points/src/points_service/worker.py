"""The points worker: the accounts from registrations, and points earned from settled bets (games, lottery) and
credited deposits, each event consumed once through the kit's inbox; the points records asked by the wallet; and the
sweep that asks the wallet again for the cash of conversions and the mall's charges and refunds it has not
answered."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from points_service.consumers import points_subscription
from points_service.conversion.service import sweep
from points_service.envelopes import service as envelopes
from points_service.mall import service as mall
from points_service.promotions.domain import cashback_days
from points_service.promotions.service import grant_cashback, move_due
from points_service.raffles import service as raffles
from points_service.raffles.keys import SeedKeys, SeedKeysRefused
from points_service.records.rpc import records_answers
from points_service.referral import service as referral
from points_service.settings import PointsSettings
from points_service.vip import service as vip
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Background, Worker

log = logging.getLogger("points.worker")


def conversion_sweep(settings: PointsSettings) -> Background:
    async def run(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, f"{settings.service_name}-conversions")
        try:
            while True:
                try:
                    older_than = timedelta(seconds=settings.conversion_retry_after_seconds)
                    asked = await sweep(db, nc, older_than)
                    if asked:
                        log.info("%d pending conversion(s) asked of the wallet again", asked)
                    asked = await mall.sweep(db, nc, older_than)
                    if asked:
                        log.info("%d mall payment(s) asked of the wallet again", asked)
                except Exception:
                    log.exception("conversion sweep failed; trying again next round")
                await asyncio.sleep(settings.conversion_sweep_seconds)
        finally:
            await nc.close()

    return run


def bonus_mover(settings: PointsSettings) -> Background:
    """Asks the wallet to hold, release or forfeit the bonuses whose status asks it (``promotions.service.move_due``)."""

    async def run(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, f"{settings.service_name}-bonuses")
        try:
            while True:
                try:
                    await move_due(db, nc)
                except Exception:
                    log.exception("bonus round failed; trying again next round")
                await asyncio.sleep(settings.bonus_sweep_seconds)
        finally:
            await nc.close()

    return run


def prize_rounds(settings: PointsSettings) -> Background:
    """Draws the raffles past their close (each once, whatever other workers do) and asks the wallet for their prizes,
    then asks again for the raffle prizes and red envelope shares it has not answered."""

    keys = SeedKeys.of(settings)  # the raffles' seeds are derived under them (checked when the worker starts)

    async def run(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, f"{settings.service_name}-prizes")
        retry = timedelta(seconds=settings.prize_retry_after_seconds)
        try:
            while True:
                try:
                    drawn = await raffles.draw_due(db, nc, keys)
                    asked = await raffles.sweep(db, nc, retry) + await envelopes.sweep(db, nc, retry)
                    if drawn or asked:
                        log.info("%d raffle(s) drawn, %d prize(s) asked of the wallet again", drawn, asked)
                except Exception:
                    log.exception("prize round failed; trying again next round")
                await asyncio.sleep(settings.prize_sweep_seconds)
        finally:
            await nc.close()

    return run


def reward_rounds(settings: PointsSettings) -> Background:
    """Asks the wallet for the VIP level-up bonuses and referral rewards due (each once per member and level, or per
    invitee, under a lease of its row; one not answered is asked again after ``reward_retry_after_seconds``)."""

    async def run(db: Database) -> None:
        nc = await connect_nats(settings.nats_url, f"{settings.service_name}-rewards")
        retry = settings.reward_retry_after_seconds
        try:
            while True:
                try:
                    asked = await vip.sweep(db, nc, retry) + await referral.sweep(db, nc, retry)
                    if asked:
                        log.info("%d VIP bonus(es) and referral reward(s) asked of the wallet", asked)
                except Exception:
                    log.exception("reward round failed; trying again next round")
                await asyncio.sleep(settings.reward_sweep_seconds)
        finally:
            await nc.close()

    return run


def cashback_granter(settings: PointsSettings) -> Background:
    """Grants each cashback promotion's bonus for the days that are over (``promotions.service.grant_cashback``)."""

    async def run(db: Database) -> None:
        while True:
            try:
                for day in cashback_days(datetime.now(UTC), timedelta(seconds=settings.cashback_grace_seconds)):
                    granted = await grant_cashback(db, day)
                    if granted:
                        log.info("%d cashback bonus(es) granted for %s", granted, day)
            except Exception:
                log.exception("cashback round failed; trying again next round")
            await asyncio.sleep(settings.cashback_sweep_seconds)

    return run


def build_worker(settings: PointsSettings) -> Worker:
    return Worker(
        settings,
        produces=True,
        consumes=["auth", "games", "lottery", "wallet"],
        subscriptions=[points_subscription()],
        answers=[records_answers()],
        background=[
            conversion_sweep(settings),
            reward_rounds(settings),
            bonus_mover(settings),
            prize_rounds(settings),
            cashback_granter(settings),
        ],
    )


def main() -> None:
    try:
        worker = build_worker(PointsSettings())
    except SeedKeysRefused as refused:
        raise SystemExit(f"the points worker does not start: {refused}") from None
    worker.main()


if __name__ == "__main__":
    main()
