"""The points worker: the accounts from registrations, and points earned from settled bets (games, lottery) and
credited deposits, each event consumed once through the kit's inbox; the points records asked by the wallet."""

from __future__ import annotations

from points_service.earning.handlers import earning_subscription
from points_service.members.handlers import members_subscription
from points_service.records.rpc import records_answers
from points_service.settings import PointsSettings
from portal_kit.worker import Worker


def build_worker(settings: PointsSettings) -> Worker:
    return Worker(
        settings,
        produces=False,
        consumes=["auth", "games", "lottery", "wallet"],
        subscriptions=[members_subscription(), earning_subscription()],
        answers=[records_answers()],
    )


def main() -> None:
    build_worker(PointsSettings()).main()


if __name__ == "__main__":
    main()
