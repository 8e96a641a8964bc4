"""The auth worker: relays ``auth.member.registered.v1`` from the outbox, counts each new account into its brand's
day for the ops dashboards (consuming that same event), and answers the payment-password check other services
ask over NATS."""

from __future__ import annotations

from auth_service.accounts.payment_password import payment_password_answers
from auth_service.dashboard.handlers import registrations_subscription
from auth_service.settings import AuthSettings
from portal_kit.worker import Worker


def build_worker(settings: AuthSettings) -> Worker:
    return Worker(
        settings,
        produces=True,
        subscriptions=[registrations_subscription()],
        answers=[payment_password_answers(settings.redis_url, settings.security_cooling_off_hours * 3600)],
    )


def main() -> None:
    build_worker(AuthSettings()).main()


if __name__ == "__main__":
    main()
