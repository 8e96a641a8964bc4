"""The auth worker: relays ``auth.member.registered.v1`` from the outbox. Auth consumes no events yet."""

from __future__ import annotations

from auth_service.settings import AuthSettings
from portal_kit.worker import Worker


def main() -> None:
    Worker(AuthSettings(), produces=True).main()


if __name__ == "__main__":
    main()
