"""The auth worker: relays ``auth.member.registered.v1`` from the outbox and answers the payment-password
check other services ask over NATS. Auth consumes no events yet."""

from __future__ import annotations

from auth_service.accounts.payment_password import rpc_subscription
from auth_service.settings import AuthSettings
from portal_kit.worker import Worker


def main() -> None:
    settings = AuthSettings()
    Worker(settings, produces=True, subscriptions=[rpc_subscription(settings.redis_url)]).main()


if __name__ == "__main__":
    main()
