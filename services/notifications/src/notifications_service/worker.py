"""The notifications worker: the consumers of the wallet's money events and the points service's rewards (each a message in the member's inbox,
then the message pushed to the processes holding their sockets) and of won lottery bets (a balance nudge)."""

from __future__ import annotations

from notifications_service.inbox.handlers import money_subscriptions
from notifications_service.settings import NotificationsSettings
from portal_kit.worker import Worker


def build_worker(settings: NotificationsSettings) -> Worker:
    return Worker(
        settings, produces=False, consumes=["wallet", "lottery", "points"], subscriptions=money_subscriptions()
    )


def main() -> None:
    build_worker(NotificationsSettings()).main()


if __name__ == "__main__":
    main()
