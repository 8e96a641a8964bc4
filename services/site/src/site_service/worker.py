"""The site worker: relays ``site.config.changed.v1`` from the outbox. The site consumes no events."""

from __future__ import annotations

from portal_kit.worker import Worker
from site_service.settings import SiteSettings


def main() -> None:
    Worker(SiteSettings(), produces=True).main()


if __name__ == "__main__":
    main()
