"""The wallet worker: the money API's NATS responders, the consumer of ``auth.member.registered.v1``, and
the outbox relay."""

from __future__ import annotations

from portal_kit.site import SiteClient
from portal_kit.worker import Worker
from wallet_service.accounts.handlers import registered_subscription
from wallet_service.money.rpc import rpc_subscription
from wallet_service.settings import WalletSettings


def build_worker(settings: WalletSettings) -> Worker:
    site = SiteClient(settings.site_url, settings.site_cache_seconds)
    return Worker(
        settings,
        produces=True,
        consumes=["auth"],
        subscriptions=[rpc_subscription, registered_subscription(site, settings.trial_starting_balance)],
    )


def main() -> None:
    build_worker(WalletSettings()).main()


if __name__ == "__main__":
    main()
