"""The auth worker: relays ``auth.member.registered.v1`` from the outbox and answers the payment-password
check other services ask over NATS. Auth consumes no events yet."""

from __future__ import annotations

from auth_service.accounts.payment_password import payment_password_answers
from auth_service.settings import AuthSettings
from portal_kit.worker import Worker


def main() -> None:
    settings = AuthSettings()
    Worker(
        settings,
        produces=True,
        answers=[payment_password_answers(settings.redis_url, settings.security_cooling_off_hours * 3600)],
    ).main()


if __name__ == "__main__":
    main()
