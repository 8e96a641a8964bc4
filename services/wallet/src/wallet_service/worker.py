"""The wallet worker: the money API's NATS responders, the consumer of ``auth.member.registered.v1``, the
outbox relay of the wallet's events, the consumer of its own deposits credited and withdrawals paid (the
dashboards' days), the sweep that marks unconfirmed paid withdrawals received, and the balance pushes of every
movement it makes (``wallet_service.pushes``)."""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from portal_kit.db import Database
from portal_kit.site import BrandCache
from portal_kit.worker import Background, Worker
from wallet_service.accounts.handlers import registered_subscription
from wallet_service.bonuses.rpc import bonus_answers
from wallet_service.dashboard.handlers import money_days_subscription
from wallet_service.money.rpc import money_answers
from wallet_service.pushes import BalancePushes
from wallet_service.settings import WalletSettings
from wallet_service.withdrawals.service import sweep_unconfirmed

log = logging.getLogger("wallet.worker")


def confirmation_sweep(every_seconds: float) -> Background:
    async def sweep(db: Database) -> None:
        while True:
            try:
                swept = await sweep_unconfirmed(db)
                if swept:
                    log.info("%d unconfirmed withdrawal(s) counted as received", swept)
            except Exception:
                log.exception("confirmation sweep failed; trying again next round")
            await asyncio.sleep(every_seconds)

    return sweep


def build_worker(settings: WalletSettings) -> Worker:
    site = BrandCache(settings.nats_url, settings.site_cache_seconds, name="wallet-brands")
    pushes = BalancePushes(settings.balance_push_seconds)
    return Worker(
        settings,
        produces=True,
        consumes=["auth"],
        subscriptions=[registered_subscription(site, settings.trial_starting_balance), money_days_subscription()],
        answers=[partial(money_answers, told=pushes.moved), bonus_answers],
        background=[confirmation_sweep(settings.confirmation_sweep_seconds), pushes.background(settings.nats_url)],
    )


def main() -> None:
    build_worker(WalletSettings()).main()


if __name__ == "__main__":
    main()
